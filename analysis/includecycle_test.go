package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"tdls/tablegen/eval"
)

// The server's unit assembly on every root of testdata/includecycle (see
// the README there): a guarded cycle is read as llvm-tblgen reads it, with
// the same records; an unguarded one is an include-cycle.
func TestIncludeCyclesInTheServer(t *testing.T) {
	const llvmTblgen = "/usr/lib/llvm-22/bin/llvm-tblgen"
	if _, err := os.Stat(llvmTblgen); err != nil {
		t.Skipf("SKIP: LLVM 22 is not installed (%v): include cycles not compared with llvm-tblgen", err)
	}
	roots, _ := filepath.Glob("../testdata/includecycle/*/*.td")
	if len(roots) < 15 {
		t.Fatalf("found %d roots under testdata/includecycle", len(roots))
	}
	for _, root := range roots {
		root, _ = filepath.Abs(root)
		dir := filepath.Dir(root)
		kind := filepath.Base(dir)
		t.Run(kind+"/"+filepath.Base(root), func(t *testing.T) {
			w := NewWorkspace(Config{NoMLIRAutoDetect: true})
			u, err := w.Snapshot().Unit(context.Background(), root)
			if err != nil {
				t.Fatal(err)
			}
			res, err := u.Evaluated(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			var codes []string
			for _, f := range u.TG.Lex.Files {
				for _, d := range append(u.Diagnostics(f.Name), u.EvaluationDiagnostics(f.Name)...) {
					codes = append(codes, d.Code+": "+d.Message)
				}
			}
			shown := strings.Join(codes, "\n")
			cmd := exec.Command(llvmTblgen, "--dump-json", "-I", dir, root)
			var theirs bytes.Buffer
			cmd.Stdout = &theirs
			llvmErr := cmd.Run()
			switch {
			case strings.HasPrefix(kind, "unguarded-"):
				if llvmErr == nil {
					t.Fatalf("llvm-tblgen accepts %s", root)
				}
				if !strings.Contains(shown, "include-cycle") {
					t.Errorf("want include-cycle, got:\n%s", shown)
				}
				return
			case strings.Contains(shown, "include-cycle"):
				t.Fatalf("include-cycle for a cycle that ends:\n%s", shown)
			case llvmErr != nil:
				if !strings.Contains(shown, "eval-duplicate-def") {
					t.Errorf("llvm-tblgen redefines a record (%v); the server shows:\n%s", llvmErr, shown)
				}
				return
			case shown != "":
				t.Fatalf("llvm-tblgen accepts it; the server shows:\n%s", shown)
			}
			var ours bytes.Buffer
			if err := eval.WriteJSON(&ours, res); err != nil {
				t.Fatal(err)
			}
			var a, b any
			if json.Unmarshal(ours.Bytes(), &a) != nil || json.Unmarshal(theirs.Bytes(), &b) != nil || !reflect.DeepEqual(a, b) {
				t.Errorf("records differ from llvm-tblgen --dump-json\ntdls: %s\nllvm: %s", ours.String(), theirs.String())
			}
		})
	}
}
