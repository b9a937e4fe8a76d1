package tablegen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// An !operator LLVM 22 does not have is reported at its token, saying that
// it is not one of LLVM 22 and may be one of a newer LLVM, where
// llvm-tblgen 22 reports it ("unknown operator", at the '!'); the statement
// stays in the AST.
func TestUnknownBangOperator(t *testing.T) {
	src := "def A {\n  int i = !foo(1, 2);\n}\ndef B {\n  dag d = (ins !isnotyet(1):$a, !add(1, 2));\n}\n"
	set, pr, diags := parseString(t, src)
	type at struct{ line, col, endCol int }
	want := map[string]at{"!foo": {2, 11, 15}, "!isnotyet": {5, 16, 25}}
	if len(diags) != len(want) {
		t.Fatalf("want %d diagnostics, got:\n%s", len(want), dump(set, diags))
	}
	for _, d := range diags {
		f := set.File(d.Range.Start)
		text := f.Text()[f.Offset(d.Range.Start):f.Offset(d.Range.End)]
		w, ok := want[text]
		start, end := set.Position(d.Range.Start), set.Position(d.Range.End)
		if !ok || d.Code != "syntax-bang" || start.Line != w.line || start.Column != w.col || end.Column != w.endCol {
			t.Errorf("%d:%d-%d %q [%s], want the token's range %v", start.Line, start.Column, end.Column, text, d.Code, w)
		}
		for _, part := range []string{"'" + text + "' is not a bang operator of LLVM 22", "if your LLVM is newer"} {
			if !strings.Contains(d.Message, part) {
				t.Errorf("message %q lacks %q", d.Message, part)
			}
		}
	}
	if names := defNames(pr.Statements); !names["A"] || !names["B"] {
		t.Errorf("statements lost: %v", names)
	}

	// llvm-tblgen 22 rejects the same operators at the same places.
	const llvmTblgen = "/usr/lib/llvm-22/bin/llvm-tblgen"
	if _, err := os.Stat(llvmTblgen); err != nil {
		t.Skipf("SKIP: LLVM 22 is not installed (%v): not compared with llvm-tblgen", err)
	}
	for name, w := range want {
		dir := t.TempDir()
		file := filepath.Join(dir, "bang.td")
		// The operator's line alone in a def, at the same line number.
		body := strings.Repeat("\n", w.line-2) + "def X {\n" + strings.Split(src, "\n")[w.line-1] + "\n}\n"
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(llvmTblgen, file).CombinedOutput()
		if err == nil {
			t.Errorf("llvm-tblgen accepts %s:\n%s", name, body)
			continue
		}
		first := regexp.MustCompile(`bang\.td:(\d+):(\d+): error: (.*)`).FindStringSubmatch(string(out))
		if first == nil || first[1] != fmt.Sprint(w.line) || first[2] != fmt.Sprint(w.col) || first[3] != "unknown operator" {
			t.Errorf("llvm-tblgen on %s: want \"unknown operator\" at %d:%d, got:\n%s", name, w.line, w.col, out)
		}
	}
}
