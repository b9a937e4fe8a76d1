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
	"testing"

	"tdls/analysis"
)

// On every MLIR .td root llvm-tblgen accepts (with the root's directory on
// the include path, as LLVM's build adds it), tdls check reports no error
// and no warning; the style lints (conventions of the ODS manual, not
// problems of code that builds) are hints, printed only with --hints.
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

	style := map[string]bool{}
	for _, c := range analysis.Codes() {
		style[c.Code] = c.Style
	}
	n, errs, warns, lints, plain := 0, 0, 0, 0, 0
	for i, root := range roots {
		if !accepted[i] {
			continue
		}
		n++
		var out, errOut bytes.Buffer
		runCheck([]string{"--format=json", "--hints", "--no-config", "-I", include, "-I", filepath.Dir(root), root}, &out, &errOut)
		var diags []struct{ File, Severity, Code, Message string }
		if err := json.Unmarshal(out.Bytes(), &diags); err != nil {
			t.Fatalf("%s: %v\n%s", root, err, errOut.String())
		}
		for _, d := range diags {
			switch {
			case d.Severity == "error":
				errs++
				t.Errorf("%s: error in %s: %s [%s]", root, d.File, d.Message, d.Code)
			case d.Severity == "hint" && style[d.Code]:
				lints++
			case style[d.Code]:
				t.Errorf("%s: style lint %s reported as %s, want a hint", root, d.Code, d.Severity)
			case d.Severity == "warning":
				warns++
				t.Errorf("%s: warning in %s: %s [%s]", root, d.File, d.Message, d.Code)
			}
		}
		// Without --hints, as a user runs it: nothing at all.
		out.Reset()
		runCheck([]string{"-I", include, "-I", filepath.Dir(root), "--no-config", root}, &out, &errOut)
		if printed := strings.TrimSpace(out.String()); printed != "" {
			plain += len(lines(printed))
		}
	}
	score := fmt.Sprintf("mlir roots llvm-tblgen accepts: %d, tdls check errors %d, warnings %d, style lints %d (hints, shown with --hints), lines printed without --hints %d", n, errs, warns, lints, plain)
	fmt.Println(score)
	t.Log(score)
	if plain != 0 {
		t.Errorf("tdls check printed %d lines on roots llvm-tblgen accepts", plain)
	}
	if n < 290 {
		t.Errorf("only %d roots accepted by llvm-tblgen (is this LLVM 22?)", n)
	}
}
