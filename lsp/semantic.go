package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
)

func init() { handle("textDocument/semanticTokens/full", semanticTokensFull) }

func semanticTokensFull(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.SemanticTokensParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return &protocol.SemanticTokens{Data: []uint32{}}, err
	}
	toks, err := ide.SemanticTokens(ctx, v)
	if err != nil {
		return nil, err
	}
	return &protocol.SemanticTokens{Data: encodeSemanticTokens(v, toks)}, nil
}

// tokenTypes is the legend of token types the server advertises: the LSP
// name of each ide.TokenType, by index.
func tokenTypes() []string {
	return []string{
		ide.TokKeyword: "keyword", ide.TokTypeName: "type", ide.TokClassName: "class", ide.TokRecord: "variable",
		ide.TokField: "property", ide.TokTemplateArg: "typeParameter", ide.TokVariable: "variable",
		ide.TokDagName: "parameter", ide.TokBang: "function", ide.TokString: "string", ide.TokNumber: "number",
		ide.TokCode: "string", ide.TokOperator: "operator",
	}
}

// tokenModifiers is the legend of modifiers, by bit (ide.ModDeclaration,
// ide.ModReadonly, ide.ModDefaultLibrary).
func tokenModifiers() []string { return []string{"declaration", "readonly", "defaultLibrary"} }

// encodeSemanticTokens produces the relative five-integer encoding, split at
// line ends since clients need not support multi-line tokens.
func encodeSemanticTokens(v *analysis.FileView, toks []ide.SemanticToken) []uint32 {
	data := make([]uint32, 0, len(toks)*5)
	var prevLine, prevCol uint32
	f := v.File
	emit := func(line, col, length uint32, typ ide.TokenType, mods int) {
		if length == 0 {
			return
		}
		dl := line - prevLine
		dc := col
		if dl == 0 {
			dc = col - prevCol
		}
		data = append(data, dl, dc, length, uint32(typ), uint32(mods))
		prevLine, prevCol = line, col
	}
	for _, t := range toks {
		start, end := position(f, t.Range.Start), position(f, t.Range.End)
		for line := start.Line; line <= end.Line; line++ {
			col := uint32(0)
			if line == start.Line {
				col = start.Character
			}
			var stop uint32
			if line == end.Line {
				stop = end.Character
			} else {
				_, c := f.UTF16Column(f.LineEnd(int(line)))
				stop = uint32(c)
			}
			if stop > col {
				emit(line, col, stop-col, t.Type, t.Mods)
			}
		}
	}
	return data
}
