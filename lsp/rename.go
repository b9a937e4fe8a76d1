package lsp

import (
	"context"
	"encoding/json"
	"errors"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
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
	r, name, err := ide.PrepareRename(ctx, snap, v, v.Pos(offsetOf(v.File, p.Position)))
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
	edits, err := ide.Rename(ctx, snap, v, v.Pos(offsetOf(v.File, p.Position)), p.NewName)
	if err != nil {
		return nil, renameError(err)
	}
	return protocol.WorkspaceEdit{Changes: workspaceChanges(edits)}, nil
}

// renameError turns a refusal into an error the client shows.
func renameError(err error) error {
	var re *ide.RenameError
	if errors.As(err, &re) {
		return jsonrpc2.NewError(jsonrpc2.InvalidRequest, re.Reason)
	}
	return err
}

// workspaceChanges converts edits, by file.
func workspaceChanges(edits []ide.Edit) map[protocol.DocumentURI][]protocol.TextEdit {
	changes := map[protocol.DocumentURI][]protocol.TextEdit{}
	for _, e := range edits {
		u := uriOf(e.File.Name)
		changes[u] = append(changes[u], protocol.TextEdit{Range: rangeOf(e.File, e.Range), NewText: e.NewText})
	}
	return changes
}
