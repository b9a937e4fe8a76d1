package codegen

import (
	"path/filepath"
	"testing"
	"tdls/ods"
)

func BenchmarkOpDeclsLLVM(b *testing.B) {
	path := filepath.Join(mlirInclude, "mlir/Dialect/LLVMIR/LLVMOps.td")
	res, _ := evaluateFile(b, path, mlirInclude)
	m := ods.Build(res)
	OpDecls(res, Options{InputName: path, Ops: m})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		OpDecls(res, Options{InputName: path, Ops: m})
	}
}
