package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
)

func init() { handle("textDocument/completion", completion) }

func completion(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.CompletionParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return &protocol.CompletionList{Items: []protocol.CompletionItem{}}, err
	}
	off := offsetOf(v.File, p.Position)
	items := snap.CompleteWithModels(ctx, v, v.File.Content, off) // ops and patterns first (analysis/opcompletion.go)
	out := make([]protocol.CompletionItem, 0, len(items))
	for _, it := range items {
		ci := protocol.CompletionItem{Label: it.Label, Kind: completionKind(it.Kind), Detail: it.Detail}
		if it.Doc != "" {
			ci.Documentation = protocol.MarkupContent{Kind: protocol.Markdown, Value: it.Doc}
		}
		text := it.Label
		if it.Snippet != "" {
			text = it.Snippet
			ci.InsertTextFormat = protocol.InsertTextFormatSnippet
		}
		if it.Replace.Start.IsValid() {
			ci.TextEdit = &protocol.TextEdit{Range: rangeOf(v.File, it.Replace), NewText: text}
		} else {
			ci.InsertText = text
		}
		out = append(out, ci)
	}
	return &protocol.CompletionList{IsIncomplete: false, Items: out}, nil
}

func completionKind(k analysis.CompletionKind) protocol.CompletionItemKind {
	switch k {
	case analysis.CompKeyword:
		return protocol.CompletionItemKindKeyword
	case analysis.CompBang:
		return protocol.CompletionItemKindFunction
	case analysis.CompFile:
		return protocol.CompletionItemKindFile
	case analysis.CompFolder:
		return protocol.CompletionItemKindFolder
	case analysis.CompClass:
		return protocol.CompletionItemKindClass
	case analysis.CompField:
		return protocol.CompletionItemKindField
	}
	return protocol.CompletionItemKindVariable
}
