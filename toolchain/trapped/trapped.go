// Package trapped builds a booby-trapped workspace for the trust tests: a
// repository with an executable at every place tdls looks for one (its
// build trees' bin/, the installation its compile database and
// .tdls.yaml name, the MLIR_DIR and LLVM_DIR of its CMake cache, a
// directory the test may put on PATH, a path for its editor settings),
// each of which writes down that it ran. Opened untrusted, none may run.
package trapped

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Workspace is a trapped repository.
type Workspace struct {
	Dir string // the repository, the workspace folder
	Log string // where a trap writes its path when it runs (outside Dir)
	// Root is a .td file using MLIR's ODS and DRR (an op, an enum, a
	// pattern), for the requests and previews.
	Root string
	// BuildTblgen is build/bin/mlir-tblgen, which passes its arguments
	// to the real one, as a build tree's does: the previews' engine when
	// the workspace is trusted.
	BuildTblgen string
	// PathDir holds an mlir-tblgen and an llvm-config to put first on
	// PATH; SettingsTblgen an mlir-tblgen for the editor's settings
	// (.vscode/settings.json could name it).
	PathDir, SettingsTblgen string
	// Traps are every executable the workspace holds or names.
	Traps []string
}

// RootText is the workspace's .td root.
const RootText = `include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/PatternBase.td"

def Trap_Dialect : Dialect { let name = "trap"; let cppNamespace = "::trap"; }
def Trap_Kind : I32EnumAttr<"Kind", "a kind", [I32EnumAttrCase<"A", 0>, I32EnumAttrCase<"B", 1>]> {
  let cppNamespace = "::trap";
}
def Trap_AddOp : Op<Trap_Dialect, "add"> {
  let arguments = (ins AnyInteger:$lhs, AnyInteger:$rhs);
  let results = (outs AnyInteger:$res);
}
def Trap_NegOp : Op<Trap_Dialect, "neg"> {
  let arguments = (ins AnyInteger:$input);
  let results = (outs AnyInteger:$res);
}
def Trap_NegNeg : Pat<(Trap_NegOp (Trap_NegOp $x)), (replaceWithValue $x)>;
`

// New lays the trapped workspace out under a fresh directory. mlirInclude
// is the machine's MLIR include directory, which the repository's
// "vendored" installation links to so that its includes resolve;
// realTblgen the machine's mlir-tblgen, which the build tree's passes to.
func New(t testing.TB, mlirInclude, realTblgen string) *Workspace {
	t.Helper()
	base := t.TempDir()
	w := &Workspace{Dir: filepath.Join(base, "repo"), Log: filepath.Join(base, "ran.log")}
	at := func(rel string) string { return filepath.Join(w.Dir, rel) }
	write := func(rel, text string, mode os.FileMode) {
		p := at(rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	trap := func(rel string, passTo string) {
		script := "#!/bin/sh\necho \"$0 $*\" >> '" + w.Log + "'\n"
		if passTo != "" {
			script += "exec '" + passTo + "' \"$@\"\n"
		} else {
			script += "printf 'LLVM (http://llvm.org/):\\n  LLVM version 99.0.0git\\n'\n"
		}
		write(rel, script, 0o755)
		w.Traps = append(w.Traps, at(rel))
	}
	w.Root = at("Trap.td")
	write("Trap.td", RootText, 0o644)

	// A build tree: its own tools, a compile database listing the root
	// with the vendored installation's include directory.
	for _, tool := range []string{"llvm-tblgen", "llvm-config", "tblgen-lsp-server"} {
		trap("build/bin/"+tool, "")
	}
	trap("build/bin/mlir-tblgen", realTblgen)
	w.BuildTblgen = at("build/bin/mlir-tblgen")
	vendored := at("third_party/llvm/include")
	if err := os.MkdirAll(filepath.Dir(vendored), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(mlirInclude, vendored); err != nil {
		t.Fatal(err)
	}
	for _, tool := range []string{"mlir-tblgen", "llvm-config"} {
		trap("third_party/llvm/bin/"+tool, "")
	}
	write("build/tablegen_compile_commands.yml", "--- !FileInfo:\n  filepath: \""+w.Root+"\"\n  includes: \""+strings.Join([]string{vendored, w.Dir}, ";")+"\"\n", 0o644)

	// A dialect's build configured with an MLIR and an LLVM the
	// repository holds: CMake names them, tdls reads their version files.
	trap("cmake-mlir/bin/mlir-tblgen", "")
	trap("cmake-llvm/bin/mlir-tblgen", "")
	write("cmake-mlir/lib/cmake/mlir/MLIRConfigVersion.cmake", "set(PACKAGE_VERSION \"22.1.8\")\n", 0o644)
	write("build-dialect/CMakeCache.txt", "MLIR_DIR:PATH="+at("cmake-mlir/lib/cmake/mlir")+"\nLLVM_DIR:PATH="+at("cmake-llvm/lib/cmake/llvm")+"\n", 0o644)
	write("build-dialect/tablegen_compile_commands.yml", "--- !FileInfo:\n  filepath: \""+w.Root+"\"\n  includes: \""+vendored+"\"\n", 0o644)
	trap("build-dialect/bin/mlir-tblgen", "")

	// The project's configuration names the vendored installation and the
	// build's database.
	write(".tdls.yaml", "includeDirs:\n  - third_party/llvm/include\ncompilationDatabases:\n  - build/tablegen_compile_commands.yml\n", 0o644)

	// On PATH if the test puts it there, and in the settings.
	trap("bin/mlir-tblgen", "")
	trap("bin/llvm-config", "")
	w.PathDir = at("bin")
	trap("tools/mlir-tblgen", "")
	w.SettingsTblgen = at("tools/mlir-tblgen")
	return w
}

// Ran lists what ran, one line per run ("path args").
func (w *Workspace) Ran() []string {
	data, err := os.ReadFile(w.Log)
	if err != nil {
		return nil
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

// Reset forgets what ran.
func (w *Workspace) Reset() { os.Remove(w.Log) }
