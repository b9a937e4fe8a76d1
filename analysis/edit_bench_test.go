package analysis

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// benchEdit measures re-analysing a file after a one-character edit, with
// its include closure cached: the work the server does per keystroke.
func benchEdit(b *testing.B, rel string, middle bool) {
	path := filepath.Join(mlirInclude, rel)
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("SKIP: LLVM 22 not installed: %v", err)
	}
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	w.SetBuffer(path, 1, data)
	ctx := context.Background()
	if _, err := w.Snapshot().Unit(ctx, path); err != nil {
		b.Fatal(err)
	}
	off := len(data)
	if middle {
		off = len(data) / 2
		for off < len(data) && data[off] != '\n' {
			off++
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ch := " "
		if i%2 == 1 {
			ch = "  "
		}
		next := append(append(append([]byte(nil), data[:off]...), ch...), data[off:]...)
		snap := w.SetBuffer(path, int32(i+2), next)
		if _, err := snap.Unit(ctx, path); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEditNVVMEnd(b *testing.B)    { benchEdit(b, "mlir/Dialect/LLVMIR/NVVMOps.td", false) }
func BenchmarkEditNVVMMiddle(b *testing.B) { benchEdit(b, "mlir/Dialect/LLVMIR/NVVMOps.td", true) }
func BenchmarkEditSPIRVMiddle(b *testing.B) {
	benchEdit(b, "mlir/Dialect/SPIRV/IR/SPIRVOps.td", true)
}
func BenchmarkEditArithMiddle(b *testing.B) { benchEdit(b, "mlir/Dialect/Arith/IR/ArithOps.td", true) }

func BenchmarkEditArithEnd(b *testing.B) { benchEdit(b, "mlir/Dialect/Arith/IR/ArithOps.td", false) }
