package codegen

import (
	"tdls/drr"
	"tdls/tablegen/eval"
)

// pattern is a Pattern record as mlir-tblgen's Pattern class reads it.
// The emitter binds symbols from drr's model of it (model).
type pattern struct {
	rec  *eval.Record
	name string // the C++ struct name
	file *fileGen
}

func (p *pattern) model() *drr.Pattern { return p.file.patternModel(p.rec) }

func (p *pattern) source() *eval.DagInit { return dagField(p.rec, "sourcePattern") }

func dagList(rec *eval.Record, field string) []*eval.DagInit {
	var out []*eval.DagInit
	for _, v := range listField(rec, field) {
		d, ok := v.(*eval.DagInit)
		if !ok {
			panic(fatalf("all elements in Pattern multi-entity constraints should be DAG nodes"))
		}
		out = append(out, d)
	}
	return out
}

func (p *pattern) results() []*eval.DagInit      { return dagList(p.rec, "resultPatterns") }
func (p *pattern) supplemental() []*eval.DagInit { return dagList(p.rec, "supplementalPatterns") }

// appliedConstraint is one entry of the pattern's constraint list.
type appliedConstraint struct {
	constraint *eval.Record
	self       string
	entities   []string
}

func (p *pattern) constraints() []appliedConstraint {
	var out []appliedConstraint
	for _, d := range dagList(p.rec, "constraints") {
		ac := appliedConstraint{constraint: asDef(d.Op), self: dagSymbol(d)}
		for i := range d.Args {
			if d.Names[i] == nil {
				panic(fatalf("operands to additional constraints can only be symbol references"))
			}
			ac.entities = append(ac.entities, d.Names[i].V)
		}
		if ac.constraint != nil && isA(ac.constraint, "OpVariable") {
			ac.constraint = defField(ac.constraint, "constraint")
		}
		out = append(out, ac)
	}
	return out
}

func (p *pattern) benefit() int {
	delta := dagField(p.rec, "benefitDelta")
	var n *eval.IntInit
	if delta != nil && len(delta.Args) == 1 {
		n, _ = delta.Args[0].(*eval.IntInit)
	}
	if n == nil {
		panic(fatalf("The 'addBenefit' takes and only takes one integer value"))
	}
	return numOps(p.source()) + int(n.V)
}

func (p *pattern) op(d *eval.DagInit) *operator { return p.file.operatorOf(d) }

// bindings are symbols bound by drr's SymbolInfoMap, in binding order,
// with the bindings mlir-tblgen rejects on the way.
type bindings struct {
	syms []*drr.Symbol
	errs []drr.BindError
}

// sourceBindings are those of the pattern's source, resultBindings those
// its result patterns add, both read from the pattern's symbol table.
func (p *pattern) sourceBindings() bindings { return p.bindings(drr.PartSource) }
func (p *pattern) resultBindings() bindings { return p.bindings(drr.PartResult) }

func (p *pattern) bindings(part drr.Part) bindings {
	var b bindings
	for _, s := range p.model().Symbols.All {
		if s.Part == part {
			b.syms = append(b.syms, s)
		}
	}
	for _, e := range p.model().BindErrors() {
		if e.Node.Part == part {
			b.errs = append(b.errs, e)
		}
	}
	return b
}

// subtreeBindings binds a sub-dag of the source on its own, as the static
// matcher made of it does.
func (p *pattern) subtreeBindings(tree *eval.DagInit) bindings {
	m := p.model()
	n := m.SourceNode(tree)
	if n == nil {
		panic(fatalf("internal error: the sub-dag %s is not in pattern %s", tree.String(), p.name))
	}
	t := drr.NewSymbolTable()
	errs := m.Bind(n, t, true)
	return bindings{t.All, errs}
}
