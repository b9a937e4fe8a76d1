package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
)

// showLocationCommand opens a place (a code lens's target) in the editor
// through window/showDocument; its arguments are [uri, range].
const showLocationCommand = "tdls.showLocation"

func init() { handle("textDocument/codeLens", codeLens) }

func codeLens(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.CodeLensParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return []protocol.CodeLens{}, err
	}
	out := []protocol.CodeLens{}
	for _, l := range ide.CodeLenses(ctx, v) {
		if l.Target.File == nil {
			// Information only: a title with no command to run.
			out = append(out, protocol.CodeLens{Range: rangeOf(v.File, l.Range), Command: &protocol.Command{Title: l.Title}})
			continue
		}
		out = append(out, protocol.CodeLens{
			Range: rangeOf(v.File, l.Range),
			Command: &protocol.Command{
				Title:     l.Title,
				Command:   showLocationCommand,
				Arguments: []any{uriOf(l.Target.File.Name), rangeOf(l.Target.File, l.Target.Range)},
			},
		})
	}
	return out, nil
}

// showLocation asks the client to open the command's location, selected;
// the location is the command's result, for clients that open it
// themselves.
func (s *Server) showLocation(ctx context.Context, args []json.RawMessage) (any, error) {
	var loc protocol.Location
	if len(args) != 2 || json.Unmarshal(args[0], &loc.URI) != nil || json.Unmarshal(args[1], &loc.Range) != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, showLocationCommand+" takes [uri, range]")
	}
	if s.canShowDocument() {
		var res struct {
			Success bool `json:"success"`
		}
		if err := s.callClient(ctx, "window/showDocument", map[string]any{"uri": loc.URI, "selection": loc.Range, "takeFocus": true}, &res); err != nil {
			return nil, err
		}
	}
	return loc, nil
}
