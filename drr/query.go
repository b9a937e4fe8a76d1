package drr

import (
	"fmt"
	"sort"
	"strings"

	"tdls/ods"
	"tdls/tablegen"
)

// Location is what sits at a position inside a pattern.
type Location struct {
	Pattern *Pattern
	// Node is the innermost dag containing the position; Leaf the leaf at
	// it, if any.
	Node *DagNode
	Leaf *DagLeaf
	// Symbol is the binding of the `$name` at the position (for a use, the
	// binding it resolves to); Use is set when the name is a use.
	Symbol *Symbol
	Use    *Use
	// OnOperator reports the position on Node's operator.
	OnOperator bool
	// Part is the part of the pattern the position is in.
	Part Part
}

func contains(r tablegen.Range, p tablegen.Pos) bool {
	return r.Start.IsValid() && p >= r.Start && p <= r.End && r.End > r.Start
}

// PatternAt returns the pattern whose def statement or written dags contain
// pos (a dag written in a class or multiclass belongs to every pattern made
// from it; the first is returned).
func (s *PatternSet) PatternAt(pos tablegen.Pos) *Pattern {
	for _, p := range s.Patterns {
		if p.Record != nil && contains(p.Record.Decl, pos) {
			return p
		}
	}
	for _, p := range s.Patterns {
		for _, n := range p.dags() {
			if n.Exact && contains(n.Range, pos) {
				return p
			}
		}
	}
	return nil
}

// dags returns the pattern's top-level dags.
func (p *Pattern) dags() []*DagNode {
	var out []*DagNode
	if p.Source != nil {
		out = append(out, p.Source)
	}
	out = append(out, p.Results...)
	out = append(out, p.Constraints...)
	out = append(out, p.Supplemental...)
	if p.BenefitDelta != nil {
		out = append(out, p.BenefitDelta)
	}
	return out
}

// At returns what is at pos, or nil outside every pattern.
func (s *PatternSet) At(pos tablegen.Pos) *Location {
	p := s.PatternAt(pos)
	if p == nil {
		return nil
	}
	return p.At(pos)
}

// At returns what is at pos inside p.
func (p *Pattern) At(pos tablegen.Pos) *Location {
	loc := &Location{Pattern: p, Part: -1}
	for _, top := range p.dags() {
		if !top.Exact || !contains(top.Range, pos) {
			continue
		}
		loc.Part = top.Part
		top.Walk(func(n *DagNode) bool {
			if !n.Exact || !contains(n.Range, pos) {
				return false
			}
			loc.Node, loc.Leaf = n, nil
			loc.OnOperator = contains(n.OperatorRange, pos)
			for _, a := range n.Args {
				if l, ok := a.(*DagLeaf); ok && contains(l.Range, pos) {
					loc.Leaf = l
				}
			}
			return true
		})
	}
	if loc.Node == nil {
		return loc
	}
	for _, s := range p.Symbols.All {
		if contains(s.Range, pos) {
			loc.Symbol = s
			return loc
		}
	}
	for _, u := range p.Uses {
		if contains(u.Range, pos) {
			loc.Use, loc.Symbol = u, u.Symbol
			return loc
		}
	}
	return loc
}

// References returns every binding and use of the symbol named name
// (without a `__N` suffix) in p, bindings first, in source order.
func (p *Pattern) References(name string) []tablegen.Range {
	base, _ := SplitIndex(name)
	var out []tablegen.Range
	for _, s := range p.Symbols.Bindings(base) {
		out = append(out, s.Range)
	}
	var uses []tablegen.Range
	for _, u := range p.Uses {
		if u.Base == base {
			uses = append(uses, u.Range)
		}
	}
	sort.Slice(uses, func(i, j int) bool { return uses[i].Start < uses[j].Start })
	return append(out, uses...)
}

// Rename returns the edits renaming the symbol called name to newName in
// p, keeping `__N` suffixes; nil when newName is already bound or the name
// is not written in the pattern itself.
func (p *Pattern) Rename(name, newName string) []TextEdit {
	base, _ := SplitIndex(name)
	newName = strings.TrimPrefix(newName, "$")
	if newName == "" || newName == base || len(p.Symbols.Bindings(newName)) > 0 {
		return nil
	}
	var edits []TextEdit
	for _, s := range p.Symbols.Bindings(base) {
		edits = append(edits, TextEdit{Range: s.Range, NewText: "$" + newName})
	}
	for _, u := range p.Uses {
		if u.Base == base {
			edits = append(edits, TextEdit{Range: u.Range, NewText: "$" + newName + u.Name[len(base):]})
		}
	}
	return edits
}

// Hover describes the symbol, node or pattern at loc.
func (loc *Location) Hover() string {
	switch {
	case loc.Symbol != nil:
		s := "`$" + loc.Symbol.Name + "`: " + describeSymbol(loc.Symbol)
		if loc.Use != nil && loc.Use.Index >= 0 {
			s = "`$" + loc.Use.Name + "`: " + describeIndexed(loc.Symbol, loc.Use.Index)
		}
		return s
	case loc.Use != nil:
		return "`$" + loc.Use.Name + "` is not bound in this pattern"
	case loc.Node != nil && loc.OnOperator:
		return describeNode(loc.Node)
	}
	return loc.Pattern.Hover()
}

// describeIndexed describes `$name__N`.
func describeIndexed(s *Symbol, i int) string {
	switch s.Kind {
	case SymResult:
		if s.Op != nil {
			r := fmt.Sprintf("result %d of `%s`", i, s.Op.Name)
			if i < len(s.Op.Results) {
				if n := s.Op.Results[i].Name; n != "" {
					r = fmt.Sprintf("result %d `%s` of `%s`", i, n, s.Op.Name)
				}
				if c := s.Op.Results[i].Constraint; c != nil && !c.Anonymous {
					r += " : " + c.NameString()
				}
			} else {
				r += " (out of range: it has " + plural(len(s.Op.Results), "result") + ")"
			}
			return r
		}
	case SymValues:
		return fmt.Sprintf("value %d of %s", i, describeSymbol(s))
	}
	return describeSymbol(s)
}

// describeNode describes a dag's operator: an op's signature, a directive.
func describeNode(n *DagNode) string {
	switch n.Kind {
	case NodeOp:
		if n.Op == nil {
			return "`" + n.OperatorName() + "` is not an op"
		}
		return "`" + n.Op.Name + "` " + signature(n.Op) + " -> " + resultList(n.Op)
	case NodeNativeCodeCall:
		return fmt.Sprintf("NativeCodeCall `%s` (%s): %s", n.OperatorName(), plural(n.NumReturns(), "return"), n.NativeCode())
	}
	return "directive `" + n.OperatorName() + "`"
}

func resultList(op *ods.Op) string {
	s := "(outs"
	for i, r := range op.Results {
		if i > 0 {
			s += ","
		}
		c := "?"
		if r.Decl != nil {
			c = r.Decl.NameString()
			if r.Decl.Anonymous && r.Constraint != nil {
				c = r.Constraint.NameString()
			}
		}
		s += " " + c
		if r.Name != "" {
			s += ":$" + r.Name
		}
	}
	return s + ")"
}

// Hover describes the pattern: its root op, benefit and the ops it makes.
func (p *Pattern) Hover() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "pattern %s", p.displayName())
	if op := p.RootOp(); op != nil {
		fmt.Fprintf(&sb, "\nroot: `%s`", op.Name)
	}
	if b, ok := p.Benefit(); ok {
		fmt.Fprintf(&sb, "\nbenefit: %d", b)
		if p.Source != nil {
			fmt.Fprintf(&sb, " (%s matched", plural(p.Source.NumOps(), "op"))
			if b != p.Source.NumOps() {
				fmt.Fprintf(&sb, " %+d", b-p.Source.NumOps())
			}
			sb.WriteString(")")
		}
	}
	var gen []string
	for _, op := range p.GeneratedOps() {
		gen = append(gen, "`"+op.Name+"`")
	}
	if len(gen) > 0 {
		fmt.Fprintf(&sb, "\ngenerates: %s", strings.Join(gen, ", "))
	}
	return sb.String()
}

// InlayHint labels a dag argument with the ODS argument it stands for.
type InlayHint struct {
	Pos   tablegen.Pos
	Label string
}

// InlayHints returns `name:` before each argument of the op dags written in
// r, skipping arguments whose `$name` already says it.
func (s *PatternSet) InlayHints(r tablegen.Range) []InlayHint {
	var out []InlayHint
	seen := map[tablegen.Pos]bool{}
	for _, p := range s.Patterns {
		for _, top := range p.dags() {
			top.Walk(func(n *DagNode) bool {
				if !n.Exact || n.Kind != NodeOp || n.Op == nil || n.Range.End < r.Start || n.Range.Start > r.End {
					return true
				}
				for _, h := range argHints(n) {
					if !seen[h.Pos] && h.Pos >= r.Start && h.Pos <= r.End {
						seen[h.Pos] = true
						out = append(out, h)
					}
				}
				return true
			})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
}

func argHints(n *DagNode) []InlayHint {
	var out []InlayHint
	hint := func(a Arg, i int) {
		if i >= len(n.Op.Args) {
			return
		}
		name := n.Op.Args[i].Name
		if name == "" || a.ArgName() == name {
			return
		}
		out = append(out, InlayHint{Pos: a.ArgRange().Start, Label: name + ":"})
	}
	idx := 0
	for _, a := range n.Args {
		if c, ok := a.(*DagNode); ok {
			switch c.Kind {
			case NodeLocation, NodeReturnType:
				continue
			case NodeEither:
				for _, ea := range c.Args {
					hint(ea, idx)
					idx++
				}
				continue
			}
		}
		hint(a, idx)
		idx++
	}
	return out
}

// ArgumentNames returns the ODS argument name at each argument position of
// an op dag ("" where unnamed or beyond the op's arguments).
func ArgumentNames(n *DagNode) []string {
	out := make([]string, len(n.Args))
	if n.Op == nil {
		return out
	}
	for _, h := range argHints(n) {
		for i, a := range n.Args {
			if a.ArgRange().Start == h.Pos {
				out[i] = strings.TrimSuffix(h.Label, ":")
			}
		}
	}
	return out
}

// CompletionItem is a candidate at a position inside a pattern.
type CompletionItem struct {
	Label  string
	Kind   string // "symbol", "directive", "nativecall", "op"
	Detail string
}

// Completion returns what may be written at pos: bound symbols in result
// patterns and constraints, and the directives legal in that part.
func (s *PatternSet) Completion(pos tablegen.Pos) []CompletionItem {
	p := s.PatternAt(pos)
	if p == nil {
		return nil
	}
	loc := p.At(pos)
	part := loc.Part
	if part < 0 {
		part = PartResult
		if p.Source != nil && pos < p.Source.Range.Start {
			part = PartSource
		}
	}
	var out []CompletionItem
	symbols := func(sourceOnly bool) {
		for _, name := range p.Symbols.Names() {
			sym := p.Symbols.Lookup(name)
			if sourceOnly && sym.Part != PartSource {
				continue
			}
			out = append(out, CompletionItem{Label: "$" + name, Kind: "symbol", Detail: describeSymbol(sym)})
		}
	}
	dir := func(names ...string) {
		for _, n := range names {
			out = append(out, CompletionItem{Label: n, Kind: "directive"})
		}
	}
	switch part {
	case PartSource:
		dir("either", "variadic")
		out = append(out, CompletionItem{Label: "$_", Kind: "symbol", Detail: "ignore this argument"})
	case PartConstraint:
		symbols(true)
	default:
		symbols(false)
		dir("replaceWithValue", "location", "returnType", "variadic")
		for _, d := range s.Result.Defs {
			if isA(d, "NativeCodeCall") {
				out = append(out, CompletionItem{Label: d.NameString(), Kind: "nativecall", Detail: nativeCode(d)})
			}
		}
	}
	return out
}

// Signature is an op's argument list for signature help, with the index
// of the argument pos is in (-1 when none).
func (loc *Location) Signature(pos tablegen.Pos) (label string, params []string, active int) {
	n := loc.Node
	for n != nil && (n.Kind != NodeOp || n.Op == nil) {
		n = n.Parent
	}
	if n == nil {
		return "", nil, -1
	}
	for _, a := range n.Op.Args {
		params = append(params, argDeclText(a))
	}
	active = -1
	idx := 0
	for _, a := range n.Args {
		if c, ok := a.(*DagNode); ok && (c.Kind == NodeLocation || c.Kind == NodeReturnType) {
			continue
		}
		if pos <= a.ArgRange().End {
			active = idx
			break
		}
		idx++
	}
	if active < 0 {
		active = min(idx, len(params)-1)
	}
	return "(" + n.OperatorName() + " " + strings.Join(params, ", ") + ")", params, active
}
