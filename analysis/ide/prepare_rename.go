package ide

import (
	"context"

	"tdls/analysis"
	"tdls/tablegen"
)

// PrepareRename returns the range of the name at p that a rename replaces
// and the name to offer, for what Classify finds there: a pattern's
// `$symbol` (without a `__N` suffix) or a declared name. A refusal is a
// *RenameError.
func PrepareRename(ctx context.Context, snap *analysis.Snapshot, v *analysis.FileView, p tablegen.Pos) (tablegen.Range, string, error) {
	t := Classify(ctx, v, p)
	if t.Kind == KindSymbol {
		return tablegen.Range{Start: t.Range.Start, End: t.Range.Start + tablegen.Pos(1+len(t.Symbol))}, t.Symbol, nil
	}
	name, err := renamable(ctx, snap, &t)
	if err != nil {
		return tablegen.Range{}, "", err
	}
	return name.Ref.Range, name.Decl.Name, nil
}
