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

// DocumentHighlight returns the occurrences in this file of what Classify
// finds at p: of a pattern's `$symbol` in its pattern, of the name of
// every other kind wherever the resolver finds it.
func DocumentHighlight(ctx context.Context, v *analysis.FileView, p tablegen.Pos) []Highlight {
	t := Classify(ctx, v, p)
	var refs []analysis.Ref
	if t.Kind == KindSymbol {
		refs = symbolRefs(v, t)
	} else if name, ok := t.Name(ctx); ok {
		refs = v.RefsTo(ctx, name)
	} else {
		return nil
	}
	out := make([]Highlight, 0, len(refs))
	for _, r := range refs {
		out = append(out, Highlight{Range: r.Range, Write: r.Role != analysis.RoleUse})
	}
	return out
}
