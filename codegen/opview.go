package codegen

import (
	"sort"
	"strconv"
	"strings"

	"tdls/ods"
	"tdls/tablegen/eval"
)

// opView is the op as mlir-tblgen's Operator and OpOrAdaptorHelper present
// it to OpDefinitionsGen: attributes (native, then derived) with the fields
// the generator reads, and the attribute metadata sorted by name.
type opView struct {
	op *ods.Op
	// namespace is `cppNamespace` as written.
	namespace string
	operands  []*ods.Arg
	props     []*ods.Arg
	attrs     []*opAttr
	// meta is attrMetadata: every attribute once, sorted by name.
	meta []*opAttr
	// numNative counts the non-derived attributes (the first of attrs).
	numNative int

	attrSizedOperands, attrSizedResults bool
	// dialectProps is the dialect's usePropertiesForAttributes: inherent
	// attributes and segment sizes live in Properties, not in the op's
	// attribute dictionary.
	dialectProps bool
}

// opAttr is a NamedAttribute: an argument attribute or a derived one.
type opAttr struct {
	name string
	rec  *eval.Record
	arg  *ods.Arg // nil for a derived attribute
	// The trimmed fields of Attribute.
	storage, ret, convert, def, constBuilder string
	optional, derived                        bool
	// segment marks operandSegmentSizes and resultSegmentSizes where the
	// dialect keeps them as attributes.
	segment bool
	// lower and upper bound where the attribute is looked up among the
	// op's sorted attributes: the required ones before and after it.
	lower, upper int
}

func (a *opAttr) hasDefault() bool { return a.def != "" }

// required is AttributeMetadata::isRequired.
func (a *opAttr) required() bool { return !(a.hasDefault() || a.optional || a.derived) }

// canUseUnwrapped is canUseUnwrappedRawValue: the attribute's value type
// differs from its storage and can be built from a constant.
func (a *opAttr) canUseUnwrapped() bool { return a.ret != a.storage && a.constBuilder != "" }

func newOpView(op *ods.Op) *opView {
	v := &opView{op: op, namespace: stringField(op.Def, "cppNamespace")}
	for _, a := range op.Args {
		switch a.Kind {
		case ods.Operand:
			v.operands = append(v.operands, a)
		case ods.Property:
			v.props = append(v.props, a)
		case ods.Attribute:
			v.attrs = append(v.attrs, &opAttr{
				name: a.Name, rec: a.Constraint, arg: a,
				storage: a.StorageType, ret: a.CppType, convert: a.ConvertFromStorage,
				def: a.DefaultValue, constBuilder: a.ConstBuilderCall, optional: a.OptionalAttr,
			})
		}
	}
	v.numNative = len(v.attrs)
	v.attrSizedOperands = op.Trait("::mlir::OpTrait::AttrSizedOperandSegments") != nil
	v.attrSizedResults = op.Trait("::mlir::OpTrait::AttrSizedResultSegments") != nil
	v.dialectProps = op.Dialect == nil || op.Dialect.UsePropertiesForAttributes
	for _, d := range op.DerivedAttributes {
		a := &opAttr{name: d.Name, rec: d.Constraint, derived: true, storage: "::mlir::Attribute"}
		if r := d.Constraint; r != nil {
			if s := trimmed(r, "storageType"); s != "" {
				a.storage = s
			}
			a.ret, a.convert = trimmed(r, "returnType"), trimmed(r, "convertFromStorage")
			a.def, a.constBuilder = trimmed(r, "defaultValue"), trimmed(r, "constBuilderCall")
			a.optional = bitField(r, "isOptional")
		}
		v.attrs = append(v.attrs, a)
	}
	seen := map[string]bool{}
	for _, a := range v.attrs {
		if !seen[a.name] {
			seen[a.name] = true
			v.meta = append(v.meta, a)
		}
	}
	if !v.dialectProps {
		// Without properties the segment sizes are required attributes.
		for _, s := range []struct {
			name string
			on   bool
		}{{"operandSegmentSizes", v.attrSizedOperands}, {"resultSegmentSizes", v.attrSizedResults}} {
			if s.on && !seen[s.name] {
				v.meta = append(v.meta, &opAttr{name: s.name, segment: true, storage: "::mlir::DenseI32ArrayAttr"})
			}
		}
	}
	sort.SliceStable(v.meta, func(i, j int) bool { return v.meta[i].name < v.meta[j].name })
	required := 0
	for _, a := range v.meta {
		a.lower = required
		if a.required() {
			required++
		}
	}
	for _, a := range v.meta {
		a.upper = required - a.lower
		if a.required() {
			a.upper--
		}
	}
	return v
}

func trimmed(r *eval.Record, name string) string {
	return strings.Trim(stringField(r, name), " \t\n\v\f\r")
}

// hasNonEmptyPropertiesStruct is OpOrAdaptorHelper::hasProperties:
// properties, or where the dialect stores them there, segment sizes or an
// attribute.
func (v *opView) hasNonEmptyPropertiesStruct() bool {
	if len(v.props) > 0 {
		return true
	}
	if !v.dialectProps {
		return false
	}
	if v.attrSizedOperands || v.attrSizedResults {
		return true
	}
	for _, a := range v.meta {
		if !a.derived {
			return true
		}
	}
	return false
}

// useProperties says whether the op has a Properties type of its own (the
// adaptor's struct, the properties builders and hooks): always where the
// dialect stores attributes as properties, else only for an op with
// properties, whose struct then holds its attributes too.
func (v *opView) useProperties() bool { return v.dialectProps || len(v.props) > 0 }

// sortedAttrLookup reads an attribute from the op's sorted attribute
// dictionary, between the required attributes before and after it.
func (a *opAttr) sortedAttrLookup() string {
	return "::mlir::impl::getAttrFromSortedRange((*this)->getAttrs().begin() + " + strconv.Itoa(a.lower) +
		", (*this)->getAttrs().end() - " + strconv.Itoa(a.upper) + ", " + getter(a.name) + "AttrName())"
}

// propEntry is one member of the Properties struct: a stored attribute, a
// property, or the operand/result segment sizes.
type propEntry struct {
	name string
	attr *opAttr
	// For properties (and segment sizes).
	storage, iface, convert, assign, def, override string
}

// propEntries lists the Properties members in mlir-tblgen's order: stored
// attributes by name, properties, then the segment sizes.
func (v *opView) propEntries() []propEntry {
	var out []propEntry
	if !v.useProperties() {
		return nil
	}
	for _, a := range v.meta {
		if !a.derived {
			out = append(out, propEntry{name: a.name, attr: a})
		}
	}
	for _, p := range v.props {
		out = append(out, propEntry{name: p.Name, storage: p.StorageType, iface: p.CppType,
			convert: p.ConvertFromStorage, assign: p.AssignToStorage, def: p.DefaultValue,
			override: p.StorageTypeValueOverride})
	}
	segments := func(name string, n int) propEntry {
		return propEntry{name: name, storage: "std::array<int32_t, " + strconv.Itoa(n) + ">",
			iface: "::llvm::ArrayRef<int32_t>", convert: "$_storage",
			assign: "::llvm::copy($_value, $_storage.begin())"}
	}
	if v.attrSizedOperands && v.dialectProps {
		out = append(out, segments("operandSegmentSizes", len(v.operands)))
	}
	if v.attrSizedResults && v.dialectProps {
		out = append(out, segments("resultSegmentSizes", len(v.op.Results)))
	}
	return out
}

func (v *opView) numVariableLengthOperands() int {
	n := 0
	for _, a := range v.operands {
		if operandVariableLength(a) {
			n++
		}
	}
	return n
}

// operandVariadic is TypeConstraint::isVariadic: Variadic and its
// VariadicOfVariadic subclass.
func operandVariadic(a *ods.Arg) bool { return a.Variadic || a.VariadicOfVariadic }

func operandVariableLength(a *ods.Arg) bool { return a.Optional || operandVariadic(a) }

func resultVariadic(r *ods.Value) bool { return r.Variadic || r.VariadicOfVariadic }

func resultVariableLength(r *ods.Value) bool { return r.Optional || resultVariadic(r) }

func (v *opView) numVariableLengthResults() int {
	n := 0
	for _, r := range v.op.Results {
		if resultVariableLength(r) {
			n++
		}
	}
	return n
}

func (v *opView) numVariadicRegions() int {
	n := 0
	for _, r := range v.op.Regions {
		if r.Variadic {
			n++
		}
	}
	return n
}

// hasTrait is Operator::getTrait: a native, internal or interface trait by
// its fully qualified C++ name.
func (v *opView) hasTrait(name string) bool { return v.op.Trait(name) != nil }

// argName is getArgumentName: the operand's name, or odsArg_N.
func (v *opView) operandName(i int) string {
	if n := v.operands[i].Name; n != "" {
		return n
	}
	return "odsArg_" + strconv.Itoa(i)
}

// qualClass is getQualCppClassName.
func (v *opView) qualClass() string {
	if v.namespace == "" {
		return v.op.CppClass
	}
	return v.namespace + "::" + v.op.CppClass
}

func getter(name string) string  { return ods.GetterName(name) }
func setter(name string) string  { return ods.SetterName(name) }
func remover(name string) string { return "remove" + strings.TrimPrefix(ods.GetterName(name), "get") }

func typedValue(cppType string) string { return "::mlir::TypedValue<" + cppType + ">" }

// isSymbolRefAttr is Attribute::isSymbolRefAttr.
func isSymbolRefAttr(r *eval.Record) bool {
	if r == nil {
		return false
	}
	switch r.NameString() {
	case "SymbolRefAttr", "FlatSymbolRefAttr":
		return true
	}
	return isA(r, "SymbolRefAttr") || isA(r, "FlatSymbolRefAttr")
}
