package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tdls/lsp/lsptest"
)

// The limits of issue 19, measured on real processes: the server's peak
// resident set against tdls check's on the same file, and its time against
// a bound scaled by how loaded the machine is, which tdls check's run in
// the same test tells (its wall time over its CPU time).

var largeLimits = flag.Bool("tdls.large", false, "also open a 50 MB file (minutes, and several GB of memory)")

// checkRun runs tdls check on file and returns its wall time, CPU time and
// peak resident set in bytes.
func checkRun(t *testing.T, file string) (wall, cpu time.Duration, rss int64) {
	t.Helper()
	cmd := tdlsCommand("check", file)
	start := time.Now()
	err := cmd.Run()
	wall = time.Since(start)
	if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
		t.Fatal(err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return wall, cpu, ru.Maxrss << 10
}

// slowdown is how much longer than its CPU time a process takes on this
// machine now: 1 on an idle machine.
func slowdown(wall, cpu time.Duration) float64 {
	if cpu <= 0 {
		return 1
	}
	return min(20, max(1, float64(wall)/float64(cpu)))
}

// procStatus reads a field (in kB) of /proc/PID/status, in bytes.
func procStatus(pid int, field string) int64 {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(v), "%d", &kb)
			return kb << 10
		}
	}
	return 0
}

// procCPU is the CPU time a process has used.
func procCPU(pid int) time.Duration {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	var u, k int64
	fmt.Sscanf(f[11], "%d", &u)
	fmt.Sscanf(f[12], "%d", &k)
	return time.Duration(u+k) * 10 * time.Millisecond // clock ticks of 100 Hz
}

func mb(n int64) string { return fmt.Sprintf("%.0f MB", float64(n)/(1<<20)) }

func writeWorkspace(t *testing.T, name, text string) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

// Deep #ifdef nesting and a 1 MB line: opened in a workspace holding them,
// edited ten times and asked for semantic tokens, within 2 s (scaled by the
// machine's load) and under 4 times the memory tdls check needs.
func TestServeLargeInputsStayBounded(t *testing.T) {
	var line strings.Builder
	for i := 0; i < 90000; i++ {
		fmt.Fprintf(&line, "def L%d;", i)
	}
	line.WriteString("\n")
	cases := []struct{ name, text string }{
		{"100,000 nested #ifdefs", strings.Repeat("#ifdef X\n", 100000) + "def A;\n" + strings.Repeat("#endif\n", 100000)},
		{"90,000 defs on one line", line.String()},
	}
	for _, c := range cases {
		// A time over its bound is measured again once: a loaded machine
		// can stall any process for a moment.
		for attempt := 1; attempt <= 2; attempt++ {
			if serveLargeInput(t, c.name, c.text, attempt == 2) {
				break
			}
		}
	}
}

// serveLargeInput measures one case; it reports a time over its bound only
// when final, and returns whether the time was within it.
func serveLargeInput(t *testing.T, name, text string, final bool) bool {
	dir, path := writeWorkspace(t, "big.td", text)
	checkWall, checkCPU, checkRSS := checkRun(t, path)
	load := slowdown(checkWall, checkCPU)

	client := startClient(t, dir)
	pid := client.Process().Pid
	ctx := context.Background()
	cpu0 := procCPU(pid)
	start := time.Now()
	if err := client.Open(ctx, path, text); err != nil {
		t.Fatal(err)
	}
	// Ten edits, each a character typed, at the start, in the middle
	// and at the end of the first line.
	for i := 0; i < 10; i++ {
		char := []int{2, len(text) / 4, 3}[i%3]
		if err := client.ChangeRanges(ctx, path, lsptest.Edit{StartLine: 0, StartChar: char, EndLine: 0, EndChar: char, Text: "x"}); err != nil {
			t.Fatal(err)
		}
	}
	var tokens map[string]any
	cctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	err := client.Call(cctx, "textDocument/semanticTokens/full", lsptest.Document(path), &tokens)
	cancel()
	if err != nil {
		t.Fatalf("%s: semantic tokens: %v", name, err)
	}
	took, cpu := time.Since(start), procCPU(pid)-cpu0
	if _, ok := client.SettleVersion(path, client.Version(path), 300*time.Millisecond, 60*time.Second); !ok {
		t.Fatalf("%s: no diagnostics for the last edit", name)
	}
	peak := procStatus(pid, "VmHWM")
	t.Logf("%s: open, 10 edits and semantic tokens in %v (%v of CPU; the machine runs %.1f times slow); peak %s, tdls check %s (%.1f×)",
		name, took.Round(time.Millisecond), cpu.Round(10*time.Millisecond), load, mb(peak), mb(checkRSS), float64(peak)/float64(checkRSS))
	if peak > 4*checkRSS {
		t.Errorf("%s: peak resident set %s, more than 4 × tdls check's %s", name, mb(peak), mb(checkRSS))
	}
	if limit := time.Duration(2 * float64(time.Second) * load); took > limit {
		if final {
			t.Errorf("%s: took %v, more than %v", name, took, limit)
		}
		return false
	}
	return true
}

// firstPublish opens text and returns how long its first diagnostics take.
func firstPublish(t *testing.T, client *lsptest.Client, path, text string) (time.Duration, lsptest.Published) {
	t.Helper()
	ch := client.Expect(path)
	start := time.Now()
	if err := client.Open(context.Background(), path, text); err != nil {
		t.Fatal(err)
	}
	pub, err := lsptest.Wait(ch, 120*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return time.Since(start), pub
}

// 32,000 syntax errors on one line are published within a second (scaled
// by the machine's load), about as fast as the same errors on separate
// lines; finding each one's column once took time quadratic in the line.
func TestServeManyDiagnosticsOnOneLine(t *testing.T) {
	for attempt := 1; attempt <= 2; attempt++ {
		if manyDiagnosticsOnOneLine(t, attempt == 2) {
			break
		}
	}
}

func manyDiagnosticsOnOneLine(t *testing.T, final bool) bool {
	one := "def A;" + strings.Repeat("}]", 32000) + "\n"
	many := "def A;\n" + strings.Repeat("}]\n", 32000)
	dir, path := writeWorkspace(t, "one.td", one)
	checkWall, checkCPU, _ := checkRun(t, path)
	load := slowdown(checkWall, checkCPU)
	client := startClient(t, dir)
	manyPath := filepath.Join(dir, "many.td")
	tookMany, _ := firstPublish(t, client, manyPath, many)
	tookOne, pub := firstPublish(t, client, path, one)
	t.Logf("%d diagnostics on one line published in %v, on separate lines in %v (the machine runs %.1f times slow)",
		len(pub.Params.Diagnostics), tookOne.Round(time.Millisecond), tookMany.Round(time.Millisecond), load)
	if len(pub.Params.Diagnostics) < 32000 {
		t.Errorf("%d diagnostics, want one for each of the 32,000 }]", len(pub.Params.Diagnostics))
	}
	ok := true
	if limit := time.Duration(float64(time.Second) * load); tookOne > limit {
		ok = false
		if final {
			t.Errorf("published after %v, more than %v", tookOne, limit)
		}
	}
	if tookOne > 2*tookMany+500*time.Millisecond {
		ok = false
		if final {
			t.Errorf("one line took %v, separate lines %v", tookOne, tookMany)
		}
	}
	return ok
}

// bigFile writes about size bytes of defs.
func bigFile(size int) string {
	var b strings.Builder
	b.WriteString("class C<int n, string s> { int x = n; string y = s; }\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "def R%d : C<%d, \"s\"> { let x = !add(%d, 1); }\n", i, i, i)
	}
	return b.String()
}

// A 50 MB file merely present in the workspace costs the idle server
// nothing (the index skips it, and says so on it); one just under the
// index's limit costs it what the index keeps; opened, a large file's
// first diagnostics come within 1.5 times tdls check's time on it. The
// opened case runs on 10 MB; with -tdls.large, on the 50 MB file too.
func TestServeBigFile(t *testing.T) {
	text := bigFile(50 << 20)
	dir, path := writeWorkspace(t, "big.td", text)
	client := startClient(t, dir)
	pid := client.Process().Pid
	pub, err := lsptest.Wait(client.Expect(path), 30*time.Second)
	if err != nil && len(client.Diagnostics(path)) == 0 {
		t.Fatalf("no word on the skipped file: %v", err)
	} else if err != nil {
		pub = client.Diagnostics(path)[0]
	}
	if len(pub.Params.Diagnostics) != 1 || pub.Params.Diagnostics[0].Code != "file-not-indexed" {
		t.Errorf("on the 50 MB file: %+v", pub.Params.Diagnostics)
	}
	time.Sleep(500 * time.Millisecond)
	idle := procStatus(pid, "VmRSS")
	t.Logf("idle with a 50 MB file in the workspace: %s", mb(idle))
	if idle > 500<<20 {
		t.Errorf("the idle server holds %s with a 50 MB file in its workspace", mb(idle))
	}

	// A file just under the index's limit is read and parsed, and what the
	// index does not keep is given back.
	near := bigFile(4<<20 - 64<<10)
	dir, _ = writeWorkspace(t, "near.td", near)
	client = startClient(t, dir)
	indexed := false
	for deadline := time.Now().Add(60 * time.Second); !indexed && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		var syms []map[string]any
		client.Call(context.Background(), "workspace/symbol", map[string]any{"query": "R1000"}, &syms)
		indexed = len(syms) > 0
	}
	if !indexed {
		t.Fatal("the 4 MB file was not indexed within 60 s")
	}
	time.Sleep(500 * time.Millisecond)
	pid = client.Process().Pid
	t.Logf("idle after indexing a 4 MB file: %s (peak %s)", mb(procStatus(pid, "VmRSS")), mb(procStatus(pid, "VmHWM")))
	if idle := procStatus(pid, "VmRSS"); idle > 200<<20 {
		t.Errorf("the idle server holds %s after indexing a 4 MB file", mb(idle))
	}

	sizes := []int{10 << 20}
	if *largeLimits {
		sizes = append(sizes, 50<<20)
	}
	for _, size := range sizes {
		text := bigFile(size)
		_, path := writeWorkspace(t, "open.td", text)
		for attempt := 1; attempt <= 2; attempt++ {
			checkWall, _, checkRSS := checkRun(t, path)
			client := startClient(t, t.TempDir())
			took, _ := firstPublish(t, client, path, text)
			peak := procStatus(client.Process().Pid, "VmHWM")
			client.Shutdown(context.Background())
			t.Logf("%d MB opened: first diagnostics after %v, tdls check takes %v (%.2f×); peak %s, tdls check %s",
				size>>20, took.Round(time.Millisecond), checkWall.Round(time.Millisecond), float64(took)/float64(checkWall), mb(peak), mb(checkRSS))
			if float64(took) <= 1.5*float64(checkWall) {
				break
			}
			if attempt == 2 {
				t.Errorf("%d MB: first diagnostics after %v, more than 1.5 × tdls check's %v", size>>20, took, checkWall)
			}
		}
	}
}
