package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImplJSON: tdls impl prints the JSON shape, files relative
// to the working directory, lines at the name; --missing keeps only what
// has no definition; text names each member with where it is.
func TestImplJSON(t *testing.T) {
	if _, err := os.Stat("/usr/lib/llvm-22/include/mlir/IR/OpBase.td"); err != nil {
		t.Skip("SKIP: MLIR 22 not installed")
	}
	dir, _ := filepath.Abs("testdata/impl")
	t.Chdir(dir)
	out, errOut, code := runCaptured(t, "impl", "--cpp", ".", "--format=json", "Ops.td")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got []struct {
		Entity, Kind, Member, Signature string
		TD                              struct {
			File string
			Line int
		}
		Definitions []struct {
			File string
			Line int
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var lines []string
	for _, e := range got {
		where := ""
		for _, d := range e.Definitions {
			where += " " + d.File + ":" + itoa(d.Line)
		}
		lines = append(lines, e.Entity+" "+e.Kind+" "+e.Member+" "+e.TD.File+":"+itoa(e.TD.Line)+" ->"+where)
	}
	want := []string{
		"::my::MyDialect dialect initialize Ops.td:3 -> Ops.cpp:5",
		"::my::CheckedOp op verify Ops.td:10 -> Ops.cpp:7",
		"::my::CheckedOp op fold Ops.td:11 ->",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(out, `"signature": "::llvm::LogicalResult verify();"`) || !strings.Contains(out, `"definitions": []`) {
		t.Errorf("signature or empty definitions missing:\n%s", out)
	}
	out, _, _ = runCaptured(t, "impl", "--cpp", ".", "--missing", "Ops.td")
	if out != "Ops.td:11: ::my::CheckedOp::fold (op): not found\n" {
		t.Errorf("--missing: %q", out)
	}
}

func itoa(n int) string {
	s := ""
	for {
		s = string(rune('0'+n%10)) + s
		n /= 10
		if n == 0 {
			return s
		}
	}
}

// With nothing configured, impl infers the include directories from the
// project's .td files as check and the server do; a file that does not
// load in full is reported, with exit 1, rather than listed short.
func TestImplInfersAndReportsWhatDidNotLoad(t *testing.T) {
	if _, err := os.Stat("/usr/lib/llvm-22/include/mlir/IR/OpBase.td"); err != nil {
		t.Skip("SKIP: MLIR 22 not installed")
	}
	dir := writeRepository(t, map[string]string{
		"include/my/Dialect.td": "include \"mlir/IR/OpBase.td\"\ndef My_Dialect : Dialect {\n  let name = \"my\";\n  let cppNamespace = \"::my\";\n}\n",
		"include/my/Ops.td":     "include \"my/Dialect.td\"\ndef My_CheckedOp : Op<My_Dialect, \"checked\"> {\n  let hasVerifier = 1;\n}\n",
		"include/my/Broken.td":  "include \"my/Ops.td\"\ninclude \"my/Missing.td\"\n",
		"lib/Ops.cpp":           "namespace my {\n::llvm::LogicalResult CheckedOp::verify() { return ::mlir::success(); }\n}\n",
	})
	t.Chdir(dir)
	out, errOut, code := runCaptured(t, "impl", filepath.Join("include", "my", "Ops.td"))
	if code != 0 || !strings.Contains(out, "::my::CheckedOp::verify (op): lib/Ops.cpp:2") {
		t.Errorf("exit %d, got\n%s%s", code, out, errOut)
	}
	out, errOut, code = runCaptured(t, "impl", "--missing", filepath.Join("include", "my", "Broken.td"))
	if code != 1 || !strings.Contains(errOut, "[include-not-found]") || !strings.Contains(errOut, "the list is incomplete") {
		t.Errorf("a file with a missing include: exit %d, stdout\n%s\nstderr\n%s", code, out, errOut)
	}
}
