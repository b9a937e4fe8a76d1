package lsp

import (
	"math/rand"
	"os"
	"runtime"
	"testing"

	"tdls/lsp/lsptest"
)

// liveHeap is the memory the process holds after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// Nothing of a superseded version stays: after hundreds of edits of an
// MLIR file the server holds about what it held after opening it.
func TestEditsReleaseSupersededVersions(t *testing.T) {
	needMLIR(t)
	text, err := os.ReadFile(mlirFile("Dialect/Arith/IR/ArithOps.td"))
	if err != nil {
		t.Fatal(err)
	}
	s := start(t, map[string]string{"ArithOps.td": string(text)}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	path := s.path("ArithOps.td")
	s.open("ArithOps.td")
	settle := func() {
		if p := s.settled("ArithOps.td"); p.Version != uint32(s.client.Version(path)) {
			t.Fatal("no diagnostics for the last version")
		}
	}
	// A few edits first, so that what every version keeps (caches of
	// the previous version, the undo results) is counted before.
	rng := rand.New(rand.NewSource(5))
	lines := 0
	for _, c := range text {
		if c == '\n' {
			lines++
		}
	}
	edit := func() {
		line := rng.Intn(lines)
		s.client.ChangeRanges(s.ctx, path, lsptest.Edit{StartLine: line, EndLine: line, Text: "// x\n"})
		s.client.ChangeRanges(s.ctx, path, lsptest.Edit{StartLine: line, EndLine: line + 1})
	}
	for i := 0; i < 10; i++ {
		edit()
	}
	settle()
	before := liveHeap()
	const n = 300
	for i := 0; i < n; i++ {
		edit()
		if i%25 == 0 {
			settle()
		}
	}
	settle()
	after := liveHeap()
	t.Logf("live heap after 10 edits %.1f MB, after %d more %.1f MB", float64(before)/(1<<20), 2*n, float64(after)/(1<<20))
	if after > before+before/4+(8<<20) {
		t.Errorf("the heap grew from %.1f MB to %.1f MB over %d edits", float64(before)/(1<<20), float64(after)/(1<<20), 2*n)
	}
}
