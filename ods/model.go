package ods

import (
	"strings"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Model is the ODS view of an evaluated translation unit: its dialects,
// ops, attributes and types, enums, interfaces and passes, each in
// definition order.
type Model struct {
	Result         *eval.Result
	Dialects       []*Dialect
	Ops            []*Op
	AttrOrTypeDefs []*AttrOrTypeDef
	Enums          []*Enum
	Interfaces     []*Interface
	Passes         []*Pass

	dialectByDef map[*eval.Record]*Dialect
	// entityByDef is the attribute, type, enum, interface or pass a def is.
	entityByDef map[*eval.Record]any
	opByDef     map[string]*Op
	opByName    map[string]*Op
	opByRecord  map[*eval.Record]*Op
	reuse       *Model // while building: the model BuildFrom reuses
	// traitByDef is the Trait of each trait record, built once and shared
	// by the ops and attributes that list it (a Trait is never modified).
	traitByDef map[*eval.Record]*Trait
}

// Build makes the model of every def deriving from Dialect, Op, AttrDef,
// TypeDef, EnumInfo, an interface class or PassBase. It never fails: what mlir-tblgen would reject is kept as far as it goes and
// reported by Check.
func Build(res *eval.Result) *Model { return BuildFrom(res, nil) }

// BuildFrom is Build reusing the ops and dialects of prev (a model of an
// earlier evaluation, or nil) whose def records res shares: an evaluation
// resumed from a checkpoint shares the records of the statements before
// the edit, and an op is a function of its record (and of which
// InferTypeOpInterface def the unit has), so after a keystroke only the
// ops after it are built again.
func BuildFrom(res *eval.Result, prev *Model) *Model {
	if prev != nil && prev.Result.Def(inferTypeOpInterface) != res.Def(inferTypeOpInterface) {
		prev = nil
	}
	m := &Model{
		Result:       res,
		dialectByDef: map[*eval.Record]*Dialect{},
		opByDef:      map[string]*Op{},
		opByName:     map[string]*Op{},
		opByRecord:   map[*eval.Record]*Op{},
		entityByDef:  map[*eval.Record]any{},
	}
	m.reuse = prev
	defer func() { m.reuse, m.traitByDef = nil, nil }()
	dialectClass, opClass := res.Class("Dialect"), res.Class("Op")
	for _, def := range res.Defs {
		if def.DerivesFrom(dialectClass) {
			m.dialectFor(def)
		}
	}
	m.buildDialectEntities()
	if opClass == nil {
		return m
	}
	for _, def := range res.Defs {
		op := prev.opOf(def)
		switch {
		case op != nil:
			op.src.takeOver(res.Set)
			if op.Dialect != nil {
				m.dialectFor(op.Dialect.Def)
			}
		case def.DerivesFrom(opClass):
			op = m.buildOp(def)
		default:
			continue
		}
		m.Ops = append(m.Ops, op)
		m.opByDef[def.NameString()] = op
		m.opByRecord[def] = op
		if _, dup := m.opByName[op.Name]; !dup {
			m.opByName[op.Name] = op
		}
	}
	return m
}

// buildDialectEntities builds the attributes, types, enums, interfaces and
// passes, reusing those of the model being reused whose record is shared.
func (m *Model) buildDialectEntities() {
	res := m.Result
	attrDef, typeDef, enumInfo, passBase := res.Class("AttrDef"), res.Class("TypeDef"), res.Class("EnumInfo"), res.Class("PassBase")
	ifaceClass := res.Class("Interface")
	if attrDef == nil && typeDef == nil && enumInfo == nil && passBase == nil && ifaceClass == nil {
		return
	}
	for _, def := range res.Defs {
		if e := m.reuse.entityOf(def); e != nil {
			sourceOf(e).takeOver(res.Set)
			m.addEntity(def, e)
			continue
		}
		switch {
		case def.DerivesFrom(attrDef):
			m.addEntity(def, m.buildAttrOrTypeDef(def, false))
		case def.DerivesFrom(typeDef):
			m.addEntity(def, m.buildAttrOrTypeDef(def, true))
		case def.DerivesFrom(passBase):
			m.addEntity(def, m.buildPass(def))
		}
		// An EnumAttrInfo or an interface is also an attribute or type
		// constraint, never an AttrDef.
		if def.DerivesFrom(enumInfo) {
			m.addEntity(def, m.buildEnum(def))
		}
		if def.DerivesFrom(ifaceClass) {
			if kind, ok := interfaceKindOf(def); ok {
				m.addEntity(def, m.buildInterface(def, kind))
			}
		}
	}
}

func (m *Model) addEntity(def *eval.Record, e any) {
	switch x := e.(type) {
	case *AttrOrTypeDef:
		if x.Dialect != nil {
			m.dialectFor(x.Dialect.Def)
		}
		m.AttrOrTypeDefs = append(m.AttrOrTypeDefs, x)
	case *Enum:
		m.Enums = append(m.Enums, x)
	case *Interface:
		m.Interfaces = append(m.Interfaces, x)
	case *Pass:
		m.Passes = append(m.Passes, x)
	}
	if _, dup := m.entityByDef[def]; !dup {
		m.entityByDef[def] = e
	}
}

// sourceOf is the source text of an entity of entityByDef.
func sourceOf(e any) *sourceText {
	switch x := e.(type) {
	case *AttrOrTypeDef:
		return x.src
	case *Enum:
		return x.src
	case *Interface:
		return x.src
	case *Pass:
		return x.src
	}
	return nil
}

// entityOf returns the attribute, type, enum, interface or pass built
// from def, or nil (also for a nil model).
func (m *Model) entityOf(def *eval.Record) any {
	if m == nil {
		return nil
	}
	return m.entityByDef[def]
}

// opOf returns the op built from def, or nil (also for a nil model).
func (m *Model) opOf(def *eval.Record) *Op {
	if m == nil {
		return nil
	}
	return m.opByRecord[def]
}

func (m *Model) dialectOf(def *eval.Record) *Dialect {
	if m == nil {
		return nil
	}
	return m.dialectByDef[def]
}

func (m *Model) dialectFor(def *eval.Record) *Dialect {
	if d := m.dialectByDef[def]; d != nil {
		return d
	}
	d := m.reuse.dialectOf(def)
	if d == nil {
		d = newDialect(def)
	}
	m.dialectByDef[def] = d
	m.Dialects = append(m.Dialects, d)
	return d
}

// OpByDef returns the op defined by the def called name, or nil.
func (m *Model) OpByDef(name string) *Op { return m.opByDef[name] }

// OpByName returns the op with the full op name (`arith.addi`), or nil;
// the first one defined when several share it.
func (m *Model) OpByName(name string) *Op { return m.opByName[name] }

// OpByRecord returns the op a def record is, or nil.
func (m *Model) OpByRecord(r *eval.Record) *Op { return m.opByRecord[r] }

// OpOfDag returns the op a dag's operator refers to, as in DRR patterns
// `(Arith_AddIOp $a, $b)`, or nil when the operator is not an op.
func (m *Model) OpOfDag(d *eval.DagInit) *Op {
	if d == nil {
		return nil
	}
	if def, ok := d.Op.(*eval.DefInit); ok {
		return m.opByRecord[def.Rec]
	}
	return nil
}

// OpAt returns the op whose def name covers pos, or nil.
func (m *Model) OpAt(pos tablegen.Pos) *Op {
	for _, op := range m.Ops {
		if pos >= op.Range.Start && pos < op.Range.End {
			return op
		}
	}
	return nil
}

// DialectByName returns the dialect whose IR name is name, or nil.
func (m *Model) DialectByName(name string) *Dialect {
	for _, d := range m.Dialects {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// AttrOrTypeDefOf returns the attribute or type a def is, or nil.
func (m *Model) AttrOrTypeDefOf(def *eval.Record) *AttrOrTypeDef {
	d, _ := m.entityByDef[def].(*AttrOrTypeDef)
	return d
}

// EnumOf returns the enum a def is, or nil.
func (m *Model) EnumOf(def *eval.Record) *Enum {
	e, _ := m.entityByDef[def].(*Enum)
	return e
}

// InterfaceOf returns the interface a def is, or nil.
func (m *Model) InterfaceOf(def *eval.Record) *Interface {
	i, _ := m.entityByDef[def].(*Interface)
	return i
}

// DialectOf returns the dialect a def is, or nil.
func (m *Model) DialectOf(def *eval.Record) *Dialect { return m.dialectByDef[def] }

// PassOf returns the pass a def is, or nil.
func (m *Model) PassOf(def *eval.Record) *Pass {
	p, _ := m.entityByDef[def].(*Pass)
	return p
}

// InterfaceNamed returns the interface whose C++ class is qualified
// (`::mlir::InferTypeOpInterface`; the leading `::` optional), or nil.
func (m *Model) InterfaceNamed(qualified string) *Interface {
	want := strings.TrimPrefix(qualified, "::")
	for _, i := range m.Interfaces {
		if strings.TrimPrefix(i.QualifiedName(), "::") == want {
			return i
		}
	}
	return nil
}

// InterfaceOfTrait resolves an interface trait of an op, attribute or type
// (the interface itself, or a DeclareOpInterfaceMethods<I, ...> use of it)
// to the interface, or nil when the unit does not define it.
func (m *Model) InterfaceOfTrait(t *Trait) *Interface {
	if t == nil || t.Kind != InterfaceTrait || t.Def == nil {
		return nil
	}
	if i := m.InterfaceOf(t.Def); i != nil {
		return i
	}
	ns := stringField(t.Def, "cppNamespace")
	if ns == "" {
		return m.InterfaceNamed(t.Interface)
	}
	return m.InterfaceNamed(ns + "::" + t.Interface)
}

// DeclaredMethods are the methods of an interface trait that the entity's
// C++ class declares, for the user to define: with DeclareOpInterfaceMethods
// (and its attribute and type forms), the methods without a body whose
// default implementation is absent or named in the list; nil for a trait
// that declares nothing.
func DeclaredMethods(t *Trait, set *tablegen.SourceSet) []*InterfaceMethod {
	if t == nil || !t.DeclaresMethods || t.Def == nil {
		return nil
	}
	always := map[string]bool{}
	for _, name := range t.AlwaysOverridden {
		always[name] = true
	}
	var out []*InterfaceMethod
	for _, meth := range interfaceMethods(t.Def, set) {
		if meth.Body != "" || (meth.DefaultBody != "" && !always[meth.Name]) {
			continue
		}
		out = append(out, meth)
	}
	return out
}
