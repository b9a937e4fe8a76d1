package eval

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// A problem raised in a library class while a def instantiates it is shown
// at the def's reference to the class, with the library line as related
// information (llvm-tblgen's "in this record" note); in the same file it
// stays at the class with the def as related information.
func TestProblemsInLibraryClassesPointAtTheRecord(t *testing.T) {
	path := filepath.Join("testdata", "usesite", "user.td")
	u, r := evalFile(t, path, filepath.Dir(path))
	want := []string{
		"user.td:4:11-4:18 assertion failed: n must be below 8 | Lib.td:3:10 raised here while instantiating 'Wide'",
		"user.td:5:5-5:10 Initializer of 'B' in 'Typed' could not be fully resolved: { !cast<bits<2>>(7){1}, !cast<bits<2>>(7){0} }",
		"user.td:6:10-6:14 assertion failed: n must be below 8 | Lib.td:3:10 raised here while instantiating 'Pair'",
		"user.td:7:22-7:29 assertion failed: n must be below 8 | Lib.td:3:10 raised here while instantiating 'Checked'",
		"user.td:10:10-10:19 assertion failed: n must not be zero | user.td:12:12 in this record, instantiating 'Local'",
		"user.td:14:16-14:26 assertion failed: n must be below 8 | Lib.td:3:10 raised here while instantiating 'Checked'",
	}
	var got []string
	for _, d := range append(u.Diags, r.Diagnostics...) {
		s, e := u.Set.Position(d.Range.Start), u.Set.Position(d.Range.End)
		line := fmt.Sprintf("%s:%d:%d-%d:%d %s", filepath.Base(s.Filename), s.Line, s.Column, e.Line, e.Column, d.Message)
		for _, rel := range d.Related {
			p := u.Set.Position(rel.Range.Start)
			line += fmt.Sprintf(" | %s:%d:%d %s", filepath.Base(p.Filename), p.Line, p.Column, rel.Message)
		}
		got = append(got, line)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !haveLLVM(t) {
		return
	}
	// llvm-tblgen reports each at the library line and notes the record on
	// the same user line as ours.
	_, stderr, ok := runLLVM(filepath.Dir(path), "user.td")
	if ok {
		t.Fatal("llvm-tblgen accepts user.td")
	}
	for _, w := range want {
		parts := strings.SplitN(w, ":", 3) // file, line, the rest
		line := parts[0] + ":" + parts[1] + ":"
		if !strings.Contains(string(stderr), line) {
			t.Errorf("llvm-tblgen says nothing at %s:\n%s", line, stderr)
		}
	}
}
