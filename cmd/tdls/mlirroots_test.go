package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"tdls/ods"
	"testing"
)

// On every MLIR .td root llvm-tblgen accepts (with the root's directory on
// the include path, as LLVM's build adds it), tdls check reports no error
// and no warning but style lints.
func TestCheckMLIRRootsClean(t *testing.T) {
	const include = "/usr/lib/llvm-22/include"
	if _, err := os.Stat(llvmTblgen); err != nil {
		fmt.Printf("SKIP: LLVM 22 is not installed (%v); run `make llvm`\n", err)
		t.Skipf("LLVM 22 is not installed (%v)", err)
	}
	var roots []string
	filepath.WalkDir(filepath.Join(include, "mlir"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			roots = append(roots, p)
		}
		return nil
	})
	sort.Strings(roots)
	accepted := make([]bool, len(roots))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range next {
				cmd := exec.Command(llvmTblgen, "-I", include, "-I", filepath.Dir(roots[i]), roots[i])
				accepted[i] = cmd.Run() == nil
			}
		})
	}
	for i := range roots {
		next <- i
	}
	close(next)
	wg.Wait()

	n, errs, warns, lints := 0, 0, 0, 0
	for i, root := range roots {
		if !accepted[i] {
			continue
		}
		n++
		var out, errOut bytes.Buffer
		runCheck([]string{"--format=json", "-I", include, "-I", filepath.Dir(root), root}, &out, &errOut)
		var diags []struct{ File, Severity, Code, Message string }
		if err := json.Unmarshal(out.Bytes(), &diags); err != nil {
			t.Fatalf("%s: %v\n%s", root, err, errOut.String())
		}
		for _, d := range diags {
			switch {
			case d.Severity == "error":
				errs++
				t.Errorf("%s: error in %s: %s [%s]", root, d.File, d.Message, d.Code)
			case d.Severity == "warning" && ods.IsStyle(d.Code):
				lints++
			case d.Severity == "warning":
				warns++
				t.Errorf("%s: warning in %s: %s [%s]", root, d.File, d.Message, d.Code)
			}
		}
	}
	score := fmt.Sprintf("mlir roots llvm-tblgen accepts: %d, tdls check errors %d, warnings other than style lints %d (style lints %d)", n, errs, warns, lints)
	fmt.Println(score)
	t.Log(score)
	if n < 290 {
		t.Errorf("only %d roots accepted by llvm-tblgen (is this LLVM 22?)", n)
	}
}
