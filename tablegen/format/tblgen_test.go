package format

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// TestRecordsUnchanged formats every MLIR .td file into a copy of the
// include tree and checks that llvm-tblgen --dump-json of every root it
// accepts gives the same records there (their !locs aside: lines move).
func TestRecordsUnchanged(t *testing.T) {
	tblgen := "/usr/lib/llvm-22/bin/llvm-tblgen"
	if _, err := os.Stat(tblgen); err != nil {
		t.Skip("no llvm-tblgen")
	}
	mlir, _ := corpus(t)
	formatted := filepath.Join(t.TempDir(), "include")
	for _, path := range mlir {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out, err := Source(src, Options{})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		dst := filepath.Join(formatted, "mlir", strings.TrimPrefix(path, mlirInclude))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	origInclude := filepath.Dir(mlirInclude)
	dump := func(include, file string) (any, bool) {
		cmd := exec.Command(tblgen, "--dump-json", "-I", include, "-I", filepath.Dir(file), file)
		out, err := cmd.Output()
		if err != nil {
			return nil, false
		}
		var v map[string]any
		if json.Unmarshal(out, &v) != nil {
			return nil, false
		}
		for _, r := range v {
			if rec, ok := r.(map[string]any); ok {
				delete(rec, "!locs")
			}
		}
		return v, true
	}
	var mu sync.Mutex
	roots, same := 0, 0
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, path := range mlir {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			want, ok := dump(origInclude, path)
			if !ok {
				return // not a root llvm-tblgen accepts alone
			}
			rel := strings.TrimPrefix(path, mlirInclude)
			got, ok := dump(formatted, filepath.Join(formatted, "mlir", rel))
			mu.Lock()
			defer mu.Unlock()
			roots++
			if ok && reflect.DeepEqual(got, want) {
				same++
			} else {
				t.Errorf("%s: records differ after formatting (accepted: %v)", rel, ok)
			}
		}()
	}
	wg.Wait()
	fmt.Printf("fmt records: %d/%d MLIR roots llvm-tblgen accepts dump the same records after formatting every file\n", same, roots)
	if roots == 0 {
		t.Fatal("llvm-tblgen accepted no root")
	}
}
