package ods

import (
	"strconv"
	"strings"
)

// The build() methods of an op as C++ declares them, and whether a call
// passing arguments of known C++ types can resolve to one: what a generated
// caller (DRR's `Op::create(rewriter, loc, ...)`) needs, since every
// build() has a create() taking the same parameters after the builder and
// location.

// BuildMethod is one static build() of an op, by its parameters after
// `(::mlir::OpBuilder &, ::mlir::OperationState &)`.
type BuildMethod struct {
	Params []BuilderParam
	// Custom is the OpBuilder it comes from; nil for a generated one, whose
	// kind Generated is.
	Custom    *Builder
	Generated GeneratedBuilder
	// mayDefault is where the trailing attributes and properties of a
	// generated separate builder start: mlir-tblgen gives some of them
	// default values, which are not modelled, so a call leaving them out
	// may or may not fit. len(Params) when the defaults are known.
	mayDefault int
	// types are the parameter types, normalized.
	types []cppType
}

// BuildMethods lists the op's build() methods: the custom builders, then
// those mlir-tblgen generates (OpEmitter::genBuilder). The generated list
// is a superset of mlir-tblgen's: it does not prune a builder that another
// one subsumes (which accepts the same calls) and lists the variant taking
// unwrapped attribute values whenever an attribute has a return type other
// than its storage type. The slice is shared: do not modify it.
func (op *Op) BuildMethods() []BuildMethod {
	op.buildMethodsOnce.Do(func() {
		op.buildMethods = op.makeBuildMethods()
		for i := range op.buildMethods {
			m := &op.buildMethods[i]
			m.types = make([]cppType, len(m.Params))
			for j, p := range m.Params {
				m.types[j] = parseCppType(p.CppType)
			}
		}
	})
	return op.buildMethods
}

func (op *Op) makeBuildMethods() []BuildMethod {
	var out []BuildMethod
	for _, b := range op.Builders {
		out = append(out, BuildMethod{Params: b.Params, Custom: b, mayDefault: len(b.Params)})
	}
	for _, g := range op.GeneratedBuilders() {
		switch g {
		case BuildCollective, BuildCollectiveNoTypes:
			for _, props := range []bool{false, true} {
				for _, count := range op.regionCountKinds(g) {
					ps := op.collectiveParams(g == BuildCollective, props, count)
					out = append(out, BuildMethod{Params: ps, Generated: g, mayDefault: len(ps)})
				}
			}
		default:
			for _, unwrapped := range op.attrParamKinds() {
				ps, trailing := op.separateParams(g, unwrapped)
				out = append(out, BuildMethod{Params: ps, Generated: g, mayDefault: trailing})
			}
		}
	}
	return out
}

// attrParamKinds are the attribute parameter variants of the separate
// builders: wrapped (the storage type), and unwrapped (the return type of
// each attribute that can be built from it) when there is such an
// attribute.
func (op *Op) attrParamKinds() []bool {
	for _, a := range op.Args {
		if unwrappable(a) {
			return []bool{false, true}
		}
	}
	return []bool{false}
}

// unwrappable is canUseUnwrappedRawValue: the builder may take the
// attribute's return type and build the attribute with its
// constBuilderCall.
func unwrappable(a *Arg) bool {
	return a.Kind == Attribute && a.CppType != "" && a.CppType != attrStorage(a) && a.ConstBuilderCall != ""
}

func attrStorage(a *Arg) string {
	if a.StorageType == "" {
		return "::mlir::Attribute"
	}
	return a.StorageType
}

func param(typ, name string) BuilderParam { return BuilderParam{Name: name, CppType: typ} }

// separateParams are buildParamList's parameters: result types as g
// takes them, one per argument (the segment sizes of a variadic-of-variadic
// operand excepted), successor and variadic region count; trailing is
// where the attributes and properties that may have defaults start.
func (op *Op) separateParams(g GeneratedBuilder, unwrapped bool) (ps []BuilderParam, trailing int) {
	switch g {
	case BuildSeparate:
		for _, r := range op.Results {
			t := "::mlir::Type"
			if r.Variadic || r.VariadicOfVariadic {
				t = "::mlir::TypeRange"
			}
			ps = append(ps, param(t, r.Name))
		}
	case BuildSeparateTypeRange:
		ps = append(ps, param("::mlir::TypeRange", "resultTypes"))
	}
	trailing = len(ps)
	segments := map[string]bool{}
	for _, a := range op.Args {
		if a.Kind == Operand && a.VariadicOfVariadic {
			segments[a.SegmentAttr] = true
		}
	}
	for _, a := range op.Args {
		if a.Kind == Operand {
			trailing = len(ps) + 1
		}
		switch a.Kind {
		case Operand:
			ps = append(ps, param(a.OperandParamType(), a.Name))
		case Property:
			ps = append(ps, param(a.CppType, a.Name))
		case Attribute:
			if segments[a.Name] {
				continue
			}
			t := attrStorage(a)
			if unwrapped && unwrappable(a) {
				t = a.CppType
			}
			ps = append(ps, param(t, a.Name))
		}
	}
	for _, s := range op.Successors {
		t := "::mlir::Block *"
		if s.Variadic {
			t = "::mlir::BlockRange"
		}
		ps = append(ps, param(t, s.Name))
	}
	variadicRegions := false
	for _, r := range op.Regions {
		if r.Variadic {
			variadicRegions = true
			ps = append(ps, param("unsigned", r.Name+"Count"))
		}
	}
	if len(op.Successors) > 0 || variadicRegions {
		trailing = len(ps) // no defaults before successors or region counts
	}
	return ps, trailing
}

// OperandParamType is the C++ type of the parameter a generated separate
// builder takes an operand as.
func (a *Arg) OperandParamType() string {
	switch {
	case a.VariadicOfVariadic:
		return "::llvm::ArrayRef<::mlir::ValueRange>"
	case a.Variadic:
		return "::mlir::ValueRange"
	}
	return "::mlir::Value"
}

// regionCountKinds says whether the collective builders of kind g take
// the number of regions: with variadic regions they do, except those
// FirstAttrDerivedResultType adds without result types; both when an op
// has both kinds.
func (op *Op) regionCountKinds(g GeneratedBuilder) []bool {
	variadic := false
	for _, r := range op.Regions {
		variadic = variadic || r.Variadic
	}
	switch {
	case !variadic:
		return []bool{false}
	case g == BuildCollectiveNoTypes && op.firstAttrDerivedBuilders():
		return []bool{false, true}
	}
	return []bool{true}
}

// collectiveParams are (TypeRange?, ValueRange, Properties?, attributes)
// and the region count: the attributes default to {} unless the count
// follows them.
func (op *Op) collectiveParams(types, props, regionCount bool) []BuilderParam {
	var ps []BuilderParam
	if types {
		ps = append(ps, param("::mlir::TypeRange", "resultTypes"))
	}
	ps = append(ps, param("::mlir::ValueRange", "operands"))
	if props {
		ps = append(ps, param("const Properties &", "properties"))
	}
	if regionCount {
		return append(ps, param("::llvm::ArrayRef<::mlir::NamedAttribute>", "attributes"), param("unsigned", "numRegions"))
	}
	return append(ps, BuilderParam{Name: "attributes", CppType: "::llvm::ArrayRef<::mlir::NamedAttribute>", Default: "{}"})
}

// CallArgKind is the kind of C++ value a generated caller passes.
type CallArgKind int

const (
	// CallValue is a `::mlir::Value`.
	CallValue CallArgKind = iota
	// CallValues is a `::llvm::SmallVector<::mlir::Value, 4>`.
	CallValues
	// CallTypes is a `::llvm::SmallVector<::mlir::Type, 4>`.
	CallTypes
	// CallProperties is the op's `Properties` struct.
	CallProperties
	// CallAttribute is an attribute of C++ type CppType.
	CallAttribute
	// CallProperty is a property value of C++ type CppType.
	CallProperty
	// CallUnknown is an expression of a type not known (NativeCodeCall
	// text).
	CallUnknown
)

// CallArg is one argument of a call to build() or create(), after the
// builder and the state or location.
type CallArg struct {
	Kind    CallArgKind
	CppType string
}

func (a CallArg) String() string {
	switch a.Kind {
	case CallValue:
		return "::mlir::Value"
	case CallValues:
		return "::llvm::SmallVector<::mlir::Value, 4>"
	case CallTypes:
		return "::llvm::SmallVector<::mlir::Type, 4>"
	case CallProperties:
		return "Properties"
	case CallAttribute, CallProperty:
		if a.CppType != "" {
			return a.CppType
		}
	}
	return "<expression>"
}

// Fit says whether a call can resolve to a build method.
type Fit int

const (
	// FitNo: it cannot; the call does not compile.
	FitNo Fit = iota
	// FitMaybe: it depends on C++ types this model does not know.
	FitMaybe
	// FitYes: every argument converts implicitly to its parameter.
	FitYes
)

// Fit reports whether m takes args: their number within the parameters
// (trailing ones with defaults may be left out) and each argument
// implicitly convertible to its parameter's type.
func (m BuildMethod) Fit(args []CallArg) Fit { return m.fit(normalize(args)) }

func (m BuildMethod) fit(args []cppArg) Fit {
	required := len(m.Params)
	for required > 0 && m.Params[required-1].Default != "" {
		required--
	}
	fit := FitYes
	switch {
	case len(args) > len(m.Params):
		return FitNo
	case len(args) < required && len(args) >= min(required, m.mayDefault):
		fit = FitMaybe
	case len(args) < required:
		return FitNo
	}
	for i, a := range args {
		fit = min(fit, converts(a, m.paramType(i)))
		if fit == FitNo {
			return FitNo
		}
	}
	return fit
}

// paramType is parameter i's type, normalized.
func (m BuildMethod) paramType(i int) cppType {
	if m.types != nil {
		return m.types[i]
	}
	return parseCppType(m.Params[i].CppType)
}

// FitCall reports how a call `Op::create(builder, loc, args...)` fits
// the op's build methods: FitYes when one takes it, FitNo when none can,
// and the method taking it (nil unless FitYes).
func (op *Op) FitCall(args []CallArg) (Fit, *BuildMethod) {
	norm := normalize(args)
	best := FitNo
	methods := op.BuildMethods()
	for i := range methods {
		switch methods[i].fit(norm) {
		case FitYes:
			return FitYes, &methods[i]
		case FitMaybe:
			best = FitMaybe
		}
	}
	return best, nil
}

// cppType is a C++ type as matching compares it: its name (cppTypeName)
// and category.
type cppType struct {
	name string
	cat  cppCategory
}

func parseCppType(t string) cppType {
	n := cppTypeName(t)
	return cppType{name: n, cat: categoryOfName(n)}
}

// cppArg is a CallArg with its C++ type parsed.
type cppArg struct {
	kind CallArgKind
	t    cppType
}

func normalize(args []CallArg) []cppArg {
	out := make([]cppArg, len(args))
	for i, a := range args {
		out[i] = cppArg{kind: a.Kind, t: parseCppType(a.CppType)}
	}
	return out
}

// cppCategory groups C++ parameter types by the conversions they accept
// from what generated callers pass.
type cppCategory int

const (
	catUnknown    cppCategory = iota
	catValue                  // Value
	catValueRange             // ValueRange, ArrayRef<Value>: from a Value or a vector of them
	catValueVec               // SmallVectorImpl<Value>: from a vector only
	catTypedValue             // TypedValue<T>: no implicit conversion from Value
	catFoldResult             // OpFoldResult: from a Value or an attribute
	catTypeRange              // TypeRange, ArrayRef<Type>: from a vector of types
	catType                   // Type and the builtin type classes
	catAttribute              // Attribute and attribute classes
	catNamedAttrs             // ArrayRef<NamedAttribute>, NamedAttribute
	catProperties             // Properties
	catScalar                 // integers, floats, strings, ArrayRef of those
	catBlock                  // Block *, BlockRange
	catArrayOf                // ArrayRef of another element type
)

// builtinTypes are MLIR's type classes a parameter may be declared with.
var builtinTypes = map[string]bool{
	"Type": true, "IntegerType": true, "FloatType": true, "IndexType": true, "ShapedType": true,
	"TensorType": true, "RankedTensorType": true, "UnrankedTensorType": true, "MemRefType": true,
	"BaseMemRefType": true, "UnrankedMemRefType": true, "VectorType": true, "FunctionType": true,
	"ComplexType": true, "NoneType": true, "TupleType": true,
}

// builtinAttrs are MLIR's attribute classes, whose conversions to
// non-attribute types are known.
var builtinAttrs = map[string]bool{
	"Attribute": true, "IntegerAttr": true, "FloatAttr": true, "BoolAttr": true, "StringAttr": true,
	"ArrayAttr": true, "DictionaryAttr": true, "TypeAttr": true, "UnitAttr": true, "SymbolRefAttr": true,
	"FlatSymbolRefAttr": true, "DenseElementsAttr": true, "DenseIntElementsAttr": true,
	"DenseFPElementsAttr": true, "DenseIntOrFPElementsAttr": true, "DenseStringElementsAttr": true,
	"DenseResourceElementsAttr": true, "SparseElementsAttr": true, "ElementsAttr": true, "TypedAttr": true,
	"DenseI8ArrayAttr": true, "DenseI16ArrayAttr": true, "DenseI32ArrayAttr": true, "DenseI64ArrayAttr": true,
	"DenseF32ArrayAttr": true, "DenseF64ArrayAttr": true, "DenseBoolArrayAttr": true, "AffineMapAttr": true,
	"IntegerSetAttr": true, "OpaqueAttr": true, "StridedLayoutAttr": true, "LocationAttr": true,
}

var scalarTypes = map[string]bool{
	"bool": true, "char": true, "int": true, "unsigned": true, "unsignedint": true, "long": true, "unsignedlong": true,
	"int8_t": true, "int16_t": true, "int32_t": true, "int64_t": true, "uint8_t": true, "uint16_t": true,
	"uint32_t": true, "uint64_t": true, "size_t": true, "float": true, "double": true,
	"APInt": true, "APSInt": true, "APFloat": true, "StringRef": true, "std::string": true, "Twine": true,
}

// cppTypeName reduces a C++ type to the spelling matching compares: no
// comments, cv-qualifier, reference, spaces, or mlir::/llvm::
// qualification.
func cppTypeName(t string) string {
	for {
		i := strings.Index(t, "/*")
		j := strings.Index(t, "*/")
		if i < 0 || j < i {
			break
		}
		t = t[:i] + t[j+2:]
	}
	t = strings.TrimSpace(t)
	t = strings.TrimPrefix(t, "const ")
	t = strings.TrimSuffix(t, " const")
	t = strings.TrimRight(t, "& \t")
	for _, q := range []string{"::mlir::", "::llvm::", "mlir::", "llvm::"} {
		t = strings.ReplaceAll(t, q, "")
	}
	t = strings.ReplaceAll(t, " ", "")
	return strings.TrimPrefix(t, "::")
}

func categoryOfName(n string) cppCategory {
	switch {
	case n == "Value":
		return catValue
	case n == "ValueRange" || n == "ArrayRef<Value>":
		return catValueRange
	case n == "SmallVectorImpl<Value>":
		return catValueVec
	case strings.HasPrefix(n, "TypedValue<"):
		return catTypedValue
	case n == "OpFoldResult":
		return catFoldResult
	case n == "TypeRange" || n == "ArrayRef<Type>":
		return catTypeRange
	case builtinTypes[n]:
		return catType
	case n == "Attribute" || strings.HasSuffix(n, "Attr") && !strings.ContainsAny(n, "<*"):
		return catAttribute
	case n == "ArrayRef<NamedAttribute>" || n == "NamedAttribute":
		return catNamedAttrs
	case n == "Properties" || strings.HasSuffix(n, "::Properties"):
		return catProperties
	case scalarTypes[n] || strings.HasPrefix(n, "ArrayRef<") && scalarTypes[strings.TrimSuffix(strings.TrimPrefix(n, "ArrayRef<"), ">")]:
		return catScalar
	case n == "Block*" || n == "BlockRange":
		return catBlock
	case strings.HasPrefix(n, "ArrayRef<") && strings.HasSuffix(n, ">"):
		return catArrayOf
	}
	return catUnknown
}

// converts reports whether an argument converts implicitly to a parameter
// of type param (checked with g++ against MLIR 22's headers: a Value
// converts to ValueRange, ArrayRef<Value> and OpFoldResult but not to
// TypedValue, bool or an integer; a SmallVector<Value, 4> to ValueRange
// and SmallVectorImpl<Value> but not to TypeRange; an attribute to
// Attribute and OpFoldResult, and a StringAttr even to StringRef).
func converts(a cppArg, param cppType) Fit {
	c := param.cat
	if c == catUnknown || a.kind == CallUnknown {
		return FitMaybe
	}
	if c == catArrayOf {
		return toArrayRef(a, strings.TrimSuffix(strings.TrimPrefix(param.name, "ArrayRef<"), ">"))
	}
	yes := func(ok bool) Fit {
		if ok {
			return FitYes
		}
		return FitNo
	}
	switch a.kind {
	case CallValue:
		return yes(c == catValue || c == catValueRange || c == catFoldResult)
	case CallValues:
		return yes(c == catValueRange || c == catValueVec)
	case CallTypes:
		return yes(c == catTypeRange)
	case CallProperties:
		return yes(c == catProperties)
	case CallAttribute:
		switch c {
		case catAttribute:
			if param.name == "Attribute" || param.name == a.t.name {
				return FitYes
			}
			return FitMaybe // a subclass or an attribute interface
		case catFoldResult:
			return FitYes
		case catScalar:
			// Of the builtin attributes only StringAttr converts to a
			// non-attribute (StringRef); a dialect's own attribute may
			// declare conversions.
			switch {
			case a.t.name == "StringAttr":
				return yes(param.name == "StringRef")
			case !builtinAttrs[a.t.name]:
				return FitMaybe
			}
		case catNamedAttrs:
			if !builtinAttrs[a.t.name] {
				return FitMaybe
			}
		}
		return FitNo
	case CallProperty:
		switch pc := a.t.cat; {
		case param.name == a.t.name:
			return FitYes
		case pc == catValue:
			return converts(cppArg{kind: CallValue}, param)
		case pc == catAttribute:
			return converts(cppArg{kind: CallAttribute, t: a.t}, param)
		case pc == catScalar && c != catScalar:
			// An integer, float or string converts to no MLIR class.
			return FitNo
		}
	}
	return FitMaybe
}

// toArrayRef reports whether an argument converts to ArrayRef<elem> (elem
// not Value, Type, NamedAttribute or a scalar, which have categories of
// their own). ArrayRef is built from a container of elem or from one elem;
// an argument of another type would need two user-defined conversions, so
// it converts only when it is an elem: an attribute whose class is elem or
// derives from it.
func toArrayRef(a cppArg, elem string) Fit {
	if a.kind != CallAttribute {
		if a.kind == CallProperty && a.t.name == elem {
			return FitYes
		}
		if a.kind == CallProperty && a.t.cat == catScalar {
			return FitMaybe // a numeric conversion makes a temporary elem
		}
		return FitNo
	}
	switch {
	case elem == a.t.name || elem == "Attribute":
		return FitYes
	case builtinAttrs[a.t.name]:
		return FitNo // a builtin attribute derives from Attribute only
	}
	return FitMaybe
}

// Signature is the parameter list as C++ declares it, after the builder
// and state: `(::mlir::Value lhs, ::mlir::Type ty = {})`.
func (m BuildMethod) Signature() string {
	var b strings.Builder
	b.WriteByte('(')
	for i, p := range m.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strings.TrimSpace(p.CppType))
		if p.Name != "" {
			b.WriteString(" " + p.Name)
		}
		if p.Default != "" {
			b.WriteString(" = " + p.Default)
		}
	}
	b.WriteByte(')')
	return b.String()
}

// Mismatch says why m cannot take args, or "" when it may.
func (m BuildMethod) Mismatch(args []CallArg) string {
	required := len(m.Params)
	for required > 0 && m.Params[required-1].Default != "" {
		required--
	}
	switch {
	case len(args) > len(m.Params) || len(args) < min(required, m.mayDefault):
		n := strconv.Itoa(len(m.Params))
		if required != len(m.Params) {
			n = strconv.Itoa(required) + " to " + n
		}
		return "it takes " + n + " arguments, not " + strconv.Itoa(len(args))
	}
	for i, a := range normalize(args) {
		if converts(a, m.paramType(i)) == FitNo {
			return "argument #" + strconv.Itoa(i) + " is " + args[i].String() + ", which does not convert to " + strings.TrimSpace(m.Params[i].CppType)
		}
	}
	return ""
}
