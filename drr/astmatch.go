package drr

import (
	"strconv"
	"strings"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// matchDag scores how well the dag literal a describes the evaluated dag d:
// ok is false when they cannot be the same dag (different arity or
// `$names`); the score counts the operators and leaves that agree, so the
// literal written for exactly this dag beats a class body that produced it
// from template arguments.
func matchDag(a *tablegen.DagInit, d *eval.DagInit) (score int, ok bool) {
	if a == nil || d == nil || len(a.Args) != len(d.Args) {
		return 0, false
	}
	if !sameName(a.Operator, d.OpName) {
		return 0, false
	}
	score = 1 + matchLeafValue(a.Operator, d.Op)
	for i, arg := range a.Args {
		if !sameName(arg, d.Names[i]) {
			return 0, false
		}
		if sub, isDag := d.Args[i].(*eval.DagInit); isDag {
			if lit := dagLiteral(arg.Value); lit != nil {
				s, ok := matchDag(lit, sub)
				if !ok {
					return 0, false
				}
				score += s
			}
			continue
		}
		if arg.Value != nil && dagLiteral(arg.Value) != nil {
			return 0, false
		}
		score += matchLeafValue(arg, d.Args[i])
	}
	return score, true
}

// sameName reports whether the `$name` written on a dag argument agrees
// with the evaluated one.
func sameName(a *tablegen.DagArg, n *eval.StringInit) bool {
	var written string
	switch {
	case a == nil:
		return n == nil
	case a.Bare != nil:
		written = a.Bare.Name
	case a.Name != nil:
		written = a.Name.Name
	default:
		return n == nil
	}
	return n != nil && strings.TrimPrefix(written, "$") == n.V
}

// matchLeafValue scores a written leaf against its value: 2 when it is
// evidently the same, 0 when it may have come through a variable.
func matchLeafValue(a *tablegen.DagArg, v eval.Init) int {
	if a == nil {
		return 0
	}
	if a.Bare != nil {
		if _, unset := v.(*eval.UnsetInit); unset {
			return 2
		}
		return 0
	}
	sv := simpleOf(a.Value)
	if sv == nil {
		return 0
	}
	switch x := v.(type) {
	case *eval.DefInit:
		if sv.Ident() != nil && sv.Ident().Name == x.Rec.NameString() {
			return 2
		}
		if sv.ClassInst() != nil && sv.ClassInst().Class != nil && isA(x.Rec, sv.ClassInst().Class.Name) {
			return 2
		}
	case *eval.StringInit:
		if k := sv.LiteralKind(); k == tablegen.TokString || k == tablegen.TokCode {
			return 2
		}
		if _, ok := sv.Expr.(*tablegen.AdjacentStrings); ok {
			return 2
		}
	case *eval.IntInit:
		switch sv.LiteralKind() {
		case tablegen.TokInt:
			if n, err := strconv.ParseInt(sv.Literal, 0, 64); err == nil && n == x.V {
				return 2
			}
			return 1
		case tablegen.KwTrue, tablegen.KwFalse:
			return 2
		}
	case *eval.UnsetInit:
		if sv.LiteralKind() == tablegen.TokQuestion {
			return 2
		}
	}
	return 0
}
