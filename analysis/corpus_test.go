package analysis

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tdls/tablegen"
)

const mlirInclude = "/usr/lib/llvm-22/include"

func mlirFiles(t testing.TB) []string {
	if _, err := os.Stat(filepath.Join(mlirInclude, "mlir/IR/OpBase.td")); err != nil {
		t.Skipf("SKIP: LLVM 22 MLIR headers not installed (%v)", err)
	}
	var files []string
	filepath.WalkDir(filepath.Join(mlirInclude, "mlir"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files
}

// describeUnit renders what a unit says in a position-independent form.
func describeUnit(u *tablegen.Unit, stream []tablegen.Token) (toks, stmts, diags []string) {
	at := func(p tablegen.Pos) string {
		pos := u.Set.Position(p)
		return fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Offset)
	}
	for _, t := range stream {
		toks = append(toks, fmt.Sprintf("%d %q %s", t.Kind, t.Text, at(t.Pos)))
	}
	for _, st := range u.Statements {
		r := st.Range()
		stmts = append(stmts, at(r.Start)+"-"+at(r.End))
	}
	for _, d := range u.Diags {
		diags = append(diags, fmt.Sprintf("%s %s %s", at(d.Range.Start), d.Code, d.Message))
	}
	sort.Strings(diags)
	return
}

func firstDiff(a, b []string) string {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return fmt.Sprintf("at %d: %s != %s", i, a[i], b[i])
		}
	}
	return fmt.Sprintf("lengths %d != %d", len(a), len(b))
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The unit assembled from per-file caches must say exactly what
// tablegen.ParseUnit says for the same file, for every MLIR .td file.
func TestAssemblyMatchesParseUnitOnMLIR(t *testing.T) {
	files := mlirFiles(t)
	if testing.Short() {
		files = files[:40]
	}
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	snap := w.Snapshot()
	full := 0
	for _, path := range files {
		u, err := snap.Unit(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		if u.FullParse {
			full++
		}
		data, _ := os.ReadFile(path)
		set := tablegen.NewSourceSet()
		ref := tablegen.ParseUnit(set, set.AddFile(path, data), tablegen.LexOptions{
			Loader: &tablegen.EditorLoader{IncludeDirs: []string{mlirInclude}}})
		gt, gs, gd := describeUnit(u.TG, u.Tokens())
		rt, rs, rd := describeUnit(ref, ref.Lex.Tokens)
		if !equalStrings(gt, rt) {
			t.Errorf("%s: tokens differ: %s", path, firstDiff(gt, rt))
		}
		if !equalStrings(gs, rs) {
			t.Errorf("%s: statements differ: %s", path, firstDiff(gs, rs))
		}
		if !equalStrings(gd, rd) {
			t.Errorf("%s: diagnostics differ: %s", path, firstDiff(gd, rd))
		}
	}
	t.Logf("assembly parity: %d files, %d needed a whole-unit parse", len(files), full)
}
