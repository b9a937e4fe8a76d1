package lsp

import (
	"context"
	"encoding/json"
	"strings"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
	"tdls/tablegen"
)

func init() { handle("textDocument/codeAction", codeAction) }

// codeActionKinds are advertised in initialize: DRR quick fixes, and the
// file's rewriter preview as a source action (the pattern's own preview
// has no kind, so that editors list it with the fixes at the cursor).
var codeActionKinds = []string{string(protocol.QuickFix), string(protocol.Source)}

func codeAction(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p protocol.CodeActionParams
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	out := []protocol.CodeAction{}
	v, err := view(ctx, snap, p.TextDocument.URI)
	if err != nil || v == nil {
		return out, err
	}
	wants := func(kind protocol.CodeActionKind) bool {
		if len(p.Context.Only) == 0 {
			return true
		}
		for _, k := range p.Context.Only {
			if kind != "" && (kind == k || strings.HasPrefix(string(kind), string(k)+".")) {
				return true
			}
		}
		return false
	}
	r := tablegen.Range{Start: v.Pos(offsetOf(v.File, p.Range.Start)), End: v.Pos(offsetOf(v.File, p.Range.End))}
	actions := ide.CodeActions(ctx, v, r)
	if wants(protocol.QuickFix) {
		for _, fix := range actions.Fixes {
			d := fix.Diagnostic
			out = append(out, protocol.CodeAction{
				Title: fix.Title,
				Kind:  protocol.QuickFix,
				Diagnostics: []protocol.Diagnostic{{
					Range: rangeOf(d.File, d.Range), Severity: severity(d.Severity), Code: d.Code, Source: "tdls", Message: d.Message,
				}},
				Edit: &protocol.WorkspaceEdit{Changes: workspaceChanges(fix.Edits)},
			})
		}
	}
	if wants(protocol.QuickFix) {
		for _, st := range actions.CppStubs {
			out = append(out, protocol.CodeAction{Title: st.Title, Kind: protocol.QuickFix,
				Edit: &protocol.WorkspaceEdit{Changes: workspaceChanges([]ide.Edit{st.Edit})}})
		}
	}
	pt := actions.Preview
	if pt.OnPattern && len(p.Context.Only) == 0 {
		// An anonymous pattern's record name changes as patterns are added
		// above it: the position names it better.
		target := map[string]any{"uri": p.TextDocument.URI, "position": p.Range.Start, "kind": kindRewriter}
		if pt.Name != "" {
			target["name"] = pt.Name
		}
		out = append(out, protocol.CodeAction{
			Title:   "Show generated rewriter",
			Command: &protocol.Command{Title: "Show generated rewriter", Command: showGeneratedRewriterCommand, Arguments: []any{target}},
		})
	}
	if e := pt.Entity; e.Kind != "" && len(p.Context.Only) == 0 {
		for _, v := range pt.Views {
			target := map[string]any{"uri": p.TextDocument.URI, "position": p.Range.Start, "name": e.Name, "generator": v.View}
			out = append(out, protocol.CodeAction{
				Title:   v.Title,
				Command: &protocol.Command{Title: v.Title, Command: showGeneratedCommand, Arguments: []any{target}},
			})
		}
	}
	if pt.FileHasPatterns && wants(protocol.Source) {
		out = append(out, protocol.CodeAction{
			Title: "Show all generated rewriters",
			Kind:  protocol.Source,
			Command: &protocol.Command{Title: "Show all generated rewriters", Command: showGeneratedRewriterCommand, Arguments: []any{
				map[string]any{"uri": p.TextDocument.URI, "kind": kindRewritersFile},
			}},
		})
	}
	if wants(protocol.Source) {
		if a, ok := writeProjectConfigAction(snap, v.File.Name, s.ws); ok {
			out = append(out, a)
		}
	}
	return out, nil
}
