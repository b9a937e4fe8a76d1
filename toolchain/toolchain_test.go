package toolchain

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func TestParseVersion(t *testing.T) {
	for _, c := range []struct {
		out, version string
		major        int
	}{
		{"Debian LLVM version 22.1.8\n  Optimized build.\n", "22.1.8", 22},
		{"LLVM (http://llvm.org/):\n  LLVM version 23.0.0git\n  Optimized build with assertions.\n", "23.0.0git", 23},
		{"Homebrew LLVM version 21.1.3\n  Optimized build.\n", "21.1.3", 21},
		{"22.1.8\n", "22.1.8", 22},
		{"23.0.0git\n", "23.0.0git", 23},
	} {
		v, major, ok := ParseVersion(c.out)
		if !ok || v != c.version || major != c.major {
			t.Errorf("ParseVersion(%q) = %q, %d, %v; want %q, %d", c.out, v, major, ok, c.version, c.major)
		}
	}
	for _, bad := range []string{"", "mlir-tblgen: unknown option --version", "version 22"} {
		if v, _, ok := ParseVersion(bad); ok {
			t.Errorf("ParseVersion(%q) = %q, want no version", bad, v)
		}
	}
}

// writeTool writes an executable script that prints what `--version` of a
// tool of that release prints.
func writeTool(t *testing.T, path, version string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\nprintf 'LLVM (http://llvm.org/):\\n  LLVM version " + version + "\\n  Optimized build.\\n'\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// The search order: the configured mlir-tblgen, then a build tree (its
// own mlir-tblgen, else the MLIR its CMakeCache.txt names), then the
// include directories' installation; nothing without the machine.
func TestFindOrder(t *testing.T) {
	dir := t.TempDir()
	// A dialect's build tree configured with an MLIR 23 (MLIR_DIR).
	mlirCMake := filepath.Join(dir, "llvm-23", "lib", "cmake", "mlir")
	os.MkdirAll(mlirCMake, 0o755)
	os.WriteFile(filepath.Join(mlirCMake, "MLIRConfigVersion.cmake"), []byte("set(PACKAGE_VERSION \"23.0.0git\")\n\nif (PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)\n"), 0o644)
	dialectBuild := filepath.Join(dir, "dialect", "build")
	os.MkdirAll(dialectBuild, 0o755)
	os.WriteFile(filepath.Join(dialectBuild, "CMakeCache.txt"), []byte("# This is the CMakeCache file.\nLLVM_DIR:PATH=/nowhere\nMLIR_DIR:PATH="+mlirCMake+"\n"), 0o644)
	// An LLVM build tree with its own mlir-tblgen 21.
	llvmBuild := filepath.Join(dir, "llvm-project", "build")
	writeTool(t, filepath.Join(llvmBuild, "bin", "mlir-tblgen"), "21.1.0")
	configured := filepath.Join(dir, "tools", "mlir-tblgen")
	writeTool(t, configured, "24.0.0git")

	for _, c := range []struct {
		name    string
		s       Search
		version string
		from    string
	}{
		{"configured", Search{MLIRTblgen: configured, BuildDirs: []string{llvmBuild}}, "24.0.0git", "mlir-tblgen --version"},
		{"LLVM build tree", Search{BuildDirs: []string{llvmBuild, dialectBuild}}, "21.1.0", "mlir-tblgen --version"},
		{"dialect build tree", Search{MLIRTblgen: filepath.Join(dir, "missing"), BuildDirs: []string{dialectBuild, llvmBuild}}, "23.0.0git", "MLIRConfigVersion.cmake"},
	} {
		l, ok := Find(c.s)
		if !ok || l.Version != c.version || l.From != c.from {
			t.Errorf("%s: Find = %+v, %v; want %s from %s", c.name, l, ok, c.version, c.from)
		}
	}
	if l, ok := Find(Search{BuildDirs: []string{filepath.Join(dir, "none")}, IncludeDirs: []string{dir}}); ok {
		t.Errorf("nothing to find, without the machine: found %+v", l)
	}
}

// On a machine with LLVM 22 installed, the installed MLIR is found through
// its include directory and through the machine search, and an
// llvm-config of another LLVM without MLIR (Debian's /usr/bin/llvm-config
// may be one) is not taken for it.
func TestFindInstalled(t *testing.T) {
	const prefix = "/usr/lib/llvm-22"
	if !HasMLIR(filepath.Join(prefix, "include")) {
		t.Skip("SKIP: LLVM 22's MLIR is not installed (apt-get install libmlir-22-dev mlir-22-tools)")
	}
	want, err := exec.Command(filepath.Join(prefix, "bin", "mlir-tblgen"), "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	version, _, _ := ParseVersion(string(want))
	l, ok := Find(Search{IncludeDirs: []string{filepath.Join(prefix, "include")}})
	if !ok || l.Major != 22 || l.Version != version || l.Path != filepath.Join(prefix, "bin", "mlir-tblgen") {
		t.Errorf("from the include directory: %+v, %v", l, ok)
	}
	if l, ok := Find(Search{Machine: true}); !ok || l.Major != 22 {
		t.Errorf("the machine's: %+v, %v (llvm-config on PATH without MLIR must not count)", l, ok)
	}
	if d := MLIRIncludeDir(); !HasMLIR(d) {
		t.Errorf("MLIRIncludeDir = %q", d)
	}
	if p := MLIRTblgen("", ""); p == "" {
		t.Errorf("MLIRTblgen found none")
	}
}
