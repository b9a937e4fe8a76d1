package eval

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tdls/tablegen"
)

// TestUnusedTemplateArgsAsLLVM checks that the template arguments tdls
// warns of as unused are those llvm-tblgen 22 warns of, at the same
// place with the same message: as recorded next to the fixture, and live
// when LLVM 22 is installed.
func TestUnusedTemplateArgsAsLLVM(t *testing.T) {
	live := haveLLVM(t)
	for _, path := range testdataFiles(t, "unused") {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".td"), func(t *testing.T) {
			u, r := evalFile(t, path)
			var ours []string
			for _, d := range append(u.Diags, r.Diagnostics...) {
				if d.Severity == tablegen.SeverityError {
					p := u.Set.Position(d.Range.Start)
					t.Errorf("%d:%d: %s [%s]", p.Line, p.Column, d.Message, d.Code)
				}
				if d.Code == "eval-unused-template-arg" {
					p := u.Set.Position(d.Range.Start)
					ours = append(ours, fmt.Sprintf("%s:%d:%d: warning: %s", name, p.Line, p.Column, d.Message))
				}
			}
			got := strings.Join(ours, "\n") + "\n"
			golden, err := os.ReadFile(strings.TrimSuffix(path, ".td") + ".warnings")
			if err != nil {
				t.Fatal(err)
			}
			if got != string(golden) {
				t.Errorf("warnings differ from recorded llvm-tblgen's:\n--- tdls\n%s--- llvm-tblgen\n%s", got, golden)
			}
			if live {
				_, stderr, ok := runLLVM(filepath.Dir(path), name)
				if !ok {
					t.Fatalf("llvm-tblgen rejects %s: %s", name, stderr)
				}
				var theirs []string
				for _, l := range bytes.Split(stderr, []byte("\n")) {
					if bytes.Contains(l, []byte(": warning: ")) {
						theirs = append(theirs, string(l))
					}
				}
				if want := strings.Join(theirs, "\n") + "\n"; got != want {
					t.Errorf("warnings differ from live llvm-tblgen's:\n--- tdls\n%s--- llvm-tblgen\n%s", got, want)
				}
			}
		})
	}
}

// A class whose definition is abandoned is not checked for unused
// arguments, nor is a multiclass with an abandoned statement in its body:
// llvm-tblgen stops there.
func TestUnusedTemplateArgsNotAfterFailure(t *testing.T) {
	src := `class C<int a, int b> { int x = a; let nosuch = 1; }
multiclass M<int a, int b> { def _x { int y = a; let nosuch = 1; } }
`
	_, r := evalBytes("f.td", []byte(src))
	for _, d := range r.Diagnostics {
		if d.Code == "eval-unused-template-arg" {
			t.Errorf("unexpected warning: %s", d.Message)
		}
	}
}
