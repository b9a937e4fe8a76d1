package drr

import (
	"os"
	"path/filepath"
	"testing"

	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

const mlirInclude = "/usr/lib/llvm-22/include"

// needMLIR skips a test when the MLIR .td files of LLVM 22 are missing.
func needMLIR(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(mlirInclude, "mlir/IR/PatternBase.td")); err != nil {
		t.Skip("LLVM 22 MLIR includes not found at " + mlirInclude + "; DRR tests need them (apt-get install libmlir-22-dev)")
	}
}

// loaded is a translation unit taken through every layer DRR needs.
type loaded struct {
	unit *tablegen.Unit
	res  *eval.Result
	set  *PatternSet
}

// load parses src as a file in testdata (so `include "base.td"` resolves)
// and builds its patterns.
func load(t testing.TB, name, src string) *loaded {
	t.Helper()
	needMLIR(t)
	abs, _ := filepath.Abs("testdata")
	return loadIn(abs, name, src)
}

// loadIn parses src as the file name in dir, with dir and MLIR's include
// directory on the include path, and builds its patterns.
func loadIn(dir, name, src string) *loaded {
	ss := tablegen.NewSourceSet()
	root := ss.AddFile(filepath.Join(dir, name), []byte(src))
	u := tablegen.ParseUnit(ss, root, tablegen.LexOptions{Loader: &tablegen.CommandLineLoader{IncludeDirs: []string{dir, mlirInclude}}})
	res := eval.Evaluate(u, eval.Options{})
	return &loaded{unit: u, res: res, set: Build(u, res, ods.Build(res))}
}

// text returns the source text a range covers.
func (l *loaded) text(r tablegen.Range) string {
	f := l.unit.Set.File(r.Start)
	if f == nil {
		return ""
	}
	return string(f.Content[f.Offset(r.Start):f.Offset(r.End)])
}
