package ods

import "tdls/tablegen/eval"

// TraitKind is what mlir-tblgen's Trait::create makes of a trait record.
type TraitKind int

const (
	// NativeTrait is a C++ trait class (NativeOpTrait, ParamNativeOpTrait).
	NativeTrait TraitKind = iota
	// PredTrait is a predicate checked by the verifier (PredOpTrait,
	// AllTypesMatch, TypesMatchWith, ...).
	PredTrait
	// InternalTrait steers the generator (AttrSizedOperandSegments, ...).
	InternalTrait
	// InterfaceTrait is an op interface.
	InterfaceTrait
)

func (k TraitKind) String() string {
	switch k {
	case NativeTrait:
		return "native"
	case PredTrait:
		return "predicate"
	case InternalTrait:
		return "internal"
	}
	return "interface"
}

// Trait is one trait or interface of an op.
type Trait struct {
	Kind TraitKind
	// Def is the trait record; nil for a structural trait the generator adds
	// to the C++ class on its own (ZeroRegions, OneResult, OpInvariants...).
	Def *eval.Record
	// CppName is the fully qualified C++ name mlir-tblgen matches traits by
	// (`::mlir::OpTrait::SameOperandsAndResultType`,
	// `::mlir::InferTypeOpInterface::Trait`); for a predicate trait it is
	// empty.
	CppName string
	// Summary is a predicate trait's summary.
	Summary string
	// Implicit marks a trait the op did not list: the InferTypeOpInterface
	// mlir-tblgen adds when it can infer every result type, and the
	// structural traits of the generated C++ class.
	Implicit bool
	// DeclaresMethods marks DeclareOpInterfaceMethods<...>: the interface's
	// methods are declared on the op; AlwaysOverridden lists the methods
	// with defaults that are declared anyway.
	DeclaresMethods  bool
	AlwaysOverridden []string
	// Interface is the C++ interface class name of an interface trait.
	Interface string

	// Structural marks a StructuralOpTrait, which the generated class lists
	// before OpInvariants; ExtraConcreteClassDeclaration is what a native
	// trait adds to the op class.
	Structural                    bool
	ExtraConcreteClassDeclaration string
	// SideEffects marks a side-effect trait (MemoryEffects<[...]>), with
	// its effects class and static effects.
	SideEffects bool
	BaseEffect  string
	Effects     []*SideEffect
}

// Name is the trait as an ODS author knows it: the def name, or the C++ name
// of a structural trait.
func (t *Trait) Name() string {
	if t.Def != nil && !t.Def.Anonymous {
		return t.Def.NameString()
	}
	switch {
	case t.Kind == InterfaceTrait && t.Interface != "":
		return t.Interface
	case t.Kind == PredTrait:
		return t.Summary
	}
	return t.CppName
}

// newTrait classifies a trait record as Trait::create does.
func newTrait(def *eval.Record) *Trait {
	t := &Trait{Def: def}
	switch {
	case isA(def, "PredTrait"):
		t.Kind = PredTrait
		t.Summary = stringField(def, "summary")
		return t
	case isA(def, "GenInternalTrait"):
		t.Kind = InternalTrait
		t.CppName = stringField(def, "trait")
		return t
	case isA(def, "InterfaceTrait"):
		t.Kind = InterfaceTrait
		t.Interface = stringField(def, "cppInterfaceName")
		t.DeclaresMethods = isA(def, "DeclareInterfaceMethods")
		if t.DeclaresMethods {
			t.AlwaysOverridden = stringListField(def, "alwaysOverriddenMethods")
		}
	default:
		t.Kind = NativeTrait
		t.Structural = isA(def, "StructuralOpTrait")
		t.ExtraConcreteClassDeclaration = stringField(def, "extraConcreteClassDeclaration")
	}
	if isA(def, "SideEffectsTraitBase") {
		t.SideEffects = true
		t.BaseEffect = stringField(def, "baseEffectName")
		for _, e := range listField(def, "effects") {
			if d, ok := e.(*eval.DefInit); ok {
				t.Effects = append(t.Effects, newSideEffect(d.Rec))
			}
		}
	}
	name, ns := stringField(def, "trait"), stringField(def, "cppNamespace")
	if ns == "" {
		t.CppName = name
	} else {
		t.CppName = ns + "::" + name
	}
	return t
}

// collectTraits flattens the `traits` list as Operator::populateOpStructure
// does: TraitLists are spliced in, duplicates (the same record) dropped, and
// an interface's base interfaces put before it. It also reports each trait
// whose dependentTraits are not listed before it.
func (m *Model) collectTraits(list []eval.Init) (traits []*Trait, misordered []traitOrderError) {
	// A def is seen once it is in traits, or while its base interfaces are
	// inserted (open); the lists are short, so a scan costs less than a map
	// per op.
	var open []*eval.Record
	seen := func(def *eval.Record) bool {
		for _, t := range traits {
			if t.Def == def {
				return true
			}
		}
		for _, o := range open {
			if o == def {
				return true
			}
		}
		return false
	}
	var insert func([]eval.Init)
	insert = func(list []eval.Init) {
		for _, e := range list {
			d, ok := e.(*eval.DefInit)
			if !ok {
				continue
			}
			def := d.Rec
			if isA(def, "TraitList") {
				insert(listField(def, "traits"))
				continue
			}
			if seen(def) {
				continue
			}
			if isA(def, "Interface") {
				open = append(open, def)
				insert(listField(def, "baseInterfaces"))
				open = open[:len(open)-1]
			}
			for _, dep := range listField(def, "dependentTraits") {
				if dd, ok := dep.(*eval.DefInit); ok && dd.Rec != def && !seen(dd.Rec) {
					misordered = append(misordered, traitOrderError{trait: def, dep: dd.Rec})
				}
			}
			traits = append(traits, m.trait(def))
		}
	}
	insert(list)
	return traits, misordered
}

// trait is the shared Trait of a trait record.
func (m *Model) trait(def *eval.Record) *Trait {
	t := m.traitByDef[def]
	if t == nil {
		if m.traitByDef == nil {
			m.traitByDef = map[*eval.Record]*Trait{}
		}
		t = newTrait(def)
		m.traitByDef[def] = t
	}
	return t
}

type traitOrderError struct{ trait, dep *eval.Record }
