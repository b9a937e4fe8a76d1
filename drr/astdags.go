package drr

import (
	"sort"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// astIndex holds every dag literal of a unit, sorted by position, so that a
// pattern's evaluated dags can be traced back to where they are written.
type astIndex struct {
	dags  []*tablegen.DagInit
	defms []*tablegen.Defm
}

// NeedsSyntax reports whether Build reads the syntax of the top-level
// statement st, given the defs its evaluation made (pattern is the Pattern
// class, nil while undefined). Build reads the dag literals and defms of a
// unit (its astIndex) where patterns are written: in the statements that
// made patterns, and in the classes and multiclasses that patterns derive
// from or are made by, which later statements may yet use. A unit with only
// the statements NeedsSyntax names gives Build the same patterns.
func NeedsSyntax(st *tablegen.Statement, made []*eval.Record, pattern *eval.Record) bool {
	needed := definesClasses(st)
	for _, d := range made {
		needed = needed || d.DerivesFrom(pattern)
	}
	if !needed {
		return false
	}
	x := &astIndex{}
	x.statement(st)
	return len(x.dags) > 0 || len(x.defms) > 0
}

// definesClasses reports whether st is or holds a class or multiclass.
func definesClasses(st *tablegen.Statement) bool {
	if st.Class() != nil || st.MultiClass() != nil {
		return true
	}
	for _, b := range st.Blocks() {
		for _, s := range b.Statements {
			if s != nil && definesClasses(s) {
				return true
			}
		}
	}
	return false
}

func newASTIndex(stmts []*tablegen.Statement) *astIndex {
	x := &astIndex{}
	x.statements(stmts)
	sort.SliceStable(x.dags, func(i, j int) bool { return x.dags[i].From < x.dags[j].From })
	return x
}

// within returns the dag literals starting inside r.
func (x *astIndex) within(r tablegen.Range) []*tablegen.DagInit {
	lo := sort.Search(len(x.dags), func(i int) bool { return x.dags[i].From >= r.Start })
	hi := sort.Search(len(x.dags), func(i int) bool { return x.dags[i].From >= r.End })
	return x.dags[lo:hi]
}

// defmAt returns the innermost defm statement containing p.
func (x *astIndex) defmAt(p tablegen.Pos) *tablegen.Defm {
	var best *tablegen.Defm
	for _, d := range x.defms {
		r := d.Range()
		if p >= r.Start && p < r.End && (best == nil || r.Start >= best.Range().Start) {
			best = d
		}
	}
	return best
}

func (x *astIndex) statements(stmts []*tablegen.Statement) {
	for _, s := range stmts {
		if s != nil {
			x.statement(s)
		}
	}
}

func (x *astIndex) block(b *tablegen.Block) {
	if b != nil {
		x.statements(b.Statements)
	}
}

func (x *astIndex) statement(s *tablegen.Statement) {
	switch {
	case s.Def() != nil:
		x.classRefs(s.Def().Parents)
		x.body(s.Def().Body)
	case s.Defm() != nil:
		x.defms = append(x.defms, s.Defm())
		x.classRefs(s.Defm().Parents)
	case s.Class() != nil:
		for _, a := range s.Class().TemplateArgs {
			x.value(a.Default)
		}
		x.classRefs(s.Class().Parents)
		x.body(s.Class().Body)
	case s.Defvar() != nil:
		x.value(s.Defvar().Value)
	case s.Let() != nil:
		if s.Let().Header != nil {
			for _, it := range s.Let().Header.Items {
				x.value(it.Value)
			}
		}
		x.block(s.Let().Body)
	case s.Foreach() != nil:
		if s.Foreach().Header != nil {
			x.value(s.Foreach().Header.List)
		}
		x.block(s.Foreach().Body)
	case s.If() != nil:
		if s.If().Header != nil {
			x.value(s.If().Header.Cond)
		}
		x.block(s.If().Then)
		x.block(s.If().Else)
	case s.MultiClass() != nil:
		if s.MultiClass().Header != nil {
			for _, a := range s.MultiClass().Header.TemplateArgs {
				x.value(a.Default)
			}
		}
		x.block(s.MultiClass().Body)
	case s.Defset() != nil:
		x.block(s.Defset().Body)
	}
}

func (x *astIndex) classRefs(refs []*tablegen.ClassRef) {
	for _, r := range refs {
		if r == nil {
			continue
		}
		for _, a := range r.Args {
			if a != nil {
				x.value(a.Value)
			}
		}
	}
}

func (x *astIndex) body(b *tablegen.Body) {
	if b == nil {
		return
	}
	for _, it := range b.Items {
		switch {
		case it == nil:
		case it.Let != nil:
			x.value(it.Let.Value)
		case it.Field != nil:
			x.value(it.Field.Value)
		case it.Defvar != nil:
			x.value(it.Defvar.Value)
		}
	}
}

func (x *astIndex) value(v *tablegen.Value) {
	if v == nil {
		return
	}
	x.suffixed(&v.Operand)
	for _, p := range v.Pastes() {
		if p != nil {
			x.suffixed(p.Operand)
		}
	}
}

func (x *astIndex) suffixed(s *tablegen.SuffixedValue) {
	if s == nil || s.Simple == nil {
		return
	}
	switch sv := s.Simple.Expr.(type) {
	case *tablegen.DagInit:
		x.dags = append(x.dags, sv)
		x.dagArg(sv.Operator)
		for _, a := range sv.Args {
			x.dagArg(a)
		}
	case *tablegen.ListInit:
		for _, e := range sv.Values {
			x.value(e)
		}
	case *tablegen.ClassInst:
		for _, a := range sv.Args {
			if a != nil {
				x.value(a.Value)
			}
		}
	case *tablegen.BangOp:
		for _, a := range sv.Args {
			if a != nil {
				x.value(a.Value)
				x.value(a.Then)
			}
		}
	}
}

func (x *astIndex) dagArg(a *tablegen.DagArg) {
	if a != nil {
		x.value(a.Value)
	}
}

// dagLiteral returns the dag a value is when it is written as a plain dag
// literal.
func dagLiteral(v *tablegen.Value) *tablegen.DagInit {
	if v == nil || len(v.Pastes()) > 0 || len(v.Operand.Suffixes()) > 0 || v.Operand.Simple == nil {
		return nil
	}
	return v.Operand.Simple.Dag()
}

// simpleOf returns the simple value a value is when written without pastes
// or suffixes.
func simpleOf(v *tablegen.Value) *tablegen.SimpleValue {
	if v == nil || len(v.Pastes()) > 0 || len(v.Operand.Suffixes()) > 0 {
		return nil
	}
	return v.Operand.Simple
}
