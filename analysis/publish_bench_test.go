package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tdls/bench/editpoint"
)

// benchPublish measures what bench/lsplatency measures without the
// protocol: an edit that inserts a failing top-level assert, tagged anew
// each time, before the last statement of the file or the first one after
// its middle; the time from the edit to the first publish that shows the
// tag (tag-ms/op), and the whole of the checker's work for the edit, up to
// idle (ns/op).
func benchPublish(b *testing.B, rel string, middle bool) {
	path := filepath.Join(mlirInclude, rel)
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("SKIP: LLVM 22 not installed: %v", err)
	}
	off, err := editpoint.Offset(path, data, middle)
	if err != nil {
		b.Fatal(err)
	}
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	// The time of the publish is taken in the checker's goroutine, as the
	// server writes it out there.
	type publish struct {
		fd FileDiagnostics
		at time.Time
	}
	published := make(chan publish, 16)
	c := NewChecker(w, func(fd FileDiagnostics) { published <- publish{fd, time.Now()} })
	c.Changed(w.SetBuffer(path, 1, data), []string{path})
	c.Wait()
	drain(published)
	var toTag time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tag := fmt.Sprintf("tag-%d", i)
		next := string(data[:off]) + "assert 0, \"" + tag + "\";\n" + string(data[off:])
		t0 := time.Now()
		c.Changed(w.SetBuffer(path, int32(i+2), []byte(next)), []string{path})
		for shown := false; !shown; {
			p := <-published
			for _, d := range p.fd.Diagnostics {
				if strings.Contains(d.Message, tag) {
					shown = true
					toTag += p.at.Sub(t0)
				}
			}
		}
		c.Wait()
		drain(published)
	}
	b.ReportMetric(float64(toTag.Microseconds())/1000/float64(b.N), "tag-ms/op")
}

func drain[T any](ch chan T) {
	for {
		select {
		case <-ch:
		default:
			return
		}
	}
}

const (
	arithOps = "mlir/Dialect/Arith/IR/ArithOps.td"
	llvmOps  = "mlir/Dialect/LLVMIR/LLVMOps.td"
	spirvOps = "mlir/Dialect/SPIRV/IR/SPIRVOps.td"
	nvvmOps  = "mlir/Dialect/LLVMIR/NVVMOps.td"
)

func BenchmarkPublishArithEnd(b *testing.B)    { benchPublish(b, arithOps, false) }
func BenchmarkPublishArithMiddle(b *testing.B) { benchPublish(b, arithOps, true) }
func BenchmarkPublishLLVMEnd(b *testing.B)     { benchPublish(b, llvmOps, false) }
func BenchmarkPublishLLVMMiddle(b *testing.B)  { benchPublish(b, llvmOps, true) }
func BenchmarkPublishSPIRVEnd(b *testing.B)    { benchPublish(b, spirvOps, false) }
func BenchmarkPublishSPIRVMiddle(b *testing.B) { benchPublish(b, spirvOps, true) }
func BenchmarkPublishNVVMEnd(b *testing.B)     { benchPublish(b, nvvmOps, false) }
func BenchmarkPublishNVVMMiddle(b *testing.B)  { benchPublish(b, nvvmOps, true) }
