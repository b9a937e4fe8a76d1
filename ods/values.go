package ods

import (
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// ArgKind says what an entry of an op's `arguments` dag is.
type ArgKind int

const (
	Operand ArgKind = iota
	Attribute
	Property
)

func (k ArgKind) String() string {
	switch k {
	case Operand:
		return "operand"
	case Attribute:
		return "attribute"
	}
	return "property"
}

// Arg is one entry of an op's `arguments` dag, in declaration order.
type Arg struct {
	Kind ArgKind
	// Index is the position in Op.Args; KindIndex the position among the
	// op's operands, attributes or properties (what getODSOperands and the
	// attribute/property tables count).
	Index, KindIndex int
	// Name is the $name without the dollar; empty when unnamed.
	Name string
	// Decl is the record written in the dag (an OpVariable like Arg<...> or
	// the constraint itself); Constraint is the constraint it stands for.
	Decl, Constraint *eval.Record
	// Summary is the constraint's one-line summary; Description the
	// OpVariable's own text (`Arg<I32, "the lhs">`), if any.
	Summary, Description string
	// CppType is what accessors return: the operand's C++ type class, the
	// attribute's return type, the property's interface type. StorageType
	// is the attribute's or property's storage type.
	CppType, StorageType string

	// Operand flags.
	Variadic, Optional, VariadicOfVariadic bool
	// SegmentAttr names the attribute holding the group sizes of a
	// VariadicOfVariadic operand.
	SegmentAttr string

	// Attribute and property flags: OptionalAttr (the attribute or property
	// may be absent) and DefaultValued (it has a default value).
	OptionalAttr, DefaultValued bool
	DefaultValue                string
	// ConstBuilderCall is the attribute's constBuilderCall template, empty
	// when it has none; an attribute without one cannot be built from a
	// constant.
	ConstBuilderCall string
	// ConvertFromStorage is the template turning the stored attribute or
	// property into its C++ value; AssignToStorage (properties) the one
	// storing a value, StorageTypeValueOverride (properties) the initial
	// value of the storage when it differs from the default value.
	ConvertFromStorage, AssignToStorage, StorageTypeValueOverride string

	// Effects are the side effects the argument is decorated with
	// (Arg<..., "", [MemRead]>).
	Effects []*SideEffect

	// Range is where the argument is written, when it is known; else the
	// range of the `arguments` value.
	Range tablegen.Range
}

// IsVariableLength reports an operand that may stand for other than one
// value: variadic, optional or variadic-of-variadic.
func (a *Arg) IsVariableLength() bool { return a.Variadic || a.Optional || a.VariadicOfVariadic }

// Value is a result of an op (operands are Args).
type Value struct {
	Index int
	Name  string
	// Decl is the record written in the dag, Constraint the type constraint
	// it stands for.
	Decl, Constraint *eval.Record
	Summary          string
	Description      string
	CppType          string
	Variadic         bool
	Optional         bool
	// VariadicOfVariadic results are rejected by mlir-tblgen; kept so the
	// check can say so.
	VariadicOfVariadic bool
	Range              tablegen.Range
	// Effects are the side effects the result is decorated with.
	Effects []*SideEffect
}

// IsVariableLength reports a result that may stand for other than one value.
func (v *Value) IsVariableLength() bool { return v.Variadic || v.Optional || v.VariadicOfVariadic }

// Region is a region of an op.
type Region struct {
	Index      int
	Name       string
	Constraint *eval.Record
	Summary    string
	Variadic   bool
	Range      tablegen.Range
}

// Successor is a successor block of an op.
type Successor struct {
	Index      int
	Name       string
	Constraint *eval.Record
	Summary    string
	Variadic   bool
	Range      tablegen.Range
}

// typeConstraintInfo fills what operands and results share.
type typeConstraintInfo struct {
	summary, cppType                       string
	variadic, optional, variadicOfVariadic bool
	segmentAttr                            string
}

// describeTypeConstraint reads a TypeConstraint record as mlir-tblgen's
// TypeConstraint does: Optional<>, Variadic<> and VariadicOfVariadic<> are
// told apart by class.
func describeTypeConstraint(c *eval.Record) typeConstraintInfo {
	info := typeConstraintInfo{
		summary: stringField(c, "summary"),
		cppType: stringField(c, "cppType"),
	}
	switch {
	case isA(c, "VariadicOfVariadic"):
		info.variadicOfVariadic = true
		info.segmentAttr = stringField(c, "segmentAttrName")
	case isA(c, "Variadic"):
		info.variadic = true
	case isA(c, "Optional"):
		info.optional = true
	}
	return info
}

// builderCall is the C++ expression that builds the type of a value with
// this constraint (mlir-tblgen's TypeConstraint::getBuilderCall); "" when
// the type is not buildable.
func builderCall(c *eval.Record) string {
	base := c
	if isA(c, "Variadic") || isA(c, "Optional") {
		base = defField(c, "baseType")
	}
	s, _ := stringFieldSet(base, "builderCall")
	return s
}

// SideEffect is a SideEffect decorator of an argument or result, or one of
// the static effects of a side-effect trait (MemoryEffects<[MemRead]>).
type SideEffect struct {
	// Effect is the C++ effect class (::mlir::MemoryEffects::Read);
	// BaseEffect the effects class of its interface
	// (::mlir::MemoryEffects::Effect); InterfaceTrait the interface trait
	// the op gets for it, namespace-qualified.
	Effect, BaseEffect, InterfaceTrait string
	// Resource is the C++ resource class.
	Resource string
	// Stage orders effects; OnFullRegion says the effect acts on every
	// value of the resource.
	Stage        int64
	OnFullRegion bool
}

// sideEffects reads the SideEffect decorators of an OpVariable record.
func sideEffects(decl *eval.Record) []*SideEffect {
	if !isA(decl, "OpVariable") {
		return nil
	}
	var out []*SideEffect
	for _, d := range listField(decl, "decorators") {
		if dd, ok := d.(*eval.DefInit); ok && isA(dd.Rec, "SideEffect") {
			out = append(out, newSideEffect(dd.Rec))
		}
	}
	return out
}

func newSideEffect(r *eval.Record) *SideEffect {
	trait, ns := stringField(r, "interfaceTrait"), stringField(r, "cppNamespace")
	if ns != "" {
		trait = ns + "::" + trait
	}
	stage, _ := r.IntValue("stage")
	return &SideEffect{
		Effect: stringField(r, "effect"), BaseEffect: stringField(r, "baseEffectName"),
		InterfaceTrait: trait, Resource: stringField(r, "resource"),
		Stage: stage, OnFullRegion: bitField(r, "effectOnFullRegion"),
	}
}

// BaseAttr is the attribute an OptionalAttr or DefaultValuedAttr wraps,
// followed to the end of the chain (Attribute::getBaseAttr); the attribute
// itself when it wraps none.
func (a *Arg) BaseAttr() *eval.Record { return baseAttr(a.Constraint) }

func baseAttr(r *eval.Record) *eval.Record {
	for i := 0; r != nil && i < 100; i++ {
		b := defField(r, "baseAttr")
		if b == nil {
			return r
		}
		r = b
	}
	return r
}

// AttrDefName is Attribute::getAttrDefName: the def name, or the base
// attribute's when the constraint is anonymous.
func (a *Arg) AttrDefName() string {
	if a.Constraint == nil {
		return ""
	}
	if a.Constraint.Anonymous {
		return baseAttr(a.Constraint).NameString()
	}
	return a.Constraint.NameString()
}
