package lsp

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestOpAcrossAnIncludeEnd: llvm-tblgen lexes on from the end of an
// included file into its includer, so an op may open in one file and
// close in the next (mlir-tblgen generates it). The checks, the code
// actions and every request at every place of both files answer without
// an internal error, and the op's own errors are reported where they are.
func TestOpAcrossAnIncludeEnd(t *testing.T) {
	if _, err := os.Stat(mlirFile("IR/PatternBase.td")); err != nil {
		t.Skipf("LLVM 22 not installed: %v", err)
	}
	files := map[string]string{
		"opens.td": "include \"mlir/IR/OpBase.td\"\ninclude \"mlir/IR/PatternBase.td\"\n" +
			"def D : Dialect { let name = \"d\"; let cppNamespace = \"::d\"; }\n" +
			"def MyOp : Op<D, \"my\"> {\n  let summary = \"no period\";\n",
		"closes.td": "include \"opens.td\"\n  let arguments = (ins I32:$a, I32:$a);\n  let results = (outs I32:$r);\n" +
			"  let assemblyFormat = \"$a $zz attr-dict `:` type($r)\";\n}\n" +
			"def P : Pat<(MyOp $x, $y), (MyOp $x, $x, $z)>;\n",
	}
	s := start(t, files, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	pub := s.open("closes.td")
	got := messages(pub)
	for _, want := range []string{"same name 'a'", "expected variable to refer to an argument", "argument number mismatch"} {
		if !strings.Contains(got, want) {
			t.Errorf("closes.td: no %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "internal error") {
		t.Errorf("closes.td: an internal error:\n%s", got)
	}
	methods := []string{"textDocument/hover", "textDocument/definition", "textDocument/references",
		"textDocument/documentHighlight", "textDocument/signatureHelp", "textDocument/completion", "textDocument/prepareRename"}
	for name, text := range files {
		if name != "closes.td" {
			s.open(name)
		}
		for line, l := range strings.Split(text, "\n") {
			for char := 0; char <= len(l); char++ {
				for _, m := range methods {
					var res json.RawMessage
					if err := s.call(m, docAt(s, name, line, char), &res); err != nil && strings.Contains(err.Error(), "internal error") {
						t.Fatalf("%s at %s:%d:%d: %v", m, name, line, char, err)
					}
				}
			}
		}
		for _, m := range []string{"textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/foldingRange", "textDocument/codeLens", "textDocument/inlayHint"} {
			params := doc(s, name)
			if m == "textDocument/inlayHint" {
				params["range"] = map[string]any{"start": map[string]int{"line": 0, "character": 0}, "end": map[string]int{"line": 100, "character": 0}}
			}
			var res json.RawMessage
			if err := s.call(m, params, &res); err != nil && strings.Contains(err.Error(), "internal error") {
				t.Errorf("%s on %s: %v", m, name, err)
			}
		}
		var actions json.RawMessage
		params := doc(s, name)
		params["range"] = map[string]any{"start": map[string]int{"line": 0, "character": 0}, "end": map[string]int{"line": 100, "character": 0}}
		params["context"] = map[string]any{"diagnostics": pub.Diagnostics}
		if name != "closes.td" {
			params["context"] = map[string]any{"diagnostics": s.settled(name).Diagnostics}
		}
		if err := s.call("textDocument/codeAction", params, &actions); err != nil {
			t.Errorf("codeAction on %s: %v", name, err)
		}
	}
}
