// Command lsplatency measures, for tdls and tblgen-lsp-server driven over
// stdio in the same run, the time from a full-document didChange that
// inserts a failing top-level `assert 0, "tag-N";` (from when the client,
// having encoded it, writes it) to the first publishDiagnostics that shows
// tag-N, with the assert inserted before the
// last statement and before the first statement after the middle of large
// MLIR .td files. It prints the median of N edits and the ratio
// tdls / tblgen-lsp-server. tdls publishes twice (the syntax diagnostics at
// once, then the evaluation's, which carry the assert); the time of its
// first publish is shown beside. Every edit makes new content, so no
// evaluation comes from a cache. The time to each edit's full diagnostics
// (evaluation, ODS and DRR checks: the last publish before the server goes
// quiet) is printed with its own ratio; tblgen-lsp-server publishes once. Hover, completion and definition are then timed as VS
// Code sends them, in R runs of N requests: the worst run's median is
// printed against a tenth of tblgen-lsp-server's edit time.
//
// The servers run side by side and take turns: each edit is made in every
// server, one after the other in a rotating order, before the next edit,
// so that a change in the machine's load weighs on all of them alike. With -baseline, a second
// tdls binary (a build of an earlier commit) takes its turn too, and its
// figures and the ratios tdls/baseline are printed beside. The CPU time
// each server spends on an edit (all its threads, from the edit until it
// goes quiet) and on a hover, completion or definition request is printed too: a loaded machine stretches the latencies,
// hardly the CPU time.
//
// Last, hover and definition on a `hasVerifier` whose definition is in
// C++, in a generated project of -cpp-ops ops and -cpp-files C++ files
// (cppfields.go; -cpp-only times only that).
//
//	go run ./bench/lsplatency [-n 20] [-runs 5] [-tdls BIN] [-baseline BIN] [-tblgen BIN] [-include DIR] [-files A,B] [-cpp-ops 200] [-cpp-files 1500] [-cpp-only]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"tdls/bench/editpoint"
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
	baseline := flag.String("baseline", "", "a second tdls binary, e.g. a build of an earlier commit, measured edit for edit in the same run")
	tblgen := flag.String("tblgen", "/usr/lib/llvm-22/bin/tblgen-lsp-server", "tblgen-lsp-server binary")
	include := flag.String("include", "/usr/lib/llvm-22/include", "MLIR include directory")
	only := flag.String("files", "", "comma-separated subset of the files (paths relative to -include)")
	runs := flag.Int("runs", 5, "runs of the hover, completion and definition timings; the worst is printed")
	cppOps := flag.Int("cpp-ops", 200, "ops of the C++ fields project (0: leave it out)")
	cppFiles := flag.Int("cpp-files", 1500, "C++ files of the C++ fields project")
	cppOnly := flag.Bool("cpp-only", false, "time only hover and definition on C++ fields")
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
	tdlsArgs := []string{"serve", "--tablegen-extra-dir=" + *include, "--log-level=error"}
	servers := []server{{"tdls", *tdlsBin, tdlsArgs, true}}
	withBase := *baseline != ""
	if withBase {
		servers = append(servers, server{"baseline", *baseline, tdlsArgs, true})
	}
	servers = append(servers, server{"tblgen-lsp-server", *tblgen, []string{"--tablegen-extra-dir=" + *include}, false})
	const tdls, base = 0, 1
	tg := len(servers) - 1
	if *cppOnly {
		if err := cppFields(servers[tdls], *include, max(*cppOps, 1), *cppFiles, *n, *runs); err != nil {
			fail(fmt.Errorf("cpp fields: %v", err))
		}
		return
	}

	fmt.Printf("%-14s %-6s %14s %12s", "file", "where", "tdls 1st pub.", "tdls tag")
	if withBase {
		fmt.Printf(" %13s %10s", "baseline tag", "tdls/base")
	}
	fmt.Printf(" %20s %8s", "tblgen-lsp-server", "ratio")
	if withBase {
		fmt.Printf(" %10s", "base ratio")
	}
	fmt.Printf(" %10s %10s", "tdls full", "full ratio")
	if withBase {
		fmt.Printf(" %10s %10s", "base full", "base f.r.")
	}
	fmt.Println()
	worst, worstBase, worstFull := 0.0, 0.0, 0.0
	var vsBase []float64
	editMed := map[string]time.Duration{} // tblgen-lsp-server, middle edit
	type cpuRow struct {
		file, where string
		cpu         []time.Duration
	}
	var cpuRows []cpuRow
	for _, rel := range files {
		path := filepath.Join(*include, rel)
		data, err := os.ReadFile(path)
		if err != nil {
			fail(err)
		}
		for _, where := range []string{"end", "middle"} {
			off, err := editpoint.Offset(path, data, where == "middle")
			if err != nil {
				fail(err)
			}
			first, tag, full, cpu, err := measure(servers, path, string(data), off, *n)
			if err != nil {
				fail(fmt.Errorf("%s: %v", rel, err))
			}
			ratio := float64(tag[tdls]) / float64(tag[tg])
			worst = max(worst, ratio)
			fmt.Printf("%-14s %-6s %14s %12s", filepath.Base(rel), where, round(first[tdls]), round(tag[tdls]))
			if withBase {
				vsBase = append(vsBase, float64(tag[tdls])/float64(tag[base]))
				fmt.Printf(" %13s %10.3f", round(tag[base]), vsBase[len(vsBase)-1])
			}
			fmt.Printf(" %20s %8.3f", round(tag[tg]), ratio)
			if withBase {
				r := float64(tag[base]) / float64(tag[tg])
				worstBase = max(worstBase, r)
				fmt.Printf(" %10.3f", r)
			}
			fullRatio := float64(full[tdls]) / float64(tag[tg])
			worstFull = max(worstFull, fullRatio)
			fmt.Printf(" %10s %10.3f", round(full[tdls]), fullRatio)
			if withBase {
				fmt.Printf(" %10s %10.3f", round(full[base]), float64(full[base])/float64(tag[tg]))
			}
			fmt.Println()
			cpuRows = append(cpuRows, cpuRow{filepath.Base(rel), where, cpu})
			if where == "middle" {
				editMed[rel] = tag[tg]
			}
		}
	}
	fmt.Printf("lsp latency: worst ratio tdls/tblgen-lsp-server to the publish showing the edit's failed assert %.3f (bar 0.2)\n", worst)
	fmt.Printf("lsp latency: worst ratio tdls/tblgen-lsp-server to the edit's full diagnostics %.3f\n", worstFull)
	if withBase {
		fmt.Printf("lsp latency against the baseline: worst ratio baseline/tblgen-lsp-server %.3f; tdls/baseline median %.3f, worst %.3f\n",
			worstBase, medianOf(vsBase), slices.Max(vsBase))
	}
	fmt.Println()

	// The CPU time of each edit: everything the server did for it, up to
	// going quiet (tdls goes on to evaluate the whole unit after it has
	// published the edited statements').
	fmt.Printf("%-14s %-6s %14s", "CPU per edit", "where", "tdls")
	if withBase {
		fmt.Printf(" %14s %10s", "baseline", "tdls/base")
	}
	fmt.Printf(" %20s %8s\n", "tblgen-lsp-server", "ratio")
	var cpuVsBase []float64
	for _, r := range cpuRows {
		fmt.Printf("%-14s %-6s %14s", r.file, r.where, round(r.cpu[tdls]))
		if withBase {
			cpuVsBase = append(cpuVsBase, float64(r.cpu[tdls])/float64(r.cpu[base]))
			fmt.Printf(" %14s %10.3f", round(r.cpu[base]), cpuVsBase[len(cpuVsBase)-1])
		}
		fmt.Printf(" %20s %8.3f\n", round(r.cpu[tg]), float64(r.cpu[tdls])/float64(r.cpu[tg]))
	}
	if withBase {
		fmt.Printf("cpu per edit against the baseline: tdls/baseline median %.3f, worst %.3f\n", medianOf(cpuVsBase), slices.Max(cpuVsBase))
	}
	fmt.Println()

	// Hover, completion and definition on a def name in the middle of each
	// file, against the bar of a tenth of tblgen-lsp-server's
	// edit-to-diagnostics time.
	fmt.Printf("%-14s %12s %14s %12s", "file", "tdls hover", "tdls complete", "tdls def")
	if withBase {
		fmt.Printf(" %12s %14s %12s", "base hover", "base complete", "base def")
	}
	fmt.Printf(" %12s %16s %12s %12s   (worst median of %d runs)\n", "bar (1/10)", "tblgen hover", "tblgen compl.", "tblgen def", *runs)
	worstQ := 0.0
	var qVsBase []float64
	type cpuQueryRow struct {
		file string
		cpus [][][3]time.Duration
	}
	var qcpu []cpuQueryRow
	for _, rel := range files {
		path := filepath.Join(*include, rel)
		data, err := os.ReadFile(path)
		if err != nil {
			fail(err)
		}
		hov, comp, def := make([]time.Duration, len(servers)), make([]time.Duration, len(servers)), make([]time.Duration, len(servers))
		cpus := make([][][3]time.Duration, len(servers)) // per server, per run
		for i := range servers {
			hov[i], comp[i], def[i] = -1, -1, -1 // -1: not supported
		}
		for r := 0; r < *runs; r++ {
			for k := range servers {
				i := (r + k) % len(servers)
				s := servers[i]
				h, c, d, cpu, err := queries(s, path, string(data), *n)
				if err != nil {
					fail(fmt.Errorf("%s on %s: %v", s.name, rel, err))
				}
				hov[i], comp[i], def[i] = max(hov[i], h), max(comp[i], c), max(def[i], d)
				cpus[i] = append(cpus[i], cpu)
			}
		}
		bar := editMed[rel] / 10
		worstQ = max(worstQ, float64(max(hov[tdls], comp[tdls], def[tdls]))/float64(bar))
		fmt.Printf("%-14s %12s %14s %12s", filepath.Base(rel), round(hov[tdls]), round(comp[tdls]), round(def[tdls]))
		if withBase {
			qVsBase = append(qVsBase, float64(hov[tdls])/float64(hov[base]), float64(comp[tdls])/float64(comp[base]), float64(def[tdls])/float64(def[base]))
			fmt.Printf(" %12s %14s %12s", round(hov[base]), round(comp[base]), round(def[base]))
		}
		fmt.Printf(" %12s %16s %12s %12s\n", round(bar), round(hov[tg]), round(comp[tg]), round(def[tg]))
		qcpu = append(qcpu, cpuQueryRow{filepath.Base(rel), cpus})
	}
	fmt.Printf("lsp queries: worst tdls hover/completion/definition time as a fraction of the bar %.3f (bar 1.0)\n", worstQ)
	if withBase {
		fmt.Printf("lsp queries against the baseline: tdls/baseline hover, completion and definition median %.3f, worst %.3f\n", medianOf(qVsBase), slices.Max(qVsBase))
	}

	// The CPU time of a request, the median of the runs.
	fmt.Printf("\n%-14s %12s %14s %12s", "CPU per query", "tdls hover", "tdls complete", "tdls def")
	if withBase {
		fmt.Printf(" %12s %14s %12s", "base hover", "base complete", "base def")
	}
	fmt.Printf(" %16s\n", "tblgen hover")
	var cpuQVsBase []float64
	for _, r := range qcpu {
		med := func(i, k int) time.Duration {
			var ts []time.Duration
			for _, c := range r.cpus[i] {
				ts = append(ts, c[k])
			}
			return median(ts)
		}
		fmt.Printf("%-14s %12s %14s %12s", r.file, round(med(tdls, 0)), round(med(tdls, 1)), round(med(tdls, 2)))
		if withBase {
			for k := 0; k < 3; k++ {
				cpuQVsBase = append(cpuQVsBase, float64(med(tdls, k))/float64(med(base, k)))
			}
			fmt.Printf(" %12s %14s %12s", round(med(base, 0)), round(med(base, 1)), round(med(base, 2)))
		}
		fmt.Printf(" %16s\n", round(med(tg, 0)))
	}
	if withBase {
		fmt.Printf("cpu per query against the baseline: tdls/baseline hover, completion and definition median %.3f, worst %.3f\n", medianOf(cpuQVsBase), slices.Max(cpuQVsBase))
	}

	if *cppOps > 0 {
		fmt.Println()
		if err := cppFields(servers[tdls], *include, *cppOps, *cppFiles, *n, *runs); err != nil {
			fail(fmt.Errorf("cpp fields: %v", err))
		}
	}
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

// queries opens path and times n hover requests at queryOffset, n
// completion requests at completionOffset and n definition requests at
// queryOffset, as VS Code sends them.
func queries(s server, path, text string, n int) (hover, completion, definition time.Duration, cpu [3]time.Duration, err error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := openIn(ctx, s, path, text)
	if err != nil {
		return 0, 0, 0, cpu, err
	}
	defer c.Shutdown(context.Background())
	c.Settle(path, 300*time.Millisecond, 30*time.Second)
	off := queryOffset(text)
	if off < 0 {
		return 0, 0, 0, cpu, fmt.Errorf("no def or include in %s", path)
	}
	at := func(off int) map[string]any {
		line := strings.Count(text[:off], "\n")
		col := off - (strings.LastIndexByte(text[:off], '\n') + 1)
		return map[string]any{
			"textDocument": map[string]any{"uri": "file://" + path},
			"position":     map[string]any{"line": line, "character": col},
		}
	}
	// timeIt returns the median time of n requests, and the server's CPU
	// time per request.
	timeIt := func(method string, params map[string]any) (time.Duration, time.Duration, error) {
		var ts []time.Duration
		cpu0 := c.CPUTime()
		for i := 0; i < n; i++ {
			var res any
			t0 := time.Now()
			if err := c.Call(ctx, method, params, &res); err != nil {
				return 0, 0, err
			}
			ts = append(ts, time.Since(t0))
			time.Sleep(20 * time.Millisecond) // as between keystrokes
		}
		return median(ts), (c.CPUTime() - cpu0) / time.Duration(n), nil
	}
	if hover, cpu[0], err = timeIt("textDocument/hover", at(off)); err != nil {
		return 0, 0, 0, cpu, err
	}
	if definition, cpu[2], err = timeIt("textDocument/definition", at(off)); err != nil {
		return 0, 0, 0, cpu, err
	}
	completion, cpu[1], err = timeIt("textDocument/completion", at(completionOffset(text)))
	if err != nil && strings.Contains(err.Error(), "method not found") {
		return hover, -1, definition, [3]time.Duration{cpu[0], -1, cpu[2]}, nil // tblgen-lsp-server has no completion
	}
	return hover, completion, definition, cpu, err
}

// measure opens path in a fresh process of each server and times n
// edits, each inserting a failing assert tagged with its number at off and
// made in every server in turn: per server, the median time to the first
// publish, to the first publish that shows the tag, and to the last one
// (the edit's full diagnostics), and the CPU time per edit.
func measure(servers []server, path, text string, off, n int) (first, tagged, full, cpu []time.Duration, err error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	clients := make([]*lsptest.Client, len(servers))
	for i, s := range servers {
		c, err := openIn(ctx, s, path, text)
		if err != nil {
			return nil, nil, nil, nil, fmt.Errorf("%s: %v", s.name, err)
		}
		defer c.Shutdown(context.Background())
		clients[i] = c
	}
	for i, s := range servers {
		if s.twoPublishes {
			clients[i].Settle(path, 300*time.Millisecond, 30*time.Second)
		}
	}
	firsts, tags, fulls := make([][]time.Duration, len(servers)), make([][]time.Duration, len(servers)), make([][]time.Duration, len(servers))
	cpu0 := make([]time.Duration, len(servers))
	for i, c := range clients {
		cpu0[i] = c.CPUTime()
	}
	for e := 0; e < n; e++ {
		tag := fmt.Sprintf("tag-%d", e)
		edited := text[:off] + "assert 0, \"" + tag + "\";\n" + text[off:]
		// The servers take their turns in a rotating order, so that none is
		// always the one that follows another's work.
		for k := range clients {
			i := (e + k) % len(clients)
			c := clients[i]
			seen := len(c.Diagnostics(path))
			// The clock starts as the message is written: encoding a whole
			// document is the client's work, the same for every server.
			msg, err := c.EncodeChange(path, edited)
			if err != nil {
				return nil, nil, nil, nil, fmt.Errorf("%s: %v", servers[i].name, err)
			}
			t0 := time.Now()
			if err := c.Send(msg); err != nil {
				return nil, nil, nil, nil, fmt.Errorf("%s: %v", servers[i].name, err)
			}
			pubs, err := waitFor(c, path, seen, tag, 30*time.Second)
			if err != nil {
				return nil, nil, nil, nil, fmt.Errorf("%s: edit %d: %v", servers[i].name, e, err)
			}
			firsts[i] = append(firsts[i], pubs[0].At.Sub(t0))
			tags[i] = append(tags[i], pubs[len(pubs)-1].At.Sub(t0))
			// Every server gets the same pause before its next edit, as
			// between keystrokes: it has gone quiet for 300 ms. Timing one
			// server's edits back to back and another's after a pause
			// compares a warm process with a cold one. The last publish is
			// the edit's full diagnostics.
			last, _ := c.Settle(path, 300*time.Millisecond, 30*time.Second)
			if !hasTag(last, tag) {
				return nil, nil, nil, nil, fmt.Errorf("%s: edit %d: the last publish does not show %s", servers[i].name, e, tag)
			}
			fulls[i] = append(fulls[i], last.At.Sub(t0))
		}
	}
	for i := range servers {
		first = append(first, median(firsts[i]))
		tagged = append(tagged, median(tags[i]))
		full = append(full, median(fulls[i]))
		cpu = append(cpu, (clients[i].CPUTime()-cpu0[i])/time.Duration(n))
	}
	return first, tagged, full, cpu, nil
}

// waitFor returns the publishes for path after the first seen, up to and
// including the first with a diagnostic whose message contains tag. The
// arrival times are taken as each message is read, so polling for them
// does not change what is measured.
func waitFor(c *lsptest.Client, path string, seen int, tag string, timeout time.Duration) ([]lsptest.Published, error) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		pubs := c.Diagnostics(path)[seen:]
		for i, p := range pubs {
			if hasTag(p, tag) {
				return pubs[:i+1], nil
			}
		}
		time.Sleep(200 * time.Microsecond)
	}
	return nil, fmt.Errorf("no publishDiagnostics showing %s within %v", tag, timeout)
}

func hasTag(p lsptest.Published, tag string) bool {
	for _, d := range p.Params.Diagnostics {
		if strings.Contains(d.Message, tag) {
			return true
		}
	}
	return false
}

func median(ts []time.Duration) time.Duration {
	if len(ts) == 0 {
		return 0
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	return ts[len(ts)/2]
}

func medianOf(xs []float64) float64 {
	ys := slices.Clone(xs)
	slices.Sort(ys)
	return ys[len(ys)/2]
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
