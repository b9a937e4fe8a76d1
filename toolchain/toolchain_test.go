package toolchain

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
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
// tool of that release prints, and leaves path+".ran" behind when it runs.
func writeTool(t *testing.T, path, version string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\ntouch '" + path + ".ran'\nprintf 'LLVM (http://llvm.org/):\\n  LLVM version " + version + "\\n  Optimized build.\\n'\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

func ran(path string) bool {
	_, err := os.Stat(path + ".ran")
	return err == nil
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The search order: the configured mlir-tblgen, then a build tree (its
// own mlir-tblgen, else the MLIR its CMakeCache.txt names), then the
// include directories' installation; nothing without the machine. A
// build tree's mlir-tblgen runs only when the workspace is trusted;
// otherwise its release is read from the CMake files it wrote.
func TestFindOrder(t *testing.T) {
	dir := t.TempDir()
	// A dialect's build tree configured with an MLIR 23 (MLIR_DIR).
	mlirCMake := filepath.Join(dir, "llvm-23", "lib", "cmake", "mlir")
	writeFile(t, filepath.Join(mlirCMake, "MLIRConfigVersion.cmake"), "set(PACKAGE_VERSION \"23.0.0git\")\n\nif (PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)\n")
	dialectBuild := filepath.Join(dir, "dialect", "build")
	writeFile(t, filepath.Join(dialectBuild, "CMakeCache.txt"), "# This is the CMakeCache file.\nLLVM_DIR:PATH=/nowhere\nMLIR_DIR:PATH="+mlirCMake+"\n")
	// An LLVM build tree with its own mlir-tblgen 21, whose CMake files
	// say 21.1.0 too.
	llvmBuild := filepath.Join(dir, "llvm-project", "build")
	writeTool(t, filepath.Join(llvmBuild, "bin", "mlir-tblgen"), "21.1.0")
	writeFile(t, filepath.Join(llvmBuild, "lib", "cmake", "llvm", "LLVMConfigVersion.cmake"), "set(PACKAGE_VERSION \"21.1.0\")\n")
	configured := filepath.Join(dir, "tools", "mlir-tblgen")
	writeTool(t, configured, "24.0.0git")

	trusted := Trust{Folders: []string{dir}, All: true}
	untrusted := Trust{Folders: []string{dir}}
	for _, c := range []struct {
		name    string
		s       Search
		version string
		from    string
	}{
		{"configured", Search{MLIRTblgen: Tool{Path: configured, Origin: FromCommandLine}, BuildDirs: []string{llvmBuild}}, "24.0.0git", "mlir-tblgen --version"},
		{"LLVM build tree", Search{BuildDirs: []string{llvmBuild, dialectBuild}, Trust: trusted}, "21.1.0", "mlir-tblgen --version"},
		{"dialect build tree", Search{MLIRTblgen: Tool{Path: filepath.Join(dir, "missing"), Origin: FromUser}, BuildDirs: []string{dialectBuild, llvmBuild}, Trust: trusted}, "23.0.0git", "MLIRConfigVersion.cmake"},
		{"LLVM build tree, untrusted", Search{BuildDirs: []string{llvmBuild, dialectBuild}, Trust: untrusted}, "21.1.0", "LLVMConfigVersion.cmake"},
		// The settings name a binary inside the untrusted folder: the
		// build tree's CMake files answer.
		{"configured in the untrusted folder", Search{MLIRTblgen: Tool{Path: configured, Origin: FromUser}, BuildDirs: []string{llvmBuild}, Trust: untrusted}, "21.1.0", "LLVMConfigVersion.cmake"},
	} {
		os.Remove(filepath.Join(llvmBuild, "bin", "mlir-tblgen.ran"))
		os.Remove(configured + ".ran")
		l, ok := Find(c.s)
		if !ok || l.Version != c.version || l.From != c.from {
			t.Errorf("%s: Find = %+v, %v; want %s from %s", c.name, l, ok, c.version, c.from)
		}
		if c.s.Trust.Folders != nil && !c.s.Trust.All && (ran(configured) || ran(filepath.Join(llvmBuild, "bin", "mlir-tblgen"))) {
			t.Errorf("%s: an untrusted workspace's executable ran", c.name)
		}
	}
	if l, ok := Find(Search{BuildDirs: []string{filepath.Join(dir, "none")}, IncludeDirs: []Dir{{Path: dir, Origin: FromUser}}}); ok {
		t.Errorf("nothing to find, without the machine: found %+v", l)
	}
}

// The trust decision for each origin: the command line always runs; a
// workspace's executable only in a trusted folder, whatever path it has;
// the machine's and the settings' unless they sit in an untrusted folder,
// also through a symbolic link.
func TestTrustCheck(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	other := filepath.Join(dir, "other")
	inRepo := filepath.Join(repo, "build", "bin", "mlir-tblgen")
	outside := filepath.Join(dir, "machine", "bin", "mlir-tblgen")
	writeTool(t, inRepo, "22.1.0")
	writeTool(t, outside, "22.1.0")
	link := filepath.Join(dir, "machine", "bin", "linked-tblgen")
	if err := os.Symlink(inRepo, link); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(repo, "build", "CMakeCache.txt")
	for _, c := range []struct {
		name  string
		trust Trust
		tool  Tool
		run   bool
	}{
		{"command line, untrusted", Trust{Folders: []string{repo}}, Tool{Path: inRepo, Origin: FromCommandLine}, true},
		{"workspace, untrusted", Trust{Folders: []string{repo}}, Tool{Path: inRepo, Origin: FromWorkspace, Via: cache}, false},
		{"workspace names a binary outside", Trust{Folders: []string{repo}}, Tool{Path: outside, Origin: FromWorkspace, Via: cache}, false},
		{"workspace, no folders (the command line without --trust)", Trust{}, Tool{Path: outside, Origin: FromWorkspace}, false},
		{"workspace, trusted", Trust{Folders: []string{repo}, All: true}, Tool{Path: inRepo, Origin: FromWorkspace, Via: cache}, true},
		{"workspace, its folder trusted", Trust{Folders: []string{repo, other}, Trusted: []string{repo}}, Tool{Path: inRepo, Origin: FromWorkspace, Via: cache}, true},
		{"workspace, another folder trusted", Trust{Folders: []string{repo, other}, Trusted: []string{other}}, Tool{Path: inRepo, Origin: FromWorkspace, Via: cache}, false},
		{"machine, outside", Trust{Folders: []string{repo}}, Tool{Path: outside, Origin: FromMachine}, true},
		{"machine, inside the untrusted folder", Trust{Folders: []string{repo}}, Tool{Path: inRepo, Origin: FromMachine}, false},
		{"machine, a link into the untrusted folder", Trust{Folders: []string{repo}}, Tool{Path: link, Origin: FromMachine}, false},
		{"settings, inside the untrusted folder", Trust{Folders: []string{repo}}, Tool{Path: inRepo, Origin: FromUser}, false},
		{"settings, inside a trusted folder", Trust{Folders: []string{repo}, Trusted: []string{repo}}, Tool{Path: inRepo, Origin: FromUser}, true},
		{"no origin", Trust{All: true}, Tool{Path: outside}, false},
	} {
		err := c.trust.Check(c.tool)
		if (err == nil) != c.run {
			t.Errorf("%s: Check = %v, want run %v", c.name, err, c.run)
		}
		cmd, cerr := Command(context.Background(), c.trust, c.tool, "--version")
		if (cerr == nil) != c.run || (cmd != nil) != c.run {
			t.Errorf("%s: Command = %v, %v", c.name, cmd, cerr)
		}
		if err != nil && !strings.Contains(err.Error(), "not run: ") {
			t.Errorf("%s: message %q", c.name, err)
		}
	}
}

// Untrusted, the preview's mlir-tblgen is the machine's, and the build
// tree's is named as the one not run.
func TestMLIRTblgenTrust(t *testing.T) {
	dir := t.TempDir()
	build := filepath.Join(dir, "build")
	writeTool(t, filepath.Join(build, "bin", "mlir-tblgen"), "22.1.0")
	tool, notRun := MLIRTblgen(Trust{Folders: []string{dir}}, Tool{}, build)
	if notRun == nil || notRun.Tool.Path != filepath.Join(build, "bin", "mlir-tblgen") {
		t.Errorf("untrusted: notRun = %v", notRun)
	}
	if tool.Path == filepath.Join(build, "bin", "mlir-tblgen") {
		t.Errorf("untrusted: chose the workspace's %v", tool)
	}
	tool, notRun = MLIRTblgen(Trust{Folders: []string{dir}, All: true}, Tool{}, build)
	if notRun != nil || tool.Path != filepath.Join(build, "bin", "mlir-tblgen") {
		t.Errorf("trusted: %v, %v", tool, notRun)
	}
}

// A repository may put a pipe or a device where a CMake file should be:
// it is not read (a pipe would block).
func TestReadTextFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "MLIRConfigVersion.cmake")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if _, err := readTextFile(fifo); err == nil {
		t.Errorf("a FIFO was read")
	}
	if _, ok := readConfigVersion(fifo); ok {
		t.Errorf("a FIFO gave a version")
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
	l, ok := Find(Search{IncludeDirs: []Dir{{Path: filepath.Join(prefix, "include"), Origin: FromMachine}}})
	if !ok || l.Major != 22 || l.Version != version || l.Path != filepath.Join(prefix, "bin", "mlir-tblgen") {
		t.Errorf("from the include directory: %+v, %v", l, ok)
	}
	if l, ok := Find(Search{Machine: true}); !ok || l.Major != 22 {
		t.Errorf("the machine's: %+v, %v (llvm-config on PATH without MLIR must not count)", l, ok)
	}
	if d := MLIRIncludeDir(Trust{}); !HasMLIR(d) {
		t.Errorf("MLIRIncludeDir = %q", d)
	}
	if p, _ := MLIRTblgen(Trust{}, Tool{}, ""); p.Path == "" {
		t.Errorf("MLIRTblgen found none")
	}
}
