package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
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
	pos := v.Pos(offsetOf(v.File, p.Position))
	h, ok := v.MLIRHover(ctx, pos) // ops and patterns (analysis/ops.go)
	if !ok {
		h, ok = v.HoverAt(ctx, pos)
	}
	if !ok {
		return nil, nil
	}
	r := rangeOf(v.File, h.Range)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: h.Markdown}, Range: &r}, nil
}
