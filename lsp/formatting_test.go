package lsp

import (
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"tdls/tablegen"
)

const messyFormat = "def  A :B;\ndef C : D<[E,F]>;\n  def G : H;\ndef I {\nlet j=1;\n}\n"

// applyEdits applies LSP edits to text (positions in UTF-16, as the
// server sends them).
func applyFormatEdits(t *testing.T, text string, edits []protocol.TextEdit) string {
	t.Helper()
	f := tablegen.NewSourceSet().AddFile("x.td", []byte(text))
	sort.Slice(edits, func(i, j int) bool {
		return offsetOf(f, edits[i].Range.Start) > offsetOf(f, edits[j].Range.Start)
	})
	for _, e := range edits {
		a, b := offsetOf(f, e.Range.Start), offsetOf(f, e.Range.End)
		if a > b {
			t.Fatalf("edit %v runs backwards", e.Range)
		}
		text = text[:a] + e.NewText + text[b:]
	}
	return text
}

func lineRange(first, last uint32) map[string]any {
	return map[string]any{"start": map[string]any{"line": first, "character": 0}, "end": map[string]any{"line": last, "character": 1}}
}

func TestFormattingWholeAndRanges(t *testing.T) {
	s := start(t, map[string]string{"a.td": messyFormat}, Options{}, nil, nil)
	s.open("a.td")
	opts := map[string]any{"tabSize": 2, "insertSpaces": true}
	var edits []protocol.TextEdit
	if err := s.call("textDocument/formatting", map[string]any{"textDocument": doc(s, "a.td")["textDocument"], "options": opts}, &edits); err != nil {
		t.Fatal(err)
	}
	if got, want := applyFormatEdits(t, messyFormat, edits), "def A : B;\ndef C : D<[E, F]>;\ndef G : H;\ndef I {\n  let j = 1;\n}\n"; got != want {
		t.Fatalf("formatting gave %q, want %q", got, want)
	}
	for _, e := range edits {
		if e.Range.Start.Line != e.Range.End.Line {
			t.Errorf("edit %v spans lines: not minimal", e)
		}
	}
	edits = nil
	if err := s.call("textDocument/rangeFormatting", map[string]any{"textDocument": doc(s, "a.td")["textDocument"], "range": lineRange(1, 1), "options": opts}, &edits); err != nil {
		t.Fatal(err)
	}
	if got, want := applyFormatEdits(t, messyFormat, edits), strings.Replace(messyFormat, "[E,F]", "[E, F]", 1); got != want {
		t.Fatalf("rangeFormatting gave %q, want %q", got, want)
	}
	edits = nil
	params := map[string]any{"textDocument": doc(s, "a.td")["textDocument"], "ranges": []any{lineRange(0, 0), lineRange(4, 4)}, "options": opts}
	if err := s.call("textDocument/rangesFormatting", params, &edits); err != nil {
		t.Fatal(err)
	}
	if got, want := applyFormatEdits(t, messyFormat, edits), strings.Replace(strings.Replace(messyFormat, "def  A :B", "def A : B", 1), "let j=1", "  let j = 1", 1); got != want {
		t.Fatalf("rangesFormatting gave %q, want %q", got, want)
	}
}

// TestRangeFormattingKeepsOtherLines formats random ranges of MLIR's files
// through the server and checks that the edits change no byte outside the
// requested lines.
func TestRangeFormattingKeepsOtherLines(t *testing.T) {
	const root = "/usr/lib/llvm-22/include/mlir"
	if _, err := os.Stat(root); err != nil {
		t.Skip("LLVM 22 is not installed")
	}
	var files []string
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".td") {
			files = append(files, p)
		}
		return nil
	})
	s := start(t, nil, Options{}, nil, nil)
	r := rand.New(rand.NewSource(3))
	opts := map[string]any{"tabSize": 2, "insertSpaces": true}
	n := 0
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(text), "\n")
		first := uint32(r.Intn(len(lines)))
		last := first + uint32(r.Intn(30))
		var edits []protocol.TextEdit
		u := uriOf(f)
		params := map[string]any{"textDocument": map[string]any{"uri": u}, "range": lineRange(first, last), "options": opts}
		if err := s.call("textDocument/rangeFormatting", params, &edits); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		n++
		got := strings.SplitAfter(applyFormatEdits(t, string(text), edits), "\n")
		keptAfter := len(lines) - int(min(last+1, uint32(len(lines))))
		if len(got) < int(first)+keptAfter ||
			strings.Join(got[:first], "") != strings.Join(lines[:first], "") ||
			strings.Join(got[len(got)-keptAfter:], "") != strings.Join(lines[len(lines)-keptAfter:], "") {
			t.Errorf("%s: formatting lines %d-%d changed other lines", f, first, last)
		}
	}
	t.Logf("%d files, a random range of each: no byte outside it changed", n)
}

// TestFormattingIndentWidthFromProjectConfig: the server formats with the
// project's format.indentWidth.
func TestFormattingIndentWidthFromProjectConfig(t *testing.T) {
	s := start(t, map[string]string{"a.td": messyFormat, ".tdls.yaml": "format:\n  indentWidth: 4\n"}, Options{}, nil, nil)
	s.open("a.td")
	var edits []protocol.TextEdit
	opts := map[string]any{"tabSize": 2, "insertSpaces": true}
	if err := s.call("textDocument/formatting", map[string]any{"textDocument": doc(s, "a.td")["textDocument"], "options": opts}, &edits); err != nil {
		t.Fatal(err)
	}
	if got, want := applyFormatEdits(t, messyFormat, edits), "def A : B;\ndef C : D<[E, F]>;\ndef G : H;\ndef I {\n    let j = 1;\n}\n"; got != want {
		t.Fatalf("formatting gave %q, want %q", got, want)
	}
}

// TestFormattingCRLF: a document with \r\n line breaks is formatted, whole
// or in ranges, to the \r\n version of its \n format, by edits that never
// fall between the \r and the \n of a line break; one with mixed line
// breaks gets its majority's.
func TestFormattingCRLF(t *testing.T) {
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	whole := "def A : B;\ndef C : D<[E, F]>;\ndef G : H;\ndef I {\n  let j = 1;\n}\n"
	files := map[string]string{"a.td": crlf(messyFormat), "m.td": "def  A;\r\ndef B;\ndef C;\n"}
	s := start(t, files, Options{}, nil, nil)
	opts := map[string]any{"tabSize": 2, "insertSpaces": true}
	for _, c := range []struct {
		file, method string
		params       map[string]any
		want         string
	}{
		{"a.td", "textDocument/formatting", nil, crlf(whole)},
		{"a.td", "textDocument/rangeFormatting", map[string]any{"range": lineRange(1, 1)}, crlf(strings.Replace(messyFormat, "[E,F]", "[E, F]", 1))},
		{"a.td", "textDocument/rangesFormatting", map[string]any{"ranges": []any{lineRange(0, 0), lineRange(4, 4)}},
			crlf(strings.Replace(strings.Replace(messyFormat, "def  A :B", "def A : B", 1), "let j=1", "  let j = 1", 1))},
		{"m.td", "textDocument/formatting", nil, "def A;\ndef B;\ndef C;\n"},
	} {
		s.open(c.file)
		params := map[string]any{"textDocument": doc(s, c.file)["textDocument"], "options": opts}
		for k, v := range c.params {
			params[k] = v
		}
		var edits []protocol.TextEdit
		if err := s.call(c.method, params, &edits); err != nil {
			t.Fatal(err)
		}
		text := files[c.file]
		f := tablegen.NewSourceSet().AddFile(c.file, []byte(text))
		for _, e := range edits {
			for _, p := range []protocol.Position{e.Range.Start, e.Range.End} {
				if l := int(p.Line); l < f.LineCount() && int(p.Character) > f.LineEnd(l)-f.LineStart(l) {
					t.Errorf("%s %s: edit %v falls inside a line break", c.file, c.method, e.Range)
				}
			}
		}
		if got := applyFormatEdits(t, text, edits); got != c.want {
			t.Errorf("%s %s gave %q, want %q", c.file, c.method, got, c.want)
		}
	}
}
