package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"tdls/lsp/lsptest"
)

// cppDialect is an op set whose verify and fold are defined in
// cppDialectCpp and whose print/parse are not.
const cppDialect = `include "mlir/IR/OpBase.td"
include "mlir/IR/OpAsmInterface.td"

def Geo_Dialect : Dialect {
  let name = "geo";
  let cppNamespace = "::geo::ops";
}

def Geo_ScaleOp : Op<Geo_Dialect, "scale", [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let arguments = (ins F32:$factor);
  let builders = [OpBuilder<(ins "float":$f)>];
  let results = (outs F32:$res);
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCustomAssemblyFormat = 1;
}

def Geo_TrimOp : Op<Geo_Dialect, "trim"> {
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() { return ::mlir::success(); }
  }];
}
`

const cppDialectCpp = `#include "Geo.h"

using namespace geo;

::llvm::LogicalResult ops::ScaleOp::verify() {
  return getFactor() > 0 ? success() : failure();
}

namespace geo {
namespace ops {
OpFoldResult ScaleOp::fold(FoldAdaptor adaptor) { return {}; }
} // namespace ops
} // namespace geo

void geo::ops::ScaleOp::build(OpBuilder &b, OperationState &state, float f) {}

void geo::ops::ScaleOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {}

#define GET_OP_CLASSES
#include "geo/Geo.cpp.inc"
`

// The client that supports it is asked to refresh its code lenses once
// the C++ index is built, and again when a C++ file changes on disk.
func TestCppIndexRefreshesCodeLenses(t *testing.T) {
	needMLIR(t)
	s := startClient(t, map[string]string{"Geo.td": cppDialect, "lib/Geo.cpp": cppDialectCpp}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil,
		func(c *lsptest.Client) { c.CodeLensRefresh = true })
	s.open("Geo.td")
	s.srv.ws.CppIndex()
	waitRefreshes := func(n int) bool {
		for deadline := time.Now().Add(hangBound); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if s.client.Requests("workspace/codeLens/refresh") >= n {
				return true
			}
		}
		return false
	}
	if !waitRefreshes(1) {
		t.Fatal("no workspace/codeLens/refresh after the C++ index was built")
	}
	n := s.client.Requests("workspace/codeLens/refresh")
	cpp := s.path("lib/Geo.cpp")
	if err := os.WriteFile(cpp, []byte(cppDialectCpp+"\nvoid geo::ops::ScaleOp::print(::mlir::OpAsmPrinter &p) {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.client.Notify(s.ctx, "workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": uri.File(cpp), "type": 2}}}); err != nil {
		t.Fatal(err)
	}
	if !waitRefreshes(n + 1) {
		t.Fatal("no workspace/codeLens/refresh after a C++ file changed")
	}
	var lenses []protocol.CodeLens
	if err := s.call("textDocument/codeLens", doc(s, "Geo.td"), &lenses); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, l := range lenses {
		found = found || strings.HasPrefix(l.Command.Title, "print → Geo.cpp:")
	}
	if !found {
		t.Errorf("no lens of the print just defined: %v", lenses)
	}
}

// A client without the capability is not asked.
func TestCppIndexNoRefreshUnasked(t *testing.T) {
	s := startCpp(t)
	time.Sleep(2 * codeLensRefreshAfter)
	if n := s.client.Requests("workspace/codeLens/refresh"); n != 0 {
		t.Errorf("%d refreshes sent to a client that does not support them", n)
	}
}

// startCpp starts a session on the dialect and its .cpp, and waits for
// the C++ index.
func startCpp(t *testing.T, cppText ...string) *session {
	t.Helper()
	needMLIR(t)
	text := cppDialectCpp
	if len(cppText) > 0 {
		text = cppText[0]
	}
	s := start(t, map[string]string{"Geo.td": cppDialect, "lib/Geo.cpp": text}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("Geo.td")
	s.srv.ws.CppIndex()
	for deadline := time.Now().Add(hangBound); !s.srv.ws.CppIndexBuilt(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the C++ index was not built")
		}
	}
	return s
}

// lineOf is the 0-based line of the nth needle in a workspace file.
func (s *session) lineOf(name, needle string, nth int) uint32 {
	b, err := os.ReadFile(s.path(name))
	if err != nil {
		s.t.Fatal(err)
	}
	line, _ := posOf(s.t, string(b), needle, nth, 0)
	return uint32(line)
}

func TestCppDefinitionAndHoverOfRequiredMembers(t *testing.T) {
	s := startCpp(t)
	cppURI := uri.File(s.path("lib/Geo.cpp"))
	for _, c := range []struct {
		field, def string
	}{{"hasVerifier", "verify"}, {"hasFolder", "fold"}, {"OpBuilder<(ins", "build"}, {"getAsmResultNames\"", "getAsmResultNames"}} {
		params := s.at("Geo.td", c.field, 0, 3)
		s.evaluated(params)
		var locs []protocol.Location
		if err := s.call("textDocument/definition", params, &locs); err != nil {
			t.Fatal(err)
		}
		if len(locs) != 1 || locs[0].URI != cppURI || locs[0].Range.Start.Line != s.lineOf("lib/Geo.cpp", "ScaleOp::"+c.def+"(", 0) {
			t.Errorf("definition of %s: got %v, want %s's line in Geo.cpp", c.field, locs, c.def)
		}
		h := s.hoverText(params)
		if !strings.Contains(h, "defined in [`Geo.cpp:") || !strings.Contains(h, "`ScaleOp::"+c.def+"`") {
			t.Errorf("hover of %s: %q", c.field, h)
		}
	}
	// Defined in the .td's extraClassDefinition: there, in the open buffer.
	params := s.at("Geo.td", "hasVerifier", 1, 3)
	var inTd []protocol.Location
	if err := s.call("textDocument/definition", params, &inTd); err != nil {
		t.Fatal(err)
	}
	if len(inTd) != 1 || inTd[0].URI != uri.File(s.path("Geo.td")) || inTd[0].Range.Start.Line != s.lineOf("Geo.td", "$cppClass::verify", 0) {
		t.Errorf("definition of TrimOp's hasVerifier: %v, want its extraClassDefinition", inTd)
	}

	// Not defined: the hover says so, definition goes to the field's
	// declaration as it did.
	params = s.at("Geo.td", "hasCustomAssemblyFormat", 0, 3)
	if h := s.hoverText(params); !strings.Contains(h, "`ScaleOp::parse`") || !strings.Contains(h, "`ScaleOp::print`") || !strings.Contains(h, "not found") {
		t.Errorf("hover of hasCustomAssemblyFormat: %q", h)
	}
	var locs []protocol.Location
	if err := s.call("textDocument/definition", params, &locs); err != nil {
		t.Fatal(err)
	}
	if len(locs) == 0 || locs[0].URI == cppURI {
		t.Errorf("definition of hasCustomAssemblyFormat: %v, want the field's declaration", locs)
	}
}

func TestCppCodeLensesAndStub(t *testing.T) {
	s := startCpp(t)
	s.evaluated(s.at("Geo.td", "hasVerifier", 0, 0))
	var lenses []protocol.CodeLens
	if err := s.call("textDocument/codeLens", doc(s, "Geo.td"), &lenses); err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, l := range lenses {
		titles = append(titles, l.Command.Title)
		if strings.HasSuffix(l.Command.Title, "not found") != (l.Command.Command == "") {
			t.Errorf("lens %q runs %q", l.Command.Title, l.Command.Command)
		}
	}
	want := []string{"verify → Geo.cpp:5", "fold → Geo.cpp:11", "parse: not found", "print: not found"}
	for _, w := range want {
		found := false
		for _, ti := range titles {
			found = found || ti == w
		}
		if !found {
			t.Errorf("no lens %q in %q", w, titles)
		}
	}

	line := s.lineOf("Geo.td", "hasCustomAssemblyFormat", 0)
	actions := s.codeActions("Geo.td", protocol.Range{Start: protocol.Position{Line: line, Character: 8}, End: protocol.Position{Line: line, Character: 8}})
	var stub *protocol.CodeAction
	for i, a := range actions {
		if a.Title == "Add a C++ stub for `ScaleOp::parse()`" {
			stub = &actions[i]
		}
	}
	if stub == nil || stub.Edit == nil {
		t.Fatalf("no stub action for parse in %v", actions)
	}
	edits := stub.Edit.Changes[uri.File(s.path("lib/Geo.cpp"))]
	if len(edits) != 1 {
		t.Fatalf("stub edits: %v", stub.Edit.Changes)
	}
	got := applyEdits(cppDialectCpp, edits)
	// After the class's last definition, at file scope, where `using
	// namespace geo;` leaves `ops::` to write.
	want0 := "void geo::ops::ScaleOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {}\n\n::mlir::ParseResult ops::ScaleOp::parse(::mlir::OpAsmParser &parser, ::mlir::OperationState &result) {\n  return ::mlir::failure();\n}\n"
	if !strings.Contains(got, want0) {
		t.Errorf("stub placed as:\n%s", got)
	}
}

// The stub goes after the class's last definition, in its namespace:
// there the class needs no qualifier.
func TestCppStubInsideNamespace(t *testing.T) {
	text := "#include \"Geo.h\"\n\nnamespace geo {\nnamespace ops {\n::llvm::LogicalResult ScaleOp::verify() { return success(); }\n} // namespace ops\n} // namespace geo\n\n#include \"geo/Geo.cpp.inc\"\n"
	s := startCpp(t, text)
	s.evaluated(s.at("Geo.td", "hasVerifier", 0, 0))
	line := s.lineOf("Geo.td", "hasFolder", 0)
	actions := s.codeActions("Geo.td", protocol.Range{Start: protocol.Position{Line: line, Character: 8}, End: protocol.Position{Line: line, Character: 8}})
	for _, a := range actions {
		if a.Title != "Add a C++ stub for `ScaleOp::fold()`" || a.Edit == nil {
			continue
		}
		got := applyEdits(text, a.Edit.Changes[uri.File(s.path("lib/Geo.cpp"))])
		want := "::llvm::LogicalResult ScaleOp::verify() { return success(); }\n\n::mlir::OpFoldResult ScaleOp::fold(FoldAdaptor adaptor) {\n  return {};\n}\n\n} // namespace ops"
		if !strings.Contains(got, want) {
			t.Errorf("stub placed as:\n%s", got)
		}
		return
	}
	t.Errorf("no stub action for fold in %v", actions)
}

func TestTableGenDefinitionFromCpp(t *testing.T) {
	s := startCpp(t)
	cpp := s.path("lib/Geo.cpp")
	ask := func(needle string, nth, delta int, text *string) []protocol.Location {
		t.Helper()
		line, col := posOf(t, cppDialectCpp, needle, nth, delta)
		params := map[string]any{"textDocument": map[string]any{"uri": uri.File(cpp)}, "position": map[string]any{"line": line, "character": col}}
		if text != nil {
			params["text"] = *text
		}
		var locs []protocol.Location
		if err := s.call("tdls/tableGenDefinition", params, &locs); err != nil {
			t.Fatal(err)
		}
		return locs
	}
	td := uri.File(s.path("Geo.td"))
	for _, c := range []struct {
		needle string
		nth    int
		want   string // the .td line's needle
	}{
		{"ScaleOp::verify", 0, "def Geo_ScaleOp"},
		{"verify()", 0, "hasVerifier"},
		{"getFactor", 0, "F32:$factor"},
		{"ScaleOp::fold", 0, "def Geo_ScaleOp"},
	} {
		locs := ask(c.needle, c.nth, 1, nil)
		if len(locs) != 1 || locs[0].URI != td || locs[0].Range.Start.Line != s.lineOf("Geo.td", c.want, 0) {
			t.Errorf("%s: got %v, want %q's line", c.needle, locs, c.want)
		}
	}
	if locs := ask("success", 0, 1, nil); len(locs) != 0 {
		t.Errorf("success: got %v, want nothing", locs)
	}
	// The editor's text, not the disk's: a line added above moves the name.
	edited := "// a new first line\n" + cppDialectCpp
	line, col := posOf(t, edited, "getFactor", 0, 1)
	params := map[string]any{"textDocument": map[string]any{"uri": uri.File(cpp)}, "position": map[string]any{"line": line, "character": col}, "text": edited}
	var locs []protocol.Location
	if err := s.call("tdls/tableGenDefinition", params, &locs); err != nil {
		t.Fatal(err)
	}
	if len(locs) != 1 {
		t.Errorf("getFactor in the editor's text: %v", locs)
	}
}

// A C++ document a client opens is not checked as TableGen: nothing is
// published for it, and its changes and close are accepted.
func TestCppDocumentIsNotTableGen(t *testing.T) {
	s := start(t, map[string]string{"x.cpp": "int main() { return 0; }\n"}, Options{}, nil, nil)
	p := s.path("x.cpp")
	u := uri.File(p)
	if err := s.client.Notify(s.ctx, "textDocument/didOpen", map[string]any{
		"textDocument": map[string]any{"uri": u, "languageId": "cpp", "version": 1, "text": "int main() { return 0; }\n"},
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.client.Notify(s.ctx, "textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": u, "version": 2},
		"contentChanges": []any{map[string]any{"text": "int main() { return 1; }\n"}},
	}); err != nil {
		t.Fatal(err)
	}
	s.settle()
	if d := s.client.Diagnostics(p); len(d) != 0 {
		t.Errorf("diagnostics published for a C++ file: %v", d)
	}
	if s.srv.ws.Snapshot().Overlay(filepath.Clean(p)) != nil {
		t.Error("the server keeps a buffer of a C++ file")
	}
}

// A function a DRR native call or predicate calls: definition from its
// name in the code string lands on the C++, hover says where, and the
// name in the C++ comes back to the string.
func TestCppDRRHelpers(t *testing.T) {
	needMLIR(t)
	files := map[string]string{}
	for _, n := range []string{"FooOps.td", "Patterns.td", "Patterns.cpp"} {
		b, err := os.ReadFile(filepath.Join("..", "analysis", "testdata", "cppreq", n))
		if err != nil {
			t.Fatal(err)
		}
		files[n] = string(b)
	}
	s := start(t, files, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("Patterns.td")
	s.srv.ws.CppIndex()
	for deadline := time.Now().Add(hangBound); !s.srv.ws.CppIndexBuilt(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the C++ index was not built")
		}
	}
	cppURI := uri.File(s.path("Patterns.cpp"))
	for _, c := range []struct{ needle, def string }{
		{`makeZero($_builder`, "makeZero(mlir::OpBuilder"},
		{`isSmall($0)`, "isSmall(Value"},
	} {
		params := s.at("Patterns.td", c.needle, 0, 2)
		s.evaluated(params)
		var locs []protocol.Location
		if err := s.call("textDocument/definition", params, &locs); err != nil {
			t.Fatal(err)
		}
		if len(locs) != 1 || locs[0].URI != cppURI || locs[0].Range.Start.Line != s.lineOf("Patterns.cpp", c.def, 0) {
			t.Errorf("definition at %s: %v", c.needle, locs)
		}
		if h := s.hoverText(params); !strings.Contains(h, "defined in [`Patterns.cpp:") {
			t.Errorf("hover at %s: %q", c.needle, h)
		}
		// And back.
		line, col := posOf(t, files["Patterns.cpp"], c.def, 0, 2)
		back := map[string]any{"textDocument": map[string]any{"uri": cppURI}, "position": map[string]any{"line": line, "character": col}}
		if err := s.call("tdls/tableGenDefinition", back, &locs); err != nil {
			t.Fatal(err)
		}
		tdLine, _ := posOf(t, files["Patterns.td"], c.needle, 0, 0)
		if len(locs) != 1 || !strings.HasSuffix(string(locs[0].URI), "Patterns.td") || int(locs[0].Range.Start.Line) != tdLine {
			t.Errorf("back from %s: %v, want Patterns.td:%d", c.def, locs, tdLine+1)
		}
	}
	// Not found: the hover says so, no definition in C++.
	params := s.at("Patterns.td", "missingHelper", 0, 2)
	if h := s.hoverText(params); !strings.Contains(h, "not found") {
		t.Errorf("hover on missingHelper: %q", h)
	}
}
