package drr

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"tdls/ods"
	"tdls/tablegen"
)

// CheckPatternSet reports what the patterns of a unit do to each other
// when populateWithGenerated adds them all to one set (codes
// "pattern-..."):
//
//   - pattern-self-loop: a pattern whose result matches its own source
//     pattern, so a greedy driver rewrites the new op again, forever;
//   - pattern-ping-pong: two patterns each of which rewrites into what
//     the other matches;
//   - pattern-shadowed: a pattern that never fires because a pattern with
//     the same root that is tried first matches everything it matches;
//   - pattern-duplicate: two patterns with the same source, constraints,
//     results and benefit.
//
// The exact rule. The .td says nothing of the driver that applies the set,
// and the first three hold only under a greedy one (applyPatternsGreedily):
// a dialect conversion whose target makes one of the ops legal stops a
// loop, and tries the next pattern when one's result cannot be legalized,
// so a shadowed pattern can fire; a single walk (walkAndApplyPatterns)
// does not revisit what it created. They are therefore information, each
// message naming the assumption ("under a greedy rewrite driver"). A
// duplicate is a warning: the second of two identical patterns adds
// nothing under any driver. Each is stated only where the patterns decide
// the match alone: a pattern with constraints, NativeCodeCall matchers or
// `either` may or may not match, and nothing is claimed about it. Each
// names the other pattern(s) in its related information.
func CheckPatternSet(s *PatternSet) []Diagnostic {
	var out []Diagnostic
	duplicateOf := map[*Pattern]*Pattern{}
	for _, bucket := range s.byRoot() {
		first := map[string]*Pattern{}
		for j, b := range bucket {
			if key, ok := rewriteText(b); ok {
				if a := first[key]; a != nil {
					duplicateOf[b] = a
					out = append(out, warn(b, b.DefRange, "pattern-duplicate",
						fmt.Sprintf("pattern %s repeats pattern %s: the same source, constraints, results and benefit; the second is never tried to any effect, remove it", b.displayName(), a.displayName()),
						related(a, "the same pattern")))
					continue
				}
				first[key] = b
			}
			for _, a := range bucket[:j] {
				if !a.decidesMatchAlone() || !subsumes(newBinding(), a.Source, b.Source) {
					continue
				}
				ba, _ := a.Benefit()
				bb, _ := b.Benefit()
				why := "the same benefit (" + strconv.Itoa(ba) + ") and comes first in populateWithGenerated"
				if ba > bb {
					why = "a higher benefit (" + strconv.Itoa(ba) + " > " + strconv.Itoa(bb) + ")"
				}
				out = append(out, inform(b, b.DefRange, "pattern-shadowed",
					fmt.Sprintf("under a greedy rewrite driver, pattern %s can never fire: pattern %s has the same root op, %s, no constraints, and a source pattern that matches everything this one matches (a dialect conversion tries it when the other's result cannot be legalized); give this pattern a higher benefit ((addBenefit N)) or constrain the other", b.displayName(), a.displayName(), why),
					related(a, "this pattern is tried first and matches every op this one matches")))
				break
			}
		}
	}
	ps := s.PopulateOrder()
	alone := make(map[*Pattern]bool, len(ps))
	rooted := map[*ods.Op][]*Pattern{}
	for _, p := range ps {
		if p.decidesMatchAlone() {
			alone[p] = true
			rooted[p.RootOp()] = append(rooted[p.RootOp()], p)
		}
	}
	loops := map[*Pattern]bool{}
	for _, p := range ps {
		if !alone[p] {
			continue
		}
		if r := p.resultMatching(p); r != nil {
			loops[p] = true
			out = append(out, inform(p, r.Range, "pattern-self-loop",
				fmt.Sprintf("under a greedy rewrite driver, the result of pattern %s matches its own source pattern: the driver rewrites the new op again and again until it gives up (\"did not converge\"; a dialect conversion or a single walk does not loop); add a constraint that the result does not satisfy, or remove the pattern", p.displayName()),
				related(p, "the source pattern it matches again")))
		}
	}
	// A pair that undoes itself: a builds b's root and b builds a's.
	order := make(map[*Pattern]int, len(ps))
	for i, p := range ps {
		order[p] = i
	}
	for _, a := range ps {
		if !alone[a] || loops[a] {
			continue
		}
		for _, op := range a.GeneratedOps() {
			for _, b := range rooted[op] {
				if order[b] <= order[a] || loops[b] || duplicateOf[b] == a || duplicateOf[a] == b {
					continue
				}
				ra, rb := a.resultMatching(b), b.resultMatching(a)
				if ra == nil || rb == nil {
					continue
				}
				msg := "under a greedy rewrite driver that applies both, patterns %s and %s undo each other: the result of each matches the source of the other, so the driver turns one into the other until it gives up (\"did not converge\"; a dialect conversion whose target makes one of the ops legal does not loop); constrain one of them or remove one"
				out = append(out,
					inform(a, ra.Range, "pattern-ping-pong", fmt.Sprintf(msg, a.displayName(), b.displayName()), related(b, "the pattern that turns this result back")),
					inform(b, rb.Range, "pattern-ping-pong", fmt.Sprintf(msg, b.displayName(), a.displayName()), related(a, "the pattern that turns this result back")))
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Range.Start < out[j].Range.Start })
	return dedupe(out)
}

// inform reports what holds under an assumption the .td does not state.
func inform(p *Pattern, at tablegen.Range, code, msg string, rel ...tablegen.Related) Diagnostic {
	r := reporter{p: p}
	return *r.add(tablegen.SeverityInfo, at, code, msg, nil, rel...)
}

func warn(p *Pattern, at tablegen.Range, code, msg string, rel ...tablegen.Related) Diagnostic {
	r := reporter{p: p}
	return *r.add(tablegen.SeverityWarning, at, code, msg, nil, rel...)
}

func related(p *Pattern, what string) tablegen.Related {
	return tablegen.Related{Range: p.DefRange, Message: "pattern " + p.displayName() + ": " + what}
}

// rewriteText is the pattern's rewrite as written: its source,
// constraints, results, supplemental patterns and benefit; two patterns
// with the same text are the same rewrite. ok is false when the benefit is
// not a number.
func rewriteText(p *Pattern) (string, bool) {
	benefit, ok := p.Benefit()
	if !ok || p.Source == nil {
		return "", false
	}
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(benefit))
	for _, part := range [][]*DagNode{{p.Source}, p.Results, p.Constraints, p.Supplemental} {
		sb.WriteString("\x00")
		for _, d := range part {
			sb.WriteString(d.Init.String())
			sb.WriteString("\x01")
		}
	}
	return sb.String(), true
}

// decidesMatchAlone says whether whether the pattern matches is decided by
// its source pattern alone: no constraints, and a source of ops and leaves
// only (no NativeCodeCall matcher, `either` or `variadic`).
func (p *Pattern) decidesMatchAlone() bool {
	if p.Source == nil || p.Source.Op == nil || len(p.Constraints) > 0 || len(p.NonDagConstraints) > 0 {
		return false
	}
	if _, ok := p.Benefit(); !ok {
		return false
	}
	plain := true
	p.Source.Walk(func(n *DagNode) bool {
		if n.Kind != NodeOp || n.Op == nil {
			plain = false
		}
		return plain
	})
	return plain
}

// resultMatching returns the first op node of p's result patterns that
// q's source pattern matches whatever p matched, or nil. A new op the
// greedy driver may fold before it tries patterns on it (the op has a
// folder and a constant operand) is left out: whether it survives is up
// to the folder.
func (p *Pattern) resultMatching(q *Pattern) *DagNode {
	var found *DagNode
	for _, r := range p.Results {
		r.Walk(func(n *DagNode) bool {
			if found == nil && n.Kind == NodeOp && n.Op != nil && n.Op == q.Source.Op && !p.mayFold(n) {
				if matchesResult(newBinding(), q.Source, n, p) {
					found = n
				}
			}
			return found == nil
		})
	}
	return found
}

// mayFold says whether the greedy driver may fold the op a result node
// builds: the op has a folder and one of its operands is a constant (an
// op with the ConstantLike trait, built here or matched by p).
func (p *Pattern) mayFold(n *DagNode) bool {
	if !n.Op.HasFolder {
		return false
	}
	for _, a := range n.Args {
		op := (*DagNode)(nil)
		switch x := a.(type) {
		case *DagNode:
			op = x
		case *DagLeaf:
			if x.Kind == LeafUnset && x.Name != "" {
				op, _ = p.sourceBinding(x.Name).(*DagNode)
			}
		}
		if op != nil && op.Op != nil && op.Op.Trait("::mlir::OpTrait::ConstantLike") != nil {
			return true
		}
	}
	return false
}

// binding records what the `$names` of the matching pattern are bound to,
// so that a name bound twice (an equality the matcher checks) is only
// satisfied by values provably equal.
type binding map[string]string

func newBinding() binding { return binding{} }

// bind binds name to the value term; false when name is bound to another
// value already. Unnamed leaves bind nothing.
func (b binding) bind(name, term string) bool {
	if name == "" || name == "_" {
		return true
	}
	if prev, ok := b[name]; ok {
		return prev == term && term != ""
	}
	b[name] = term
	return true
}

// numArgs is the number of a node's arguments before its trailing
// `location`/`returnType` directives.
func numArgs(n *DagNode) int {
	_, _, k := n.Trailing()
	return k
}

// subsumes says whether the source sub-pattern a matches every IR the
// source sub-pattern b matches.
func subsumes(bd binding, a, b Arg) bool {
	switch x := a.(type) {
	case *DagNode:
		y, ok := b.(*DagNode)
		if !ok || x.Kind != NodeOp || y.Kind != NodeOp || x.Op == nil || x.Op != y.Op || numArgs(x) != numArgs(y) {
			return false
		}
		if !bd.bind(x.Name, "") {
			return false
		}
		for i := 0; i < numArgs(x); i++ {
			if !subsumes(bd, x.Args[i], y.Args[i]) {
				return false
			}
		}
		return true
	case *DagLeaf:
		term := ""
		if y, ok := b.(*DagLeaf); ok && y.Name != "" && y.Name != "_" {
			term = "source:" + y.Name
		}
		switch x.Kind {
		case LeafUnset:
			return bd.bind(x.Name, term)
		case LeafDef:
			y, ok := b.(*DagLeaf)
			return ok && y.Kind == LeafDef && y.Def == x.Def && bd.bind(x.Name, term)
		}
	}
	return false
}

// matchesResult says whether the source sub-pattern src matches what the
// result sub-pattern res of pattern p builds, whatever p matched.
func matchesResult(bd binding, src Arg, res Arg, p *Pattern) bool {
	switch s := src.(type) {
	case *DagNode:
		if s.Kind != NodeOp || s.Op == nil || !bd.bind(s.Name, "") {
			return false
		}
		switch r := res.(type) {
		case *DagNode:
			if r.Kind != NodeOp || r.Op != s.Op || numArgs(r) != numArgs(s) {
				return false
			}
			for i := 0; i < numArgs(s); i++ {
				if !matchesResult(bd, s.Args[i], r.Args[i], p) {
					return false
				}
			}
			return true
		case *DagLeaf:
			// A $name standing for an op p matched: what matched there
			// matches s if s subsumes it.
			base, idx := SplitIndex(r.Name)
			if r.Kind != LeafUnset || idx > 0 {
				return false
			}
			node, ok := p.sourceBinding(base).(*DagNode)
			return ok && subsumes(newBinding(), s, node)
		}
	case *DagLeaf:
		term := ""
		var bound Arg
		if r, ok := res.(*DagLeaf); ok && r.Kind == LeafUnset && r.Name != "" {
			term = "source:" + r.Name
			bound = p.sourceBinding(r.Name)
		}
		switch s.Kind {
		case LeafUnset:
			return bd.bind(s.Name, term)
		case LeafDef:
			// The constraint holds of a value p matched under the same
			// constraint.
			l, ok := bound.(*DagLeaf)
			return ok && l.Kind == LeafDef && l.Def == s.Def && bd.bind(s.Name, term)
		}
	}
	return false
}

// sourceBinding is the node or leaf of p's source pattern bound to name,
// or nil.
func (p *Pattern) sourceBinding(name string) Arg {
	var found Arg
	p.Source.Walk(func(n *DagNode) bool {
		if found != nil {
			return false
		}
		if n.Name == name {
			found = n
			return false
		}
		for _, a := range n.Args {
			if l, ok := a.(*DagLeaf); ok && l.Name == name {
				found = l
				return false
			}
		}
		return true
	})
	return found
}
