package tablegen

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// stubIncludes resolves every include to an empty file, so that LexUnit
// lexes one file alone the way LexAlone does.
type stubIncludes struct{}

func (stubIncludes) Include(name, _ string) (string, []byte, error) { return "\x00" + name, nil, nil }

func TestLexAloneMatchesLexUnit(t *testing.T) {
	for _, src := range append(fuzzSeeds, relexSeeds...) {
		for _, defs := range [][]string{nil, {"X", "G"}} {
			set := NewSourceSet()
			f := set.AddFile("a.td", []byte(src))
			got := LexAlone(set, f, defs)
			set2 := NewSourceSet()
			f2 := set2.AddFile("a.td", []byte(src))
			want := LexUnit(set2, f2, LexOptions{Loader: stubIncludes{}, Defines: defs})
			var incs []Include
			for _, inc := range want.Includes {
				inc.File, inc.From = nil, f
				incs = append(incs, inc)
			}
			if !reflect.DeepEqual(got.Tokens.Tokens(0, got.Tokens.Len()), want.Tokens) || !reflect.DeepEqual(got.Diags, want.Diags) ||
				!reflect.DeepEqual(got.Includes, incs) || !reflect.DeepEqual(got.Macros, want.Macros) {
				t.Errorf("LexAlone differs from LexUnit on %q (defines %v)", src, defs)
			}
		}
	}
}

// Large files, whose tokens LexAlone gathers in a list sized from the
// file's length: alike throughout, denser further on, and much sparser
// further on (the list is cut to size).
func TestLexAloneLargeFiles(t *testing.T) {
	dense := strings.Repeat("def R : C<[1,2,3,4,5,6,7,8]>;\n", 20000)
	sparse := strings.Repeat("// "+strings.Repeat("comment ", 12)+"\n", 20000)
	for name, src := range map[string]string{
		"alike":         strings.Repeat("def R1 : C<1, \"s\"> { let x = !add(1, 1); }\n", 30000),
		"denser later":  sparse[:len(sparse)/4] + dense + dense,
		"sparser later": dense + sparse + sparse + sparse,
	} {
		set, set2 := NewSourceSet(), NewSourceSet()
		got := LexAlone(set, set.AddFile("a.td", []byte(src)), nil)
		want := LexUnit(set2, set2.AddFile("a.td", []byte(src)), LexOptions{Loader: stubIncludes{}})
		if !reflect.DeepEqual(got.Tokens.Tokens(0, got.Tokens.Len()), want.Tokens) || !reflect.DeepEqual(got.Diags, want.Diags) {
			t.Errorf("%s: LexAlone differs from LexUnit", name)
		}
		if n := got.Tokens.Len(); cap(got.Tokens.kinds) > n+n/16+64 || cap(got.Tokens.offs) > n+n/16+64 {
			t.Errorf("%s: %d tokens in a list of %d", name, n, cap(got.Tokens.kinds))
		}
	}
}

var relexSeeds = []string{
	"#ifndef G\n#define G\ninclude \"a.td\"\ndef A { int x = 1; }\n#ifdef X\ndef B;\n#else\ndef C;\n#endif\n#define Y\n#endif // G\n",
	"/* a */ #define Z\n#ifdef Z\n  #ifndef W\ndef D;\n  #endif\n#endif\ninclude x\ndef E { code c = [{\n#endif\n}]; }\n",
	"#else\n#endif\n#ifdef\n#define 1\n#ifdef X junk\ndef F;\n",
}

// relexPieces are inserted by the random edits: they open and close
// comments, strings, code blocks and preprocessor regions.
var relexPieces = []string{
	"a", "Z", "1", "0x", " ", "\n", ".", "..", "-", "#", "\"", "[{", "}]", "/*", "*/", "//", "$", "!", "\\",
	"#ifdef X\n", "#ifndef G\n", "#define X\n", "#define G\n", "#else\n", "#endif\n", "\n#endif", "include \"b.td\"\n", "def N;\n",
}

func randomEdit(r *rand.Rand, src []byte) []byte {
	a := r.Intn(len(src) + 1)
	b := a
	if r.Intn(2) == 0 {
		b = min(len(src), a+r.Intn(12))
	}
	var ins string
	if r.Intn(3) > 0 {
		ins = relexPieces[r.Intn(len(relexPieces))]
	}
	out := append([]byte(nil), src[:a]...)
	out = append(out, ins...)
	return append(out, src[b:]...)
}

// checkRelex applies chains of random edits to src, relexing each version
// from the previous one, and compares with lexing it whole.
func checkRelex(t *testing.T, name string, src []byte, defs []string, edits int, seed int64) {
	r := rand.New(rand.NewSource(seed))
	set := NewSourceSet()
	prev := LexAlone(set, set.AddFile(name, src), defs)
	for i := 0; i < edits; i++ {
		if r.Intn(8) == 0 { // start a new chain now and then
			prev = LexAlone(set, set.AddFile(name, src), defs)
		}
		// Several edits at once now and then: a version made of a burst of
		// keystrokes at places far apart.
		for n := 1 + r.Intn(4)/3*r.Intn(6); n > 0; n-- {
			src = randomEdit(r, src)
		}
		f := set.AddFile(name, src)
		got := RelexAlone(set, f, prev)
		want := LexAlone(set, f, defs)
		for k := 1; k < want.Tokens.Len(); k++ {
			if want.Tokens.Pos(k) <= want.Tokens.Pos(k-1) {
				t.Fatalf("%s edit %d: token %d is not after the one before it", name, i, k) // a file view relies on it
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s edit %d: incremental lexing differs from a full lex\n%s", name, i, relexDiff(got, want))
		}
		prev = got
	}
}

func relexDiff(got, want *FileLex) string {
	var b strings.Builder
	for i := 0; i < max(got.Tokens.Len(), want.Tokens.Len()); i++ {
		var g, w Token
		if i < got.Tokens.Len() {
			g = got.Tokens.At(i)
		}
		if i < want.Tokens.Len() {
			w = want.Tokens.At(i)
		}
		if g != w {
			b.WriteString("first token difference: got " + g.Text + " want " + w.Text + "\n")
			break
		}
	}
	if !reflect.DeepEqual(got.Diags, want.Diags) {
		b.WriteString("diagnostics differ\n")
	}
	if !reflect.DeepEqual(got.Includes, want.Includes) {
		b.WriteString("includes differ\n")
	}
	if !reflect.DeepEqual(got.events, want.events) || !reflect.DeepEqual(got.defs, want.defs) || !reflect.DeepEqual(got.Macros, want.Macros) {
		b.WriteString("preprocessor state differs\n")
	}
	return b.String()
}

func TestRelexAloneSeeds(t *testing.T) {
	for i, src := range append(fuzzSeeds, relexSeeds...) {
		for _, defs := range [][]string{nil, {"X"}} {
			checkRelex(t, "seed.td", []byte(src), defs, 300, int64(i))
		}
	}
}

// TestRelexAloneMLIR edits real MLIR files at random.
func TestRelexAloneMLIR(t *testing.T) {
	const dir = "/usr/lib/llvm-22/include/mlir/Dialect"
	files := []string{"Arith/IR/ArithOps.td", "LLVMIR/LLVMOps.td", "SPIRV/IR/SPIRVBase.td", "LLVMIR/NVVMOps.td"}
	edits := 400
	if testing.Short() {
		edits = 60
	}
	for i, name := range files {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Skip("MLIR sources not installed")
		}
		checkRelex(t, name, src, nil, edits, int64(i))
	}
}

func BenchmarkRelexAlone(b *testing.B) {
	src, err := os.ReadFile("/usr/lib/llvm-22/include/mlir/Dialect/Arith/IR/ArithOps.td")
	if err != nil {
		b.Skip("MLIR sources not installed")
	}
	set := NewSourceSet()
	old := LexAlone(set, set.AddFile("a.td", src), nil)
	edited := append([]byte(nil), src...)
	edited[len(src)/2] = 'x'
	f := set.AddFile("a.td", edited)
	b.Run("full", func(b *testing.B) {
		for b.Loop() {
			LexAlone(set, f, nil)
		}
	})
	b.Run("incremental", func(b *testing.B) {
		for b.Loop() {
			RelexAlone(set, f, old)
		}
	})
}

// TestGuardedIncludeLexedOnce includes files several times over: one wholly
// inside an #ifndef guard is lexed once and then skipped while its guard is
// defined; one with anything outside its guard, an #else at the top, or a
// guard that another file undefines in between is lexed at every include.
func TestGuardedIncludeLexedOnce(t *testing.T) {
	files := map[string]string{
		"Guarded.td":  "// comment\n#ifndef GUARDED\n#define GUARDED\nclass G;\n#ifdef X\nclass X;\n#endif\n#endif // GUARDED\n",
		"Trailing.td": "#ifndef TRAILING\n#define TRAILING\nclass T;\n#endif\ndef AfterGuard;\n",
		"Else.td":     "#ifndef ELSE\n#define ELSE\nclass E;\n#else\ndef SecondTime;\n#endif\n",
		"Open.td":     "#ifndef OPEN\nclass O;\n#endif\n",
		"Root.td": "include \"Guarded.td\"\ninclude \"Guarded.td\"\ninclude \"Trailing.td\"\ninclude \"Trailing.td\"\n" +
			"include \"Else.td\"\ninclude \"Else.td\"\ninclude \"Open.td\"\ninclude \"Open.td\"\ninclude \"Guarded.td\"\n",
	}
	read := mapReader(files)
	set := NewSourceSet()
	root := set.AddFile("Root.td", []byte(files["Root.td"]))
	lx := LexUnit(set, root, LexOptions{Loader: &CommandLineLoader{ReadFile: read}})
	if len(lx.Diags) != 0 {
		t.Fatalf("unexpected diagnostics: %v", lx.Diags)
	}
	var got []string
	for _, tok := range lx.Tokens {
		if tok.Kind == TokIdent {
			got = append(got, tok.Text)
		}
	}
	// Open.td defines nothing, so it is lexed both times.
	want := []string{"G", "T", "AfterGuard", "AfterGuard", "E", "SecondTime", "O", "O"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("identifiers %v, want %v", got, want)
	}
	if len(lx.Files) != 10 || len(lx.Includes) != 9 {
		t.Errorf("%d files and %d includes recorded, want 10 and 9 (every inclusion, skipped or not)", len(lx.Files), len(lx.Includes))
	}
	for _, inc := range lx.Includes {
		if inc.File == nil || inc.File.Name != inc.Name {
			t.Errorf("include %q resolved to %v", inc.Name, inc.File)
		}
	}
}

// TestIncludeGuardDetection checks which files the lexer takes for wholly
// guarded, the condition for skipping them when included again.
func TestIncludeGuardDetection(t *testing.T) {
	cases := map[string]string{
		"/* c */\n#ifndef A\n#define A\nclass A;\n#ifdef Z\n#else\n#endif\n#endif\n// end\n": "A",
		"#ifndef B\nclass B;\n#endif\ndef After;\n":                                          "",
		"def Before;\n#ifndef C\n#endif\n":                                                   "",
		"#ifndef D\n#else\n#endif\n":                                                         "",
		"#ifdef E\n#endif\n":                                                                 "",
		"#ifndef F\n#endif\n#ifndef G\n#endif\n":                                             "",
		"#ifndef H\nclass H;\n":                                                              "", // unterminated
		"#ifndef I\ninclude \"Missing.td\"\n#endif\n":                                        "", // a complaint inside
		"#ifndef J\n#define J\n#ifdef K\n#else\n#else\n#endif\n#endif\n":                     "", // a complaint inside
	}
	for src, want := range cases {
		set := NewSourceSet()
		f := set.AddFile("F.td", []byte(src))
		lx := &unitLexer{set: set, res: &LexResult{Macros: map[string]bool{}}, unit: true, opts: LexOptions{MaxIncludeDepth: 8}}
		lx.startFile(f, nil)
		lx.lexAll()
		if got := lx.guards["F.td"]; got != want {
			t.Errorf("%q: guard %q, want %q", src, got, want)
		}
	}
}

// C's #include is reported where it is written and not followed, so that a
// C++ header included by mistake costs its own lines, not the thousands of
// the headers it includes; in a disabled block it is skipped as LLVM skips
// any line there.
func TestCIncludeIsNotFollowed(t *testing.T) {
	files := map[string]string{
		"Root.td":  "class A;\ninclude \"Header.h\"\n#ifdef OFF\n#include \"Other.h\"\n#endif\ndef B;\n",
		"Header.h": "#pragma once\n#include \"Other.h\" // C++\n#include <vector>\n",
		"Other.h":  "class ShouldNotBeLexed;\n",
	}
	read := mapReader(files)
	set := NewSourceSet()
	root := set.AddFile("Root.td", []byte(files["Root.td"]))
	lx := LexUnit(set, root, LexOptions{Loader: &CommandLineLoader{ReadFile: read}})
	var got []string
	for _, d := range lx.Diags {
		p := set.Position(d.Range.Start)
		e := set.Position(d.Range.End)
		got = append(got, fmt.Sprintf("%s:%d:%d-%d %s", p.Filename, p.Line, p.Column, e.Column, d.Code))
	}
	want := []string{"Header.h:2:1-19 include-c-syntax", "Header.h:3:1-18 include-c-syntax"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("diagnostics %v, want %v", got, want)
	}
	var idents []string
	for _, tok := range lx.Tokens {
		if tok.Kind == TokIdent || tok.Kind == TokPaste {
			idents = append(idents, tok.Text)
		}
	}
	// '#pragma' is TableGen's paste and an identifier, as llvm-tblgen lexes it.
	if w := "A # pragma once B"; strings.Join(idents, " ") != w {
		t.Errorf("tokens %q, want %q", strings.Join(idents, " "), w)
	}
}

// mapReader reads the files of a map, by path.
func mapReader(files map[string]string) ReadFunc {
	return func(path string) ([]byte, error) {
		if s, ok := files[path]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
}

// checkAlignment fails unless al is an alignment of old and new: stretches
// in order in both texts, of equal bytes, the first starting both and the
// last ending both.
func checkAlignment(t *testing.T, old, new string, al []stretch) {
	t.Helper()
	if len(al) < 2 || al[0].old != 0 || al[0].new != 0 {
		t.Fatalf("alignment %v does not start both texts", al)
	}
	if last := al[len(al)-1]; last.old+last.n != len(old) || last.new+last.n != len(new) {
		t.Fatalf("alignment %v does not end both texts (%d, %d)", al, len(old), len(new))
	}
	for i, s := range al {
		if old[s.old:s.old+s.n] != new[s.new:s.new+s.n] {
			t.Fatalf("stretch %d %v: the texts differ", i, s)
		}
		if i > 0 && (s.old < al[i-1].old+al[i-1].n || s.new < al[i-1].new+al[i-1].n) {
			t.Fatalf("stretch %d %v overlaps the one before it %v", i, s, al[i-1])
		}
	}
}

// Edits far apart are found one by one, each a stretch of its own.
func TestAlignTextsFindsEachEdit(t *testing.T) {
	src, err := os.ReadFile("/usr/lib/llvm-22/include/mlir/Dialect/LLVMIR/NVVMOps.td")
	if err != nil {
		t.Skip("MLIR sources not installed")
	}
	r := rand.New(rand.NewSource(1))
	for range 200 {
		edited := src
		n := 1 + r.Intn(20)
		for range n {
			edited = randomEdit(r, edited)
		}
		checkAlignment(t, string(src), string(edited), alignTexts(string(src), string(edited)))
	}
	// Twenty one-character insertions a kilobyte or more apart: 21 stretches.
	edited := []byte(string(src))
	for i := 19; i >= 0; i-- {
		at := 1000 + i*(len(src)-2000)/20
		edited = append(edited[:at:at], append([]byte{'x'}, edited[at:]...)...)
	}
	al := alignTexts(string(src), string(edited))
	checkAlignment(t, string(src), string(edited), al)
	if len(al) != 21 {
		t.Errorf("20 insertions: %d stretches, want 21", len(al))
	}
}

// Text inserted every few hundred bytes, each insertion hundreds of bytes
// long: every stretch is found after a search of tens of thousands of
// pairs. The search stops within its budget, and what it found is still
// an alignment.
func TestAlignTextsBoundsItsSearch(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	var a, b strings.Builder
	for i := range 20000 {
		line := fmt.Sprintf("def D%d : C<%d, \"%d\">;\n", i, r.Intn(1000), r.Intn(100000))
		a.WriteString(line)
		b.WriteString(line)
		if i%16 == 0 {
			for range 400 {
				b.WriteByte("abc \n"[r.Intn(5)])
			}
		}
	}
	old, new := a.String(), b.String()
	budget := (len(old) + len(new)) / 4
	if _, tried := alignWithin(old, new, 100*budget); tried <= 10*budget {
		t.Fatalf("an unbounded search tried %d pairs, within ten times the budget of %d: the texts do not test it", tried, budget)
	}
	al, tried := alignWithin(old, new, budget)
	if tried > budget+1 {
		t.Errorf("tried %d pairs, budget %d", tried, budget)
	}
	checkAlignment(t, old, new, al)
}
