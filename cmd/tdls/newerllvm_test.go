package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// With an LLVM newer than 22 (here an installation whose mlir-tblgen says
// 23.0.0git, found through the -I directory holding its MLIR headers), an
// unknown bang operator may be one of that LLVM: tdls check reports it as a
// warning, which --werror and --severity still raise; with LLVM 22 (the
// machine's) it stays an error. An installation inside the project (the
// current directory) is the repository's: its mlir-tblgen runs only with
// --trust, and without CMake files to read its release from, the
// machine's LLVM 22 decides.
func TestCheckNewerLLVM(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "project")
	prefix := filepath.Join(filepath.Dir(dir), "llvm-23")
	vendored := filepath.Join(dir, "third_party", "llvm-23")
	for name, text := range map[string]string{
		"include/mlir/IR/OpBase.td": "// the headers of an MLIR 23\n",
		"bin/mlir-tblgen":           "#!/bin/sh\ntouch \"$0.ran\"\nprintf 'LLVM (http://llvm.org/):\\n  LLVM version 23.0.0git\\n'\n",
	} {
		for _, root := range []string{prefix, vendored} {
			p := filepath.Join(root, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "bang.td"), []byte("def A {\n  int i = !newop(1, 2);\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	inc := filepath.Join(prefix, "include")
	cases := []struct {
		args []string
		want string
		code int
	}{
		{[]string{"-I", inc, "bang.td"}, "warning syntax-bang", 0},
		{[]string{"--werror", "-I", inc, "bang.td"}, "error syntax-bang", 1},
		{[]string{"--severity", "syntax-bang=error", "-I", inc, "bang.td"}, "error syntax-bang", 1},
		{[]string{"--trust", "-I", filepath.Join(vendored, "include"), "bang.td"}, "warning syntax-bang", 0},
	}
	vendoredRan := filepath.Join(vendored, "bin", "mlir-tblgen.ran")
	if _, err := os.Stat("/usr/lib/llvm-22/bin/mlir-tblgen"); err == nil {
		cases = append(cases, struct {
			args []string
			want string
			code int
		}{[]string{"bang.td"}, "error syntax-bang", 1})
	}
	for _, c := range cases {
		os.Remove(vendoredRan)
		var out, errOut bytes.Buffer
		code := runCheck(c.args, &out, &errOut)
		if got := strings.Join(codesOf(out.String()), ","); got != c.want || code != c.code {
			t.Errorf("tdls check %s: exit %d with %q, want %d with %q\n%s%s", strings.Join(c.args, " "), code, got, c.code, c.want, out.String(), errOut.String())
		}
	}
	if _, err := os.Stat("/usr/lib/llvm-22/bin/mlir-tblgen"); err != nil {
		return
	}
	os.Remove(vendoredRan)
	var out, errOut bytes.Buffer
	if code := runCheck([]string{"-I", filepath.Join(vendored, "include"), "bang.td"}, &out, &errOut); code != 1 || !strings.Contains(out.String(), "error: ") {
		t.Errorf("the project's own LLVM 23, untrusted: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	if _, err := os.Stat(vendoredRan); err == nil {
		t.Errorf("the project's mlir-tblgen ran without --trust")
	}
}
