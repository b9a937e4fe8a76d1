package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
)

func init() { handle("textDocument/documentSymbol", documentSymbol) }

func documentSymbol(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.DocumentSymbolParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return []protocol.DocumentSymbol{}, err
	}
	return convertSymbols(v, v.SymbolsWithOps(ctx)), nil // op names as detail (analysis/ops.go)
}

func convertSymbols(v *analysis.FileView, syms []analysis.Symbol) []protocol.DocumentSymbol {
	out := make([]protocol.DocumentSymbol, 0, len(syms))
	for _, sym := range syms {
		name := sym.Name
		if name == "" {
			name = "<unnamed>"
		}
		sel := sym.Selection
		if sel.Start < sym.Range.Start || sel.End > sym.Range.End {
			sel = sym.Range
		}
		out = append(out, protocol.DocumentSymbol{
			Name:           name,
			Detail:         sym.Detail,
			Kind:           symbolKind(sym.Kind),
			Range:          rangeOf(v.File, sym.Range),
			SelectionRange: rangeOf(v.File, sel),
			Children:       convertSymbols(v, sym.Children),
		})
	}
	return out
}

func symbolKind(k analysis.SymbolKind) protocol.SymbolKind {
	switch k {
	case analysis.SymClass:
		return protocol.SymbolKindClass
	case analysis.SymDef:
		return protocol.SymbolKindObject
	case analysis.SymDefm:
		return protocol.SymbolKindObject
	case analysis.SymMulticlass:
		return protocol.SymbolKindModule
	case analysis.SymDefset:
		return protocol.SymbolKindArray
	case analysis.SymDefvar:
		return protocol.SymbolKindVariable
	case analysis.SymDeftype:
		return protocol.SymbolKindTypeParameter
	case analysis.SymField:
		return protocol.SymbolKindField
	case analysis.SymTemplateArg:
		return protocol.SymbolKindTypeParameter
	}
	return protocol.SymbolKindNamespace // let, foreach, if blocks
}
