// Command fmtlatency times range formatting in the tdls server: it opens
// LLVMOps.td, waits for its diagnostics, then sends n
// textDocument/rangeFormatting requests, each for 20 lines at a random
// place, as an editor's "format selection" or format-on-save of modified
// lines does. It prints the median time from request to answer and the
// server's CPU time per request, as ratios to the 5 ms bar, and beside
// them clang-format's whole process formatting the same lines of the file
// (clang-format --style=LLVM --lines, median of the same ranges).
//
//	go run ./bench/fmtlatency [-n 50] [-tdls bin/tdls] [-include DIR] [-clang-format BIN]
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"tdls/lsp/lsptest"
)

const bar = 5 * time.Millisecond

func main() {
	var (
		n           = flag.Int("n", 50, "requests")
		tdlsBin     = flag.String("tdls", "bin/tdls", "the tdls binary")
		include     = flag.String("include", "/usr/lib/llvm-22/include", "LLVM include directory")
		clangFormat = flag.String("clang-format", "/usr/lib/llvm-22/bin/clang-format", "clang-format to compare with")
	)
	flag.Parse()
	path := filepath.Join(*include, "mlir/Dialect/LLVMIR/LLVMOps.td")
	text, err := os.ReadFile(path)
	if err != nil {
		fail(err)
	}
	lines := strings.Count(string(text), "\n")
	ctx := context.Background()
	c, err := lsptest.Start(ctx, *tdlsBin, "serve")
	if err != nil {
		fail(err)
	}
	defer c.Shutdown(context.Background())
	if _, err := c.Initialize(ctx, filepath.Dir(path), nil); err != nil {
		fail(err)
	}
	ch := c.Expect(path)
	if err := c.Open(ctx, path, string(text)); err != nil {
		fail(err)
	}
	if _, err := lsptest.Wait(ch, 60*time.Second); err != nil {
		fail(err)
	}
	c.Settle(path, 300*time.Millisecond, 60*time.Second)

	r := rand.New(rand.NewSource(1))
	var lat, cpu, clang []time.Duration
	for i := 0; i < *n; i++ {
		first := r.Intn(lines - 20)
		params := map[string]any{
			"textDocument": map[string]any{"uri": "file://" + path},
			"range": map[string]any{
				"start": map[string]any{"line": first, "character": 0},
				"end":   map[string]any{"line": first + 20, "character": 0},
			},
			"options": map[string]any{"tabSize": 2, "insertSpaces": true},
		}
		var res any
		cpu0 := c.CPUTime()
		t0 := time.Now()
		if err := c.Call(ctx, "textDocument/rangeFormatting", params, &res); err != nil {
			fail(err)
		}
		lat = append(lat, time.Since(t0))
		cpu = append(cpu, c.CPUTime()-cpu0)
		cl, err := clangFormatLines(*clangFormat, path, first+1, first+20)
		if err != nil {
			fail(err)
		}
		clang = append(clang, cl)
		time.Sleep(20 * time.Millisecond)
	}
	l, u, cf := median(lat), median(cpu), median(clang)
	fmt.Printf("range formatting in the server: LLVMOps.td (%d lines), %d requests of 20 lines each\n", lines, *n)
	fmt.Printf("%-40s %10s %12s\n", "", "median ms", "ratio to bar")
	fmt.Printf("%-40s %10.2f %12.2f\n", "tdls request to answer", ms(l), float64(l)/float64(bar))
	fmt.Printf("%-40s %10.2f %12.2f\n", "tdls server CPU per request", ms(u), float64(u)/float64(bar))
	fmt.Printf("%-40s %10.2f %12.2f\n", "clang-format --lines (whole process CPU)", ms(cf), float64(cf)/float64(bar))
	fmt.Printf("tdls / clang-format: %.2f (latency), %.2f (CPU)\n", float64(l)/float64(cf), float64(u)/float64(cf))
}

func clangFormatLines(bin, path string, first, last int) (time.Duration, error) {
	c := exec.Command(bin, "--style=LLVM", fmt.Sprintf("--lines=%d:%d", first, last), path)
	if err := c.Run(); err != nil {
		return 0, fmt.Errorf("%s: %v", strings.Join(c.Args, " "), err)
	}
	return c.ProcessState.UserTime() + c.ProcessState.SystemTime(), nil
}

func median(ts []time.Duration) time.Duration {
	s := slices.Clone(ts)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fmtlatency:", err)
	os.Exit(1)
}
