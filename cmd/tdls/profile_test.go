package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A check samples no allocations (batchMemoryPolicy), except for the heap
// profile --mem-profile asks for: that one still holds the check's
// allocations, by function.
func TestMemProfileHasTheCheck(t *testing.T) {
	dir := t.TempDir()
	var src strings.Builder
	for i := range 16000 { // over 10 MB allocated: many samples at Go's default rate
		fmt.Fprintf(&src, "def D%d { int i = %d; string s = \"s%d\"; list<int> l = [1, 2, 3]; }\n", i, i, i)
	}
	td, prof := filepath.Join(dir, "many.td"), filepath.Join(dir, "mem.pprof")
	if err := os.WriteFile(td, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := tdlsCommand("check", "--no-config", "--mem-profile", prof, td)
	cmd.Env = append(cmd.Env, "GODEBUG=") // the default sampling rate
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tdls check: %v\n%s", err, out)
	}
	// The samples, scaled by their rate, estimate the bytes the run
	// allocated: over 10 MB here. Without sampling, nothing or a stray sample.
	out, err := exec.Command("go", "tool", "pprof", "-sample_index=alloc_space", "-top", "-nodecount=1", prof).CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`of ([0-9.]+)(B|kB|MB|GB) total`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no total in go tool pprof's output:\n%s", out)
	}
	if unit := string(m[2]); unit != "MB" && unit != "GB" {
		t.Errorf("the heap profile accounts for %s%s allocated, want megabytes", m[1], unit)
	}
}
