package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
	"tdls/tablegen/format"
)

// Formatting: the whole document, a range, and several ranges at once
// (LSP 3.18's textDocument/rangesFormatting, which VS Code's "format
// modified lines" sends). Each answers the minimal edits ide.Format makes.

func init() {
	handle("textDocument/formatting", formatting)
	handle("textDocument/rangeFormatting", rangeFormatting)
	handle("textDocument/rangesFormatting", rangesFormatting)
}

// rangesFormattingParams is LSP 3.18's DocumentRangesFormattingParams,
// which the vendored protocol predates.
type rangesFormattingParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Ranges       []protocol.Range                `json:"ranges"`
	Options      protocol.FormattingOptions      `json:"options"`
}

func formatting(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.DocumentFormattingParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	return formatEdits(snap, p.TextDocument.URI, nil)
}

func rangeFormatting(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.DocumentRangeFormattingParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	return formatEdits(snap, p.TextDocument.URI, []protocol.Range{p.Range})
}

func rangesFormatting(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p rangesFormattingParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	if len(p.Ranges) == 0 {
		return []protocol.TextEdit{}, nil
	}
	return formatEdits(snap, p.TextDocument.URI, p.Ranges)
}

// formatEdits formats the document, or the lines the ranges touch, and
// converts the edits.
func formatEdits(snap *analysis.Snapshot, u protocol.DocumentURI, ranges []protocol.Range) ([]protocol.TextEdit, error) {
	path, err := pathOf(u)
	if err != nil {
		return nil, err
	}
	edits, err := ide.Format(snap, path, formatLines(ranges))
	if err != nil {
		return nil, err
	}
	out := make([]protocol.TextEdit, 0, len(edits))
	for _, e := range edits {
		out = append(out, protocol.TextEdit{Range: rangeOf(e.File, e.Range), NewText: e.NewText})
	}
	return out, nil
}

// formatLines are the lines (1-based) ranges cover; a range that ends at
// the start of a line does not cover that line.
func formatLines(ranges []protocol.Range) []format.LineRange {
	var lines []format.LineRange
	for _, r := range ranges {
		first, last := int(r.Start.Line), int(r.End.Line)
		if last > first && r.End.Character == 0 {
			last--
		}
		if last < first {
			first, last = last, first
		}
		lines = append(lines, format.LineRange{First: first + 1, Last: last + 1})
	}
	return lines
}
