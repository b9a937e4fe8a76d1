package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/tablegen"
)

func init() { handle("textDocument/references", references) }

func references(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.ReferenceParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return []protocol.Location{}, err
	}
	pos := v.Pos(offsetOf(v.File, p.Position))
	// Pattern $symbols, then ops (analysis/drrnav.go, analysis/ops.go).
	if locs, ok := v.PatternReferences(ctx, pos, p.Context.IncludeDeclaration); ok {
		return locations(locs), nil
	}
	occ, ok := snap.OpReferences(ctx, v, pos, p.Context.IncludeDeclaration)
	if !ok {
		occ = snap.References(ctx, v, pos, p.Context.IncludeDeclaration)
	}
	return occurrenceLocations(snap, v.Unit, occ), nil
}

// occurrenceLocations converts occurrences, reading files outside u.
func occurrenceLocations(snap *analysis.Snapshot, u *analysis.Unit, occ []analysis.Occurrence) []protocol.Location {
	files := map[string]*tablegen.File{}
	out := make([]protocol.Location, 0, len(occ))
	for _, o := range occ {
		f := fileFor(snap, u, o.Path, files)
		if f == nil {
			continue
		}
		out = append(out, protocol.Location{URI: uriOf(o.Path), Range: rangeOf(f, tablegen.Range{Start: f.Pos(o.Start), End: f.Pos(o.End)})})
	}
	return out
}

// fileFor returns path as a File for position conversion: the unit's, or
// the snapshot's content of it.
func fileFor(snap *analysis.Snapshot, u *analysis.Unit, path string, cache map[string]*tablegen.File) *tablegen.File {
	if f, ok := cache[path]; ok {
		return f
	}
	var f *tablegen.File
	if u != nil {
		f = u.File(path)
	}
	if f == nil {
		if content, err := snap.ReadFile(path); err == nil {
			f = &tablegen.File{Name: path, Base: 1, Content: content}
		}
	}
	cache[path] = f
	return f
}
