package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const (
	genMLIRInclude = "/usr/lib/llvm-22/include"
	genMLIRTblgen  = "/usr/lib/llvm-22/bin/mlir-tblgen"
)

// genFixtures is the fixture directory, resolved before any test changes
// the working directory.
var genFixtures, _ = filepath.Abs("../../testdata/drr")

func genRewritersIn(t *testing.T, content string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	if _, err := os.Stat(genMLIRInclude); err != nil {
		t.Skipf("LLVM 22 is not installed (%v); run `make llvm`", err)
	}
	return runCommandIn(t, "p.td", content, runGenRewriters, append([]string{"-I", genMLIRInclude, "-I" + genFixtures, "p.td"}, args...)...)
}

// runCommandIn runs a command in a fresh directory holding file with
// content, and returns what it printed and its exit code.
func runCommandIn(t *testing.T, file, content string, run func([]string, io.Writer, io.Writer) int, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, file), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

const genSource = `include "FixtureOps.td"
def Keep : Pat<(Fx_UOp I32:$x), (Fx_UOp $x)>;
`

// The command prints what mlir-tblgen prints, for the file and on error.
func TestGenRewritersMatchesMLIRTblgen(t *testing.T) {
	// The last source defines no class Pattern: mlir-tblgen stops at once.
	for _, src := range []string{genSource, genSource + "def Bad : Pat<(Fx_AOp $x, $a), (Fx_BOp $y)>;\n", "def X;\n"} {
		out, errOut, code := genRewritersIn(t, src)
		if _, err := os.Stat(genMLIRTblgen); err != nil {
			t.Skipf("mlir-tblgen 22 is not installed (%v)", err)
		}
		cmd := exec.Command(genMLIRTblgen, "--gen-rewriters", "-I", genMLIRInclude, "-I", genFixtures, "p.td")
		var refErr bytes.Buffer
		cmd.Stderr = &refErr
		ref, err := cmd.Output()
		refCode := 0
		if err != nil {
			refCode = 1
		}
		if out != string(ref) || errOut != refErr.String() || code != refCode {
			t.Errorf("tdls: rc %d, stderr %q\nmlir-tblgen: rc %d, stderr %q\nsame stdout: %v",
				code, errOut, refCode, refErr.String(), out == string(ref))
		}
	}
}

func TestGenRewritersOnePattern(t *testing.T) {
	src := genSource + "def Bad : Pat<(Fx_AOp $x, $a), (Fx_BOp $y)>;\n"
	out, _, code := genRewritersIn(t, src, "--pattern", "Keep")
	if code != 0 || !strings.Contains(out, "struct Keep : public ::mlir::RewritePattern") ||
		!strings.Contains(out, "__mlir_ods_local_type_constraint_p1(") || strings.Contains(out, "struct Bad") {
		t.Errorf("rc %d:\n%s", code, out)
	}
	out, _, code = genRewritersIn(t, src, "--pattern", "Bad")
	if code != 0 || !strings.HasPrefix(out, "// No C++ is generated for pattern Bad") {
		t.Errorf("rc %d:\n%s", code, out)
	}
	if _, _, code = genRewritersIn(t, src, "--pattern", "Missing"); code != 1 {
		t.Errorf("unknown pattern: rc %d", code)
	}
	if _, _, code = genRewritersIn(t, src, "--bogus"); code != 2 {
		t.Errorf("unknown option: rc %d", code)
	}
}
