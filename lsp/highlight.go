package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
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
	pos := v.Pos(offsetOf(v.File, p.Position))
	refs, ok := v.PatternHighlight(ctx, pos) // $symbols (analysis/drrnav.go)
	if !ok {
		refs = v.Highlight(ctx, pos)
	}
	out := make([]protocol.DocumentHighlight, 0, len(refs))
	for _, r := range refs {
		kind := protocol.DocumentHighlightKindRead
		if r.Role != analysis.RoleUse {
			kind = protocol.DocumentHighlightKindWrite
		}
		out = append(out, protocol.DocumentHighlight{Range: rangeOf(v.File, r.Range), Kind: kind})
	}
	return out, nil
}
