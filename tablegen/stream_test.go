package tablegen

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// streamed parses root as StreamUnit does, statement by statement, with
// each statement's tokens released as the next is read.
func streamed(set *SourceSet, root *File, opts LexOptions) ([]*Statement, *Unit) {
	s := StreamUnit(set, root, opts)
	var stmts []*Statement
	for st := s.Next(); st != nil; st = s.Next() {
		stmts = append(stmts, st)
	}
	return stmts, s.Unit()
}

// sameAsParseUnit reports how a streamed parse of src differs from
// ParseUnit's: statements, diagnostics (in order), files and includes.
func sameAsParseUnit(t *testing.T, name string, src []byte, opts LexOptions) {
	t.Helper()
	set1, set2 := NewSourceSet(), NewSourceSet()
	want := ParseUnit(set1, set1.AddFile(name, src), opts)
	stmts, got := streamed(set2, set2.AddFile(name, src), opts)
	if !reflect.DeepEqual(stmts, want.Statements) {
		for i := range stmts {
			if i >= len(want.Statements) || !reflect.DeepEqual(stmts[i], want.Statements[i]) {
				p := set2.Position(stmts[i].Start())
				t.Errorf("%s: statement %d at %d:%d differs from ParseUnit's", name, i, p.Line, p.Column)
				return
			}
		}
		t.Errorf("%s: %d statements streamed, ParseUnit has %d", name, len(stmts), len(want.Statements))
		return
	}
	if !reflect.DeepEqual(got.Diags, want.Diags) {
		t.Errorf("%s: diagnostics differ:\nstreamed\n%s\nParseUnit\n%s", name, dump(set2, got.Diags), dump(set1, want.Diags))
	}
	if len(got.Lex.Files) != len(want.Lex.Files) || !reflect.DeepEqual(got.Lex.Includes, want.Lex.Includes) ||
		!reflect.DeepEqual(got.Lex.Macros, want.Lex.Macros) {
		t.Errorf("%s: files, includes or macros differ from ParseUnit's", name)
	}
}

// TestStreamUnitMatchesParseUnit: a unit parsed statement by statement is
// the unit ParseUnit makes, on broken input (recovery, stray braces, deep
// nesting, unknown operators, include errors) and on MLIR's roots.
func TestStreamUnitMatchesParseUnit(t *testing.T) {
	srcs := append([]string(nil), fuzzSeeds...)
	srcs = append(srcs,
		"def A { int x = "+strings.Repeat("[", 700)+"1"+strings.Repeat("]", 700)+"; }\ndef B { int y = !nosuch(1); }\n}\n",
		"let x = 1 in {\n def A;\n def B : C<;\n}\ndef D { int i = 1 }\nclass E<int a> : F<a> { let\n",
		"def X : Y<[1, 2>;\ndef Z { dag d = (a b, c d); }\n} } def W;\n#ifdef A\n",
		strings.Repeat("{", 600)+strings.Repeat("}", 600)+" def After;",
	)
	for i, src := range srcs {
		sameAsParseUnit(t, "seed"+string(rune('a'+i%26))+".td", []byte(src), LexOptions{Loader: fuzzLoader{}})
	}
	roots, _ := filepath.Glob("/usr/lib/llvm-22/include/mlir/Dialect/*/IR/*.td")
	if len(roots) == 0 {
		t.Log("LLVM 22 not installed: the MLIR roots are not compared")
	}
	for _, path := range roots {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		sameAsParseUnit(t, path, data, LexOptions{Loader: &CommandLineLoader{IncludeDirs: []string{"/usr/lib/llvm-22/include"}}})
	}
}

func FuzzStreamUnit(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sameAsParseUnit(t, "fuzz.td", []byte(src), LexOptions{Loader: fuzzLoader{}})
	})
}
