// Command lsplatency measures, for tdls and tblgen-lsp-server driven over
// stdio in the same run, the time from a one-character full-document
// didChange to the publishDiagnostics that answers it, at the end and in
// the middle of large MLIR .td files; it prints the median of N edits and
// the ratio tdls / tblgen-lsp-server. tdls publishes twice: first the new
// syntax diagnostics with the evaluation diagnostics of before moved with
// the text, then the new evaluation's. Both are reported; the ratio of the
// first is the bar's, the worst of the second is printed beside it. Every
// edit makes new content, so no evaluation comes from the cache. Hover and
// completion are then timed as VS Code sends them.
//
//	go run ./bench/lsplatency [-n 20] [-tdls BIN] [-tblgen BIN] [-include DIR] [-files A,B]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"tdls/lsp/lsptest"
)

var files = []string{
	"mlir/Dialect/Arith/IR/ArithOps.td",
	"mlir/Dialect/LLVMIR/LLVMOps.td",
	"mlir/Dialect/SPIRV/IR/SPIRVOps.td",
	"mlir/Dialect/LLVMIR/NVVMOps.td",
}

type server struct {
	name string
	bin  string
	args []string
	// twoPublishes: the server answers an edit with syntax diagnostics,
	// then again with evaluation diagnostics.
	twoPublishes bool
}

func main() {
	n := flag.Int("n", 20, "edits per position")
	tdlsBin := flag.String("tdls", "", "tdls binary (built from this module when empty)")
	tblgen := flag.String("tblgen", "/usr/lib/llvm-22/bin/tblgen-lsp-server", "tblgen-lsp-server binary")
	include := flag.String("include", "/usr/lib/llvm-22/include", "MLIR include directory")
	only := flag.String("files", "", "comma-separated subset of the files (paths relative to -include)")
	flag.Parse()
	if *only != "" {
		files = strings.Split(*only, ",")
	}
	if _, err := os.Stat(*tblgen); err != nil {
		fmt.Fprintf(os.Stderr, "SKIP: %v (install LLVM 22)\n", err)
		os.Exit(0)
	}
	if *tdlsBin == "" {
		dir, err := os.MkdirTemp("", "lsplatency")
		if err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
		*tdlsBin = filepath.Join(dir, "tdls")
		if out, err := exec.Command("go", "build", "-o", *tdlsBin, "./cmd/tdls").CombinedOutput(); err != nil {
			fail(fmt.Errorf("building tdls: %v\n%s", err, out))
		}
	}
	servers := []server{
		{"tdls", *tdlsBin, []string{"serve", "--tablegen-extra-dir=" + *include, "--log-level=error"}, true},
		{"tblgen-lsp-server", *tblgen, []string{"--tablegen-extra-dir=" + *include}, false},
	}
	fmt.Printf("%-14s %-6s %12s %16s %20s %8s %10s\n", "file", "where", "tdls", "tdls evaluated", "tblgen-lsp-server", "ratio", "eval ratio")
	worst, worstEval := 0.0, 0.0
	editMed := map[string]time.Duration{} // tblgen-lsp-server, middle edit
	for _, rel := range files {
		path := filepath.Join(*include, rel)
		data, err := os.ReadFile(path)
		if err != nil {
			fail(err)
		}
		for _, where := range []string{"end", "middle"} {
			var med, evalMed [2]time.Duration
			for i, s := range servers {
				med[i], evalMed[i], err = measure(s, path, string(data), where, *n)
				if err != nil {
					fail(fmt.Errorf("%s on %s: %v", s.name, rel, err))
				}
			}
			ratio := float64(med[0]) / float64(med[1])
			worst = max(worst, ratio)
			worstEval = max(worstEval, float64(evalMed[0])/float64(med[1]))
			fmt.Printf("%-14s %-6s %12s %16s %20s %8.3f %10.3f\n", filepath.Base(rel), where, round(med[0]), round(evalMed[0]), round(med[1]),
				ratio, float64(evalMed[0])/float64(med[1]))
			if where == "middle" {
				editMed[rel] = med[1]
			}
		}
	}
	fmt.Printf("lsp latency: worst ratio tdls/tblgen-lsp-server %.3f (bar 0.2); evaluation publish %.3f\n\n", worst, worstEval)

	// Hover and completion on a def name in the middle of each file, against
	// the bar of a tenth of tblgen-lsp-server's edit-to-diagnostics time.
	fmt.Printf("%-14s %12s %14s %12s %16s %12s\n", "file", "tdls hover", "tdls complete", "bar (1/10)", "tblgen hover", "tblgen compl.")
	worstQ := 0.0
	for _, rel := range files {
		path := filepath.Join(*include, rel)
		data, err := os.ReadFile(path)
		if err != nil {
			fail(err)
		}
		var hov, comp [2]time.Duration
		for i, s := range servers {
			hov[i], comp[i], err = queries(s, path, string(data), *n)
			if err != nil {
				fail(fmt.Errorf("%s on %s: %v", s.name, rel, err))
			}
		}
		bar := editMed[rel] / 10
		worstQ = max(worstQ, float64(max(hov[0], comp[0]))/float64(bar))
		fmt.Printf("%-14s %12s %14s %12s %16s %12s\n", filepath.Base(rel), round(hov[0]), round(comp[0]), round(bar), round(hov[1]), round(comp[1]))
	}
	fmt.Printf("lsp queries: worst tdls hover/completion time as a fraction of the bar %.3f (bar 1.0)\n", worstQ)
}

// openIn starts s, initializes it on path's directory and opens path,
// waiting for its first diagnostics.
func openIn(ctx context.Context, s server, path, text string) (*lsptest.Client, error) {
	c, err := lsptest.Start(ctx, s.bin, s.args...)
	if err != nil {
		return nil, err
	}
	c.CompletionItemDefaults = []string{"commitCharacters", "editRange", "insertTextFormat", "insertTextMode", "data"} // as VS Code
	if _, err := c.Initialize(ctx, filepath.Dir(path), nil); err != nil {
		c.Shutdown(context.Background())
		return nil, err
	}
	ch := c.Expect(path)
	if err := c.Open(ctx, path, text); err != nil {
		c.Shutdown(context.Background())
		return nil, err
	}
	if _, err := lsptest.Wait(ch, 30*time.Second); err != nil {
		c.Shutdown(context.Background())
		return nil, fmt.Errorf("open: %v", err)
	}
	return c, nil
}

// queryOffset is inside the name of the first def at or after the middle of
// text, else of its first def, else inside its first include path (a file
// like SPIRVOps.td only includes others).
func queryOffset(text string) int {
	for _, from := range []int{len(text) / 2, 0} {
		if i := strings.Index(text[from:], "\ndef "); i >= 0 {
			return from + i + len("\ndef ") + 1
		}
	}
	if i := strings.Index(text, "include \""); i >= 0 {
		return i + len("include \"") + 1
	}
	return -1
}

// completionOffset is one character into the first parent class of the def
// at queryOffset — where completion is typed most — else queryOffset.
func completionOffset(text string) int {
	off := queryOffset(text)
	if off < 0 {
		return off
	}
	end := strings.IndexAny(text[off:], "{;")
	if end < 0 {
		return off
	}
	if i := strings.Index(text[off:off+end], " : "); i >= 0 {
		return off + i + len(" : ") + 1
	}
	return off
}

// queries opens path and times n hover requests at queryOffset and n
// completion requests at completionOffset, as VS Code sends them.
func queries(s server, path, text string, n int) (hover, completion time.Duration, err error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := openIn(ctx, s, path, text)
	if err != nil {
		return 0, 0, err
	}
	defer c.Shutdown(context.Background())
	c.Settle(path, 300*time.Millisecond, 30*time.Second)
	off := queryOffset(text)
	if off < 0 {
		return 0, 0, fmt.Errorf("no def or include in %s", path)
	}
	at := func(off int) map[string]any {
		line := strings.Count(text[:off], "\n")
		col := off - (strings.LastIndexByte(text[:off], '\n') + 1)
		return map[string]any{
			"textDocument": map[string]any{"uri": "file://" + path},
			"position":     map[string]any{"line": line, "character": col},
		}
	}
	timeIt := func(method string, params map[string]any) (time.Duration, error) {
		var ts []time.Duration
		for i := 0; i < n; i++ {
			var res any
			t0 := time.Now()
			if err := c.Call(ctx, method, params, &res); err != nil {
				return 0, err
			}
			ts = append(ts, time.Since(t0))
			time.Sleep(20 * time.Millisecond) // as between keystrokes
		}
		return median(ts), nil
	}
	if hover, err = timeIt("textDocument/hover", at(off)); err != nil {
		return 0, 0, err
	}
	completion, err = timeIt("textDocument/completion", at(completionOffset(text)))
	if err != nil && strings.Contains(err.Error(), "method not found") {
		return hover, -1, nil // tblgen-lsp-server has no completion
	}
	return hover, completion, err
}

// measure opens path in a fresh server and times n edits: the median time
// to the first publish, and to the evaluation publish when there is one.
func measure(s server, path, text, where string, n int) (first, evaluated time.Duration, err error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := openIn(ctx, s, path, text)
	if err != nil {
		return 0, 0, err
	}
	defer c.Shutdown(context.Background())
	if s.twoPublishes {
		c.Settle(path, 300*time.Millisecond, 30*time.Second)
	}
	off := len(text)
	if where == "middle" {
		off = len(text) / 2
		if i := strings.IndexByte(text[off:], '\n'); i >= 0 {
			off += i
		}
	}
	var times, evalTimes []time.Duration
	for i := 0; i < n; i++ {
		edited := text[:off] + strings.Repeat(" ", i+1) + text[off:]
		ch := c.Expect(path)
		t0 := time.Now()
		if err := c.Change(ctx, path, edited); err != nil {
			return 0, 0, err
		}
		pub, err := lsptest.Wait(ch, 30*time.Second)
		if err != nil {
			return 0, 0, fmt.Errorf("edit %d: %v", i, err)
		}
		times = append(times, pub.At.Sub(t0))
		// Both servers get the same pause before the next edit, as between
		// keystrokes: the server has gone quiet for 300 ms (for tdls that is
		// also when its evaluation publish has arrived). Timing one server's
		// edits back to back and the other's after a pause compares a warm
		// process with a cold one.
		last, _ := c.Settle(path, 300*time.Millisecond, 30*time.Second)
		if s.twoPublishes {
			evalTimes = append(evalTimes, last.At.Sub(t0))
		}
	}
	return median(times), median(evalTimes), nil
}

func median(ts []time.Duration) time.Duration {
	if len(ts) == 0 {
		return 0
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	return ts[len(ts)/2]
}

func round(d time.Duration) string {
	if d < 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "lsplatency:", err)
	os.Exit(1)
}
