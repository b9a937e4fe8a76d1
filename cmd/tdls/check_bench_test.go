package main

import (
	"os"
	"testing"

	"tdls/tablegen"
)

// The check benchmarks run everything `tdls check` runs on one root, in
// process, for profiling (go test -bench Check -cpuprofile/-memprofile);
// bench/cmd/tdlsbench compares whole processes with llvm-tblgen.
func benchCheck(b *testing.B, rel string) {
	const include = "/usr/lib/llvm-22/include"
	path := include + "/" + rel
	if _, err := os.Stat(path); err != nil {
		b.Skipf("LLVM 22 not installed: %v", err)
	}
	cfg := checkConfig{includeDirs: []string{include}}
	b.ReportAllocs()
	for b.Loop() {
		diags := checkFile(tablegen.NewSourceSet(), path, cfg, nil, nil)
		if tablegen.Diagnostics(diags).HasErrors() {
			b.Fatalf("%s: %s", rel, diags[0].Message)
		}
	}
}

func BenchmarkCheckNVVMOps(b *testing.B)  { benchCheck(b, "mlir/Dialect/LLVMIR/NVVMOps.td") }
func BenchmarkCheckSPIRVOps(b *testing.B) { benchCheck(b, "mlir/Dialect/SPIRV/IR/SPIRVOps.td") }
func BenchmarkCheckLLVMOps(b *testing.B)  { benchCheck(b, "mlir/Dialect/LLVMIR/LLVMOps.td") }
func BenchmarkCheckLinalgOps(b *testing.B) {
	benchCheck(b, "mlir/Dialect/Linalg/IR/LinalgStructuredOps.td")
}
func BenchmarkCheckArithOps(b *testing.B) { benchCheck(b, "mlir/Dialect/Arith/IR/ArithOps.td") }
