package lsp

import (
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// B1: an include resolved against the including file's directory (the
// workspace-relative layout VS Code starts servers in) is navigated to in
// its own file, never in the includer.
func TestB1IncludeTargetsKeepTheirFile(t *testing.T) {
	s := start(t, map[string]string{
		"main.td":      "include \"sub/ops.td\"\ndef M : MyOp;\n",
		"sub/ops.td":   "class MyOp;\n",
		"sub/other.td": "class Unused;\n",
	}, Options{}, nil, nil)
	s.open("main.td")
	locs := s.defAt("main.td", 1, 9)
	if len(locs) != 1 || locs[0].URI != uri.File(s.path("sub/ops.td")) || locs[0].Range.Start.Line != 0 {
		t.Fatalf("definition of MyOp: %+v", locs)
	}
	var links []protocol.DocumentLink
	if err := s.call("textDocument/documentLink", doc(s, "main.td"), &links); err != nil || len(links) != 1 {
		t.Fatalf("document link of the include: %+v %v", links, err)
	}
}

// B2: what llvm-tblgen treats as fatal is a diagnostic; the server stays up
// and answers, also for an unbounded foreach.
func TestB2FatalEvaluationErrorsAreDiagnostics(t *testing.T) {
	s := start(t, map[string]string{"a.td": "class A;\n"}, Options{}, nil, nil)
	s.open("a.td")
	for _, text := range []string{
		"class A { int x; }\ndef X : A { let x = !cast<A>(\"Nope\").x; }\n",
		"def D { int x = !div(1, 0); }\n",
		"def L { list<int> l = !listsplat(1, -1); }\n",
		"foreach i = !range(0, 100000000) in def R#i;\n",
	} {
		t0 := time.Now()
		p := s.change("a.td", text)
		if len(p.Diagnostics) == 0 {
			t.Errorf("%q: no diagnostic", text)
		}
		if d := time.Since(t0); d > 8*time.Second {
			t.Errorf("%q: took %v", text, d)
		}
		var syms []protocol.DocumentSymbol
		if err := s.call("textDocument/documentSymbol", doc(s, "a.td"), &syms); err != nil {
			t.Fatalf("server stopped answering after %q: %v", text, err)
		}
	}
}

// B3: navigation keeps working in a file with a syntax error elsewhere.
func TestB3NavigationSurvivesSyntaxErrors(t *testing.T) {
	s := start(t, map[string]string{"a.td": "class Base { int w; }\ndef Broken : Base<;\ndef Ok : Base { let w = 1; }\n"}, Options{}, nil, nil)
	p := s.open("a.td")
	if len(p.Diagnostics) == 0 {
		t.Fatal("no syntax error reported")
	}
	if locs := s.defAt("a.td", 2, 9); len(locs) == 0 || locs[0].Range.Start.Line != 0 {
		t.Errorf("definition of Base after a syntax error: %+v", locs)
	}
	if locs := s.defAt("a.td", 2, 20); len(locs) == 0 || locs[0].Range.Start != (protocol.Position{Line: 0, Character: 17}) {
		t.Errorf("definition of field w after a syntax error: %+v", locs)
	}
	var h *protocol.Hover
	if err := s.call("textDocument/hover", docAt(s, "a.td", 2, 5), &h); err != nil || h == nil || !strings.Contains(h.Contents.Value, "def Ok") {
		t.Errorf("hover after a syntax error: %+v %v", h, err)
	}
}

// An evaluation error does not blink off while an edit elsewhere is being
// evaluated: every publish of the edit shows it, moved with the text.
func TestEvaluationErrorsStayThroughAnEdit(t *testing.T) {
	s := start(t, map[string]string{"a.td": "class C;\ndef X : C;\ndef Y : D;\n"}, Options{}, nil, nil)
	if p := s.open("a.td"); len(p.Diagnostics) != 1 {
		t.Fatalf("open: %s", messages(p))
	}
	before := len(s.client.Diagnostics(s.path("a.td")))
	s.change("a.td", "// a comment\nclass C;\ndef X : C;\ndef Y : D;\n")
	pubs := s.client.Diagnostics(s.path("a.td"))[before:]
	if len(pubs) < 2 {
		t.Fatalf("%d publishes after the edit, want the syntax and the evaluation one", len(pubs))
	}
	for i, p := range pubs {
		if len(p.Params.Diagnostics) != 1 || p.Params.Diagnostics[0].Range.Start.Line != 3 {
			t.Errorf("publish %d: %s %+v", i, messages(p.Params), p.Params.Diagnostics)
		}
	}
}
