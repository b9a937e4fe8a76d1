package ide

import (
	"context"
	"fmt"
	"strings"

	"tdls/analysis"
	"tdls/drr"
	"tdls/tablegen"
)

// HoverResult is markdown about the thing at a position. Links are the
// places its links point at, written as placeholders that
// MarkdownLinkedTo replaces.
type HoverResult struct {
	Range    tablegen.Range
	Markdown string
	Links    []analysis.Location
}

// MarkdownLinkedTo is the markdown with each link's destination the target
// of its place (an editor's URI for it).
func (h HoverResult) MarkdownLinkedTo(target func(analysis.Location) string) string {
	md := h.Markdown
	for i := len(h.Links) - 1; i >= 0; i-- {
		md = strings.ReplaceAll(md, "("+linkTarget(i)+")", "("+target(h.Links[i])+")")
	}
	return md
}

// Hover describes what is at p. Where the op and pattern models know more
// than the records, they answer: `$symbols`, directives and the def names
// of patterns, ops (at their def, at every reference and as a pattern's dag
// operator), the entries of an op's argument and result lists. Then the
// syntax: include file names and !operators. Then the declared name at p
// (records, classes, fields, template arguments, defvars, ...).
func Hover(ctx context.Context, v *analysis.FileView, p tablegen.Pos) (HoverResult, bool) {
	if h, ok := modelHover(ctx, v, p); ok {
		return h, true
	}
	if h, ok := syntaxHover(v, p); ok {
		return h, true
	}
	t, ok := v.TargetAt(ctx, p)
	if !ok {
		return HoverResult{}, false
	}
	return HoverResult{Range: t.Ref.Range, Markdown: describe(v, t, p, recordsWithin(ctx, v.Unit))}, true
}

// syntaxHover answers what the parse alone knows: !operators (signature and
// description) and include file names (the resolved path).
func syntaxHover(v *analysis.FileView, p tablegen.Pos) (HoverResult, bool) {
	if inc, ok := includeAt(v, p); ok {
		if inc.File == nil {
			return HoverResult{Range: inc.NameRng, Markdown: fmt.Sprintf("`%s`\n***\nnot found", inc.Name)}, true
		}
		return HoverResult{Range: inc.NameRng, Markdown: fmt.Sprintf("**include** `%s`\n***\n%s", inc.Name, inc.File.Name)}, true
	}
	i := v.TokenAt(p)
	if i < 0 {
		return HoverResult{}, false
	}
	t := v.Tokens()[i]
	if t.Kind == tablegen.TokBang {
		doc, ok := tablegen.BangOperators[t.Text[1:]]
		if !ok {
			return HoverResult{Range: t.Range(), Markdown: tablegen.UnknownBang(t.Text)}, true
		}
		return HoverResult{Range: t.Range(), Markdown: fmt.Sprintf("```tablegen\n%s\n```\n***\n%s", signatureOf(doc), descriptionOf(doc))}, true
	}
	return HoverResult{}, false
}

func descriptionOf(doc string) string {
	sig := signatureOf(doc)
	if len(doc) > len(sig)+2 {
		return doc[len(sig)+2:]
	}
	return doc
}

// modelHover answers from the op and pattern models, at names only (and
// the `def` of an anonymous pattern): hovers on operators and includes need
// no evaluation.
func modelHover(ctx context.Context, v *analysis.FileView, p tablegen.Pos) (HoverResult, bool) {
	toks := v.Tokens()
	i := v.TokenAt(p)
	if i < 0 {
		return HoverResult{}, false
	}
	inText := toks[i].Kind == tablegen.TokString || toks[i].Kind == tablegen.TokCode
	if toks[i].Kind != tablegen.TokIdent && toks[i].Kind != tablegen.TokVarName && toks[i].Text != "def" && !inText {
		return HoverResult{}, false
	}
	m := modelsWithin(ctx, v.Unit)
	if m == nil {
		return HoverResult{}, false
	}
	if inText {
		// A `$parameter` in a format, a method or case name in a list.
		return dialectHover(v, m, p)
	}
	if h, ok := patternHover(v, m, p); ok {
		return h, true
	}
	if op, r, ok := opAt(v, m, p); ok {
		md, links := opHover(v.Unit, m, op)
		return HoverResult{Range: r, Markdown: md, Links: links}, true
	}
	if h, ok := dialectHover(v, m, p); ok {
		return h, true
	}
	return opEntityHover(v, m, p)
}

// patternHover describes a `$symbol`, a directive or NativeCodeCall
// operator, or a pattern at its def name. Op operators are left to the op
// hover, which shows the whole op.
func patternHover(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) (HoverResult, bool) {
	loc := m.Patterns.At(p)
	if loc != nil {
		switch {
		case loc.Symbol != nil:
			return HoverResult{Range: symbolRange(loc), Markdown: loc.Hover()}, true
		case loc.Use != nil:
			return HoverResult{Range: loc.Use.Range, Markdown: loc.Hover()}, true
		case loc.Node != nil && loc.OnOperator && loc.Node.Kind != drr.NodeOp:
			return HoverResult{Range: loc.Node.OperatorRange, Markdown: loc.Hover()}, true
		}
	}
	for _, pat := range m.Patterns.Patterns {
		if covers(pat.DefRange, p) && v.File.Contains(pat.DefRange.Start) {
			h := HoverResult{Range: pat.DefRange, Markdown: strings.ReplaceAll(pat.Hover(), "\n", "  \n")}
			if root := pat.RootOp(); root != nil {
				md, links := rootedPatternsMarkdown(v.Unit, root, m.Patterns.RootedAt(root), pat)
				h.Markdown += "\n***\n" + md
				h.Links = links
			}
			return h, true
		}
	}
	return HoverResult{}, false
}

// symbolRange is the `$name` at a location: the binding or the use.
func symbolRange(loc *drr.Location) tablegen.Range {
	if loc.Use != nil {
		return loc.Use.Range
	}
	return loc.Symbol.Range
}
