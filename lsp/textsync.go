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

// didChangeParams is what a textDocument/didChange notification carries.
type didChangeParams struct {
	TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []contentChange                          `json:"contentChanges"`
}

func didChange(ctx context.Context, s *Server, raw json.RawMessage) error {
	var p didChangeParams
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
	texts, err := changeTexts(p.ContentChanges, s.stream.lifted)
	if err != nil {
		return err
	}
	ed := textEditor{text: o.Content}
	ed.apply(p.ContentChanges, texts)
	version := p.TextDocument.Version
	// A client typing fast sends changes faster than a large file is
	// taken in. The changes to this document that have already arrived
	// are applied now too: the burst makes one version (one copy of the
	// text, one snapshot, one build), which is what applying them one by
	// one ends at. A message that does not decode is left to be read, and
	// reported, as usual.
	for s.stream.takeQueued("textDocument/didChange", func(raw json.RawMessage, lifted [][]byte) bool {
		var q didChangeParams
		if decode(raw, &q) != nil || q.TextDocument.URI != p.TextDocument.URI {
			return false
		}
		texts, err := changeTexts(q.ContentChanges, lifted)
		if err != nil {
			return false
		}
		ed.apply(q.ContentChanges, texts)
		version = q.TextDocument.Version
		return true
	}) {
	}
	snap := s.ws.SetBuffer(path, version, ed.text)
	s.checker.Changed(snap, []string{path})
	return nil
}

// changeTexts decodes the texts of changes.
func changeTexts(changes []contentChange, lifted [][]byte) ([][]byte, error) {
	texts := make([][]byte, len(changes))
	for i, c := range changes {
		t, err := c.text(lifted)
		if err != nil {
			return nil, err
		}
		texts[i] = t
	}
	return texts, nil
}

// textEditor applies content changes to a document's text. The text a
// snapshot holds is never written: the first range change copies it, with
// room to grow, and the next ones edit that copy in place, so a burst of
// keystrokes into a 50 MB file allocates it once, not once a keystroke.
type textEditor struct {
	text  []byte
	owned bool // text is this editor's copy
}

// editSlack is the room a copy leaves for the text to grow in place.
const editSlack = 4 << 10

func (e *textEditor) apply(changes []contentChange, texts [][]byte) {
	for i, c := range changes {
		if c.Range == nil {
			e.text, e.owned = texts[i], false
			continue
		}
		start := tablegen.OffsetOfUTF16In(e.text, int(c.Range.Start.Line), int(c.Range.Start.Character))
		end := tablegen.OffsetOfUTF16In(e.text, int(c.Range.End.Line), int(c.Range.End.Character))
		if end < start {
			start, end = end, start
		}
		e.replace(start, end, texts[i])
	}
}

// replace replaces text[start:end] with by.
func (e *textEditor) replace(start, end int, by []byte) {
	n := len(e.text) - (end - start) + len(by)
	if !e.owned || n > cap(e.text) {
		next := make([]byte, 0, n+editSlack)
		e.text = append(append(append(next, e.text[:start]...), by...), e.text[end:]...)
		e.owned = true
		return
	}
	old := len(e.text)
	e.text = e.text[:max(n, old)]
	copy(e.text[start+len(by):], e.text[end:old])
	copy(e.text[start:], by)
	e.text = e.text[:n]
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
