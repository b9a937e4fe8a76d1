package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
)

func init() { handle("textDocument/documentHighlight", documentHighlight) }

func documentHighlight(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.DocumentHighlightParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return []protocol.DocumentHighlight{}, err
	}
	hs := ide.DocumentHighlight(ctx, v, v.Pos(offsetOf(v.File, p.Position)))
	out := make([]protocol.DocumentHighlight, 0, len(hs))
	for _, h := range hs {
		kind := protocol.DocumentHighlightKindRead
		if h.Write {
			kind = protocol.DocumentHighlightKindWrite
		}
		out = append(out, protocol.DocumentHighlight{Range: rangeOf(v.File, h.Range), Kind: kind})
	}
	return out, nil
}
