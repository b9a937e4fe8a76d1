package lsp

import (
	"strings"
	"testing"

	"tdls/lsp/lsptest"
)

// The diagnostics after incremental edits equal those of a fresh open of
// the same text (the reproductions of the stress run that found an error
// kept, or one message for another, in the text before the first statement
// and at the end of the reparsed region).
func TestIncrementalEditsEqualAFreshOpen(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		text  string
		edits [][]lsptest.Edit // one didChange each
		want  string           // the messages, joined by " | "
	}{
		{
			name:  "a newline in the leading comment, then deleted",
			text:  "// a comment line\ndef A;\n",
			edits: [][]lsptest.Edit{{{StartLine: 0, StartChar: 5, EndLine: 0, EndChar: 5, Text: "\n"}}, {{StartLine: 0, StartChar: 5, EndLine: 1, EndChar: 0}}},
		},
		{
			name:  "a character typed on the blank line after an include, then deleted",
			files: map[string]string{"r2inc.td": "class C;\n"},
			text:  "include \"r2inc.td\"\n\ndef X : C;\n",
			edits: [][]lsptest.Edit{{{StartLine: 1, StartChar: 0, EndLine: 1, EndChar: 0, Text: "x"}}, {{StartLine: 1, StartChar: 0, EndLine: 1, EndChar: 1}}},
		},
		{
			name:  "the ';' of a def deleted",
			text:  "class C<int n>;\ndef A : C<1>;\ndef B : C<2>;\n\ndef D : C<3>;\ndef E : C<4>;\n",
			edits: [][]lsptest.Edit{{{StartLine: 2, StartChar: 12, EndLine: 2, EndChar: 13}}},
			want:  "expected ';' or '{' to start the def body, found 'def'",
		},
		{
			name:  "the ';' of a def deleted, the next def on the same line",
			text:  "class C<int n>;\ndef A : C<1>;\ndef B : C<2>; def D : C<3>;\ndef E : C<4>;\n",
			edits: [][]lsptest.Edit{{{StartLine: 2, StartChar: 12, EndLine: 2, EndChar: 13}}},
			want:  "expected ';' or '{' to start the def body, found 'def'",
		},
		{
			name:  "a brace left open before the last def",
			text:  "class C;\ndef A : C;\ndef B : C;\n",
			edits: [][]lsptest.Edit{{{StartLine: 1, StartChar: 10, EndLine: 1, EndChar: 10, Text: " {"}}},
		},
	}
	for _, c := range cases {
		files := map[string]string{"a.td": c.text}
		for k, v := range c.files {
			files[k] = v
		}
		s := start(t, files, Options{}, nil, nil)
		s.open("a.td")
		path := s.path("a.td")
		text := c.text
		for _, e := range c.edits {
			if err := s.client.ChangeRanges(s.ctx, path, e...); err != nil {
				t.Fatal(err)
			}
			for _, ed := range e {
				text = applyEdit(text, ed)
			}
		}
		pub := lsptest.Published{Params: s.settled("a.td")}
		if pub.Params.Version != uint32(s.client.Version(path)) {
			t.Fatalf("%s: no diagnostics for the last version", c.name)
		}
		fresh := start(t, map[string]string{"a.td": text, "r2inc.td": c.files["r2inc.td"]}, Options{}, nil, nil).open("a.td")
		if got, want := messages(pub.Params), messages(fresh); got != want {
			t.Errorf("%s: after the edits %q, a fresh open %q", c.name, got, want)
		}
		if c.want != "" && !strings.Contains(messages(pub.Params), c.want) {
			t.Errorf("%s: %q lacks %q", c.name, messages(pub.Params), c.want)
		}
	}
}

// applyEdit applies an edit whose positions count bytes on \n-separated
// lines (the cases above are ASCII).
func applyEdit(text string, e lsptest.Edit) string {
	off := func(line, col int) int {
		o := 0
		for ; line > 0; line-- {
			o += strings.IndexByte(text[o:], '\n') + 1
		}
		return o + col
	}
	return text[:off(e.StartLine, e.StartChar)] + e.Text + text[off(e.EndLine, e.EndChar):]
}

// A fragment open before its includer is checked again in the includer's
// unit when the includer is opened, as a fresh server would check it.
func TestFragmentRecheckedWhenItsIncluderOpens(t *testing.T) {
	s := start(t, map[string]string{"Frag.td": "def F : Base;\n"}, Options{}, nil, nil)
	if p := s.open("Frag.td"); !strings.Contains(messages(p), "Base") {
		t.Fatalf("alone, the fragment's Base is unknown: %q", messages(p))
	}
	frag := s.path("Frag.td")
	ch := s.client.Expect(frag)
	if err := s.client.Open(s.ctx, s.path("Root.td"), "class Base;\ninclude \"Frag.td\"\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := lsptest.Wait(ch, hangBound); err != nil {
		t.Fatalf("the fragment was not checked again: %v", err)
	}
	if p := s.settled("Frag.td"); len(p.Diagnostics) != 0 {
		t.Errorf("in its includer's unit the fragment is clean, not %q", messages(p))
	}
}
