package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/analysis/ide"
	"tdls/codegen"
)

// showGeneratedCommand previews the output of a generator, or a view
// (decls, defs, doc) of an entity; showGeneratedRewriterCommand the C++
// of a pattern or a file's patterns. Both take a previewTarget.
const (
	showGeneratedCommand         = "tdls.showGenerated"
	showGeneratedRewriterCommand = "tdls.showGeneratedRewriter"
)

// commands are the workspace/executeCommand commands, advertised in
// initialize.
var commands = []string{showGeneratedCommand, showGeneratedRewriterCommand, showLocationCommand, writeProjectConfigCommand}

func init() { handle("workspace/executeCommand", executeCommand) }

func executeCommand(ctx context.Context, s *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
	var p struct {
		Command   string            `json:"command"`
		Arguments []json.RawMessage `json:"arguments"`
	}
	if err := decode(raw, &p); err != nil {
		return nil, err
	}
	switch p.Command {
	case showLocationCommand:
		return s.showLocation(ctx, p.Arguments)
	case writeProjectConfigCommand:
		return s.writeProjectConfig(ctx)
	case showGeneratedCommand, showGeneratedRewriterCommand:
		t, err := commandTarget(p.Command, p.Arguments)
		if err != nil {
			return nil, err
		}
		if p.Command == showGeneratedCommand && t.Generator == "" && t.Kind == "" {
			t.Generator = ide.ViewDecls
		}
		g, err := s.generate(ctx, snap, t)
		if err != nil {
			return nil, err
		}
		if err := s.showGenerated(ctx, g.Generated); err != nil {
			return nil, err
		}
		return g, nil
	}
	return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "unknown command "+p.Command)
}

// commandTarget reads the command's arguments: [{uri, position?, name?,
// generator?, kind?}], [{textDocument: {uri}, position}] or [uri,
// position?, generator?].
func commandTarget(command string, args []json.RawMessage) (previewTarget, error) {
	var t previewTarget
	if len(args) == 0 {
		return t, jsonrpc2.NewError(jsonrpc2.InvalidParams, command+" needs a document")
	}
	var uri string
	if json.Unmarshal(args[0], &uri) == nil {
		t.URI = protocol.DocumentURI(uri)
		if len(args) > 1 {
			var pos protocol.Position
			if err := json.Unmarshal(args[1], &pos); err != nil {
				return t, jsonrpc2.NewError(jsonrpc2.InvalidParams, "second argument: "+err.Error())
			}
			t.Position = &pos
		}
		if len(args) > 2 {
			if err := json.Unmarshal(args[2], &t.Generator); err != nil {
				return t, jsonrpc2.NewError(jsonrpc2.InvalidParams, "third argument: "+err.Error())
			}
		}
		return t, nil
	}
	if err := json.Unmarshal(args[0], &t); err != nil {
		return t, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	return t, nil
}

// showGenerated writes a preview into the user cache directory and asks
// the client to open it, for clients that have no preview of their own.
// A client without window/showDocument gets the text as the command's
// result only.
func (s *Server) showGenerated(ctx context.Context, g codegen.Generated) error {
	if !s.canShowDocument() {
		return nil
	}
	path, err := writePreview(g)
	if err != nil {
		return jsonrpc2.NewError(jsonrpc2.InternalError, "cannot write the preview: "+err.Error())
	}
	var res struct {
		Success bool `json:"success"`
	}
	if err := s.callClient(ctx, "window/showDocument", map[string]any{"uri": uriOf(path), "takeFocus": true}, &res); err != nil {
		return err
	}
	if !res.Success {
		return jsonrpc2.NewError(jsonrpc2.InternalError, "the client did not open "+path)
	}
	return nil
}

// canShowDocument says whether the client takes window/showDocument.
func (s *Server) canShowDocument() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientCaps.Window != nil && s.clientCaps.Window.ShowDocument != nil && s.clientCaps.Window.ShowDocument.Support
}

var unsafeFileChars = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// writePreview stores a preview under os.UserCacheDir()/tdls/previews,
// one file per title, so that showing it again replaces the old text.
func writePreview(g codegen.Generated) (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, "tdls", "previews")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	name := strings.Trim(unsafeFileChars.ReplaceAllString(g.Title, "_"), "_")
	if name == "" {
		name = "generated"
	}
	ext, comment := ".cpp", "// %s (engine: %s)\n"
	switch g.Language {
	case "markdown":
		ext, comment = ".md", "<!-- %s (engine: %s) -->\n"
	case "python":
		ext, comment = ".py", "# %s (engine: %s)\n"
	}
	path := filepath.Join(dir, name+ext)
	text := fmt.Sprintf(comment, g.Title, g.Engine) + g.Text
	return path, os.WriteFile(path, []byte(text), 0o644)
}
