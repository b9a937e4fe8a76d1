package eval

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// parityRatchet is the number of accepted MLIR files whose JSON must match
// llvm-tblgen's; raise it, never lower it.
const parityRatchet = 293

func mlirFiles(t *testing.T) []string {
	var files []string
	root := filepath.Join(mlirInclude, "mlir")
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			rel, _ := filepath.Rel(mlirInclude, p)
			files = append(files, rel)
		}
		return nil
	})
	sort.Strings(files)
	return files
}

// TestMLIRParity compares tdls's JSON with llvm-tblgen --dump-json on every
// MLIR .td file llvm-tblgen accepts, and for each file it rejects checks
// that tdls reports an error at the same place as llvm-tblgen's first.
func TestMLIRParity(t *testing.T) {
	if _, err := os.Stat(filepath.Join(mlirInclude, "mlir")); err != nil || !haveLLVM(t) {
		t.Skip("LLVM 22 with MLIR headers not installed: MLIR parity test skipped")
	}
	if testing.Short() {
		t.Skip("-short: MLIR parity test skipped")
	}
	files := mlirFiles(t)
	// llvm-tblgen runs in the background, one file ahead of tdls.
	type llvmResult struct {
		out, stderr []byte
		ok          bool
	}
	results := make([]chan llvmResult, len(files))
	for i := range results {
		results[i] = make(chan llvmResult, 1)
	}
	go func() {
		for i, rel := range files {
			out, stderr, ok := runLLVM(mlirInclude, rel, mlirInclude)
			results[i] <- llvmResult{out, stderr, ok}
		}
	}()
	accepted, matched, rejected, rejectedOK := 0, 0, 0, 0
	var mismatches []string
	for i, rel := range files {
		u, r := evalFile(t, filepath.Join(mlirInclude, rel), mlirInclude)
		lr := <-results[i]
		out, stderr, ok := lr.out, lr.stderr, lr.ok
		if !ok {
			rejected++
			want := strings.SplitN(firstLine(stderr), ": error:", 2)[0]
			got, d, found := firstError(u, r)
			if found && (got == filepath.Join(mlirInclude, want) || got == want) {
				rejectedOK++
			} else {
				t.Errorf("%s: llvm-tblgen's first error is at %s, tdls's at %s (%s)", rel, want, got, d.Message)
			}
			continue
		}
		accepted++
		if _, d, found := firstError(u, r); found {
			mismatches = append(mismatches, fmt.Sprintf("%s: unexpected error: %s", rel, d.Message))
			continue
		}
		if d := jsonDiff(jsonOf(t, r), out); d != "" {
			mismatches = append(mismatches, rel+": "+d)
			continue
		}
		matched++
	}
	msg := fmt.Sprintf("json parity: %d/%d", matched, accepted)
	t.Log(msg)
	fmt.Println(msg)
	fmt.Printf("rejected files with the same first error: %d/%d\n", rejectedOK, rejected)
	for _, m := range mismatches {
		t.Log(m)
	}
	if matched < parityRatchet {
		t.Errorf("json parity fell to %d, below the ratchet %d:\n%s", matched, parityRatchet, strings.Join(mismatches, "\n"))
	}
}
