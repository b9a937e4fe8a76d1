package ide

import (
	"context"

	"tdls/analysis"
	"tdls/tablegen"
)

// PrepareRename returns the range of the name at p that a rename replaces
// and the name to offer: a pattern's `$symbol` (without a `__N` suffix) or
// a declared name. A refusal is a *RenameError.
func PrepareRename(ctx context.Context, snap *analysis.Snapshot, v *analysis.FileView, p tablegen.Pos) (tablegen.Range, string, error) {
	if _, name, r, ok := symbolAt(ctx, v, p); ok {
		return tablegen.Range{Start: r.Start, End: r.Start + tablegen.Pos(1+len(name))}, name, nil
	}
	t, err := renameTarget(ctx, snap, v, p)
	if err != nil {
		return tablegen.Range{}, "", err
	}
	return t.Ref.Range, t.Decl.Name, nil
}
