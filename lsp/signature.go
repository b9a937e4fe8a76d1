package lsp

import (
	"context"
	"encoding/json"
	"strings"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
)

func init() { handle("textDocument/signatureHelp", signatureHelp) }

func signatureHelp(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	// Only the document and position are read: the context echoes the
	// last answer, whose offset labels protocol.SignatureHelpParams cannot
	// hold.
	var p protocol.TextDocumentPositionParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return nil, err
	}
	sig, ok := ide.SignatureHelp(ctx, v, v.Pos(offsetOf(v.File, p.Position)))
	if !ok {
		return nil, nil
	}
	// protocol.ParameterInformation allows only string labels; offsets
	// into the signature label are unambiguous when names repeat.
	type param struct {
		Label [2]uint32 `json:"label"`
	}
	info := struct {
		Label         string                  `json:"label"`
		Documentation *protocol.MarkupContent `json:"documentation,omitempty"`
		Parameters    []any                   `json:"parameters"`
	}{Label: sig.Label}
	if sig.Doc != "" {
		info.Documentation = &protocol.MarkupContent{Kind: protocol.Markdown, Value: sig.Doc}
	}
	from := 0
	for _, prm := range sig.Params {
		// Offsets into the label (UTF-16 code units; labels are ASCII).
		at := strings.Index(sig.Label[from:], prm)
		if at < 0 {
			info.Parameters = append(info.Parameters, map[string]string{"label": prm})
			continue
		}
		start := from + at
		info.Parameters = append(info.Parameters, param{Label: [2]uint32{uint32(start), uint32(start + len(prm))}})
		from = start + len(prm)
	}
	return map[string]any{"signatures": []any{info}, "activeSignature": 0, "activeParameter": sig.Active}, nil
}
