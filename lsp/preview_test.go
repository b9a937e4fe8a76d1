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

func (s *session) generated(params map[string]any) generatedResult {
	s.t.Helper()
	var g generatedResult
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
	var none generatedResult
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
	g, path, text := executeShow(t, s, shown, "tdls.showGeneratedRewriter", map[string]any{"uri": u, "name": "ScaleScaleOptPattern", "kind": "rewriter"})
	if !strings.HasPrefix(path, cache+"/tdls/") || !strings.HasSuffix(path, ".cpp") {
		t.Fatalf("preview file %q, want a .cpp under %s/tdls", path, cache)
	}
	if !strings.Contains(text, "struct ScaleScaleOptPattern : public ::mlir::RewritePattern") {
		t.Fatalf("preview file content:\n%s", text)
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
	if strings.Join(caps.ExecuteCommandProvider.Commands, ",") != "tdls.showGenerated,tdls.showGeneratedRewriter,tdls.showLocation,tdls.writeProjectConfig" ||
		strings.Join(caps.CodeActionProvider.CodeActionKinds, ",") != "quickfix,source" {
		t.Fatalf("capabilities: %s", raw)
	}
	_ = c.Shutdown(ctx)
}

// On an op, the editor offers its declarations, definitions and
// documentation; the action's target asks for them by the op's def name.
func TestGeneratedCodeActionsOnEntities(t *testing.T) {
	needMLIR(t)
	files := toyFiles(t)
	s := start(t, files, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("ToyOps.td")
	s.open("ToyDialect.td")
	actionsAt := func(file, needle string, delta int) map[string]protocol.CodeAction {
		line, col := posOf(t, files[file], needle, 0, delta)
		p := protocol.Position{Line: uint32(line), Character: uint32(col)}
		out := map[string]protocol.CodeAction{}
		for _, a := range s.codeActions(file, protocol.Range{Start: p, End: p}) {
			out[a.Title] = a
		}
		return out
	}
	for _, at := range []struct{ file, needle, def string }{
		{"ToyOps.td", "def Toy_NegOp", "Toy_NegOp"},
		{"ToyOps.td", "F64Tensor:$input);\n  let results = (outs F64Tensor:$result);\n  let assemblyFormat = \"$input attr-dict `:` type($input)\"", "Toy_NegOp"},
		{"ToyDialect.td", "def Toy_Dialect", "Toy_Dialect"},
	} {
		acts := actionsAt(at.file, at.needle, 5)
		for view, title := range map[string]string{"decls": "Show generated declarations", "defs": "Show generated definitions", "doc": "Show generated documentation"} {
			a, ok := acts[title]
			if !ok || a.Command == nil || a.Command.Command != "tdls.showGenerated" || len(a.Command.Arguments) != 1 {
				t.Fatalf("%s at %q: no %q action: %v", at.file, at.needle, title, acts)
			}
			arg, _ := json.Marshal(a.Command.Arguments[0])
			var target previewTarget
			if err := json.Unmarshal(arg, &target); err != nil || target.Generator != view || target.Name != at.def || target.URI != uri.File(s.path(at.file)) {
				t.Errorf("%q arguments: %s", title, arg)
			}
		}
		if _, ok := acts["Show generated rewriter"]; ok {
			t.Errorf("rewriter preview offered on %s", at.def)
		}
	}
	if acts := actionsAt("ToyOps.td", "#ifndef TOY_OPS", 0); len(acts) != 0 {
		t.Errorf("actions outside every def: %v", acts)
	}
}

// An interface without methods has declarations and documentation but no
// definitions (mlir-tblgen writes none), so none are offered, and asking
// for them says why.
func TestGeneratedDefinitionsNotOfferedForNothing(t *testing.T) {
	needMLIR(t)
	files := map[string]string{"Ifaces.td": `include "mlir/IR/OpBase.td"
def EmptyInterface : OpInterface<"EmptyInterface"> { let cppNamespace = "::demo"; }
def FullInterface : OpInterface<"FullInterface"> {
  let cppNamespace = "::demo";
  let methods = [InterfaceMethod<"", "int", "size">];
}
`}
	s := start(t, files, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("Ifaces.td")
	for _, c := range []struct {
		needle string
		defs   bool
	}{{"def EmptyInterface", false}, {"def FullInterface", true}} {
		line, col := posOf(t, files["Ifaces.td"], c.needle, 0, 5)
		p := protocol.Position{Line: uint32(line), Character: uint32(col)}
		titles := map[string]bool{}
		for _, a := range s.codeActions("Ifaces.td", protocol.Range{Start: p, End: p}) {
			titles[a.Title] = true
		}
		if !titles["Show generated declarations"] || !titles["Show generated documentation"] || titles["Show generated definitions"] != c.defs {
			t.Errorf("%s: actions %v, want definitions offered: %v", c.needle, titles, c.defs)
		}
	}
	var none generatedResult
	err := s.call("tdls/generatedCode", map[string]any{"uri": uri.File(s.path("Ifaces.td")), "name": "EmptyInterface", "generator": "defs"}, &none)
	if err == nil || !strings.Contains(err.Error(), "declares no methods") {
		t.Errorf("definitions of an interface without methods: %v %+v", err, none)
	}
}

// tdls/generatedCode takes a generator or a view of the entity at a
// position or named, and answers what it generated and for what.
func TestGeneratedCodeOfEntities(t *testing.T) {
	needMLIR(t)
	if _, err := os.Stat(mlirTblgenBin); err != nil {
		t.Skipf("SKIP: %s not installed", mlirTblgenBin)
	}
	files := toyFiles(t)
	s := start(t, files, Options{ExtraDirs: []string{llvmInclude}}, map[string]any{"mlirTblgen": mlirTblgenBin}, nil)
	edited := strings.Replace(files["ToyOps.td"], "(ins F64Tensor:$input);", "(ins F64Tensor:$input, F64Attr:$unsavedFactor);", 1)
	s.open("ToyOps.td", edited)
	u := uri.File(s.path("ToyOps.td"))
	line, col := posOf(t, edited, "def Toy_NegOp", 0, 6)
	at := map[string]any{"line": line, "character": col}

	decls := s.generated(map[string]any{"uri": u, "position": at, "generator": "decls"})
	if decls.Generator != "op-decls" || decls.Engine != "native" || decls.Entity == nil || decls.Entity.Kind != "op" || decls.Entity.Name != "Toy_NegOp" ||
		decls.Entity.Label != "toy.neg" || !strings.Contains(decls.Text, "class NegOp : public ::mlir::Op<NegOp") ||
		!strings.Contains(decls.Text, "getUnsavedFactorAttr()") || strings.Contains(decls.Text, "class AddOp ") {
		t.Fatalf("declarations of the op at a position: %+v", decls)
	}
	if byGen := s.generated(map[string]any{"uri": u, "name": "toy.neg", "generator": "op-decls"}); byGen.Text != decls.Text {
		t.Errorf("op-decls by op name differs from decls at the position:\n%s", byGen.Text)
	}
	defs := s.generated(map[string]any{"uri": u, "position": at, "generator": "defs"})
	if defs.Generator != "op-defs" || defs.Engine != "mlir-tblgen" || !strings.Contains(defs.Tool, "mlir-tblgen") ||
		!strings.Contains(defs.Text, "NegOp::getUnsavedFactor()") || strings.Contains(defs.Text, "AddOp::") {
		t.Fatalf("definitions of the op by mlir-tblgen on the unsaved buffer: %+v", defs)
	}
	doc := s.generated(map[string]any{"uri": u, "position": at, "generator": "doc"})
	if doc.Generator != "op-doc" || doc.Language != "markdown" || !strings.Contains(doc.Text, "toy.neg") || !strings.Contains(doc.Text, "unsavedFactor") ||
		strings.Contains(doc.Text, "toy.add") {
		t.Fatalf("documentation of the op: %+v", doc)
	}
	whole := s.generated(map[string]any{"uri": u, "generator": "op-decls"})
	if whole.Entity != nil || !strings.Contains(whole.Text, "#ifdef GET_OP_CLASSES") || !strings.Contains(whole.Text, "class AddOp ") {
		t.Fatalf("the whole file's op declarations: %.300s", whole.Text)
	}
	s.open("ToyDialect.td")
	du := uri.File(s.path("ToyDialect.td"))
	dialect := s.generated(map[string]any{"uri": du, "name": "Toy_Dialect", "generator": "decls"})
	if dialect.Generator != "dialect-decls" || !strings.Contains(dialect.Text, "class ToyDialect : public ::mlir::Dialect") {
		t.Fatalf("dialect declarations: %+v", dialect)
	}

	var none generatedResult
	err := s.call("tdls/generatedCode", map[string]any{"uri": u, "position": map[string]any{"line": 0, "character": 0}, "generator": "decls"}, &none)
	if err == nil || !strings.Contains(err.Error(), "no op, attribute") {
		t.Errorf("declarations outside every def: %v %+v", err, none)
	}
	err = s.call("tdls/generatedCode", map[string]any{"uri": u, "position": at, "generator": "rewriters"}, &none)
	if err == nil || !strings.Contains(err.Error(), "no section for an op") {
		t.Errorf("rewriters of an op: %v %+v", err, none)
	}
}

// The declarations shown follow an edit of the op.
func TestGeneratedDeclarationsFollowEdits(t *testing.T) {
	needMLIR(t)
	files := toyFiles(t)
	s := start(t, files, Options{ExtraDirs: []string{llvmInclude}}, nativeEngine, nil)
	s.open("ToyOps.td")
	u := uri.File(s.path("ToyOps.td"))
	target := map[string]any{"uri": u, "name": "Toy_ScaleOp", "generator": "decls"}
	before := s.generated(target)
	if !strings.Contains(before.Text, "::llvm::APFloat getFactor();") || strings.Contains(before.Text, "getGain") {
		t.Fatalf("before the edit: %s", before.Text)
	}
	s.change("ToyOps.td", strings.ReplaceAll(files["ToyOps.td"], "$factor", "$gain"))
	after := s.generated(target)
	if !strings.Contains(after.Text, "::llvm::APFloat getGain();") || strings.Contains(after.Text, "getFactor") {
		t.Fatalf("after the edit: %s", after.Text)
	}
}

func TestShowGeneratedCommandWritesMarkdown(t *testing.T) {
	needMLIR(t)
	if _, err := os.Stat(mlirTblgenBin); err != nil {
		t.Skipf("SKIP: %s not installed", mlirTblgenBin)
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	files := toyFiles(t)
	s, shown := startShowing(t, files, map[string]any{"mlirTblgen": mlirTblgenBin})
	s.open("ToyOps.td")
	u := uri.File(s.path("ToyOps.td"))
	_, path, text := executeShow(t, s, shown, "tdls.showGenerated", map[string]any{"uri": u, "name": "Toy_AddOp", "generator": "doc"})
	if !strings.HasSuffix(path, ".md") || !strings.Contains(text, "toy.add") {
		t.Fatalf("documentation preview file %q:\n%s", path, text)
	}
}

// executeShow runs a show command, checks that the client was asked to show
// one file holding the command's answer, and returns the answer, the file
// and its text.
func executeShow(t *testing.T, s *session, shown func() []protocol.DocumentURI, command string, target map[string]any) (generatedResult, string, string) {
	t.Helper()
	before := len(shown())
	var g generatedResult
	if err := s.call("workspace/executeCommand", map[string]any{"command": command, "arguments": []any{target}}, &g); err != nil {
		t.Fatal(err)
	}
	docs := shown()
	if len(docs) != before+1 {
		t.Fatalf("window/showDocument calls: %v", docs[before:])
	}
	path, err := pathOf(docs[before])
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(b), g.Text) {
		t.Fatalf("preview file %s (%v) lacks the answer:\n%s", path, err, b)
	}
	return g, path, string(b)
}
