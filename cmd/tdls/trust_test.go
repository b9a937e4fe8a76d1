package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tdls/codegen"
	"tdls/toolchain/trapped"
)

// The command line never runs a repository's executables without
// --trust (SECURITY.md): tdls check (asked for the user's LLVM by an
// unknown bang operator), tdls version and tdls gen with every generator
// on the mlir-tblgen engine, run inside a trapped repository whose bin/
// is first on PATH, run none of them. With --trust the build tree's
// mlir-tblgen tells the release; an mlir-tblgen named by --mlir-tblgen
// runs as asked.
func TestCommandLineRunsNoRepositoryExecutable(t *testing.T) {
	if _, err := os.Stat(genMLIRTblgen); err != nil {
		t.Skip("SKIP: LLVM 22 is not installed")
	}
	w := trapped.New(t, genMLIRInclude, genMLIRTblgen)
	if err := os.WriteFile(filepath.Join(w.Dir, "Bang.td"), []byte("def A {\n  int i = !newop(1, 2);\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(w.Dir)
	t.Setenv("PATH", w.PathDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	runs := 0
	quiet := func(run func() int) int {
		runs++
		stdout := os.Stdout
		os.Stdout, _ = os.Open(os.DevNull)
		defer func() { os.Stdout.Close(); os.Stdout = stdout }()
		return run()
	}
	var out, errOut bytes.Buffer
	if code := runCheck([]string{"Trap.td", "Bang.td"}, &out, &errOut); code != 1 || !strings.Contains(out.String(), "error: '!newop'") {
		t.Errorf("tdls check: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	runs++
	quiet(func() int { return runVersion(nil) })
	for _, g := range codegen.Generators() {
		quiet(func() int {
			return runGen([]string{g.Name, "-I", "third_party/llvm/include", "Trap.td", "--engine=mlir-tblgen"}, io.Discard, io.Discard)
		})
	}
	if ran := w.Ran(); len(ran) != 0 {
		t.Fatalf("without --trust, the repository's executables ran:\n%s", strings.Join(ran, "\n"))
	}
	t.Logf("command line: %d runs (check, version, gen of %d generators), 0 of %d traps ran", runs, len(codegen.Generators()), len(w.Traps))

	out.Reset()
	errOut.Reset()
	runCheck([]string{"--trust", "Trap.td", "Bang.td"}, &out, &errOut)
	if ran := strings.Join(w.Ran(), "\n"); !strings.Contains(ran, w.BuildTblgen+" --version") {
		t.Errorf("with --trust, the build tree's mlir-tblgen did not tell the release; ran:\n%s", ran)
	}
	w.Reset()
	errOut.Reset()
	if code := runGen([]string{"op-decls", "-I", "third_party/llvm/include", "Trap.td", "--engine=mlir-tblgen", "--mlir-tblgen", w.BuildTblgen}, io.Discard, &errOut); code != 0 || !strings.Contains(errOut.String(), "ran "+w.BuildTblgen) {
		t.Errorf("tdls gen --mlir-tblgen %s: exit %d\n%s", w.BuildTblgen, code, errOut.String())
	}
}
