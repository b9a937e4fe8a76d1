package ods

import (
	"os"
	"path/filepath"
	"testing"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

const mlirInclude = "/usr/lib/llvm-22/include"

// loadFile parses and evaluates path with the MLIR include dir and the
// file's own dir on the include path.
func loadFile(t testing.TB, path string) *Model {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return loadSource(t, path, data)
}

func loadSource(t testing.TB, path string, data []byte) *Model {
	t.Helper()
	set := tablegen.NewSourceSet()
	root := set.AddFile(path, data)
	u := tablegen.ParseUnit(set, root, tablegen.LexOptions{
		Loader: &tablegen.CommandLineLoader{IncludeDirs: []string{filepath.Dir(path), mlirInclude}},
	})
	if u.Diags.HasErrors() {
		t.Fatalf("%s: parse errors: %v", path, u.Diags[0].Message)
	}
	res := eval.Evaluate(u, eval.Options{})
	return Build(res)
}

func needMLIR(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(mlirInclude, "mlir/IR/OpBase.td")); err != nil {
		t.Skip("LLVM 22 MLIR includes not installed (" + mlirInclude + "); skipping")
	}
}
