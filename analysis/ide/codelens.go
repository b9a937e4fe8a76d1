package ide

import (
	"context"
	"fmt"

	"tdls/analysis"
	"tdls/drr"
	"tdls/tablegen"
)

// CodeLens is a clickable line above a definition: its title, and the
// place a click opens.
type CodeLens struct {
	Range  tablegen.Range
	Title  string
	Target analysis.Location
}

// CodeLenses lists above each op defined in the file, and above each
// pattern defined in it, the patterns of the unit rooted at that op, one
// lens per pattern in the order the pattern applicator tries them
// (benefit, then the order populateWithGenerated adds them); a click on
// one opens that pattern.
func CodeLenses(ctx context.Context, v *analysis.FileView) []CodeLens {
	m := modelsWithin(ctx, v.Unit)
	if m == nil || m.Patterns == nil || len(m.Patterns.Patterns) == 0 {
		return nil
	}
	var out []CodeLens
	for _, op := range m.Ops.Ops {
		if v.File.Contains(op.Range.Start) {
			out = append(out, patternLenses(v.Unit, op.Range, m.Patterns.RootedAt(op), nil)...)
		}
	}
	for _, p := range m.Patterns.Patterns {
		if root := p.RootOp(); root != nil && v.File.Contains(p.DefRange.Start) {
			out = append(out, patternLenses(v.Unit, p.DefRange, m.Patterns.RootedAt(root), p)...)
		}
	}
	return out
}

// patternLenses are the lenses at r for the patterns ps of one root op,
// current (if any) marked.
func patternLenses(u *analysis.Unit, r tablegen.Range, ps []*drr.Pattern, current *drr.Pattern) []CodeLens {
	var out []CodeLens
	for i, p := range ps {
		loc, ok := locationIn(u, p.DefRange)
		if !ok {
			continue
		}
		benefit := "?"
		if n, ok := p.Benefit(); ok {
			benefit = fmt.Sprint(n)
		}
		title := fmt.Sprintf("%d/%d %s · benefit %s", i+1, len(ps), lensName(p), benefit)
		if p == current {
			title = "▸ " + title
		}
		out = append(out, CodeLens{Range: r, Title: title, Target: loc})
	}
	return out
}

func lensName(p *drr.Pattern) string {
	if p.Record != nil && p.Record.Anonymous {
		return "anonymous pattern"
	}
	return p.Name
}
