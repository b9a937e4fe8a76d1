package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
)

func init() { handle("textDocument/hover", hover) }

func hover(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.HoverParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return nil, err
	}
	h, ok := ide.Hover(ctx, v, v.Pos(offsetOf(v.File, p.Position)))
	if !ok {
		return nil, nil
	}
	r := rangeOf(v.File, h.Range)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: h.Markdown}, Range: &r}, nil
}
