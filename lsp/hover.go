package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

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
	md := h.Markdown
	for i := len(h.Links) - 1; i >= 0; i-- {
		l := h.Links[i]
		pos := position(l.File, l.Range.Start)
		target := fmt.Sprintf("%s#L%d,%d", uriOf(l.File.Name), pos.Line+1, pos.Character+1)
		md = strings.ReplaceAll(md, "("+ide.LinkTarget(i)+")", "("+target+")")
	}
	return md
}
