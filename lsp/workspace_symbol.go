package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
)

func init() { handle("workspace/symbol", workspaceSymbol) }

func workspaceSymbol(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.WorkspaceSymbolParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	syms := ide.WorkspaceSymbols(ctx, snap, p.Query)
	out := make([]protocol.SymbolInformation, 0, len(syms))
	for _, sym := range syms {
		l := sym.Location
		out = append(out, protocol.SymbolInformation{
			Name:          sym.Name,
			Kind:          declSymbolKind(sym.Kind),
			Location:      protocol.Location{URI: uriOf(l.File.Name), Range: rangeOf(l.File, l.Range)},
			ContainerName: sym.Detail,
		})
	}
	return out, nil
}

func declSymbolKind(k analysis.DeclKind) protocol.SymbolKind {
	switch k {
	case analysis.DeclClass:
		return protocol.SymbolKindClass
	case analysis.DeclMulticlass:
		return protocol.SymbolKindModule
	case analysis.DeclDefset:
		return protocol.SymbolKindArray
	case analysis.DeclDefvar, analysis.DeclForeachVar, analysis.DeclLocal:
		return protocol.SymbolKindVariable
	case analysis.DeclTemplateArg, analysis.DeclDeftype:
		return protocol.SymbolKindTypeParameter
	case analysis.DeclField:
		return protocol.SymbolKindField
	}
	return protocol.SymbolKindObject
}
