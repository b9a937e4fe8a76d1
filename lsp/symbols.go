package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
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
	return convertSymbols(v, ide.DocumentSymbols(ctx, v)), nil
}

func convertSymbols(v *analysis.FileView, syms []ide.Symbol) []protocol.DocumentSymbol {
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

func symbolKind(k ide.SymbolKind) protocol.SymbolKind {
	switch k {
	case ide.SymClass:
		return protocol.SymbolKindClass
	case ide.SymDef:
		return protocol.SymbolKindObject
	case ide.SymDefm:
		return protocol.SymbolKindObject
	case ide.SymMulticlass:
		return protocol.SymbolKindModule
	case ide.SymDefset:
		return protocol.SymbolKindArray
	case ide.SymDefvar:
		return protocol.SymbolKindVariable
	case ide.SymDeftype:
		return protocol.SymbolKindTypeParameter
	case ide.SymField:
		return protocol.SymbolKindField
	case ide.SymTemplateArg:
		return protocol.SymbolKindTypeParameter
	}
	return protocol.SymbolKindNamespace // let, foreach, if blocks
}
