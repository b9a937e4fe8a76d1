package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
)

func init() { handle("textDocument/foldingRange", foldingRange) }

func foldingRange(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.FoldingRangeParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return []protocol.FoldingRange{}, err
	}
	folds := ide.FoldingRanges(v)
	out := make([]protocol.FoldingRange, 0, len(folds))
	for _, f := range folds {
		r := protocol.FoldingRange{StartLine: uint32(f.StartLine), EndLine: uint32(f.EndLine), Kind: protocol.RegionFoldingRange}
		if f.Comment {
			r.Kind = protocol.CommentFoldingRange
		}
		out = append(out, r)
	}
	return out, nil
}
