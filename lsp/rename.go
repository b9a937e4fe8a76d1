package lsp

import (
	"context"
	"encoding/json"
	"errors"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/tablegen"
)

func init() {
	handle("textDocument/prepareRename", prepareRename)
	handle("textDocument/rename", rename)
}

func prepareRename(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.PrepareRenameParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return nil, err
	}
	if res, ok := prepareSymbolRename(ctx, v, v.Pos(offsetOf(v.File, p.Position))); ok { // rename_drr.go
		return res, nil
	}
	r, name, err := snap.PrepareRename(ctx, v, v.Pos(offsetOf(v.File, p.Position)))
	if err != nil {
		return nil, renameError(err)
	}
	return map[string]any{"range": rangeOf(v.File, r), "placeholder": name}, nil
}

func rename(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.RenameParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return nil, err
	}
	if res, ok, err := renameSymbol(ctx, v, v.Pos(offsetOf(v.File, p.Position)), p.NewName); ok { // rename_drr.go
		return res, err
	}
	edits, err := snap.Rename(ctx, v, v.Pos(offsetOf(v.File, p.Position)), p.NewName)
	if err != nil {
		return nil, renameError(err)
	}
	files := map[string]*tablegen.File{}
	changes := map[protocol.DocumentURI][]protocol.TextEdit{}
	for path, occ := range edits {
		f := fileFor(snap, v.Unit, path, files)
		if f == nil {
			continue
		}
		for _, o := range occ {
			changes[uriOf(path)] = append(changes[uriOf(path)], protocol.TextEdit{
				Range: rangeOf(f, tablegen.Range{Start: f.Pos(o.Start), End: f.Pos(o.End)}), NewText: p.NewName})
		}
	}
	return protocol.WorkspaceEdit{Changes: changes}, nil
}

// renameError turns a refusal into an error the client shows.
func renameError(err error) error {
	var re *analysis.RenameError
	if errors.As(err, &re) {
		return jsonrpc2.NewError(jsonrpc2.InvalidRequest, re.Reason)
	}
	return err
}
