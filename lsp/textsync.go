package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"tdls/cpp"
	"tdls/tablegen"
)

func init() {
	notify("textDocument/didOpen", didOpen)
	notify("textDocument/didChange", didChange)
	notify("textDocument/didClose", didClose)
	notify("textDocument/didSave", didSave)
}

func didOpen(ctx context.Context, s *Server, raw json.RawMessage) error {
	var p protocol.DidOpenTextDocumentParams
	if err := decode(raw, &p); err != nil {
		return err
	}
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return err
	}
	if cppDocument(path, string(p.TextDocument.LanguageID)) {
		return nil // read by tdls/tableGenDefinition only, never checked
	}
	snap := s.ws.SetBuffer(path, p.TextDocument.Version, []byte(p.TextDocument.Text))
	s.checker.Changed(snap, []string{path})
	return nil
}

// cppDocument reports a document a client opens that is C++, not
// TableGen: its language is C or C++, or it has none and a C++ file's
// extension (`.inc` aside: LLVM's generated files, but a name TableGen
// files may have too). The server keeps no buffer of it.
func cppDocument(path, languageID string) bool {
	switch languageID {
	case "c", "cpp", "cuda-cpp", "objective-c", "objective-cpp":
		return true
	case "":
		return cpp.IsSource(path) && !strings.EqualFold(filepath.Ext(path), ".inc")
	}
	return false
}

// ignoredDocument reports a notification about a C++ document the server
// did not open (cppDocument).
func (s *Server) ignoredDocument(path string) bool {
	return cpp.IsSource(path) && s.ws.Snapshot().Overlay(path) == nil
}

// contentChange is TextDocumentContentChangeEvent with an optional range.
type contentChange struct {
	Range *protocol.Range `json:"range"`
	// Text stays raw until unquoteJSON decodes it: the whole document comes
	// here on every keystroke with full sync.
	Text json.RawMessage `json:"text"`
}

// text decodes the change's text (missing or null reads as empty); a
// number is the index of a text the stream lifted out of the message.
func (c contentChange) text(lifted [][]byte) ([]byte, error) {
	if len(c.Text) == 0 || string(c.Text) == "null" {
		return nil, nil
	}
	raw := []byte(c.Text)
	if c.Text[0] >= '0' && c.Text[0] <= '9' {
		k, err := strconv.Atoi(string(c.Text))
		if err != nil || k >= len(lifted) {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "text is not a string")
		}
		raw = lifted[k]
	}
	b, err := unquoteJSON(raw)
	if err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	return b, nil
}

func didChange(ctx context.Context, s *Server, raw json.RawMessage) error {
	var p struct {
		TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
		ContentChanges []contentChange                          `json:"contentChanges"`
	}
	if err := decode(raw, &p); err != nil {
		return err
	}
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return err
	}
	o := s.ws.Snapshot().Overlay(path)
	if o == nil && s.ignoredDocument(path) {
		return nil
	}
	if o == nil {
		return fmt.Errorf("didChange for %s, which is not open", path)
	}
	text := o.Content
	for _, c := range p.ContentChanges {
		ct, err := c.text(s.stream.lifted)
		if err != nil {
			return err
		}
		if c.Range == nil {
			text = ct
			continue
		}
		start := tablegen.OffsetOfUTF16In(text, int(c.Range.Start.Line), int(c.Range.Start.Character))
		end := tablegen.OffsetOfUTF16In(text, int(c.Range.End.Line), int(c.Range.End.Character))
		if end < start {
			start, end = end, start
		}
		next := make([]byte, 0, len(text)-(end-start)+len(ct))
		next = append(append(append(next, text[:start]...), ct...), text[end:]...)
		text = next
	}
	snap := s.ws.SetBuffer(path, p.TextDocument.Version, text)
	s.checker.Changed(snap, []string{path})
	return nil
}

func didClose(ctx context.Context, s *Server, raw json.RawMessage) error {
	var p protocol.DidCloseTextDocumentParams
	if err := decode(raw, &p); err != nil {
		return err
	}
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return err
	}
	if s.ignoredDocument(path) {
		return nil
	}
	snap := s.ws.CloseBuffer(path)
	stale := s.checker.Closed(path)
	s.notifyClient(ctx, "textDocument/publishDiagnostics", protocol.PublishDiagnosticsParams{URI: uriOf(path), Diagnostics: []protocol.Diagnostic{}})
	for _, p := range stale {
		if snap.Overlay(p) == nil {
			s.notifyClient(ctx, "textDocument/publishDiagnostics", protocol.PublishDiagnosticsParams{URI: uriOf(p), Diagnostics: []protocol.Diagnostic{}})
		}
	}
	s.checker.Changed(snap, []string{path})
	// The index did not read a file open when it was built.
	go s.ws.Index().Closed(context.Background(), snap, path)
	return nil
}

func didSave(ctx context.Context, s *Server, raw json.RawMessage) error {
	var p protocol.DidSaveTextDocumentParams
	if err := decode(raw, &p); err != nil {
		return err
	}
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return err
	}
	go s.reindex(path)
	return nil
}
