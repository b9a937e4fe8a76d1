package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
)

func init() { handle("textDocument/documentLink", documentLink) }

func documentLink(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.DocumentLinkParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return []protocol.DocumentLink{}, err
	}
	links := ide.DocumentLinks(v)
	out := make([]protocol.DocumentLink, 0, len(links))
	for _, l := range links {
		out = append(out, protocol.DocumentLink{Range: rangeOf(v.File, l.Range), Target: uriOf(l.Target), Tooltip: l.Target})
	}
	return out, nil
}
