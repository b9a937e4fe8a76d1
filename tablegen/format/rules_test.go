package format

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRules formats each testdata/rules/NAME.before.td and compares it with
// NAME.after.td, which says what the rule does; the after file is its own
// format.
func TestRules(t *testing.T) {
	befores, _ := filepath.Glob("testdata/rules/*.before.td")
	if len(befores) == 0 {
		t.Fatal("no rule files")
	}
	for _, before := range befores {
		name := strings.TrimSuffix(filepath.Base(before), ".before.td")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(before)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.Replace(before, ".before.", ".after.", 1))
			if err != nil {
				t.Fatal(err)
			}
			got, err := Source(src, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s", Unified("want", "got", want, got))
			}
			again, err := Source(want, Options{})
			if err != nil || !bytes.Equal(again, want) {
				t.Errorf("after file is not formatted: %v\n%s", err, Unified("after", "formatted", want, again))
			}
		})
	}
}

// TestRefusesTokenChange checks the guard itself: an output whose tokens
// differ from its input's is refused.
func TestRefusesTokenChange(t *testing.T) {
	in, out := scan("def A : B;"), scan("def AB : B;")
	if err := sameTokens(in, out); err == nil {
		t.Fatal("a joined name passed the token check")
	}
	if err := sameTokens(in, scan("def  A:B ;")); err != nil {
		t.Fatalf("a whitespace change failed the token check: %v", err)
	}
}

// TestEditsApply checks that the minimal edits between a file and its
// format, applied to the file, give the format.
func TestEditsApply(t *testing.T) {
	befores, _ := filepath.Glob("testdata/rules/*.before.td")
	for _, before := range befores {
		src, _ := os.ReadFile(before)
		out, err := Source(src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := apply(src, Edits(src, out)); got != string(out) {
			t.Errorf("%s: edits give\n%s", before, got)
		}
	}
}

func apply(src []byte, edits []Edit) string {
	var b strings.Builder
	at := 0
	for _, e := range edits {
		b.Write(src[at:e.Start])
		b.WriteString(e.Text)
		at = e.End
	}
	b.Write(src[at:])
	return b.String()
}

// TestRangeOfOneLineKeepsTheNext: a line that runs on past a multi-line
// code block or string into the next line, too long there, is not broken
// on that next line when only its first line is asked for.
func TestRangeOfOneLineKeepsTheNext(t *testing.T) {
	long := `"` + strings.Repeat("b", 40) + `"`
	for _, src := range []string{
		"def A {\n  let c = [{\n    f(}] # \"aaaaaaaaaaaaaaaaaaaaaaaaaaaa\" # [{, }] # " + long + " # [{);\n  }];\n}\n",
		"def A {\n  let c = \"x\" # [{\n}] # \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" # " + long + " # \"c\";\n}\n",
	} {
		in := strings.SplitAfter(src, "\n")
		for l := 1; l <= len(in); l++ {
			got, err := Source([]byte(src), Options{Lines: []LineRange{{l, l}}})
			if err != nil {
				t.Fatalf("line %d: %v", l, err)
			}
			out := strings.SplitAfter(string(got), "\n")
			if len(out) < len(in) || strings.Join(out[:l-1], "") != strings.Join(in[:l-1], "") ||
				strings.Join(out[len(out)-(len(in)-l):], "") != strings.Join(in[l:], "") {
				t.Errorf("formatting line %d changed other lines:\n%s", l, Unified("in", "out", []byte(src), got))
			}
		}
	}
}

// TestIndentWidth: with Options.Indent 4 (format.indentWidth), each body
// level and continuation is indented in proportion, and the output is
// formatted.
func TestIndentWidth(t *testing.T) {
	src, err := os.ReadFile("testdata/indentwidth/before.td")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/indentwidth/after.td")
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Indent: 4}
	got, err := Source(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s", Unified("want", "got", want, got))
	}
	if again, err := Source(want, opt); err != nil || !bytes.Equal(again, want) {
		t.Errorf("after file is not formatted: %v\n%s", err, Unified("after", "formatted", want, again))
	}
}
