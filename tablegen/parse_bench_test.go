package tablegen

import (
	"os"
	"testing"
)

const mlirInclude = "/usr/lib/llvm-22/include"

func benchUnit(b *testing.B, rel string, parse bool) {
	path := mlirInclude + "/" + rel
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("LLVM 22 not installed: %v", err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		set := NewSourceSet()
		root := set.AddFile(path, data)
		lx := LexUnit(set, root, LexOptions{Loader: &CommandLineLoader{IncludeDirs: []string{mlirInclude}}})
		if parse {
			Parse(set, lx.Tokens)
		}
	}
}

func BenchmarkLexNVVM(b *testing.B)   { benchUnit(b, "mlir/Dialect/LLVMIR/NVVMOps.td", false) }
func BenchmarkParseNVVM(b *testing.B) { benchUnit(b, "mlir/Dialect/LLVMIR/NVVMOps.td", true) }
