package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
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
	items := ide.Completion(ctx, snap, v, v.File.Content, off)
	s.mu.Lock()
	shareRange := s.defaultEditRange
	s.mu.Unlock()
	list := completionList{Items: make([]completionItem, 0, len(items))}
	if shareRange && len(items) > 0 && sameReplace(items) {
		r := rangeOf(v.File, items[0].Replace)
		list.ItemDefaults = &completionDefaults{EditRange: &r}
	}
	for _, it := range items {
		ci := completionItem{CompletionItem: protocol.CompletionItem{Label: it.Label, Kind: completionKind(it.Kind), Detail: it.Detail}}
		if it.Doc != "" {
			ci.Documentation = protocol.MarkupContent{Kind: protocol.Markdown, Value: it.Doc}
		}
		text := it.Label
		if it.Snippet != "" {
			text = it.Snippet
			ci.InsertTextFormat = protocol.InsertTextFormatSnippet
		}
		switch {
		case list.ItemDefaults != nil:
			if text != it.Label {
				ci.TextEditText = text
			}
		case it.Replace.Start.IsValid():
			ci.TextEdit = &protocol.TextEdit{Range: rangeOf(v.File, it.Replace), NewText: text}
		default:
			ci.InsertText = text
		}
		list.Items = append(list.Items, ci)
	}
	return &list, nil
}

// completionList is protocol.CompletionList with LSP 3.17's itemDefaults:
// most lists replace the same word, and giving its range once instead of a
// textEdit per item makes a long list a third of the size.
type completionList struct {
	IsIncomplete bool                `json:"isIncomplete"`
	ItemDefaults *completionDefaults `json:"itemDefaults,omitempty"`
	Items        []completionItem    `json:"items"`
}

type completionDefaults struct {
	EditRange *protocol.Range `json:"editRange,omitempty"`
}

// completionItem adds LSP 3.17's textEditText (the text inserted over the
// default edit range, when it is not the label) to protocol.CompletionItem.
type completionItem struct {
	protocol.CompletionItem
	TextEditText string `json:"textEditText,omitempty"`
}

// sameReplace reports whether every item replaces the same range.
func sameReplace(items []ide.CompletionItem) bool {
	for _, it := range items {
		if it.Replace != items[0].Replace || !it.Replace.Start.IsValid() {
			return false
		}
	}
	return true
}

func completionKind(k ide.CompletionKind) protocol.CompletionItemKind {
	switch k {
	case ide.CompKeyword:
		return protocol.CompletionItemKindKeyword
	case ide.CompBang:
		return protocol.CompletionItemKindFunction
	case ide.CompFile:
		return protocol.CompletionItemKindFile
	case ide.CompFolder:
		return protocol.CompletionItemKindFolder
	case ide.CompClass:
		return protocol.CompletionItemKindClass
	case ide.CompField:
		return protocol.CompletionItemKindField
	}
	return protocol.CompletionItemKindVariable
}
