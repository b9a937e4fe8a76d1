package codegen

import (
	"strings"

	"tdls/ods"
	"tdls/tablegen/eval"
)

// argKind says what an op argument is.
type argKind uint8

const (
	operandArg argKind = iota
	attrArg
	propArg
)

// opArg is one entry of an op's `arguments`, as mlir-tblgen's Argument.
type opArg struct {
	kind argKind
	name string
	def  *eval.Record // the constraint, attribute or property record
}

func (a *opArg) isVariadic() bool       { return isA(a.def, "Variadic") }
func (a *opArg) isOptional() bool       { return isA(a.def, "Optional") }
func (a *opArg) isVariableLength() bool { return a.isVariadic() || a.isOptional() }

// opResult is one entry of an op's `results`.
type opResult struct {
	name string
	def  *eval.Record
}

func (r *opResult) isVariadic() bool { return isA(r.def, "Variadic") || isA(r.def, "Optional") }

// operator is the slice of an op the rewriter generator reads, taken from
// the ODS model (ods.Op) in the shape the emitter indexes it.
type operator struct {
	def       *eval.Record
	name      string // dialect.mnemonic
	className string
	// namespace is `cppNamespace` exactly as written: the generated code
	// keeps surrounding spaces where the ODS model trims them.
	namespace string
	args      []opArg
	results   []opResult
	traits    map[string]bool // fully qualified native trait names
	// dialectProps is the dialect's usePropertiesForAttributes: attributes
	// are read from and built into the op's Properties, not its attribute
	// dictionary.
	dialectProps bool
}

// newOperator views the op of record def, failing as mlir-tblgen's Operator
// constructor does for a record that is no well-formed op.
func newOperator(m *ods.Model, def *eval.Record) (*operator, error) {
	o := m.OpByRecord(def)
	if o == nil {
		return nil, fatalf("Record `%s' does not have a field named `opDialect'!", def.NameString())
	}
	if msg, bad := o.ConstructionError(); bad {
		return nil, fatalf("%s", msg)
	}
	op := &operator{def: def, name: o.Name, className: o.CppClass,
		namespace: stringField(def, "cppNamespace"), traits: map[string]bool{},
		dialectProps: o.Dialect == nil || o.Dialect.UsePropertiesForAttributes}
	for _, a := range o.Args {
		kind := operandArg
		switch a.Kind {
		case ods.Attribute:
			kind = attrArg
		case ods.Property:
			kind = propArg
		}
		op.args = append(op.args, opArg{kind: kind, name: a.Name, def: a.Constraint})
	}
	for _, r := range o.Results {
		op.results = append(op.results, opResult{name: r.Name, def: r.Constraint})
	}
	for _, t := range o.Traits {
		if t.CppName != "" && !t.Implicit {
			op.traits[t.CppName] = true
		}
	}
	return op, nil
}

func (op *operator) qualClassName() string {
	if op.namespace == "" {
		return op.className
	}
	return op.namespace + "::" + op.className
}

func (op *operator) numOperands() int {
	n := 0
	for i := range op.args {
		if op.args[i].kind == operandArg {
			n++
		}
	}
	return n
}

// operand returns the i-th operand (counting operands only).
func (op *operator) operand(i int) *opArg {
	for k := range op.args {
		if op.args[k].kind == operandArg {
			if i == 0 {
				return &op.args[k]
			}
			i--
		}
	}
	return nil
}

// Attribute facts, as mlir::tblgen::Attribute reads them: string fields
// trimmed of surrounding whitespace.
func attrString(a *eval.Record, field string) string {
	return strings.TrimSpace(stringField(a, field))
}

func attrStorageType(a *eval.Record) string {
	if s := attrString(a, "storageType"); s != "" {
		return s
	}
	return "::mlir::Attribute"
}
func attrHasDefault(a *eval.Record) bool { return attrString(a, "defaultValue") != "" }
func attrIsOptional(a *eval.Record) bool { return bitField(a, "isOptional") }
