package ods

import (
	"strconv"
	"strings"
	"sync"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Op is a def deriving from Op, as mlir-tblgen's Operator sees it.
type Op struct {
	Def     *eval.Record
	Dialect *Dialect
	// Mnemonic is `opName`; Name the full op name, `dialect.mnemonic` (just
	// the mnemonic when the dialect's name is empty).
	Mnemonic, Name string
	// CppClass is the C++ class name: the def name after its first `_`
	// (AddIOp for Arith_AddIOp); CppNamespace the op's `cppNamespace`.
	CppClass, CppNamespace string
	Summary, Description   string
	// Range is the def's name, where mlir-tblgen reports op errors.
	Range tablegen.Range

	// Args are the `arguments` entries in declaration order.
	Args       []*Arg
	Results    []*Value
	Regions    []*Region
	Successors []*Successor
	// DerivedAttributes are record fields of DerivedAttr type: computed
	// attributes with a getter but no storage.
	DerivedAttributes []*DerivedAttribute

	// Traits are the op's traits and interfaces, flattened and deduplicated
	// as mlir-tblgen does, followed by the InferTypeOpInterface it adds when
	// it can infer every result type.
	Traits []*Trait

	// Builders are the custom OpBuilders; SkipDefaultBuilders suppresses
	// the generated ones.
	Builders            []*Builder
	SkipDefaultBuilders bool

	// AssemblyFormat is the declarative format when HasAssemblyFormat.
	AssemblyFormat          string
	HasAssemblyFormat       bool
	HasCustomAssemblyFormat bool

	// ExtraClassDeclaration is the C++ added to the op class.
	ExtraClassDeclaration string

	HasVerifier                 bool
	HasRegionVerifier           bool
	HasCanonicalizer            bool
	HasCanonicalizeMethod       bool
	HasFolder                   bool
	UseCustomPropertiesEncoding bool

	// inference holds what populateTypeInferenceInfo found.
	inference resultInference
	// problems are the definition errors found while building, in the
	// order mlir-tblgen would meet them.
	problems []problem
	src      *sourceText
	// errors memoizes the op's definition and format errors: the op is
	// shared by the models of every evaluation that shares its record.
	errorsOnce sync.Once
	errors     []tablegen.Diagnostic
	// buildMethods memoizes BuildMethods, for the same reason.
	buildMethodsOnce sync.Once
	buildMethods     []BuildMethod
}

// DerivedAttribute is an attribute computed from the op, declared as a
// record field of DerivedAttr type.
type DerivedAttribute struct {
	Name       string
	Constraint *eval.Record
	ReturnType string
	Range      tablegen.Range
}

// problem is an op-definition error: mlir-tblgen stops at the first; the
// checker reports each.
type problem struct {
	code, msg string
	rng       tablegen.Range
}

// QualifiedCppClass is the class with its namespace, as mlir-tblgen prints
// it (`::mlir::arith::AddIOp`).
func (op *Op) QualifiedCppClass() string {
	if op.CppNamespace == "" {
		return op.CppClass
	}
	return op.CppNamespace + "::" + op.CppClass
}

// Operands returns the operand arguments in order.
func (op *Op) Operands() []*Arg { return op.argsOf(Operand) }

// Attributes returns the attribute arguments in order.
func (op *Op) Attributes() []*Arg { return op.argsOf(Attribute) }

// Properties returns the property arguments in order.
func (op *Op) Properties() []*Arg { return op.argsOf(Property) }

func (op *Op) argsOf(k ArgKind) []*Arg {
	var out []*Arg
	for _, a := range op.Args {
		if a.Kind == k {
			out = append(out, a)
		}
	}
	return out
}

// Arg returns the argument called name, or nil.
func (op *Op) Arg(name string) *Arg {
	for _, a := range op.Args {
		if a.Name == name && name != "" {
			return a
		}
	}
	return nil
}

// Result returns the result called name, or nil.
func (op *Op) Result(name string) *Value {
	for _, r := range op.Results {
		if r.Name == name && name != "" {
			return r
		}
	}
	return nil
}

// NumResults is the number of declared results.
func (op *Op) NumResults() int { return len(op.Results) }

// NumOperands is the number of declared operands.
func (op *Op) NumOperands() int { return len(op.Operands()) }

// NumVariableLengthOperands counts variadic, optional and
// variadic-of-variadic operands.
func (op *Op) NumVariableLengthOperands() int {
	n := 0
	for _, a := range op.Operands() {
		if a.IsVariableLength() {
			n++
		}
	}
	return n
}

// NumVariableLengthResults counts variadic and optional results.
func (op *Op) NumVariableLengthResults() int {
	n := 0
	for _, r := range op.Results {
		if r.IsVariableLength() {
			n++
		}
	}
	return n
}

// Trait returns the trait with the fully qualified C++ name cppName (as
// Operator::getTrait), or nil.
func (op *Op) Trait(cppName string) *Trait {
	for _, t := range op.Traits {
		if t.Kind != PredTrait && t.CppName == cppName {
			return t
		}
	}
	return nil
}

// TraitDef returns the trait that is the record called name or derives from
// the class called name, or nil.
func (op *Op) TraitDef(name string) *Trait {
	for _, t := range op.Traits {
		if t.Def != nil && (t.Def.NameString() == name || isA(t.Def, name)) {
			return t
		}
	}
	return nil
}

// buildOp reads def as Operator's constructor and populateOpStructure do.
func (m *Model) buildOp(def *eval.Record) *Op {
	op := &Op{Def: def, Range: defRange(def), src: newSourceText(m.Result.Set)}
	if d := defField(def, "opDialect"); d != nil {
		op.Dialect = m.dialectFor(d)
	}
	op.Mnemonic = stringField(def, "opName")
	op.Name = op.Mnemonic
	if op.Dialect != nil && op.Dialect.Name != "" {
		op.Name = op.Dialect.Name + "." + op.Mnemonic
	}
	op.CppClass = cppClassName(def.NameString())
	// Spaces around the namespace are kept by mlir-tblgen but mean nothing
	// to C++.
	op.CppNamespace = strings.TrimSpace(stringField(def, "cppNamespace"))
	op.Summary = stringField(def, "summary")
	op.Description = stringField(def, "description")
	op.SkipDefaultBuilders = bitField(def, "skipDefaultBuilders")
	op.AssemblyFormat, op.HasAssemblyFormat = stringFieldSet(def, "assemblyFormat")
	op.HasCustomAssemblyFormat = bitField(def, "hasCustomAssemblyFormat")
	op.ExtraClassDeclaration = stringField(def, "extraClassDeclaration")
	op.HasVerifier = bitField(def, "hasVerifier")
	op.HasRegionVerifier = bitField(def, "hasRegionVerifier")
	op.HasCanonicalizer = bitField(def, "hasCanonicalizer")
	op.HasCanonicalizeMethod = bitField(def, "hasCanonicalizeMethod")
	op.HasFolder = bitField(def, "hasFolder")
	op.UseCustomPropertiesEncoding = bitField(def, "useCustomPropertiesEncoding")

	names := map[string]int{} // argument index, or -1-i for result i
	op.buildArgs(names)
	op.buildDerivedAttributes()
	op.buildResults(names)
	op.buildSuccessors()
	var misordered []traitOrderError
	op.Traits, misordered = m.collectTraits(listField(def, "traits"))
	for _, e := range misordered {
		op.problem("ods-trait-order", op.Range, stringField(e.trait, "trait")+" requires "+stringField(e.dep, "trait")+" to precede it in traits list")
	}
	op.inferResultTypes(m, names)
	op.buildRegions()
	op.buildBuilders()
	op.checkNames()
	return op
}

// ConstructionError is the first error mlir-tblgen's Operator constructor
// stops at for this op (an argument or result that is not a type, attribute
// or property), as the generators that only build Operators report it.
func (op *Op) ConstructionError() (string, bool) {
	for _, p := range op.problems {
		switch p.code {
		case "ods-undefined-argument", "ods-argument-kind", "ods-undefined-result":
			return p.msg, true
		}
	}
	return "", false
}

func (op *Op) problem(code string, r tablegen.Range, msg string) {
	op.problems = append(op.problems, problem{code: code, msg: msg, rng: r})
}

// cppClassName drops the dialect prefix up to the first `_` of a def name,
// as Operator's constructor does: `Arith_AddIOp` is AddIOp, `_Foo` and
// `Foo_` keep their name.
func cppClassName(def string) string {
	prefix, rest, _ := strings.Cut(def, "_")
	switch {
	case prefix == "":
		return def
	case rest == "":
		return prefix
	}
	return rest
}

// unwrapOpVariable returns the constraint an Arg<>/Res<> stands for, and
// the OpVariable's own summary.
func unwrapOpVariable(r *eval.Record) (*eval.Record, string) {
	if isA(r, "OpVariable") {
		return defField(r, "constraint"), stringField(r, "summary")
	}
	return r, ""
}

func (op *Op) buildArgs(names map[string]int) {
	dag := dagField(op.Def, "arguments")
	if dag == nil {
		return
	}
	ranges := op.dagArgRanges("arguments", dag)
	var nOperands, nAttrs, nProps int
	for i, v := range dag.Args {
		name := dagArgName(dag, i)
		rng := ranges[i]
		d, ok := v.(*eval.DefInit)
		if !ok {
			op.problem("ods-undefined-argument", rng, "undefined type for argument #"+strconv.Itoa(i))
			continue
		}
		c, desc := unwrapOpVariable(d.Rec)
		a := &Arg{Index: len(op.Args), Name: name, Decl: d.Rec, Constraint: c, Description: desc, Range: rng}
		switch {
		case isA(c, "TypeConstraint"):
			info := describeTypeConstraint(c)
			a.Kind, a.KindIndex = Operand, nOperands
			nOperands++
			a.Summary, a.CppType = info.summary, info.cppType
			a.Variadic, a.Optional, a.VariadicOfVariadic = info.variadic, info.optional, info.variadicOfVariadic
			a.SegmentAttr = info.segmentAttr
		case isA(c, "Attr"):
			if name == "" {
				op.problem("ods-unnamed-attribute", rng, "attributes must be named")
			}
			if isA(c, "DerivedAttr") {
				op.problem("ods-derived-attribute-argument", rng, "derived attributes not allowed in argument list")
			}
			a.Kind, a.KindIndex = Attribute, nAttrs
			nAttrs++
			a.Summary = stringField(c, "summary")
			// Attribute.cpp reads these fields trimmed, and an attribute
			// without a storage type is stored as ::mlir::Attribute.
			a.StorageType = trimmedField(c, "storageType")
			if a.StorageType == "" {
				a.StorageType = "::mlir::Attribute"
			}
			a.CppType = trimmedField(c, "returnType")
			a.ConvertFromStorage = trimmedField(c, "convertFromStorage")
			a.OptionalAttr = bitField(c, "isOptional")
			a.DefaultValue = trimmedField(c, "defaultValue")
			a.DefaultValued = a.DefaultValue != ""
			a.ConstBuilderCall = trimmedField(c, "constBuilderCall")
		case isA(c, "Property"):
			if name == "" {
				op.problem("ods-unnamed-property", rng, "properties must be named")
			}
			a.Kind, a.KindIndex = Property, nProps
			nProps++
			a.Summary = stringField(c, "summary")
			// Property.cpp reads these fields trimmed.
			a.StorageType = trimmedField(c, "storageType")
			a.CppType = trimmedField(c, "interfaceType")
			a.ConvertFromStorage = trimmedField(c, "convertFromStorage")
			a.AssignToStorage = trimmedField(c, "assignToStorage")
			a.DefaultValue = trimmedField(c, "defaultValue")
			a.StorageTypeValueOverride = trimmedField(c, "storageTypeValueOverride")
			a.DefaultValued = a.DefaultValue != ""
			a.OptionalAttr = isA(c, "OptionalProp") || isA(c, "OptionalProperty")
		default:
			op.problem("ods-argument-kind", rng, "unexpected def type; only defs deriving from TypeConstraint or Attr or Property are allowed")
			continue
		}
		if name != "" {
			names[name] = i
		}
		a.Effects = sideEffects(d.Rec)
		op.Args = append(op.Args, a)
	}
}

// buildDerivedAttributes collects record fields of DerivedAttr type, as
// populateOpStructure does for every field whose type is an Attr class.
func (op *Op) buildDerivedAttributes() {
	for i := range op.Def.Values {
		rv := &op.Def.Values[i]
		if rv.Type == nil || rv.Type.Kind != eval.RecordKind {
			continue
		}
		isAttr, isDerived := false, false
		for _, c := range rv.Type.Classes {
			if isA(c, "Attr") {
				isAttr = true
			}
			if isA(c, "DerivedAttr") {
				isDerived = true
			}
		}
		if !isAttr {
			continue
		}
		rng := rv.Decl
		if !isDerived {
			op.problem("ods-field-attribute", rng, "unexpected Attr where only DerivedAttr is allowed")
			continue
		}
		if len(rv.Type.Classes) != 1 {
			op.problem("ods-field-attribute", rng, "unsupported attribute modelling, only single class expected")
			continue
		}
		da := &DerivedAttribute{Name: rv.Name, Range: rng}
		if d, ok := rv.Value.(*eval.DefInit); ok {
			da.Constraint = d.Rec
			da.ReturnType = stringField(d.Rec, "returnType")
		}
		op.DerivedAttributes = append(op.DerivedAttributes, da)
	}
}

func (op *Op) buildResults(names map[string]int) {
	dag := dagField(op.Def, "results")
	if dag == nil {
		return
	}
	if dagOperatorName(dag) != "outs" {
		op.problem("ods-results-directive", op.fieldRange("results"), "'results' must have 'outs' directive")
		return
	}
	ranges := op.dagArgRanges("results", dag)
	for i, v := range dag.Args {
		name := dagArgName(dag, i)
		d, ok := v.(*eval.DefInit)
		if !ok {
			op.problem("ods-undefined-result", ranges[i], "undefined type for result #"+strconv.Itoa(i))
			continue
		}
		c, desc := unwrapOpVariable(d.Rec)
		info := describeTypeConstraint(c)
		r := &Value{
			Index: len(op.Results), Name: name, Decl: d.Rec, Constraint: c,
			Summary: info.summary, Description: desc, CppType: info.cppType,
			Variadic: info.variadic, Optional: info.optional, VariadicOfVariadic: info.variadicOfVariadic,
			Range: ranges[i], Effects: sideEffects(d.Rec),
		}
		if name != "" {
			names[name] = -1 - r.Index
		}
		if r.VariadicOfVariadic {
			op.problem("ods-variadic-of-variadic-result", ranges[i], "'VariadicOfVariadic' results are currently not supported")
		}
		op.Results = append(op.Results, r)
	}
}

func (op *Op) buildSuccessors() {
	dag := dagField(op.Def, "successors")
	if dag == nil {
		return
	}
	if dagOperatorName(dag) != "successor" {
		op.problem("ods-successors-directive", op.fieldRange("successors"), "'successors' must have 'successor' directive")
		return
	}
	ranges := op.dagArgRanges("successors", dag)
	for i, v := range dag.Args {
		d, ok := v.(*eval.DefInit)
		if !ok {
			op.problem("ods-undefined-successor", ranges[i], "undefined kind for successor #"+strconv.Itoa(i))
			continue
		}
		s := &Successor{
			Index: len(op.Successors), Name: dagArgName(dag, i), Constraint: d.Rec,
			Summary: stringField(d.Rec, "summary"), Variadic: isA(d.Rec, "VariadicSuccessor"), Range: ranges[i],
		}
		if s.Variadic && i != len(dag.Args)-1 {
			op.problem("ods-variadic-successor", ranges[i], "only the last successor can be variadic")
		}
		op.Successors = append(op.Successors, s)
	}
}

func (op *Op) buildRegions() {
	dag := dagField(op.Def, "regions")
	if dag == nil {
		return
	}
	if dagOperatorName(dag) != "region" {
		op.problem("ods-regions-directive", op.fieldRange("regions"), "'regions' must have 'region' directive")
		return
	}
	ranges := op.dagArgRanges("regions", dag)
	for i, v := range dag.Args {
		d, ok := v.(*eval.DefInit)
		if !ok {
			op.problem("ods-undefined-region", ranges[i], "undefined kind for region #"+strconv.Itoa(i))
			continue
		}
		r := &Region{
			Index: len(op.Regions), Name: dagArgName(dag, i), Constraint: d.Rec,
			Summary: stringField(d.Rec, "summary"), Variadic: isA(d.Rec, "VariadicRegion"), Range: ranges[i],
		}
		if r.Variadic {
			if i != len(dag.Args)-1 {
				op.problem("ods-variadic-region", ranges[i], "only the last region can be variadic")
			}
			if r.Name == "" {
				op.problem("ods-variadic-region", ranges[i], "variadic regions must be named")
			}
		}
		op.Regions = append(op.Regions, r)
	}
}

func (op *Op) site() site { return site{def: op.Def, at: op.Range, set: op.src.get()} }

func (op *Op) fieldRange(name string) tablegen.Range { return op.site().fieldRange(name) }

func (op *Op) dagArgRanges(field string, dag *eval.DagInit) []tablegen.Range {
	return op.site().dagArgRanges(field, dag)
}

func within(inner, outer tablegen.Range) bool {
	return inner.Start >= outer.Start && inner.End <= outer.End && outer.Start.IsValid()
}
