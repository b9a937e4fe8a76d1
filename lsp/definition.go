package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
)

func init() { handle("textDocument/definition", definition) }

func definition(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.DefinitionParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return []protocol.Location{}, err
	}
	return locations(ide.Definition(ctx, v, v.Pos(offsetOf(v.File, p.Position)))), nil
}

// locations converts analysis locations.
func locations(locs []analysis.Location) []protocol.Location {
	out := make([]protocol.Location, 0, len(locs))
	for _, l := range locs {
		out = append(out, protocol.Location{URI: uriOf(l.File.Name), Range: rangeOf(l.File, l.Range)})
	}
	return out
}
