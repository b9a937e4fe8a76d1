package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/tablegen"
)

func init() { handle("workspace/symbol", workspaceSymbol) }

func workspaceSymbol(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.WorkspaceSymbolParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	open := map[string][]analysis.IndexedDecl{}
	for _, path := range snap.OpenFiles() {
		if u, err := snap.UnitFor(ctx, path); err == nil {
			open[path] = u.OpenDecls(path)
		}
	}
	syms := snap.WorkspaceSymbolsWithOps(ctx, p.Query, open) // ops by op name (analysis/ops.go)
	files := map[string]*tablegen.File{}
	out := make([]protocol.SymbolInformation, 0, len(syms))
	for _, sym := range syms {
		f := fileFor(snap, nil, sym.Path, files)
		if f == nil {
			continue
		}
		out = append(out, protocol.SymbolInformation{
			Name:          sym.Name,
			Kind:          declSymbolKind(sym.Kind),
			Location:      protocol.Location{URI: uriOf(sym.Path), Range: rangeOf(f, tablegen.Range{Start: f.Pos(sym.Start), End: f.Pos(sym.End)})},
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
