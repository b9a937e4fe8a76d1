package format

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// crlf is s with its line breaks written \r\n.
func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

// splitsCRLF reports whether an edit of src starts or ends between the \r
// and the \n of a line break.
func splitsCRLF(src []byte, edits []Edit) bool {
	inside := func(at int) bool { return at > 0 && at < len(src) && src[at-1] == '\r' && src[at] == '\n' }
	for _, e := range edits {
		if inside(e.Start) || inside(e.End) {
			return true
		}
	}
	return false
}

// TestLineBreaks: each rule case written with \r\n line breaks formats to
// its after file written with \r\n (lineends.before.td: code blocks and
// comments byte for byte), to a fixed point, by edits that split no \r\n;
// and any range of its lines formats to the \r\n version of that range
// formatted with \n.
func TestLineBreaks(t *testing.T) {
	befores, _ := filepath.Glob("testdata/rules/*.before.td")
	for _, before := range befores {
		t.Run(strings.TrimSuffix(filepath.Base(before), ".before.td"), func(t *testing.T) {
			lf, err := os.ReadFile(before)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.Replace(before, ".before.", ".after.", 1))
			if err != nil {
				t.Fatal(err)
			}
			src := []byte(crlf(string(lf)))
			got, err := Source(src, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != crlf(string(want)) {
				t.Fatalf("%s", Unified("want", "got", []byte(crlf(string(want))), got))
			}
			if again, err := Source(got, Options{}); err != nil || string(again) != string(got) {
				t.Errorf("not idempotent (%v)", err)
			}
			if e := Edits(src, got); apply(src, e) != string(got) || splitsCRLF(src, e) {
				t.Errorf("the edits do not give the format, or split a \\r\\n: %+v", e)
			}
			n := strings.Count(string(lf), "\n")
			for first := 1; first <= n; first++ {
				for last := first; last <= n; last++ {
					for _, lines := range [][]LineRange{{{first, last}}, {{first, first}, {last, last}}} {
						lfOut, err := Source(lf, Options{Lines: lines})
						if err != nil {
							t.Fatalf("%v: %v", lines, err)
						}
						got, err := Source(src, Options{Lines: lines})
						if err != nil {
							t.Fatalf("%v with \\r\\n: %v", lines, err)
						}
						if string(got) != crlf(string(lfOut)) {
							t.Errorf("%v: %q, want %q", lines, got, crlf(string(lfOut)))
						}
					}
				}
			}
		})
	}
}

// TestMixedLineBreaks: a file is written with the line break most of its
// lines have (\n on a tie); a lone \r is whitespace, as the lexer has it.
func TestMixedLineBreaks(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"// c\r\n\r\ndef A {\r\n  int x = 1;\r\n}\r\n", "// c\r\n\r\ndef A {\r\n  int x = 1;\r\n}\r\n"},
		{"def  A;\r\ndef B { let c = [{\na\r\n}]; }\r\n", "def A;\r\ndef B { let c = [{\r\na\r\n}]; }\r\n"},
		{"def  A;\ndef B { let c = [{\r\na\n}]; }\n", "def A;\ndef B { let c = [{\na\n}]; }\n"},
		{"def  A;\r\ndef B;\n", "def A;\ndef B;\n"},
		{"def  A;\r\n", "def A;\r\n"},
		{"def  A;", "def A;\n"},
		{"def A;\rdef  B;\r\n", "def A; def B;\r\n"},
		{"// c\r\r\ndef  A;\r\n", "// c\r\r\ndef A;\r\n"},
		{"def A { let x = [{ a\r\r\n b }]; }\r\n", "def A { let x = [{ a\r\r\n b }]; }\r\n"},
		// With \n, a \r before a line break would read as \r\n: it goes.
		{"def  A;\n// c\r\r\n", "def A;\n// c\n"},
		{"def A;\n// c\r", "def A;\n// c\n"},
	} {
		got, err := Source([]byte(c.in), Options{})
		if err != nil || string(got) != c.want {
			t.Errorf("%q: %q (%v), want %q", c.in, got, err, c.want)
		}
		if e := Edits([]byte(c.in), got); apply([]byte(c.in), e) != string(got) || splitsCRLF([]byte(c.in), e) {
			t.Errorf("%q: the edits %+v do not give the format, or split a \\r\\n", c.in, e)
		}
	}
	// In a range, the lines formatted take the file's line break; the
	// others keep theirs.
	src := "def  A;\r\ndef  B;\ndef  C;\r\ndef  D;\ndef  E;\r\n"
	for _, c := range []struct {
		lines []LineRange
		want  string
	}{
		{[]LineRange{{2, 2}}, "def  A;\r\ndef B;\r\ndef  C;\r\ndef  D;\ndef  E;\r\n"},
		{[]LineRange{{2, 2}, {4, 4}}, "def  A;\r\ndef B;\r\ndef  C;\r\ndef D;\r\ndef  E;\r\n"},
		{[]LineRange{{3, 3}}, "def  A;\r\ndef  B;\ndef C;\r\ndef  D;\ndef  E;\r\n"},
	} {
		got, err := Source([]byte(src), Options{Lines: c.lines})
		if err != nil || string(got) != c.want {
			t.Errorf("%v: %q (%v), want %q", c.lines, got, err, c.want)
		}
	}
	src = "def  A;\n// c\r\r\ndef  B;\n"
	for l, want := range []string{"def A;\n// c\r\r\ndef  B;\n", "def  A;\n// c\ndef  B;\n"} {
		got, err := Source([]byte(src), Options{Lines: []LineRange{{l + 1, l + 1}}})
		if err != nil || string(got) != want {
			t.Errorf("line %d of %q: %q (%v), want %q", l+1, src, got, err, want)
		}
	}
}

// TestMixedRangeKeepsOtherLines: in the rule cases with every other line
// break \r\n, formatting a range changes no byte outside it.
func TestMixedRangeKeepsOtherLines(t *testing.T) {
	befores, _ := filepath.Glob("testdata/rules/*.before.td")
	for _, before := range befores {
		lf, err := os.ReadFile(before)
		if err != nil {
			t.Fatal(err)
		}
		in := strings.SplitAfter(string(lf), "\n")
		for i := 0; i < len(in); i += 2 {
			in[i] = strings.Replace(in[i], "\n", "\r\n", 1)
		}
		src := []byte(strings.Join(in, ""))
		for first := 1; first < len(in); first++ {
			for last := first; last < len(in); last++ {
				got, err := Source(src, Options{Lines: []LineRange{{first, last}}})
				if err != nil {
					t.Fatalf("%s %d:%d: %v", before, first, last, err)
				}
				out := strings.SplitAfter(string(got), "\n")
				head, tail := in[:first-1], in[last:]
				if len(out) < len(head)+len(tail) || strings.Join(out[:len(head)], "") != strings.Join(head, "") ||
					strings.Join(out[len(out)-len(tail):], "") != strings.Join(tail, "") {
					t.Errorf("%s: formatting lines %d:%d changed other lines:\n%s", before, first, last, Unified("in", "out", src, got))
				}
			}
		}
	}
}

// TestEditsKeepCRLFWhole: an edit that changes a \r\n to \n replaces the
// whole line break.
func TestEditsKeepCRLFWhole(t *testing.T) {
	old, new := []byte("a\r\nb\r\n"), []byte("a\nb\r\n")
	e := Edits(old, new)
	if len(e) != 1 || e[0] != (Edit{Start: 1, End: 3, Text: "\n"}) {
		t.Fatalf("edits %+v", e)
	}
}
