package ide

import (
	"strings"

	"tdls/analysis"
	"tdls/codegen"
	"tdls/drr"
	"tdls/ods"
	"tdls/tablegen"
)

// opAt returns the op named at p, with the range naming it: the op's def
// name, a reference to the def, or the operator of a pattern dag that
// resolves to the op (also when written through a template argument).
func opAt(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) (*ods.Op, tablegen.Range, bool) {
	if op := m.Ops.OpAt(p); op != nil {
		return op, op.Range, true
	}
	if loc := m.Patterns.At(p); loc != nil && loc.Node != nil && loc.OnOperator && loc.Symbol == nil && loc.Use == nil && loc.Node.Op != nil {
		return loc.Node.Op, loc.Node.OperatorRange, true
	}
	if ref, ok := v.RefAt(p); ok && ref.Decl != nil && ref.Decl.Kind == analysis.DeclRecord {
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
func opEntityHover(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) (HoverResult, bool) {
	i := v.TokenAt(p)
	if i < 0 || v.Tokens()[i].Kind != tablegen.TokVarName {
		return HoverResult{}, false
	}
	tok := v.Tokens()[i]
	name := strings.TrimPrefix(tok.Text, "$")
	in := func(r tablegen.Range) bool { return r.Start.IsValid() && r.Start <= tok.Pos && tok.End() <= r.End }
	for _, op := range m.Ops.Ops {
		for _, a := range op.Args {
			if a.Name == name && in(a.Range) {
				return HoverResult{Range: tok.Range(), Markdown: a.Markdown() + accessorsMarkdown(op, name) + "\nof `" + op.Name + "`"}, true
			}
		}
		for _, r := range op.Results {
			if r.Name == name && in(r.Range) {
				return HoverResult{Range: tok.Range(), Markdown: r.Markdown() + accessorsMarkdown(op, name) + "\nof `" + op.Name + "`"}, true
			}
		}
		for _, r := range op.Regions {
			if r.Name == name && in(r.Range) {
				return HoverResult{Range: tok.Range(), Markdown: entityMarkdown("region", r.Name, r.Summary, op)}, true
			}
		}
		for _, s := range op.Successors {
			if s.Name == name && in(s.Range) {
				return HoverResult{Range: tok.Range(), Markdown: entityMarkdown("successor", s.Name, s.Summary, op)}, true
			}
		}
	}
	return inheritedEntityHover(v, m, i)
}

// inheritedEntityHover describes a `$name` written in the `(ins ...)` or
// `(outs ...)` of a class (`Arguments<(ins ...)>` in its parents or a
// `let` in its body), through the first op made from the class. The op
// model keeps no ranges for what a class wrote, so the dag is read from
// the tokens.
func inheritedEntityHover(v *analysis.FileView, m *analysis.Models, i int) (HoverResult, bool) {
	toks := v.Tokens()
	tok := toks[i]
	c := dagContextAt(v, tok.Pos)
	kind, open := c.innermost(v)
	if kind != tablegen.TokLParen || c.stmt < 0 || c.stmt+1 >= len(toks) {
		return HoverResult{}, false
	}
	dag, owner := dagOperator(v, open), toks[c.stmt+1].Text
	if dag != "ins" && dag != "outs" {
		return HoverResult{}, false
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
			return HoverResult{Range: tok.Range(), Markdown: a.Markdown() + accessorsMarkdown(op, name) + of}, true
		}
		if r := op.Result(name); r != nil && dag == "outs" {
			return HoverResult{Range: tok.Range(), Markdown: r.Markdown() + accessorsMarkdown(op, name) + of}, true
		}
	}
	return HoverResult{}, false
}

func entityMarkdown(kind, name, summary string, op *ods.Op) string {
	var b strings.Builder
	b.WriteString("**" + kind + "** `" + name + "`")
	if summary != "" {
		b.WriteString(": " + summary)
	}
	b.WriteString("\n")
	return b.String() + accessorsMarkdown(op, name) + "\nof `" + op.Name + "`"
}

// accessorsMarkdown lists the methods the generated op class declares for
// the op's argument, result, region or successor called name, as the
// op-declaration emitter writes them; nothing when the op has errors that
// keep it from being generated.
func accessorsMarkdown(op *ods.Op, name string) string {
	acc, err := codegen.OpAccessors(op, name)
	if err != nil || len(acc) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n```cpp\n")
	for _, a := range acc {
		b.WriteString(a.Declaration + ";\n")
	}
	b.WriteString("```\n")
	return b.String()
}

// opLocation is where op is defined.
func opLocation(u *analysis.Unit, op *ods.Op) (analysis.Location, bool) {
	return locationIn(u, op.Range)
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
