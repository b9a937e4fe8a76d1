package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
)

func init() { handle("textDocument/references", references) }

func references(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.ReferenceParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return []protocol.Location{}, err
	}
	return locations(ide.References(ctx, snap, v, v.Pos(offsetOf(v.File, p.Position)), p.Context.IncludeDeclaration)), nil
}
