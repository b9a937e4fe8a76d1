package codegen

import (
	"strings"

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

// operator is the view of an Op record the rewriter generator needs,
// computed as mlir-tblgen's Operator computes it.
type operator struct {
	def       *eval.Record
	name      string // dialect.mnemonic
	className string
	namespace string
	args      []opArg
	results   []opResult
	traits    map[string]bool // fully qualified native trait names
}

func newOperator(def *eval.Record) (*operator, error) {
	dialect := defField(def, "opDialect")
	if dialect == nil {
		return nil, fatalf("Record `%s' does not have a field named `opDialect'!", def.NameString())
	}
	op := &operator{def: def, traits: map[string]bool{}}
	op.name = stringField(def, "opName")
	if p := stringField(dialect, "name"); p != "" {
		op.name = p + "." + op.name
	}
	n := def.NameString()
	prefix, cls, found := strings.Cut(n, "_")
	switch {
	case !found:
		cls = n
	case prefix == "":
		cls = n
	case cls == "":
		cls = prefix
	}
	op.className = cls
	op.namespace = stringField(def, "cppNamespace")
	if args := dagField(def, "arguments"); args != nil {
		for i, a := range args.Args {
			rec := asDef(a)
			if rec == nil {
				return nil, fatalf("undefined type for argument #%d", i)
			}
			if isA(rec, "OpVariable") {
				rec = defField(rec, "constraint")
			}
			arg := opArg{name: argName(args, i), def: rec}
			switch {
			case isA(rec, "TypeConstraint"):
				arg.kind = operandArg
			case isA(rec, "Attr"):
				arg.kind = attrArg
			case isA(rec, "Property"):
				arg.kind = propArg
			default:
				return nil, fatalf("unexpected def type; only defs deriving from TypeConstraint or Attr or Property are allowed")
			}
			op.args = append(op.args, arg)
		}
	}
	if res := dagField(def, "results"); res != nil {
		for i, r := range res.Args {
			rec := asDef(r)
			if rec == nil {
				return nil, fatalf("undefined type for result #%d", i)
			}
			if isA(rec, "OpVariable") {
				rec = defField(rec, "constraint")
			}
			op.results = append(op.results, opResult{name: argName(res, i), def: rec})
		}
	}
	op.addTraits(listField(def, "traits"), map[*eval.Record]bool{})
	return op, nil
}

// addTraits flattens trait lists and interface bases, keeping the names of
// native traits.
func (op *operator) addTraits(list []eval.Init, seen map[*eval.Record]bool) {
	for _, t := range list {
		rec := asDef(t)
		if rec == nil {
			continue
		}
		if isA(rec, "TraitList") {
			op.addTraits(listField(rec, "traits"), seen)
			continue
		}
		if seen[rec] {
			continue
		}
		seen[rec] = true
		if isA(rec, "Interface") {
			op.addTraits(listField(rec, "baseInterfaces"), seen)
		}
		if isA(rec, "GenInternalTrait") {
			op.traits[stringField(rec, "trait")] = true
		} else if isA(rec, "NativeTrait") {
			name := stringField(rec, "trait")
			if ns := stringField(rec, "cppNamespace"); ns != "" {
				name = ns + "::" + name
			}
			op.traits[name] = true
		}
	}
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

// camelFromSnake is llvm::convertToCamelFromSnakeCase.
func camelFromSnake(s string, capitalizeFirst bool) string {
	if s == "" {
		return ""
	}
	var sb strings.Builder
	c := s[0]
	if capitalizeFirst && c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	sb.WriteByte(c)
	for i := 1; i < len(s); i++ {
		if s[i] == '_' && i != len(s)-1 && s[i+1] >= 'a' && s[i+1] <= 'z' {
			sb.WriteByte(s[i+1] - ('a' - 'A'))
			i++
			continue
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

func getterName(name string) string { return "get" + camelFromSnake(name, true) }
func setterName(name string) string { return "set" + camelFromSnake(name, true) }

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
