package ide

import (
	"context"

	"tdls/analysis"
	"tdls/tablegen"
)

// Highlight is an occurrence of the name under the cursor in its file;
// Write marks a declaration, a binding or a `let`.
type Highlight struct {
	Range tablegen.Range
	Write bool
}

// DocumentHighlight returns the occurrences in this file of the name at p:
// of a pattern's `$symbol` in its pattern, of any other name wherever the
// resolver finds it.
func DocumentHighlight(ctx context.Context, v *analysis.FileView, p tablegen.Pos) []Highlight {
	refs, ok := symbolRefs(ctx, v, p)
	if !ok {
		t, found := v.TargetAt(ctx, p)
		if !found {
			return nil
		}
		refs = v.RefsTo(ctx, t)
	}
	out := make([]Highlight, 0, len(refs))
	for _, r := range refs {
		out = append(out, Highlight{Range: r.Range, Write: r.Role != analysis.RoleUse})
	}
	return out
}
