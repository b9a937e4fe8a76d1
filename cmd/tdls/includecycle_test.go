package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"tdls/tablegen/eval"
)

const llvmTblgen = "/usr/lib/llvm-22/bin/llvm-tblgen"

// llvmDumpJSON runs llvm-tblgen --dump-json on root with -I dir. crashed
// reports a signal (the endless recursion of an unguarded cycle).
func llvmDumpJSON(t *testing.T, dir, root string) (out []byte, stderr string, ok, crashed bool) {
	t.Helper()
	cmd := exec.Command(llvmTblgen, "--dump-json", "-I", dir, root)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() < 0 {
		crashed = true
	}
	return o.Bytes(), e.String(), err == nil, crashed
}

func sameJSON(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

// firstError is the message of llvm-tblgen's first error line.
func firstError(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if _, msg, ok := strings.Cut(l, " error: "); ok {
			return msg
		}
	}
	return ""
}

// Every root of testdata/includecycle, through `tdls check` and `tdls
// dump-json`, compared live with llvm-tblgen (see the README there).
func TestCheckIncludeCycles(t *testing.T) {
	if _, err := os.Stat(llvmTblgen); err != nil {
		t.Skipf("SKIP: LLVM 22 is not installed (%v): include cycles not compared with llvm-tblgen", err)
	}
	cases, _ := filepath.Glob("../../testdata/includecycle/*/*.td")
	if len(cases) < 15 {
		t.Fatalf("found %d roots under testdata/includecycle", len(cases))
	}
	for _, root := range cases {
		dir := filepath.Dir(root)
		kind := filepath.Base(dir)
		t.Run(kind+"/"+filepath.Base(root), func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := runCheck([]string{"-I", dir, root}, &out, &errOut)
			report := out.String()
			theirs, stderr, ok, crashed := llvmDumpJSON(t, dir, root)
			switch {
			case strings.HasPrefix(kind, "unguarded-"):
				if ok {
					t.Fatalf("llvm-tblgen accepts %s", root)
				}
				if code != 1 || !strings.Contains(report, "[include-cycle]") {
					t.Errorf("want include-cycle (llvm-tblgen: crashed %v, %q), got exit %d:\n%s", crashed, firstError(stderr), code, report)
				}
				return
			case strings.Contains(report, "include-cycle"):
				t.Fatalf("include-cycle for a cycle that ends:\n%s", report)
			case !ok:
				if crashed || code != 1 || !strings.Contains(report, firstError(stderr)) {
					t.Errorf("llvm-tblgen fails with %q (crashed %v); tdls exit %d:\n%s", firstError(stderr), crashed, code, report)
				}
				return
			case code != 0 || report != "":
				t.Fatalf("llvm-tblgen accepts it; tdls check exits %d:\n%s", code, report)
			}
			_, res, loaded := loadEvaluated("dump-json", root, []string{dir}, nil, &errOut)
			var ours bytes.Buffer
			if !loaded || eval.WriteJSON(&ours, res) != nil {
				t.Fatalf("tdls dump-json failed: %s", errOut.String())
			}
			if !sameJSON(ours.Bytes(), theirs) {
				t.Errorf("records differ from llvm-tblgen --dump-json\ntdls: %s\nllvm: %s", ours.String(), theirs)
			}
		})
	}
}
