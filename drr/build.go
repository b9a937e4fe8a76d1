package drr

import (
	"sort"
	"sync"

	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// PatternSet is the DRR view of an evaluated translation unit.
type PatternSet struct {
	Result *eval.Result
	ODS    *ods.Model
	// Patterns are every def deriving from Pattern, in definition order.
	Patterns []*Pattern

	ast *astIndex
	// roots buckets the patterns by root op in applicator order, made
	// once (patternset.go).
	rootsOnce sync.Once
	roots     map[*ods.Op][]*Pattern
}

// Build makes the pattern model of every def deriving from Pattern. unit
// gives the AST the ranges come from; model is the ODS view of res (built
// when nil).
func Build(unit *tablegen.Unit, res *eval.Result, model *ods.Model) *PatternSet {
	if model == nil {
		model = ods.Build(res)
	}
	s := &PatternSet{Result: res, ODS: model}
	patternClass := res.Class("Pattern")
	if patternClass == nil {
		return s
	}
	var stmts []*tablegen.Statement
	if unit != nil {
		stmts = unit.Statements
	}
	s.ast = newASTIndex(stmts)
	for _, def := range res.Defs {
		if def.DerivesFrom(patternClass) {
			s.Patterns = append(s.Patterns, s.buildPattern(def))
		}
	}
	return s
}

// PatternByName returns the pattern record called name, or nil.
func (s *PatternSet) PatternByName(name string) *Pattern {
	for _, p := range s.Patterns {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// patternBuilder traces one pattern's dags back to the source.
type patternBuilder struct {
	set        *PatternSet
	p          *Pattern
	candidates []*tablegen.DagInit
	used       map[*tablegen.DagInit]bool
}

func (s *PatternSet) buildPattern(def *eval.Record) *Pattern {
	p := &Pattern{Record: def, Name: def.NameString(), set: s}
	if len(def.Locs()) > 0 {
		p.DefRange = def.Locs()[0]
	} else {
		p.DefRange = def.Decl
	}
	b := &patternBuilder{set: s, p: p, used: map[*tablegen.DagInit]bool{}}
	b.collectCandidates()

	if d, ok := def.Value("sourcePattern").(*eval.DagInit); ok {
		p.Source = b.node(d, PartSource, 0)
	}
	p.Results, p.NonDagResults = b.dagList(def, "resultPatterns", PartResult)
	p.Constraints, p.NonDagConstraints = b.dagList(def, "constraints", PartConstraint)
	p.Supplemental, _ = b.dagList(def, "supplementalPatterns", PartSupplemental)
	if d, ok := def.Value("benefitDelta").(*eval.DagInit); ok {
		p.BenefitDelta = b.node(d, PartBenefit, 0)
	}
	bindPattern(p)
	return p
}

// collectCandidates gathers the dag literals that may have produced the
// pattern's dags: those in its def statement, in the classes it derives
// from, and in the defm statements that instantiated it.
func (b *patternBuilder) collectCandidates() {
	def := b.p.Record
	add := func(r tablegen.Range) {
		if r.Start.IsValid() && r.End > r.Start {
			b.candidates = append(b.candidates, b.set.ast.within(r)...)
		}
	}
	add(def.Decl)
	for _, l := range def.Locs()[min(1, len(def.Locs())):] {
		if d := b.set.ast.defmAt(l.Start); d != nil {
			add(d.Range())
		}
	}
	for _, in := range def.Chain() {
		if d := b.set.ast.defmAt(in.Range.Start); d != nil {
			add(d.Range())
		}
	}
	for _, sc := range def.Supers {
		add(sc.Class.Decl)
	}
}

// find returns the written dag that best matches d, preferring literals not
// yet assigned to another dag of the pattern.
func (b *patternBuilder) find(d *eval.DagInit) *tablegen.DagInit {
	var best *tablegen.DagInit
	bestScore := -1
	for _, c := range b.candidates {
		s, ok := matchDag(c, d)
		if !ok {
			continue
		}
		if !b.used[c] {
			s += 1000
		}
		if s > bestScore {
			best, bestScore = c, s
		}
	}
	return best
}

func (b *patternBuilder) dagList(def *eval.Record, field string, part Part) ([]*DagNode, []tablegen.Range) {
	l, ok := def.Value(field).(*eval.ListInit)
	if !ok {
		return nil, nil
	}
	var nodes []*DagNode
	var bad []tablegen.Range
	for i, e := range l.Elems {
		if d, ok := e.(*eval.DagInit); ok {
			nodes = append(nodes, b.node(d, part, i))
			continue
		}
		r := b.p.DefRange
		if rv := def.Field(field); rv != nil && rv.Src.Start.IsValid() {
			r = rv.Src
		}
		bad = append(bad, r)
	}
	return nodes, bad
}

// node builds a top-level dag of the pattern.
func (b *patternBuilder) node(d *eval.DagInit, part Part, index int) *DagNode {
	lit := b.find(d)
	n := b.build(d, lit, nil, part, index, b.p.DefRange)
	if lit != nil {
		n.argRange = lit.Range()
	}
	return n
}

// build makes the node for d; lit is the literal written for it, or nil
// when it came through a variable, in which case ranges fall back to at.
func (b *patternBuilder) build(d *eval.DagInit, lit *tablegen.DagInit, parent *DagNode, part Part, index int, at tablegen.Range) *DagNode {
	if lit == nil && parent != nil {
		// A dag supplied through a template argument or variable: look for
		// where it is written.
		if l := b.find(d); l != nil {
			lit = l
		}
	}
	n := &DagNode{Init: d, Part: part, Parent: parent, Index: index}
	if def, ok := d.Op.(*eval.DefInit); ok {
		n.Operator = def.Rec
	}
	if d.OpName != nil {
		n.Name = d.OpName.V
	}
	n.Kind = NodeKindOf(n.Operator)
	if n.Kind == NodeOp && n.Operator != nil {
		n.Op = b.set.ODS.OpByRecord(n.Operator)
	}
	n.Range, n.OperatorRange, n.NameRange, n.argRange = at, at, at, at
	if lit != nil {
		b.used[lit] = true
		n.Exact = true
		n.Range = lit.Range()
		n.argRange = n.Range
		if lit.Operator != nil {
			n.OperatorRange = lit.Operator.Range()
			if lit.Operator.Value != nil {
				n.OperatorRange = lit.Operator.Value.Range()
			}
			if lit.Operator.Name != nil {
				n.NameRange = lit.Operator.Name.Range()
			} else {
				n.NameRange = tablegen.Range{Start: n.OperatorRange.End, End: n.OperatorRange.End}
			}
		}
	}
	for i, a := range d.Args {
		var la *tablegen.DagArg
		if lit != nil {
			la = lit.Args[i]
		}
		argAt := n.Range
		if la != nil {
			argAt = la.Range()
		}
		name := ""
		if d.Names[i] != nil {
			name = d.Names[i].V
		}
		if sub, ok := a.(*eval.DagInit); ok {
			var subLit *tablegen.DagInit
			if la != nil {
				subLit = dagLiteral(la.Value)
			}
			c := b.build(sub, subLit, n, part, i, argAt)
			if la != nil {
				c.argRange = la.Range()
				if c.Exact && subLit == nil {
					// Written elsewhere, supplied here.
					c.argRange = la.Range()
				}
			}
			n.Args = append(n.Args, c)
			continue
		}
		l := &DagLeaf{Value: a, Name: name, Parent: n, Index: i, Range: argAt, ValueRange: argAt, NameRange: argAt}
		l.Kind, l.Def = leafKind(a)
		if la != nil {
			l.Exact = lit != nil
			switch {
			case la.Bare != nil:
				l.NameRange = la.Bare.Range()
				l.ValueRange = tablegen.Range{Start: l.NameRange.Start, End: l.NameRange.Start}
			default:
				if la.Value != nil {
					l.ValueRange = la.Value.Range()
				}
				if la.Name != nil {
					l.NameRange = la.Name.Range()
				} else {
					l.NameRange = tablegen.Range{Start: l.ValueRange.End, End: l.ValueRange.End}
				}
			}
		}
		n.Args = append(n.Args, l)
	}
	return n
}

// NodeKindOf classifies a dag node by its operator, as mlir-tblgen's
// DagNode predicates do: a directive by its name, a NativeCodeCall, or an
// op (also a node whose operator is no record).
func NodeKindOf(op *eval.Record) NodeKind {
	if op == nil {
		return NodeOp
	}
	switch op.NameString() {
	case "replaceWithValue":
		return NodeReplaceWithValue
	case "location":
		return NodeLocation
	case "returnType":
		return NodeReturnType
	case "either":
		return NodeEither
	case "variadic":
		return NodeVariadic
	}
	if isA(op, "NativeCodeCall") {
		return NodeNativeCodeCall
	}
	return NodeOp
}

func leafKind(v eval.Init) (LeafKind, *eval.Record) {
	switch x := v.(type) {
	case nil, *eval.UnsetInit:
		return LeafUnset, nil
	case *eval.DefInit:
		return LeafDef, x.Rec
	case *eval.StringInit:
		return LeafString, nil
	case *eval.IntInit:
		return LeafInt, nil
	}
	return LeafOther, nil
}

func isA(r *eval.Record, class string) bool { return r.IsA(class) }

func stringField(r *eval.Record, name string) (string, bool) { return r.StringValue(name) }

func nativeCode(r *eval.Record) string {
	s, _ := stringField(r, "expression")
	return s
}

func nativeReturns(r *eval.Record) int {
	if v, ok := r.Value("numReturns").(*eval.IntInit); ok {
		return int(v.V)
	}
	return 1
}

func sortOps(ops []*ods.Op) {
	sort.Slice(ops, func(i, j int) bool { return ops[i].Name < ops[j].Name })
}
