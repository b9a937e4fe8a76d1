package drr

import (
	"path/filepath"
	"sort"
	"strings"

	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Check runs every DRR check on every pattern and returns the diagnostics
// sorted by position.
func Check(s *PatternSet) []Diagnostic {
	var out []Diagnostic
	for _, p := range s.Patterns {
		out = append(out, CheckPattern(p)...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Range.Start < out[j].Range.Start })
	return dedupe(out)
}

// dedupe drops repeats: a dag written once in a multiclass or foreach is
// checked once per record it makes.
func dedupe(ds []Diagnostic) []Diagnostic {
	type key struct {
		r         tablegen.Range
		code, msg string
	}
	seen := map[key]bool{}
	out := ds[:0]
	for _, d := range ds {
		k := key{d.Range, d.Code, d.Message}
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

// CheckPattern runs the checks of one pattern, in the order mlir-tblgen
// meets the problems: binding, the constraints it collects from the source
// pattern, matching, the constraints list, benefit, then rewriting.
func CheckPattern(p *Pattern) []Diagnostic {
	c := &checker{reporter: reporter{p: p}, p: p, notOp: map[*DagNode]bool{}, autoNames: map[string]bool{}}
	c.diags = append(c.diags, p.bindDiags...)
	if p.Source == nil {
		c.errorf(p.DefRange, "drr-no-source", "the pattern has no source dag")
		return c.diags
	}
	c.sourceLeaves(p.Source)
	c.resultOperators()
	c.matchRoot()
	c.constraints()
	c.benefit()
	c.rewrite()
	c.indexUses()
	return c.diags
}

// checker walks one pattern as mlir-tblgen's PatternEmitter does, but goes
// on after an error.
type checker struct {
	reporter
	p *Pattern
	// notOp marks op nodes already reported as not being ops.
	notOp map[*DagNode]bool
	// autoNames are the names mlir-tblgen binds while rewriting
	// (tblgen_Op_N, nativeVar_N, tblgen_variadic_values_N).
	autoNames map[string]bool
	// reportedUnbound avoids reporting a use twice.
	reportedUnbound map[tablegen.Range]bool
}

// sourceLeaves reports what mlir-tblgen collects as a constraint from every
// leaf of the source pattern before emitting anything: a literal crashes it,
// a def that is no constraint aborts it.
func (c *checker) sourceLeaves(n *DagNode) {
	n.Walk(func(x *DagNode) bool {
		for _, a := range x.Args {
			l, ok := a.(*DagLeaf)
			if !ok {
				continue
			}
			switch l.Kind {
			case LeafUnset:
			case LeafDef:
				if !l.IsConstraint() && !l.IsSubClassOf("OpVariable") {
					c.errorf(l.ValueRange, "drr-not-constraint", "'%s' is not a constraint; a leaf of a source pattern must be a type, attribute or property constraint or a bare $name (mlir-tblgen aborts: Expected a constraint)", l.Def.NameString())
				}
			default:
				c.errorf(l.ValueRange, "drr-source-literal", "literal %s in a source pattern: only constraints and $names can be matched (mlir-tblgen crashes on this)", l.Text())
			}
		}
		return true
	})
}

// resultOperators reports op nodes of result patterns whose operator is no
// op (PatternEmitter::collectOps builds an Operator for each).
func (c *checker) resultOperators() {
	for _, r := range c.p.Results {
		r.Walk(func(x *DagNode) bool {
			if x.Kind == NodeOp && x.Op == nil {
				c.notAnOp(x)
			}
			return true
		})
	}
}

func (c *checker) notAnOp(n *DagNode) {
	if c.notOp[n] {
		return
	}
	c.notOp[n] = true
	name := n.OperatorName()
	if n.Kind == NodeOp && c.p.set.isUnknownDirective(n.Operator) {
		d := c.errorf(n.OperatorRange, "drr-unknown-directive", "'%s' is not a DRR directive of LLVM %d (%s); if your LLVM is newer, it may be a directive added since, which tdls (modelling LLVM %d) does not know (mlir-tblgen %d takes it for an op: Record `%s' does not have a field named `opDialect'!)",
			name, tablegen.LLVMRelease, strings.Join(directiveNames, ", "), tablegen.LLVMRelease, tablegen.LLVMRelease, name)
		d.Related = append(d.Related, tablegen.Related{Range: n.Operator.Locs()[0], Message: "'" + name + "' is declared here, as PatternBase.td declares the directives"})
		return
	}
	what := "a def that is not an Op"
	switch n.Kind {
	case NodeEither, NodeVariadic, NodeReturnType, NodeLocation, NodeReplaceWithValue:
		what = "the `" + name + "` directive, which is not allowed here"
	case NodeNativeCodeCall:
		what = "a NativeCodeCall, which cannot be the root of a source pattern"
	}
	d := c.errorf(n.OperatorRange, "drr-not-op", "'%s' is not an op: %s (mlir-tblgen: Record `%s' does not have a field named `opDialect'!)", name, what, name)
	if n.Operator != nil && n.Operator.Decl.Start.IsValid() && len(n.Operator.Locs()) > 0 {
		d.Related = append(d.Related, tablegen.Related{Range: n.Operator.Locs()[0], Message: "'" + name + "' is defined here"})
	}
}

// directiveNames are the directives of LLVM 22's PatternBase.td that a
// dag can be made of (NodeKindOf knows each).
var directiveNames = []string{"replaceWithValue", "location", "returnType", "either", "variadic"}

// isUnknownDirective reports a dag operator shaped as PatternBase.td
// declares its directives (`def name;`: no class, no field) and declared
// there, that LLVM 22 does not know: a directive of a newer MLIR whose
// headers are on the include path. addBenefit is one of LLVM 22's, for the
// benefit dag only.
func (s *PatternSet) isUnknownDirective(r *eval.Record) bool {
	if r == nil || r.IsClass || len(r.Supers) > 0 || len(r.Values) > 0 || len(r.Locs()) == 0 || r.NameString() == "addBenefit" || s.Result == nil || s.Result.Set == nil {
		return false
	}
	f := s.Result.Set.File(r.Locs()[0].Start)
	return f != nil && filepath.Base(f.Name) == "PatternBase.td"
}

// benefit is Pattern::getBenefit's check.
func (c *checker) benefit() {
	d := c.p.BenefitDelta
	if d == nil {
		return
	}
	if _, ok := c.p.Benefit(); !ok {
		c.errorf(d.Range, "drr-benefit", "The 'addBenefit' takes and only takes one integer value")
	}
}

// lookup resolves a use while emitting: during matching only source
// bindings exist. It reports an unbound name once per range.
func (c *checker) lookup(name string, rng tablegen.Range, matching bool) *Symbol {
	if c.autoNames[name] {
		return nil
	}
	s := c.p.Symbols.Lookup(name)
	if s != nil && matching && s.Part != PartSource {
		s = nil
	}
	if s != nil {
		return s
	}
	if c.reportedUnbound == nil {
		c.reportedUnbound = map[tablegen.Range]bool{}
	}
	if c.reportedUnbound[rng] {
		return nil
	}
	c.reportedUnbound[rng] = true
	c.unbound(name, rng, matching)
	return nil
}

func (c *checker) unbound(name string, rng tablegen.Range, matching bool) {
	switch name {
	case "":
		c.errorf(rng, "drr-unbound-symbol", "referencing unbound symbol '': this argument has no $name, so it cannot supply a value here")
		return
	case "_":
		c.errorf(rng, "drr-unbound-symbol", "referencing unbound symbol '_': $_ ignores an argument of the source pattern and cannot be used as a value")
		return
	}
	msg := "referencing unbound symbol '" + name + "'"
	if matching {
		if s := c.p.Symbols.Lookup(name); s != nil {
			msg += " (it is bound in a result pattern; constraints can only use names bound in the source pattern)"
		}
	}
	d := c.errorf(rng, "drr-unbound-symbol", "%s", msg)
	base, idx := SplitIndex(name)
	if best := c.nearestName(base, matching); best != "" {
		repl := "$" + best
		if idx >= 0 {
			repl += name[len(base):]
		}
		d.Message += "; did you mean '" + strings.TrimPrefix(repl, "$") + "'?"
		d.withFix(Fix{Title: "use " + repl, Edits: []TextEdit{{Range: rng, NewText: repl}}})
	}
}

// nearestName is the bound name closest to name by edit distance.
func (c *checker) nearestName(name string, matching bool) string {
	best, bestD := "", -1
	for _, s := range c.p.Symbols.All {
		if matching && s.Part != PartSource {
			continue
		}
		d := editDistance(name, s.Name)
		if d > len(name)/2+2 {
			continue
		}
		if bestD < 0 || d < bestD {
			best, bestD = s.Name, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// reportArity reports an op dag whose argument count differs from the op's
// (kind "op" as Pattern.cpp words it, "resultant op" as RewriterGen does),
// with the op's signature and a fix that pads or trims the arguments.
func reportArity(r *reporter, n *DagNode, kind string, inPattern int) {
	op := n.Op
	d := r.errorf(n.Range, "drr-arg-count", "%s '%s' argument number mismatch: %d in pattern vs. %d in definition; '%s' takes %s",
		kind, op.Name, inPattern, len(op.Args), op.Name, signature(op))
	d.withOp(op)
	if f, ok := arityFix(n); ok {
		d.withFix(f)
	}
}

// arityFix pads a dag with `$_` (source) or the ODS argument names (result)
// or drops trailing extra arguments, keeping trailing directives.
func arityFix(n *DagNode) (Fix, bool) {
	if !n.Exact {
		return Fix{}, false
	}
	_, _, numArgs := n.Trailing()
	for i := 0; i < numArgs; i++ {
		if c := n.Child(i); c != nil && (c.Kind.IsDirective()) {
			return Fix{}, false
		}
	}
	want := len(n.Op.Args)
	switch {
	case numArgs < want:
		var sb strings.Builder
		for i := numArgs; i < want; i++ {
			if i > 0 {
				sb.WriteString(", ")
			} else {
				sb.WriteString(" ")
			}
			if n.Part == PartSource || n.Op.Args[i].Name == "" {
				sb.WriteString("$_")
			} else {
				sb.WriteString("$" + n.Op.Args[i].Name)
			}
		}
		at := n.OperatorRange.End
		if n.NameRange.End > at {
			at = n.NameRange.End
		}
		if numArgs > 0 {
			at = n.Args[numArgs-1].ArgRange().End
		}
		return Fix{Title: "add the missing arguments of '" + n.Op.Name + "'", Edits: []TextEdit{{Range: tablegen.Range{Start: at, End: at}, NewText: sb.String()}}}, true
	case numArgs > want:
		start := n.OperatorRange.End
		if n.NameRange.End > start {
			start = n.NameRange.End
		}
		if want > 0 {
			start = n.Args[want-1].ArgRange().End
		}
		end := n.Args[numArgs-1].ArgRange().End
		return Fix{Title: "remove the extra arguments of '" + n.Op.Name + "'", Edits: []TextEdit{{Range: tablegen.Range{Start: start, End: end}, NewText: ""}}}, true
	}
	return Fix{}, false
}

// opArityOK is the argument count check of Pattern::collectBoundSymbols.
func opArityOK(n *DagNode) bool {
	numDirectives, numEither := 0, 0
	for _, a := range n.Args {
		if x, ok := a.(*DagNode); ok {
			switch x.Kind {
			case NodeLocation, NodeReturnType:
				numDirectives++
			case NodeEither:
				numEither++
			}
		}
	}
	return len(n.Op.Args) == len(n.Args)-numDirectives+numEither
}

func isOperandSlot(a *ods.Arg) bool { return a.Kind == ods.Operand }

func isVariadicSlot(a *ods.Arg) bool {
	return a.Kind == ods.Operand && (a.Variadic || a.VariadicOfVariadic)
}
