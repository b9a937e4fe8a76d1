package ods

import (
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Model is the ODS view of an evaluated translation unit: its dialects and
// ops, in definition order.
type Model struct {
	Result   *eval.Result
	Dialects []*Dialect
	Ops      []*Op

	dialectByDef map[*eval.Record]*Dialect
	opByDef      map[string]*Op
	opByName     map[string]*Op
	opByRecord   map[*eval.Record]*Op
	reuse        *Model // while building: the model BuildFrom reuses
}

// Build makes the model of every def deriving from Dialect and Op. It never
// fails: what mlir-tblgen would reject is kept as far as it goes and
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
	}
	m.reuse = prev
	defer func() { m.reuse = nil }()
	dialectClass, opClass := res.Class("Dialect"), res.Class("Op")
	for _, def := range res.Defs {
		if def.DerivesFrom(dialectClass) {
			m.dialectFor(def)
		}
	}
	if opClass == nil {
		return m
	}
	for _, def := range res.Defs {
		op := prev.opOf(def)
		switch {
		case op != nil:
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
