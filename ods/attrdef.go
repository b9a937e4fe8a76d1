package ods

import (
	"strings"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// AttrOrTypeDef is a def deriving from AttrDef or TypeDef, as mlir-tblgen's
// AttrOrTypeDef sees it.
type AttrOrTypeDef struct {
	Def *eval.Record
	// IsType tells a TypeDef from an AttrDef.
	IsType  bool
	Dialect *Dialect
	// CppClass is `cppClassName` (RangeAttr), CppBaseClass the class it
	// derives from (::mlir::Attribute).
	CppClass, CppBaseClass string
	// Mnemonic is the keyword after the dialect prefix in the IR, when
	// HasMnemonic; Name is `attrName`/`typeName` (`my.range`).
	Mnemonic    string
	HasMnemonic bool
	Name        string

	Summary, Description string
	Parameters           []*AttrOrTypeParameter
	Builders             []*AttrOrTypeBuilder
	SkipDefaultBuilders  bool

	// AssemblyFormat is the declarative format when HasAssemblyFormat.
	AssemblyFormat          string
	HasAssemblyFormat       bool
	HasCustomAssemblyFormat bool

	GenAccessors, GenVerifyDecl, GenStorageClass, HasStorageCustomConstructor bool
	GenMnemonicAlias                                                          bool
	StorageClass, StorageNamespace                                            string

	// Traits are the traits and interfaces, with each interface's bases
	// before it, deduplicated.
	Traits []*Trait

	// Range is the def's name, where mlir-tblgen reports its errors.
	Range tablegen.Range

	src      *sourceText
	errs     memo
	problems []problem
}

// AttrOrTypeParameter is one entry of the `parameters` dag.
type AttrOrTypeParameter struct {
	Index int
	// Name is the $name without the dollar; empty when unnamed.
	Name string
	// Def is the parameter record (AttrParameter, ArrayRefParameter, a type
	// constraint...); nil when the parameter is a plain C++ type string.
	Def *eval.Record
	// CppType is the C++ type of the parameter, CppAccessorType what its
	// accessor returns, CppStorageType what the storage class keeps.
	CppType, CppAccessorType, CppStorageType string
	Summary                                  string
	// DefaultValue makes the parameter optional in the assembly format.
	DefaultValue string
	// Parser and Printer are custom C++ for the assembly format; empty when
	// the default FieldParser / printer is used.
	Parser, Printer string
	// Comparator is the equality test of two values, `$_lhs == $_rhs` by
	// default; HasComparator tells one the parameter sets.
	Comparator    string
	HasComparator bool
	// IsSelfType marks an AttributeSelfTypeParameter: the attribute's type,
	// parsed after a trailing `:`.
	IsSelfType bool
	Range      tablegen.Range
}

// AttrOrTypeBuilder is a custom builder (`AttrBuilder`, `TypeBuilder`).
type AttrOrTypeBuilder struct {
	Def    *eval.Record
	Params []BuilderParam
	// Body is the C++ body; empty when only the declaration is generated.
	Body string
	// ReturnType overrides the class name as the return type when set.
	ReturnType string
	// InferredContext marks a builder that takes no MLIRContext: the
	// context is derived from its parameters.
	InferredContext bool
	Range           tablegen.Range
}

// Kind is "attribute" or "type".
func (d *AttrOrTypeDef) Kind() string {
	if d.IsType {
		return "type"
	}
	return "attribute"
}

// CppNamespace is the C++ namespace of the class: the dialect's.
func (d *AttrOrTypeDef) CppNamespace() string {
	if d.Dialect == nil {
		return ""
	}
	return d.Dialect.CppNamespace
}

// QualifiedCppClass is the class with its namespace (`::my::RangeAttr`).
func (d *AttrOrTypeDef) QualifiedCppClass() string {
	if ns := d.CppNamespace(); ns != "" {
		return ns + "::" + d.CppClass
	}
	return d.CppClass
}

// Syntax is how the attribute or type is written in the IR without its
// parameters: `#my.range` for an attribute, `!my.box` for a type, the
// bare mnemonic for the builtin dialect's (which the IR writes without a
// prefix), "" without a mnemonic.
func (d *AttrOrTypeDef) Syntax() string {
	if !d.HasMnemonic {
		return ""
	}
	sigil := "#"
	if d.IsType {
		sigil = "!"
	}
	if d.Dialect == nil || d.Dialect.Name == "" || d.Dialect.Name == "builtin" {
		return d.Mnemonic
	}
	return sigil + d.Dialect.Name + "." + d.Mnemonic
}

// Parameter returns the parameter called name, or nil.
func (d *AttrOrTypeDef) Parameter(name string) *AttrOrTypeParameter {
	for _, p := range d.Parameters {
		if p.Name == name && name != "" {
			return p
		}
	}
	return nil
}

// GenVerifyInvariants is whether a parameter is a type constraint the
// generated verifyInvariants checks.
func (d *AttrOrTypeDef) GenVerifyInvariants() bool {
	for _, p := range d.Parameters {
		if p.Def != nil && isA(p.Def, "Constraint") {
			return true
		}
	}
	return false
}

// HasCheckedBuilders is whether getChecked builders are generated.
func (d *AttrOrTypeDef) HasCheckedBuilders() bool {
	return d.GenVerifyDecl || d.GenVerifyInvariants()
}

// IsOptional is whether the parameter may be left out of the assembly
// format (it has a default value).
func (p *AttrOrTypeParameter) IsOptional() bool { return p.DefaultValue != "" }

// AccessorName is the generated getter: `get` and the camel-cased name.
func (p *AttrOrTypeParameter) AccessorName() string { return GetterName(p.Name) }

// buildAttrOrTypeDef reads def as AttrOrTypeDef's constructor does.
func (m *Model) buildAttrOrTypeDef(def *eval.Record, isType bool) *AttrOrTypeDef {
	d := &AttrOrTypeDef{Def: def, IsType: isType, Range: defRange(def), src: newSourceText(m.Result.Set)}
	if dd := defField(def, "dialect"); dd != nil {
		d.Dialect = m.dialectFor(dd)
	}
	d.CppClass = stringField(def, "cppClassName")
	d.CppBaseClass = stringField(def, "cppBaseClassName")
	d.Mnemonic, d.HasMnemonic = stringFieldSet(def, "mnemonic")
	if isType {
		d.Name = stringField(def, "typeName")
	} else {
		d.Name = stringField(def, "attrName")
	}
	d.Summary = stringField(def, "summary")
	d.Description = stringField(def, "description")
	d.SkipDefaultBuilders = bitField(def, "skipDefaultBuilders")
	d.AssemblyFormat, d.HasAssemblyFormat = stringFieldSet(def, "assemblyFormat")
	d.HasCustomAssemblyFormat = bitField(def, "hasCustomAssemblyFormat")
	d.GenAccessors = bitField(def, "genAccessors")
	d.GenVerifyDecl = bitField(def, "genVerifyDecl")
	d.GenStorageClass = bitField(def, "genStorageClass")
	d.HasStorageCustomConstructor = bitField(def, "hasStorageCustomConstructor")
	d.GenMnemonicAlias = bitField(def, "genMnemonicAlias")
	d.StorageClass = stringField(def, "storageClass")
	d.StorageNamespace = stringField(def, "storageNamespace")
	d.Traits, _ = m.collectTraits(listField(def, "traits"))
	d.buildBuilders()
	d.buildParameters()
	return d
}

func (d *AttrOrTypeDef) site() site { return site{def: d.Def, at: d.Range, set: d.src.get()} }

func (d *AttrOrTypeDef) problem(code string, r tablegen.Range, msg string) {
	d.problems = append(d.problems, problem{code: code, msg: msg, rng: r})
}

func (d *AttrOrTypeDef) buildBuilders() {
	for _, e := range listField(d.Def, "builders") {
		bd, ok := e.(*eval.DefInit)
		if !ok {
			continue
		}
		b := &AttrOrTypeBuilder{
			Def: bd.Rec, Body: strings.TrimSpace(stringField(bd.Rec, "body")), ReturnType: stringField(bd.Rec, "returnType"),
			InferredContext: bitField(bd.Rec, "hasInferredContextParam"), Range: caseRange(bd.Rec, d.Range),
		}
		if !within(b.Range, d.Def.Decl) {
			b.Range = d.site().fieldRange("builders")
		}
		var problems []problem
		b.Params, problems = builderParams(bd.Rec, b.Range)
		d.problems = append(d.problems, problems...)
		for _, p := range b.Params {
			if p.Name == "" {
				d.problem("ods-builder-param-name", b.Range, "builder parameters must have a name")
				break
			}
		}
		d.Builders = append(d.Builders, b)
	}
}

func (d *AttrOrTypeDef) buildParameters() {
	dag := dagField(d.Def, "parameters")
	if dag == nil {
		return
	}
	ranges := d.site().dagArgRanges("parameters", dag)
	for i, v := range dag.Args {
		p := &AttrOrTypeParameter{Index: i, Name: dagArgName(dag, i), Comparator: "$_lhs == $_rhs", Range: ranges[i]}
		switch x := v.(type) {
		case *eval.StringInit:
			p.CppType = x.V
		case *eval.DefInit:
			p.Def = x.Rec
			cpp, ok := stringFieldSet(x.Rec, "cppType")
			if !ok {
				d.problem("ods-param-cpptype", p.Range, "Missing `cppType` field in Attribute/Type parameter: "+x.Rec.NameString())
			}
			p.CppType = cpp
			p.Summary = stringField(x.Rec, "summary")
			p.DefaultValue = stringField(x.Rec, "defaultValue")
			p.Parser, _ = stringFieldSet(x.Rec, "parser")
			p.Printer, _ = stringFieldSet(x.Rec, "printer")
			if c, ok := stringFieldSet(x.Rec, "comparator"); ok {
				p.Comparator, p.HasComparator = c, true
			}
			p.IsSelfType = isA(x.Rec, "AttributeSelfTypeParameter")
		default:
			d.problem("ods-param-cpptype", p.Range, "Missing `cppType` field in Attribute/Type parameter: "+v.String())
		}
		p.CppAccessorType, p.CppStorageType = p.CppType, p.CppType
		if p.Def != nil {
			if s, ok := stringFieldSet(p.Def, "cppAccessorType"); ok {
				p.CppAccessorType = s
			}
			if s, ok := stringFieldSet(p.Def, "cppStorageType"); ok {
				p.CppStorageType = s
			}
		}
		d.Parameters = append(d.Parameters, p)
	}
}
