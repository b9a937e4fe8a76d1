package eval

import (
	"io"
	"os"
	"os/exec"
	"testing"

	"tdls/bench/manydefs"
	"tdls/tablegen"
)

// The benchmarks pair tdls (parse, evaluate, write JSON in process) with a
// whole llvm-tblgen --dump-json process on the same file, so that ratios
// come from one run.
var benchFiles = map[string]string{
	"NVVM":   "mlir/Dialect/LLVMIR/NVVMOps.td",
	"SPIRV":  "mlir/Dialect/SPIRV/IR/SPIRVOps.td",
	"LLVM":   "mlir/Dialect/LLVMIR/LLVMOps.td",
	"Linalg": "mlir/Dialect/Linalg/IR/LinalgStructuredOps.td",
}

func benchTdls(b *testing.B, key string) {
	path := mlirInclude + "/" + benchFiles[key]
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("LLVM 22 not installed: %v", err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		set := tablegen.NewSourceSet()
		root := set.AddFile(path, data)
		u := tablegen.ParseUnit(set, root, tablegen.LexOptions{Loader: &tablegen.CommandLineLoader{IncludeDirs: []string{mlirInclude}}})
		r := Evaluate(u, Options{})
		if len(r.Diagnostics) > 0 {
			b.Fatalf("%s: %s", path, r.Diagnostics[0].Message)
		}
		if err := WriteJSON(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}

func benchLLVM(b *testing.B, key string) {
	if _, err := os.Stat(llvmTblgen); err != nil {
		b.Skipf("LLVM 22 not installed: %v", err)
	}
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(llvmTblgen, "--dump-json", "-I", mlirInclude, mlirInclude+"/"+benchFiles[key])
		cmd.Stdout = io.Discard
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTdlsNVVM(b *testing.B)   { benchTdls(b, "NVVM") }
func BenchmarkTdlsSPIRV(b *testing.B)  { benchTdls(b, "SPIRV") }
func BenchmarkTdlsLLVM(b *testing.B)   { benchTdls(b, "LLVM") }
func BenchmarkTdlsLinalg(b *testing.B) { benchTdls(b, "Linalg") }

func BenchmarkLLVMTblgenNVVM(b *testing.B)   { benchLLVM(b, "NVVM") }
func BenchmarkLLVMTblgenSPIRV(b *testing.B)  { benchLLVM(b, "SPIRV") }
func BenchmarkLLVMTblgenLLVM(b *testing.B)   { benchLLVM(b, "LLVM") }
func BenchmarkLLVMTblgenLinalg(b *testing.B) { benchLLVM(b, "Linalg") }

// BenchmarkChainManyDefs times the server's evaluation of a generated file
// of small defs (bench/manydefs, 10 MB: 240,000 defs), as a chain from an
// empty checkpoint: the evaluation an edit at its top costs.
func BenchmarkChainManyDefs(b *testing.B) {
	text, _ := manydefs.Text(10 << 20)
	set := tablegen.NewSourceSet()
	f := set.AddFile("many.td", []byte(text))
	toks, _ := tablegen.LexFile(set, f)
	u := &tablegen.Unit{Set: set, Root: f, Statements: tablegen.Parse(set, toks).Statements}
	b.ReportAllocs()
	for b.Loop() {
		cp := EvaluatePrefix(u, 0, Options{})
		if _, ok := cp.Chain(u, 0, Options{Track: true, Untracked: f}).Advance(len(u.Statements)); !ok {
			b.Fatal("the chain stopped")
		}
	}
}
