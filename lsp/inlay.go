package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
	"tdls/tablegen"
)

func init() { handle("textDocument/inlayHint", inlayHint) }

type inlayHintParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Range        protocol.Range                  `json:"range"`
}

func inlayHint(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p inlayHintParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return []any{}, err
	}
	r := tablegen.Range{Start: v.Pos(offsetOf(v.File, p.Range.Start)), End: v.Pos(offsetOf(v.File, p.Range.End))}
	hints := ide.InlayHints(ctx, v, r, s.drrArgumentHints())
	out := make([]map[string]any, 0, len(hints))
	for _, h := range hints {
		out = append(out, map[string]any{
			"position":     position(v.File, h.Pos),
			"label":        h.Label,
			"kind":         2, // Parameter
			"paddingRight": true,
		})
	}
	return out, nil
}
