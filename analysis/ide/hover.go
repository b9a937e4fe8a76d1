package ide

import (
	"context"
	"fmt"
	"strings"

	"tdls/analysis"
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

// Hover describes what Classify finds at p. Where the op and pattern
// models know more than the records, they answer: `$symbols`, directives
// and the def names of patterns, ops (at their def, at every reference and
// as a pattern's dag operator), the entries of an op's argument and result
// lists, the entities of a dialect and their parts. Then the syntax:
// include file names and !operators. Then the declared name (records,
// classes, fields, template arguments, defvars, ...).
func Hover(ctx context.Context, v *analysis.FileView, p tablegen.Pos) (HoverResult, bool) {
	t := Classify(ctx, v, p)
	h := HoverResult{Range: t.Range}
	switch t.Kind {
	case KindNone:
		if len(t.Cpp) == 0 {
			return HoverResult{}, false
		}
	case KindName:
		name, _ := t.Name(ctx)
		h.Markdown = describe(v, name, p, recordsWithin(ctx, v.Unit))
	case KindSymbol, KindDirective:
		h.Markdown = t.Loc.Hover()
	case KindPattern:
		h.Markdown = strings.ReplaceAll(t.Pattern.Hover(), "\n", "  \n")
		if root := t.Pattern.RootOp(); root != nil {
			md, links := rootedPatternsMarkdown(v.Unit, root, t.models.Patterns.RootedAt(root), t.Pattern)
			h.Markdown += "\n***\n" + md
			h.Links = links
		}
	case KindOp:
		h.Markdown, h.Links = opHover(v.Unit, t.models, t.Op)
	case KindOpEntry:
		h.Markdown = opEntryMarkdown(t.Op, t.Entry)
	case KindDialect:
		h.Markdown = dialectMarkdown(t.models.Ops, t.Record)
	case KindDialectPart:
		h.Markdown = t.Part.markdown()
	case KindInclude:
		if t.Include.File == nil {
			h.Markdown = fmt.Sprintf("`%s`\n***\nnot found", t.Include.Name)
		} else {
			h.Markdown = fmt.Sprintf("**include** `%s`\n***\n%s", t.Include.Name, t.Include.File.Name)
		}
	case KindBang:
		doc, ok := tablegen.BangOperators[t.Bang[1:]]
		if !ok {
			h.Markdown = tablegen.UnknownBang(t.Bang)
		} else {
			h.Markdown = fmt.Sprintf("```tablegen\n%s\n```\n***\n%s", signatureOf(doc), descriptionOf(doc))
		}
	}
	if len(t.Cpp) > 0 {
		md, links := cppMarkdown(v.Unit, t.Cpp, len(h.Links))
		if h.Markdown != "" {
			h.Markdown += "\n***\n"
		}
		h.Markdown += md
		h.Links = append(h.Links, links...)
	}
	return h, true
}

func descriptionOf(doc string) string {
	sig := signatureOf(doc)
	if len(doc) > len(sig)+2 {
		return doc[len(sig)+2:]
	}
	return doc
}
