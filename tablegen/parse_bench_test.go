package tablegen

import (
	"os"
	"testing"
)

const mlirInclude = "/usr/lib/llvm-22/include"

func benchUnit(b *testing.B, rel string) {
	path := mlirInclude + "/" + rel
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("LLVM 22 not installed: %v", err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		set := NewSourceSet()
		root := set.AddFile(path, data)
		ParseUnit(set, root, LexOptions{Loader: &CommandLineLoader{IncludeDirs: []string{mlirInclude}}})
	}
}

func BenchmarkParseNVVMOps(b *testing.B)  { benchUnit(b, "mlir/Dialect/LLVMIR/NVVMOps.td") }
func BenchmarkParseSPIRVOps(b *testing.B) { benchUnit(b, "mlir/Dialect/SPIRV/IR/SPIRVOps.td") }
func BenchmarkParseLLVMOps(b *testing.B)  { benchUnit(b, "mlir/Dialect/LLVMIR/LLVMOps.td") }
