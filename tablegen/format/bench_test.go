package format

import (
	"os"
	"testing"
)

// BenchmarkRange formats 20 lines in the middle of LLVMOps.td, as an
// editor's range formatting does.
func BenchmarkRange(b *testing.B) {
	src, err := os.ReadFile(mlirInclude + "/Dialect/LLVMIR/LLVMOps.td")
	if err != nil {
		b.Skip(err)
	}
	for b.Loop() {
		if _, err := Source(src, Options{Lines: []LineRange{{1200, 1220}}}); err != nil {
			b.Fatal(err)
		}
	}
}
