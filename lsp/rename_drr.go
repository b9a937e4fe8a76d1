package lsp

import (
	"context"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/tablegen"
)

// prepareSymbolRename answers prepareRename on a pattern's `$symbol`; ok
// is false elsewhere.
func prepareSymbolRename(ctx context.Context, v *analysis.FileView, pos tablegen.Pos) (any, bool) {
	r, name, ok := v.PrepareSymbolRename(ctx, pos)
	if !ok {
		return nil, false
	}
	return map[string]any{"range": rangeOf(v.File, r), "placeholder": name}, true
}

// renameSymbol renames a pattern's `$symbol` within the pattern; ok is
// false when pos is on none.
func renameSymbol(ctx context.Context, v *analysis.FileView, pos tablegen.Pos, newName string) (any, bool, error) {
	edits, ok, err := v.RenameSymbol(ctx, pos, newName)
	if !ok {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, jsonrpc2.NewError(jsonrpc2.InvalidRequest, err.Error())
	}
	return protocol.WorkspaceEdit{Changes: workspaceChanges(edits)}, true, nil
}

// workspaceChanges converts edits, by file.
func workspaceChanges(edits []analysis.Edit) map[protocol.DocumentURI][]protocol.TextEdit {
	changes := map[protocol.DocumentURI][]protocol.TextEdit{}
	for _, e := range edits {
		u := uriOf(e.File.Name)
		changes[u] = append(changes[u], protocol.TextEdit{Range: rangeOf(e.File, e.Range), NewText: e.NewText})
	}
	return changes
}
