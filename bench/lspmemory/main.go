// Command lspmemory measures what a tdls server keeps in memory through a
// long editing session: it opens the workspace of MLIR's whole tree (which
// the server indexes), opens the largest .td files, and prints the resident
// set after opening them and after N edits spread over them, each edit
// waited for until its own diagnostics are published. The bar is that the
// second stays within 1.2 times the first: nothing of superseded snapshots
// is kept.
//
// Then (-large-mb, 0 to skip) it opens a generated file of 50 MB, 1.2
// million defs (bench/manydefs), in a server of its own, and prints the
// server's peak resident set against llvm-tblgen --null-backend's on the
// same file: after opening it (bar 2x), after 20 one-character edits sent
// without pause (bar 2.5x), and how long a hover sent right after them
// takes (bar 2 s).
//
//	go run ./bench/lspmemory [-edits 1000] [-tdls BIN] [-include DIR] [-files 4] [-mem-profile FILE] [-large-mb 50] [-llvm-tblgen BIN]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"tdls/bench/manydefs"
	"tdls/lsp/lsptest"
)

func main() {
	edits := flag.Int("edits", 1000, "edits to make")
	tdlsBin := flag.String("tdls", "", "tdls binary (built from this module when empty)")
	include := flag.String("include", "/usr/lib/llvm-22/include", "MLIR include directory")
	nfiles := flag.Int("files", 4, "how many of the largest .td files to open")
	profile := flag.String("mem-profile", "", "have the server write its heap profile here when it exits")
	largeMB := flag.Int("large-mb", 50, "size of the generated file of the large case, in MB (0: skip it)")
	llvmTblgen := flag.String("llvm-tblgen", "/usr/lib/llvm-22/bin/llvm-tblgen", "llvm-tblgen, the large case's reference")
	onlyLarge := flag.Bool("only-large", false, "run the large case alone")
	largeProfile := flag.String("large-mem-profile", "", "have the large case's server write its heap profile here at the end")
	flag.Parse()
	tree := filepath.Join(*include, "mlir")
	files, err := largest(tree, *nfiles)
	if err != nil || len(files) == 0 {
		fmt.Fprintf(os.Stderr, "SKIP: no MLIR .td files under %s (install LLVM 22): %v\n", tree, err)
		os.Exit(0)
	}
	if *tdlsBin == "" {
		dir, err := os.MkdirTemp("", "lspmemory")
		if err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
		*tdlsBin = filepath.Join(dir, "tdls")
		if out, err := exec.Command("go", "build", "-o", *tdlsBin, "./cmd/tdls").CombinedOutput(); err != nil {
			fail(fmt.Errorf("building tdls: %v\n%s", err, out))
		}
	}
	if !*onlyLarge {
		mlirSession(*tdlsBin, *include, tree, files, *edits, *profile)
	}
	if *largeMB > 0 {
		largeSession(*tdlsBin, *llvmTblgen, *largeMB, *largeProfile)
	}
}

// mlirSession is the editing session over MLIR's tree: the resident set
// after opening files, and after edits to them.
func mlirSession(tdlsBin, include, tree string, files []string, edits int, profile string) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	args := []string{"serve", "--tablegen-extra-dir=" + include, "--log-level=error"}
	if profile != "" {
		args = append(args, "--mem-profile", profile)
	}
	c, err := lsptest.Start(ctx, tdlsBin, args...)
	if err != nil {
		fail(err)
	}
	defer c.Shutdown(context.Background())
	if _, err := c.Initialize(ctx, tree, nil); err != nil {
		fail(err)
	}
	texts := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fail(err)
		}
		texts[f] = string(data)
		if err := c.Open(ctx, f, texts[f]); err != nil {
			fail(err)
		}
	}
	pid := c.Pid()
	idle(pid)
	opened := rssKB(pid)
	fmt.Printf("workspace %s indexed, %d files open:\n", tree, len(files))
	for _, f := range files {
		fmt.Printf("  %s (%d bytes)\n", strings.TrimPrefix(f, tree+"/"), len(texts[f]))
	}
	fmt.Printf("resident after opening: %.1f MB%s\n", float64(opened)/1024, heapFigures(ctx, c))

	start := time.Now()
	peak := opened
	for i := 0; i < edits; i++ {
		f := files[i%len(files)]
		text := texts[f]
		// An assert typed somewhere in the file, each time in another place
		// and with another message, so that no result comes from a cache.
		off := (i * 7919) % len(text)
		if nl := strings.LastIndexByte(text[:off], '\n'); nl >= 0 {
			off = nl + 1
		}
		tag := "mem-" + strconv.Itoa(i)
		seen := len(c.Diagnostics(f))
		if err := c.Change(ctx, f, text[:off]+"assert 0, \""+tag+"\";\n"+text[off:]); err != nil {
			fail(err)
		}
		if err := waitFor(c, f, seen, 60*time.Second); err != nil {
			fail(fmt.Errorf("edit %d of %s: %v", i, f, err))
		}
		if i%50 == 49 {
			peak = max(peak, rssKB(pid))
		}
	}
	for _, f := range files {
		c.Settle(f, 500*time.Millisecond, 60*time.Second)
	}
	idle(pid)
	after := rssKB(pid)
	fmt.Printf("resident after %d edits (%s): %.1f MB%s\n", edits, time.Since(start).Round(time.Second), float64(after)/1024, heapFigures(ctx, c))
	fmt.Printf("%.2fx the resident after opening (bar 1.2); largest seen during the edits %.1f MB\n",
		float64(after)/float64(opened), float64(peak)/1024)
	if profile != "" {
		// Ended by a signal, the server writes its profile with everything
		// it holds still reachable; after shutdown and exit there is
		// nothing left to see.
		c.Process().Signal(syscall.SIGTERM)
		c.Process().Wait()
	}
}

// heapFigures is the server's own account of its memory (tdls/memoryUsage):
// the heap its last collection found live, beside what the runtime holds
// that is garbage or free, and what it gave back to the system. Resident
// memory above the live heap is the collector's slack, not state kept.
func heapFigures(ctx context.Context, c *lsptest.Client) string {
	var m struct {
		HeapLive, HeapObjects, HeapFree, HeapReleased, HeapUnused, Stacks, Metadata, Total uint64
	}
	if err := c.Call(ctx, "tdls/memoryUsage", nil, &m); err != nil {
		return " (the server does not report its heap)"
	}
	mb := func(b uint64) float64 { return float64(b) / (1 << 20) }
	return fmt.Sprintf(" (heap live %.1f MB; held by the runtime %.1f MB: heap objects %.1f MB, free %.1f MB, unused in spans %.1f MB, stacks %.1f MB, runtime metadata %.1f MB; released %.1f MB)",
		mb(m.HeapLive), mb(m.Total), mb(m.HeapObjects), mb(m.HeapFree), mb(m.HeapUnused), mb(m.Stacks), mb(m.Metadata), mb(m.HeapReleased))
}

// largest returns the n largest .td files under dir.
func largest(dir string, n int) ([]string, error) {
	type file struct {
		path string
		size int64
	}
	var all []file
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ".td") {
			all = append(all, file{p, info.Size()})
		}
		return err
	})
	sort.Slice(all, func(i, j int) bool { return all[i].size > all[j].size })
	var out []string
	for _, f := range all[:min(n, len(all))] {
		out = append(out, f.path)
	}
	return out, err
}

// waitFor waits for a publish for path after the first seen.
func waitFor(c *lsptest.Client, path string, seen int, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if len(c.Diagnostics(path)) > seen {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return fmt.Errorf("no publishDiagnostics within %v", timeout)
}

// idle waits until the process has used no CPU for two seconds (indexing,
// evaluations), or a minute has passed.
func idle(pid int) {
	deadline := time.Now().Add(time.Minute)
	last, quiet := cpuTicks(pid), 0
	for quiet < 8 && time.Now().Before(deadline) {
		time.Sleep(250 * time.Millisecond)
		now := cpuTicks(pid)
		if now == last {
			quiet++
		} else {
			quiet = 0
		}
		last = now
	}
}

// cpuTicks is the process's user and system time in clock ticks.
func cpuTicks(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	// The fields after the command name, which is in parentheses.
	fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	if len(fields) < 13 {
		return -1
	}
	u, _ := strconv.ParseInt(fields[11], 10, 64)
	s, _ := strconv.ParseInt(fields[12], 10, 64)
	return u + s
}

// rssKB is the process's resident set in KiB.
func rssKB(pid int) int64 { return statusKB(pid, "VmRSS") }

// statusKB reads a field of /proc/PID/status, in KiB.
func statusKB(pid int, field string) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb
		}
	}
	return 0
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "lspmemory:", err)
	os.Exit(1)
}

// largeSession opens a generated file of sizeMB in a server of its own and
// prints its peak resident set against llvm-tblgen's on the file: after
// opening, after 20 one-character edits sent without pause, and the time a
// hover sent right after them takes.
func largeSession(tdlsBin, llvmTblgen string, sizeMB int, profile string) {
	text, defs := manydefs.Text(sizeMB << 20)
	dir, err := os.MkdirTemp("", "lspmemory-large")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "Large.td")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("\n%s: %.1f MB, %d defs\n", path, float64(len(text))/(1<<20), defs)
	cmd := exec.Command(llvmTblgen, "--null-backend", path)
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "SKIP the large case: %s --null-backend: %v\n%s", llvmTblgen, err, out)
		return
	}
	ref := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB
	fmt.Printf("llvm-tblgen --null-backend: peak %.1f MB in %v\n", float64(ref)/1024, time.Since(start).Round(time.Millisecond))

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	args := []string{"serve", "--log-level=error"}
	if profile != "" {
		args = append(args, "--mem-profile", profile)
	}
	c, err := lsptest.Start(ctx, tdlsBin, args...)
	if err != nil {
		fail(err)
	}
	defer c.Shutdown(context.Background())
	if _, err := c.Initialize(ctx, dir, nil); err != nil {
		fail(err)
	}
	pid := c.Pid()
	start = time.Now()
	if err := c.Open(ctx, path, text); err != nil {
		fail(err)
	}
	// The syntax publish, then the evaluation's.
	if err := waitFor(c, path, 1, 10*time.Minute); err != nil {
		fail(fmt.Errorf("opening %s: %v", path, err))
	}
	shown := time.Since(start)
	idle(pid)
	opened := hwmKB(pid)
	fmt.Printf("server after opening (evaluated in %v): peak %.1f MB, %.2fx llvm-tblgen's (bar 2)%s\n",
		shown.Round(time.Millisecond), float64(opened)/1024, float64(opened)/float64(ref), heapFigures(ctx, c))

	// Twenty characters typed into names of defs spread over the file,
	// sent without waiting for anything, then a hover on a def.
	lines := strings.Count(text, "\n")
	for i := 0; i < 20; i++ {
		line := 1 + (i*7919*131)%(lines-1)
		if err := c.ChangeRanges(ctx, path, lsptest.Edit{StartLine: line, StartChar: 5, EndLine: line, EndChar: 5, Text: "x"}); err != nil {
			fail(err)
		}
	}
	var hover map[string]any
	asked := time.Now()
	hctx, hcancel := context.WithTimeout(ctx, 10*time.Minute)
	err = c.Call(hctx, "textDocument/hover", lsptest.DocumentAt(path, lines/2, 5), &hover)
	hcancel()
	took := time.Since(asked)
	if err != nil || hover == nil {
		fail(fmt.Errorf("hover after the edits: %v %v", hover, err))
	}
	if _, ok := c.SettleVersion(path, c.Version(path), time.Second, 10*time.Minute); !ok {
		fail(fmt.Errorf("no diagnostics for the last edit of %s", path))
	}
	idle(pid)
	edited := hwmKB(pid)
	fmt.Printf("server after 20 edits sent without pause: peak %.1f MB, %.2fx llvm-tblgen's (bar 2.5); a hover right after them answered in %v (bar 2 s)%s\n",
		float64(edited)/1024, float64(edited)/float64(ref), took.Round(time.Millisecond), heapFigures(ctx, c))
	if profile != "" {
		c.Process().Signal(syscall.SIGTERM) // see mlirSession
		c.Process().Wait()
	}
}

// hwmKB is the process's peak resident set in KiB.
func hwmKB(pid int) int64 { return statusKB(pid, "VmHWM") }
