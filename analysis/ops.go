package analysis

import (
	"context"
	"sort"
	"strings"

	"tdls/drr"
	"tdls/ods"
	"tdls/tablegen"
)

// OpAt returns the op named at p, with the range naming it: the op's def
// name, a reference to the def, or the operator of a pattern dag that
// resolves to the op (also when written through a template argument).
func (v *FileView) OpAt(ctx context.Context, p tablegen.Pos) (*ods.Op, tablegen.Range, bool) {
	m := v.Unit.modelsWithin(ctx)
	if m == nil {
		return nil, tablegen.Range{}, false
	}
	return v.opAt(m, p)
}

func (v *FileView) opAt(m *Models, p tablegen.Pos) (*ods.Op, tablegen.Range, bool) {
	if op := m.Ops.OpAt(p); op != nil {
		return op, op.Range, true
	}
	if loc := m.Patterns.At(p); loc != nil && loc.Node != nil && loc.OnOperator && loc.Symbol == nil && loc.Use == nil && loc.Node.Op != nil {
		return loc.Node.Op, loc.Node.OperatorRange, true
	}
	if ref, ok := v.RefAt(p); ok && ref.Decl != nil && ref.Decl.Kind == DeclRecord {
		if op := m.Ops.OpByDef(ref.Decl.Name); op != nil {
			return op, ref.Range, true
		}
	}
	return nil, tablegen.Range{}, false
}

// opEntityHover describes the `$name` at p when it names an argument,
// result, region or successor in an op's `(ins ...)`, `(outs ...)`,
// `(region ...)` or `(successor ...)` dag. An entity written in a class
// body is shared by every op made from the class; the first one answers.
func (v *FileView) opEntityHover(m *Models, p tablegen.Pos) (Hover, bool) {
	i := v.TokenAt(p)
	if i < 0 || v.toks[i].Kind != tablegen.TokVarName {
		return Hover{}, false
	}
	tok := v.toks[i]
	name := strings.TrimPrefix(tok.Text, "$")
	in := func(r tablegen.Range) bool { return r.Start.IsValid() && r.Start <= tok.Pos && tok.End() <= r.End }
	for _, op := range m.Ops.Ops {
		for _, a := range op.Args {
			if a.Name == name && in(a.Range) {
				return Hover{Range: tok.Range(), Markdown: a.Markdown() + "\nof `" + op.Name + "`"}, true
			}
		}
		for _, r := range op.Results {
			if r.Name == name && in(r.Range) {
				return Hover{Range: tok.Range(), Markdown: r.Markdown() + "\nof `" + op.Name + "`"}, true
			}
		}
		for _, r := range op.Regions {
			if r.Name == name && in(r.Range) {
				return Hover{Range: tok.Range(), Markdown: entityMarkdown("region", r.Name, r.Summary, r.Accessors(), op)}, true
			}
		}
		for _, s := range op.Successors {
			if s.Name == name && in(s.Range) {
				return Hover{Range: tok.Range(), Markdown: entityMarkdown("successor", s.Name, s.Summary, s.Accessors(), op)}, true
			}
		}
	}
	return v.inheritedEntityHover(m, i)
}

// inheritedEntityHover describes a `$name` written in the `(ins ...)` or
// `(outs ...)` of a class (`Arguments<(ins ...)>` in its parents or a
// `let` in its body), through the first op made from the class. The op
// model keeps no ranges for what a class wrote, so the dag is read from
// the tokens.
func (v *FileView) inheritedEntityHover(m *Models, i int) (Hover, bool) {
	tok := v.toks[i]
	c := v.dagContextAt(tok.Pos)
	kind, open := c.innermost(v)
	if kind != tablegen.TokLParen || c.stmt < 0 || c.stmt+1 >= len(v.toks) {
		return Hover{}, false
	}
	dag, owner := v.dagOperator(open), v.toks[c.stmt+1].Text
	if dag != "ins" && dag != "outs" {
		return Hover{}, false
	}
	name := strings.TrimPrefix(tok.Text, "$")
	for _, op := range m.Ops.Ops {
		if op.Def.NameString() != owner && !isA(op.Def, owner) {
			continue
		}
		of := "\nof `" + op.Name + "`"
		if op.Def.NameString() != owner {
			of += " and every op made from `" + owner + "`"
		}
		if a := op.Arg(name); a != nil && dag == "ins" {
			return Hover{Range: tok.Range(), Markdown: a.Markdown() + of}, true
		}
		if r := op.Result(name); r != nil && dag == "outs" {
			return Hover{Range: tok.Range(), Markdown: r.Markdown() + of}, true
		}
	}
	return Hover{}, false
}

func entityMarkdown(kind, name, summary string, acc []ods.Accessor, op *ods.Op) string {
	var b strings.Builder
	b.WriteString("**" + kind + "** `" + name + "`")
	if summary != "" {
		b.WriteString(": " + summary)
	}
	b.WriteString("\n")
	if len(acc) > 0 {
		b.WriteString("\n```cpp\n")
		for _, x := range acc {
			b.WriteString(x.Signature + ";\n")
		}
		b.WriteString("```\n")
	}
	return b.String() + "\nof `" + op.Name + "`"
}

// MLIRHover answers hover where the op and pattern models know more than
// the records: `$symbols`, op operators and the def names of patterns
// (drrnav.go), ops at their def and at every reference, and the entries of
// an op's argument and result lists.
func (v *FileView) MLIRHover(ctx context.Context, p tablegen.Pos) (Hover, bool) {
	// Only names (and the `def` of an anonymous pattern): hovers on
	// operators and includes need no evaluation.
	if i := v.TokenAt(p); i < 0 || v.toks[i].Kind != tablegen.TokIdent && v.toks[i].Kind != tablegen.TokVarName && v.toks[i].Text != "def" {
		return Hover{}, false
	}
	m := v.Unit.modelsWithin(ctx)
	if m == nil {
		return Hover{}, false
	}
	if h, ok := v.patternHover(m, p); ok {
		return h, true
	}
	if op, r, ok := v.opAt(m, p); ok {
		return Hover{Range: r, Markdown: op.Markdown()}, true
	}
	return v.opEntityHover(m, p)
}

// opLocation is where op is defined.
func (u *Unit) opLocation(op *ods.Op) (Location, bool) {
	f := u.TG.Set.File(op.Range.Start)
	if f == nil || f.Name == "" {
		return Location{}, false
	}
	return Location{File: f, Range: op.Range}, true
}

// OpReferences returns the references of the op at p across the
// workspace: every place its def is named (as for any record) and, in
// the open files, every pattern dag whose operator resolves to it. ok is
// false when no op is at p.
func (s *Snapshot) OpReferences(ctx context.Context, v *FileView, p tablegen.Pos, includeDecl bool) ([]Occurrence, bool) {
	m := v.Unit.modelsWithin(ctx)
	if m == nil {
		return nil, false
	}
	op, _, ok := v.opAt(m, p)
	if !ok {
		return nil, false
	}
	loc, ok := v.Unit.opLocation(op)
	if !ok {
		return nil, false
	}
	defName, defPath, defOff := op.Def.NameString(), loc.File.Name, loc.File.Offset(loc.Range.Start)
	var out []Occurrence
	for _, r := range v.Unit.Refs(defPath) {
		if r.Role == RoleDecl && r.Range == op.Range && r.Decl != nil {
			out = s.occurrences(ctx, v.Unit, Target{Ref: r, Decl: r.Decl}, includeDecl)
			break
		}
	}
	if includeDecl {
		out = append(out, Occurrence{Path: defPath, Start: defOff, End: loc.File.Offset(loc.Range.End), Role: RoleDecl})
	}
	units := []*Unit{v.Unit}
	for _, path := range s.OpenFiles() {
		if u, err := s.UnitFor(ctx, path); err == nil && u != v.Unit {
			units = append(units, u)
		}
	}
	for _, u := range units {
		um := u.modelsWithin(ctx)
		if um == nil {
			continue
		}
		same := func(o *ods.Op) bool {
			if o == nil || o.Def.NameString() != defName {
				return false
			}
			l, ok := u.opLocation(o)
			return ok && l.File.Name == defPath && l.File.Offset(l.Range.Start) == defOff
		}
		for _, pat := range um.Patterns.Patterns {
			forEachNode(pat, func(n *drr.DagNode) {
				if n.Exact && n.Kind == drr.NodeOp && same(n.Op) {
					if f := u.TG.Set.File(n.OperatorRange.Start); f != nil {
						out = append(out, Occurrence{Path: f.Name, Start: f.Offset(n.OperatorRange.Start), End: f.Offset(n.OperatorRange.End), Role: RoleUse})
					}
				}
			})
		}
	}
	return dedupeOccurrences(out, includeDecl), true
}

// forEachNode calls f on every dag node of a pattern.
func forEachNode(p *drr.Pattern, f func(*drr.DagNode)) {
	tops := append([]*drr.DagNode{p.Source}, p.Results...)
	tops = append(tops, p.Constraints...)
	tops = append(tops, p.Supplemental...)
	for _, t := range tops {
		t.Walk(func(n *drr.DagNode) bool { f(n); return true })
	}
}

// SymbolsWithOps returns the outline of the file with each op's full name
// (`arith.addi`) as the detail of its def.
func (v *FileView) SymbolsWithOps(ctx context.Context) []Symbol {
	syms := v.Symbols()
	m := v.Unit.modelsWithin(ctx)
	if m == nil {
		return syms
	}
	names := map[tablegen.Pos]string{}
	for _, op := range m.Ops.Ops {
		if v.File.Contains(op.Range.Start) {
			names[op.Range.Start] = op.Name
		}
	}
	if len(names) == 0 {
		return syms
	}
	var mark func([]Symbol)
	mark = func(ss []Symbol) {
		for i := range ss {
			if n, ok := names[ss[i].Selection.Start]; ok && (ss[i].Kind == SymDef || ss[i].Kind == SymDefm) {
				ss[i].Detail = n
			}
			mark(ss[i].Children)
		}
	}
	mark(syms)
	return syms
}

// OpSymbols returns the ops of the open files' units whose full name
// (`arith.addi`) matches query, as workspace symbols named by op name with
// the def name as detail.
func (s *Snapshot) OpSymbols(ctx context.Context, query string) []WorkspaceSymbol {
	type key struct {
		path string
		off  int
	}
	seen := map[key]bool{}
	var out []WorkspaceSymbol
	for _, path := range s.OpenFiles() {
		u, err := s.UnitFor(ctx, path)
		if err != nil {
			continue
		}
		m := u.modelsWithin(ctx)
		if m == nil {
			continue
		}
		for _, op := range m.Ops.Ops {
			sc, ok := fuzzyScore(query, op.Name)
			if !ok {
				continue
			}
			loc, ok := u.opLocation(op)
			if !ok {
				continue
			}
			k := key{loc.File.Name, loc.File.Offset(loc.Range.Start)}
			if seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, WorkspaceSymbol{IndexedDecl: IndexedDecl{Kind: DeclRecord, Name: op.Name, Path: k.path,
				Start: k.off, End: loc.File.Offset(loc.Range.End), Detail: op.Def.NameString()}, score: sc})
		}
	}
	sortSymbols(out)
	if len(out) > maxWorkspaceSymbols {
		out = out[:maxWorkspaceSymbols]
	}
	return out
}

// WorkspaceSymbolsWithOps is WorkspaceSymbols with the ops of OpSymbols
// ranked among the declarations.
func (s *Snapshot) WorkspaceSymbolsWithOps(ctx context.Context, query string, open map[string][]IndexedDecl) []WorkspaceSymbol {
	out := append(s.OpSymbols(ctx, query), s.WorkspaceSymbols(query, open)...)
	sortSymbols(out)
	if len(out) > maxWorkspaceSymbols {
		out = out[:maxWorkspaceSymbols]
	}
	return out
}

func sortSymbols(out []WorkspaceSymbol) {
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score > out[j].score
		}
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Path < out[j].Path
	})
}
