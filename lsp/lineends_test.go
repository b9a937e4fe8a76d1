package lsp

import (
	"testing"

	"go.lsp.dev/protocol"

	"tdls/lsp/lsptest"
)

// LSP 3.17 ends lines at \n, \r\n and a lone \r: edits and positions after
// a lone \r land where the client means them.
func TestLoneCarriageReturnIsALineEnd(t *testing.T) {
	text := "class A;\rdef B : Missing;\r\ndef C;\n"
	s := start(t, map[string]string{"a.td": text}, Options{}, nil, nil)
	p := s.open("a.td")
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Range.Start.Line != 1 || p.Diagnostics[0].Range.Start.Character != 8 {
		t.Fatalf("the error on Missing should be at 1:8: %+v", p.Diagnostics)
	}
	// Rename B to Bee and Missing to A on line 1; C to Sea on line 2.
	path := s.path("a.td")
	if err := s.client.ChangeRanges(s.ctx, path,
		lsptest.Edit{StartLine: 1, StartChar: 4, EndLine: 1, EndChar: 5, Text: "Bee"},
		lsptest.Edit{StartLine: 1, StartChar: 10, EndLine: 1, EndChar: 17, Text: "A"},
		lsptest.Edit{StartLine: 2, StartChar: 4, EndLine: 2, EndChar: 5, Text: "Sea"},
	); err != nil {
		t.Fatal(err)
	}
	if p := s.settled("a.td"); p.Version != uint32(s.client.Version(path)) || len(p.Diagnostics) != 0 {
		t.Fatalf("after the edits (version %d): %s", p.Version, messages(p))
	}
	var syms []protocol.DocumentSymbol
	if err := s.call("textDocument/documentSymbol", doc(s, "a.td"), &syms); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name string
		line uint32
	}{{"A", 0}, {"Bee", 1}, {"Sea", 2}}
	if len(syms) != len(want) {
		t.Fatalf("symbols %+v", syms)
	}
	for i, w := range want {
		if syms[i].Name != w.name || syms[i].SelectionRange.Start.Line != w.line {
			t.Errorf("symbol %d: %s at line %d, want %s at line %d", i, syms[i].Name, syms[i].SelectionRange.Start.Line, w.name, w.line)
		}
	}
}
