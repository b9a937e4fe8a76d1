package lsp

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"tdls/analysis"
	"tdls/lsp/lsptest"
)

// session is a server and a client joined by an in-memory pipe.
type session struct {
	t      *testing.T
	ctx    context.Context
	client *lsptest.Client
	srv    *Server
	dir    string
	done   chan error
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func start(t *testing.T, files map[string]string, opts Options, initOptions any, config any) *session {
	t.Helper()
	return startClient(t, files, opts, initOptions, config, nil)
}

// startClient is start with a hook that sets the client up (its advertised
// capabilities) before the initialize handshake.
func startClient(t *testing.T, files map[string]string, opts Options, initOptions any, config any, setup func(*lsptest.Client)) *session {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	opts.NoMLIRAutoDetect = true
	return startIn(t, dir, opts, initOptions, config, setup)
}

// startIn starts a session on the workspace folder dir as it is, with the
// options as given (the machine's LLVM searched unless they say not).
func startIn(t *testing.T, dir string, opts Options, initOptions any, config any, setup func(*lsptest.Client)) *session {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	srvConn, cliConn := net.Pipe()
	done := make(chan error, 1)
	srv := NewServer(opts)
	go func() { done <- srv.Run(ctx, srvConn) }()
	c := lsptest.New(ctx, cliConn)
	c.Configuration = config
	if setup != nil {
		setup(c)
	}
	s := &session{t: t, ctx: ctx, client: c, srv: srv, dir: dir, done: done}
	if _, err := c.Initialize(ctx, dir, initOptions); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = c.Shutdown(context.Background())
		select {
		case <-done:
		case <-time.After(hangBound):
			t.Error("server did not exit after shutdown/exit")
		}
		cancel()
	})
	return s
}

func (s *session) path(name string) string { return filepath.Join(s.dir, name) }

// open opens a workspace file with its disk content (or text) and returns
// its diagnostics once checked, evaluation included.
func (s *session) open(name string, text ...string) protocol.PublishDiagnosticsParams {
	s.t.Helper()
	p := s.path(name)
	body := ""
	if len(text) > 0 {
		body = text[0]
	} else {
		b, err := os.ReadFile(p)
		if err != nil {
			s.t.Fatal(err)
		}
		body = string(b)
	}
	before := len(s.client.Diagnostics(p))
	if err := s.client.Open(s.ctx, p, body); err != nil {
		s.t.Fatal(err)
	}
	return s.publishedSince(name, before)
}

// hangBound is how long a session waits for an answer, a check or the
// server's exit before it fails: long enough to tell a hang from a slow
// machine (several test packages share two cores under make test).
const hangBound = 2 * time.Minute

// The test hooks a session waits with. Both are requests, so the server
// handles them after every notification sent before them, against the
// snapshot a request sent next would see.
func init() {
	// Every change handled is checked, evaluation included, and its
	// diagnostics published (written before the answer, so read first).
	handle("tdls/test/settle", func(_ context.Context, s *Server, _ *analysis.Snapshot, _ json.RawMessage) (any, error) {
		s.Settle()
		return nil, nil
	})
	// The unit the document is analysed in is evaluated.
	handle("tdls/test/evaluated", func(ctx context.Context, _ *Server, snap *analysis.Snapshot, raw json.RawMessage) (any, error) {
		var p protocol.TextDocumentPositionParams
		if err := decode(raw, &p); err != nil {
			return nil, err
		}
		v, err := view(ctx, snap, p.TextDocument.URI)
		if err != nil || v == nil {
			return nil, err
		}
		_, err = v.Unit.Evaluated(ctx)
		return nil, err
	})
}

// settled returns the last diagnostics published for a file once the
// server has checked every change sent so far, evaluation included:
// syntax and evaluation diagnostics come in separate publishes, the
// latter however late the machine's load makes them.
func (s *session) settled(name string) protocol.PublishDiagnosticsParams {
	s.t.Helper()
	s.settle()
	pubs := s.client.Diagnostics(s.path(name))
	if len(pubs) == 0 {
		return protocol.PublishDiagnosticsParams{}
	}
	return pubs[len(pubs)-1].Params
}

// settle waits until the server has checked every change sent so far and
// its diagnostics are received.
func (s *session) settle() {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.ctx, hangBound)
	defer cancel()
	if err := s.client.Call(ctx, "tdls/test/settle", nil, nil); err != nil {
		s.t.Fatalf("the check of the changes sent did not finish within %v: %v", hangBound, err)
	}
}

// publishedSince settles and returns the last diagnostics published for a
// file, which must have had a publish after the first before.
func (s *session) publishedSince(name string, before int) protocol.PublishDiagnosticsParams {
	s.t.Helper()
	s.settle()
	pubs := s.client.Diagnostics(s.path(name))
	if len(pubs) <= before {
		s.t.Fatalf("%s: no diagnostics published", name)
	}
	return pubs[len(pubs)-1].Params
}

// evaluated waits until the unit the document of params (a document or a
// position in one) is analysed in is evaluated, in the snapshot the next
// request sees. A request that finds the evaluation still running after
// ide's short evaluationWait answers from the syntax alone; a test that
// checks the evaluated answer on a file it did not open (or did not
// settle) waits here first, so that its answer does not depend on the
// machine's load.
func (s *session) evaluated(params map[string]any) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.ctx, hangBound)
	defer cancel()
	if err := s.client.Call(ctx, "tdls/test/evaluated", params, nil); err != nil {
		s.t.Fatalf("evaluation: %v", err)
	}
}

func (s *session) change(name, text string) protocol.PublishDiagnosticsParams {
	s.t.Helper()
	p := s.path(name)
	before := len(s.client.Diagnostics(p))
	if err := s.client.Change(s.ctx, p, text); err != nil {
		s.t.Fatal(err)
	}
	return s.publishedSince(name, before)
}

func (s *session) call(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(s.ctx, hangBound)
	defer cancel()
	return s.client.Call(ctx, method, params, result)
}

func doc(s *session, name string) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri.File(s.path(name))}}
}

func docAt(s *session, name string, line, char int) map[string]any {
	m := doc(s, name)
	m["position"] = map[string]any{"line": line, "character": char}
	return m
}

func messages(p protocol.PublishDiagnosticsParams) string {
	var b []string
	for _, d := range p.Diagnostics {
		b = append(b, d.Message)
	}
	return strings.Join(b, " | ")
}

func TestInitializeAdvertisesFeatures(t *testing.T) {
	dir := t.TempDir()
	srvConn, cliConn := net.Pipe()
	ctx := context.Background()
	go NewServer(Options{NoMLIRAutoDetect: true, Version: "1.2.3+abc"}).Run(ctx, srvConn)
	c := lsptest.New(ctx, cliConn)
	// Requests before initialize are refused.
	err := c.Call(ctx, "textDocument/hover", map[string]any{}, nil)
	if err == nil || !strings.Contains(err.Error(), "not initialized") {
		t.Fatalf("hover before initialize: %v", err)
	}
	res, err := c.Initialize(ctx, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Capabilities map[string]json.RawMessage     `json:"capabilities"`
		ServerInfo   struct{ Name, Version string } `json:"serverInfo"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"textDocumentSync", "hoverProvider", "documentSymbolProvider", "foldingRangeProvider", "documentLinkProvider", "completionProvider", "semanticTokensProvider"} {
		if _, ok := r.Capabilities[k]; !ok {
			t.Errorf("capability %s missing", k)
		}
	}
	if r.ServerInfo.Name != "tdls" || r.ServerInfo.Version != "1.2.3+abc" {
		t.Errorf("serverInfo = %+v, want tdls 1.2.3+abc", r.ServerInfo)
	}
	c.Shutdown(ctx)
}

func TestDiagnosticsEverySyntaxErrorWithRanges(t *testing.T) {
	s := start(t, map[string]string{"a.td": "class A;\ndef X : A<;\ndef Y;\ndef Z : ;\n"}, Options{}, nil, nil)
	p := s.open("a.td")
	if len(p.Diagnostics) < 2 {
		t.Fatalf("want every syntax error (B5), got %d: %s", len(p.Diagnostics), messages(p))
	}
	for _, d := range p.Diagnostics {
		if d.Source != "tdls" || d.Severity != protocol.DiagnosticSeverityError || d.Code == nil || d.Code == "" {
			t.Errorf("diagnostic lacks source/severity/code: %+v", d)
		}
	}
	if d := p.Diagnostics[0]; d.Range.Start.Line != 1 {
		t.Errorf("first error on line %d, want 1 (0-based): %+v", d.Range.Start.Line, d)
	}
	// Fixing the file clears them.
	if p := s.change("a.td", "class A;\ndef X : A;\n"); len(p.Diagnostics) != 0 {
		t.Fatalf("still: %s", messages(p))
	}
}

// Errors in an included file are shown in that file and summarised at the
// include line, with the errors as related information; unsaved edits of
// the included file win over the disk (B4) and re-check its includers.
func TestIncludeErrorsSummarisedAndUnsavedIncludesWin(t *testing.T) {
	s := start(t, map[string]string{
		"main.td": "include \"inc.td\"\ndef M : Base;\n",
		"inc.td":  "class Base;\n",
	}, Options{}, nil, nil)
	if p := s.open("main.td"); len(p.Diagnostics) != 0 {
		t.Fatalf("clean file: %s", messages(p))
	}
	// Open the include and break it without saving.
	mainCh := s.client.Expect(s.path("main.td"))
	p := s.open("inc.td", "class Base<;\n")
	if len(p.Diagnostics) == 0 {
		t.Fatal("no error in inc.td")
	}
	if _, err := lsptest.Wait(mainCh, hangBound); err != nil {
		t.Fatal("includer not re-checked after an unsaved edit of its include:", err)
	}
	pub := lsptest.Published{Params: s.settled("main.td")}
	if len(pub.Params.Diagnostics) != 1 {
		t.Fatalf("want one summary in main.td, got %s", messages(pub.Params))
	}
	d := pub.Params.Diagnostics[0]
	if d.Range.Start.Line != 0 || !strings.Contains(d.Message, "inc.td") || len(d.RelatedInformation) == 0 {
		t.Fatalf("summary: %+v", d)
	}
	if d.RelatedInformation[0].Location.URI != uri.File(s.path("inc.td")) {
		t.Errorf("related points at %s", d.RelatedInformation[0].Location.URI)
	}
	// Fix the include: the includer is clean again.
	mainCh = s.client.Expect(s.path("main.td"))
	s.change("inc.td", "class Base;\n")
	if _, err := lsptest.Wait(mainCh, hangBound); err != nil {
		t.Fatal("includer not re-checked after the fix:", err)
	}
	if p := s.settled("main.td"); len(p.Diagnostics) != 0 {
		t.Fatalf("after fix: %s", messages(p))
	}
}

// An include that is broken on disk and not open still gets its own
// diagnostics published.
func TestClosedIncludedFileGetsItsDiagnostics(t *testing.T) {
	s := start(t, map[string]string{
		"main.td": "include \"bad.td\"\n",
		"bad.td":  "def X : ;\n",
	}, Options{}, nil, nil)
	ch := s.client.Expect(s.path("bad.td"))
	s.open("main.td")
	pub, err := lsptest.Wait(ch, hangBound)
	if err != nil || len(pub.Params.Diagnostics) == 0 {
		t.Fatalf("bad.td: %v %+v", err, pub.Params)
	}
}

func TestMissingIncludeAndIncludeDirSettings(t *testing.T) {
	files := map[string]string{
		"main.td":      "include \"lib.td\"\ndef M : L;\n",
		"deps/lib.td":  "class L;\n",
		"deps2/lib.td": "class L;\n",
	}
	s := start(t, files, Options{}, nil, nil)
	p := s.open("main.td")
	if len(p.Diagnostics) != 1 || !strings.Contains(p.Diagnostics[0].Message, "lib.td") || p.Diagnostics[0].Range.Start.Character != 8 {
		t.Fatalf("missing include: %+v", p.Diagnostics)
	}
	// initializationOptions
	s2 := start(t, files, Options{}, map[string]any{"tdls": map[string]any{"includeDirs": []string{"deps"}}}, nil)
	if p := s2.open("main.td"); len(p.Diagnostics) != 0 {
		t.Fatalf("with initializationOptions: %s", messages(p))
	}
	// workspace/configuration, pulled after initialized
	s3 := start(t, files, Options{}, nil, map[string]any{"includeDirs": []string{"deps2"}})
	deadline := time.Now().Add(hangBound)
	for {
		p := s3.open("main.td")
		if len(p.Diagnostics) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("workspace/configuration not applied: %s", messages(p))
		}
		s3.client.Close(s3.ctx, s3.path("main.td"))
		time.Sleep(50 * time.Millisecond)
	}
}

func TestCompileDatabaseUnderBuildDir(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"main.td":     "include \"lib.td\"\n",
		"deps/lib.td": "class L;\n",
		"build/tablegen_compile_commands.yml": "--- !FileInfo:\n  filepath: \"" + filepath.Join(dir, "main.td") +
			"\"\n  includes: \"" + filepath.Join(dir, "deps") + ";/nonexistent\"\n",
	})
	w := analysis.NewWorkspace(analysis.Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	u, err := w.Snapshot().Unit(context.Background(), filepath.Join(dir, "main.td"))
	if err != nil {
		t.Fatal(err)
	}
	if len(u.TG.Diags) != 0 {
		t.Fatalf("include not resolved through the compile database: %v", u.TG.Diags)
	}
}

func TestExtraDirFlag(t *testing.T) {
	dir := t.TempDir()
	s := start(t, map[string]string{"main.td": "include \"x.td\"\n"}, Options{ExtraDirs: []string{dir}}, nil, nil)
	writeFiles(t, dir, map[string]string{"x.td": "class X;\n"})
	if p := s.open("main.td"); len(p.Diagnostics) != 0 {
		t.Fatalf("--tablegen-extra-dir not used: %s", messages(p))
	}
}
