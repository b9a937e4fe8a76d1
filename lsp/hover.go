package lsp

import (
	"context"
	"encoding/json"
	"fmt"

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
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: linkTargets(h)}, Range: &r}, nil
}

// linkTargets writes the hover's links as file URIs with the line and
// column they point at (`file:///a.td#L12,5`, which editors open there).
func linkTargets(h ide.HoverResult) string {
	return h.MarkdownLinkedTo(func(l analysis.Location) string {
		pos := position(l.File, l.Range.Start)
		return fmt.Sprintf("%s#L%d,%d", uriOf(l.File.Name), pos.Line+1, pos.Character+1)
	})
}
