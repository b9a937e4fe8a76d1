package lsp

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"strings"
	"sync"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"tdls/codegen"
	"tdls/lsp/lsptest"
)

const mlirTblgenBin = "/usr/lib/llvm-22/bin/mlir-tblgen"

// startShowing is start with a client that supports window/showDocument
// and records the documents it is asked to show.
func startShowing(t *testing.T, files map[string]string, initOptions any) (*session, func() []protocol.DocumentURI) {
	t.Helper()
	var mu sync.Mutex
	var shown []protocol.DocumentURI
	s := startClient(t, files, Options{ExtraDirs: []string{llvmInclude}}, initOptions, nil, func(c *lsptest.Client) {
		c.ShowDocument = func(u protocol.DocumentURI) bool {
			mu.Lock()
			defer mu.Unlock()
			shown = append(shown, u)
			return true
		}
	})
	return s, func() []protocol.DocumentURI {
		mu.Lock()
		defer mu.Unlock()
		return append([]protocol.DocumentURI(nil), shown...)
	}
}

var nativeEngine = map[string]any{"preview": map[string]any{"engine": "native"}}

func TestPreviewCodeActions(t *testing.T) {
	needMLIR(t)
	files := toyFiles(t)
	s := start(t, files, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("ToyPatterns.td")
	text := files["ToyPatterns.td"]
	titles := func(line, col int) map[string]protocol.CodeAction {
		out := map[string]protocol.CodeAction{}
		p := protocol.Position{Line: uint32(line), Character: uint32(col)}
		for _, a := range s.codeActions("ToyPatterns.td", protocol.Range{Start: p, End: p}) {
			out[a.Title] = a
		}
		return out
	}
	// On the def name, and inside a dag of the pattern.
	for _, at := range [][2]int{
		pair(posOf(t, text, "NegNegOptPattern", 0, 3)),
		pair(posOf(t, text, "(Toy_NegOp $x)", 0, 4)),
	} {
		acts := titles(at[0], at[1])
		a, ok := acts["Show generated rewriter"]
		if !ok || a.Command == nil || a.Command.Command != "tdls.showGeneratedRewriter" || len(a.Command.Arguments) != 1 {
			t.Fatalf("no rewriter preview action at %v: %+v", at, acts)
		}
		arg, _ := json.Marshal(a.Command.Arguments[0])
		var target previewTarget
		if err := json.Unmarshal(arg, &target); err != nil || target.Name != "NegNegOptPattern" || target.Kind != "rewriter" ||
			target.URI != uri.File(s.path("ToyPatterns.td")) {
			t.Fatalf("preview action arguments: %s", arg)
		}
		if f, ok := acts["Show all generated rewriters"]; !ok || f.Kind != protocol.Source {
			t.Fatalf("no file preview action: %+v", acts)
		}
	}
	acts := titles(0, 0)
	if _, ok := acts["Show generated rewriter"]; ok {
		t.Errorf("pattern preview offered outside every pattern")
	}
	if _, ok := acts["Show all generated rewriters"]; !ok {
		t.Errorf("file preview not offered at the top of a pattern file")
	}
	if len(s.codeActions("ToyOps.td", protocol.Range{})) != 0 {
		t.Errorf("preview actions in a file without patterns")
	}
}

func pair(a, b int) [2]int { return [2]int{a, b} }

func (s *session) generated(params map[string]any) codegen.Generated {
	s.t.Helper()
	var g codegen.Generated
	if err := s.call("tdls/generatedCode", params, &g); err != nil {
		s.t.Fatal(err)
	}
	return g
}

func TestGeneratedCodeRequest(t *testing.T) {
	needMLIR(t)
	files := toyFiles(t)
	s := start(t, files, Options{ExtraDirs: []string{llvmInclude}}, nativeEngine, nil)
	s.open("ToyPatterns.td")
	u := uri.File(s.path("ToyPatterns.td"))
	line, col := posOf(t, files["ToyPatterns.td"], "(Toy_NegOp $x)", 0, 2)
	g := s.generated(map[string]any{"uri": u, "position": map[string]any{"line": line, "character": col}, "kind": "rewriter"})
	if g.Language != "cpp" || g.Engine != "native" || g.Title != "Generated rewriter: NegNegOptPattern" ||
		!strings.Contains(g.Text, "struct NegNegOptPattern : public ::mlir::RewritePattern") || strings.Contains(g.Text, "ScaleScaleOptPattern") {
		t.Fatalf("rewriter at a position: %+v", g)
	}
	byName := s.generated(map[string]any{"uri": u, "name": "NegNegOptPattern", "kind": "rewriter"})
	if byName.Text != g.Text {
		t.Errorf("by name and by position differ")
	}
	all := s.generated(map[string]any{"uri": u, "kind": "rewriters-file"})
	if !strings.Contains(all.Text, "struct NegNegOptPattern") || !strings.Contains(all.Text, "struct ScaleScaleOptPattern") ||
		!strings.Contains(all.Text, "populateWithGenerated") {
		t.Fatalf("whole file: %.300s", all.Text)
	}
	var none codegen.Generated
	err := s.call("tdls/generatedCode", map[string]any{"uri": u, "position": map[string]any{"line": 0, "character": 0}, "kind": "rewriter"}, &none)
	if err == nil || !strings.Contains(err.Error(), "no DRR pattern") {
		t.Errorf("preview outside a pattern: %v %+v", err, none)
	}

	// A pattern with errors previews its diagnostics.
	s.open("ToyPatternsBroken.td")
	bu := uri.File(s.path("ToyPatternsBroken.td"))
	bad := s.generated(map[string]any{"uri": bu, "name": "NegUnboundResult", "kind": "rewriter"})
	if !strings.HasPrefix(bad.Text, "// No C++ is generated for pattern NegUnboundResult") || !strings.Contains(bad.Text, "referencing unbound symbol 'y'") {
		t.Fatalf("preview of a broken pattern: %q", bad.Text)
	}
}

// The mlir-tblgen engine compiles the unsaved buffer; its output for a
// pattern equals the native one.
func TestGeneratedCodeByMLIRTblgen(t *testing.T) {
	needMLIR(t)
	if _, err := os.Stat(mlirTblgenBin); err != nil {
		t.Skipf("SKIP: %s not installed", mlirTblgenBin)
	}
	files := toyFiles(t)
	s := start(t, files, Options{ExtraDirs: []string{llvmInclude}},
		map[string]any{"preview": map[string]any{"engine": "mlir-tblgen"}, "mlirTblgen": mlirTblgenBin}, nil)
	edited := strings.Replace(files["ToyPatterns.td"], "def NegNegOptPattern", "def NegNegRenamed", 1)
	s.open("ToyPatterns.td", edited)
	u := uri.File(s.path("ToyPatterns.td"))
	g := s.generated(map[string]any{"uri": u, "name": "NegNegRenamed", "kind": "rewriter"})
	if g.Engine != "mlir-tblgen" || !strings.Contains(g.Text, "struct NegNegRenamed : public ::mlir::RewritePattern") {
		t.Fatalf("mlir-tblgen preview of the unsaved buffer: %+v", g)
	}
	n := start(t, files, Options{ExtraDirs: []string{llvmInclude}}, nativeEngine, nil)
	n.open("ToyPatterns.td", edited)
	native := n.generated(map[string]any{"uri": uri.File(n.path("ToyPatterns.td")), "name": "NegNegRenamed", "kind": "rewriter"})
	trim := func(s string) string {
		lines := strings.Split(strings.TrimSpace(s), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimRight(l, " \t")
		}
		return strings.Join(lines, "\n")
	}
	if trim(native.Text) != trim(g.Text) {
		t.Errorf("native and mlir-tblgen previews differ:\n--- native\n%s\n--- mlir-tblgen\n%s", native.Text, g.Text)
	}
}

func TestShowGeneratedRewriterCommand(t *testing.T) {
	needMLIR(t)
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	files := toyFiles(t)
	s, shown := startShowing(t, files, nativeEngine)
	s.open("ToyPatterns.td")
	u := uri.File(s.path("ToyPatterns.td"))
	var g codegen.Generated
	if err := s.call("workspace/executeCommand", map[string]any{
		"command":   "tdls.showGeneratedRewriter",
		"arguments": []any{map[string]any{"uri": u, "name": "ScaleScaleOptPattern", "kind": "rewriter"}},
	}, &g); err != nil {
		t.Fatal(err)
	}
	docs := shown()
	if len(docs) != 1 {
		t.Fatalf("window/showDocument calls: %v", docs)
	}
	path, err := pathOf(docs[0])
	if err != nil || !strings.HasPrefix(path, cache+"/tdls/") || !strings.HasSuffix(path, ".cpp") {
		t.Fatalf("preview file %q (%v), want one under %s/tdls", path, err, cache)
	}
	b, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(b), "struct ScaleScaleOptPattern : public ::mlir::RewritePattern") || !strings.Contains(string(b), g.Text) {
		t.Fatalf("preview file content (%v):\n%s", err, b)
	}

	// The [uri, position] form, the file kind.
	line, col := posOf(t, files["ToyPatterns.td"], "def NegNegOptPattern", 0, 5)
	if err := s.call("workspace/executeCommand", map[string]any{
		"command": "tdls.showGeneratedRewriter", "arguments": []any{u, map[string]any{"line": line, "character": col}},
	}, &g); err != nil || !strings.Contains(g.Text, "struct NegNegOptPattern") {
		t.Fatalf("command with [uri, position]: %v %q", err, g.Title)
	}
	if err := s.call("workspace/executeCommand", map[string]any{
		"command": "tdls.showGeneratedRewriter", "arguments": []any{map[string]any{"uri": u, "kind": "rewriters-file"}},
	}, &g); err != nil || !strings.Contains(g.Text, "populateWithGenerated") {
		t.Fatalf("command for the file: %v %q", err, g.Title)
	}
	if n := len(shown()); n != 3 {
		t.Errorf("%d documents shown, want 3", n)
	}
}

func TestInitializeAdvertisesCommandsAndCodeActions(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srvConn, cliConn := net.Pipe()
	go func() { _ = NewServer(Options{NoMLIRAutoDetect: true}).Run(ctx, srvConn) }()
	c := lsptest.New(ctx, cliConn)
	raw, err := c.Initialize(ctx, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Capabilities struct {
			CodeActionProvider struct {
				CodeActionKinds []string `json:"codeActionKinds"`
			} `json:"codeActionProvider"`
			ExecuteCommandProvider struct {
				Commands []string `json:"commands"`
			} `json:"executeCommandProvider"`
		} `json:"capabilities"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatal(err)
	}
	caps := res.Capabilities
	if strings.Join(caps.ExecuteCommandProvider.Commands, ",") != "tdls.showGeneratedRewriter,tdls.showLocation" ||
		strings.Join(caps.CodeActionProvider.CodeActionKinds, ",") != "quickfix,source" {
		t.Fatalf("capabilities: %s", raw)
	}
	_ = c.Shutdown(ctx)
}
