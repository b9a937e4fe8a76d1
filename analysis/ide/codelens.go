package ide

import (
	"context"
	"fmt"

	"tdls/analysis"
	"tdls/drr"
	"tdls/tablegen"
)

// CodeLens is a clickable line above a definition: its title, and the
// place a click opens (none: File nil, a lens that only informs).
type CodeLens struct {
	Range  tablegen.Range
	Title  string
	Target analysis.Location
}

// CodeLenses lists, above each op defined in the file, the patterns of the
// unit rooted at that op, one lens per pattern in the order the pattern
// applicator tries them (benefit, then the order populateWithGenerated
// adds them), a click opening the pattern; and above each pattern defined
// in the file, its place in that order: a lens opening the root op's def
// (where the whole order is) and lenses opening the patterns tried just
// before and just after it. With a C++ index (FileView.WithCpp), above
// each entity whose requirements the file names, a lens per required
// member: opening its definition, or saying it was not found.
func CodeLenses(ctx context.Context, v *analysis.FileView) []CodeLens {
	m := modelsWithin(ctx, v.Unit)
	if m == nil {
		return nil
	}
	out := cppLenses(v, m)
	if m.Patterns == nil || len(m.Patterns.Patterns) == 0 {
		return out
	}
	for _, op := range m.Ops.Ops {
		if !v.File.Contains(op.Range.Start) {
			continue
		}
		ps := m.Patterns.RootedAt(op)
		for i, p := range ps {
			if loc, ok := locationIn(v.Unit, p.DefRange); ok {
				out = append(out, CodeLens{Range: op.Range, Title: fmt.Sprintf("%d/%d %s · benefit %s", i+1, len(ps), lensName(p), benefitText(p)), Target: loc})
			}
		}
	}
	for _, p := range m.Patterns.Patterns {
		root := p.RootOp()
		if root == nil || !v.File.Contains(p.DefRange.Start) {
			continue
		}
		ps := m.Patterns.RootedAt(root)
		k := 0
		for k < len(ps) && ps[k] != p {
			k++
		}
		if k == len(ps) {
			continue
		}
		if loc, ok := locationIn(v.Unit, root.Range); ok {
			out = append(out, CodeLens{Range: p.DefRange, Title: fmt.Sprintf("%d/%d patterns on %s · benefit %s", k+1, len(ps), root.Name, benefitText(p)), Target: loc})
		}
		if k > 0 {
			if loc, ok := locationIn(v.Unit, ps[k-1].DefRange); ok {
				out = append(out, CodeLens{Range: p.DefRange, Title: "tried after " + lensName(ps[k-1]), Target: loc})
			}
		}
		if k+1 < len(ps) {
			if loc, ok := locationIn(v.Unit, ps[k+1].DefRange); ok {
				out = append(out, CodeLens{Range: p.DefRange, Title: "before " + lensName(ps[k+1]), Target: loc})
			}
		}
	}
	return out
}

func benefitText(p *drr.Pattern) string {
	if n, ok := p.Benefit(); ok {
		return fmt.Sprint(n)
	}
	return "?"
}

func lensName(p *drr.Pattern) string {
	if p.Record != nil && p.Record.Anonymous {
		return "anonymous pattern (" + p.Name + ")"
	}
	return p.Name
}
