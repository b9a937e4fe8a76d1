package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"tdls/analysis"
	"tdls/tablegen"
	"tdls/toolchain"
)

// release is this tree's version: `make dist` names its archives after it,
// and the VS Code extension's package.json carries the same (a test keeps
// them equal).
const release = "0.2.0"

// modelledLLVM is the LLVM/MLIR release whose TableGen, ODS and DRR tdls
// reproduces and is tested against.
const modelledLLVM = tablegen.LLVMRelease

func init() {
	register(&command{name: "version", summary: "print the version, the build and the LLVM/MLIR release tdls models", usage: versionUsage, run: runVersion})
}

const versionUsage = `usage: tdls version [--mlir-tblgen PATH] [--trust]

Prints tdls's version and build, the LLVM/MLIR release it models, and the
release of the project's LLVM in the current directory (its .tdls.yaml and
compile databases, then the machine's). A repository's executables (its
build tree's mlir-tblgen) run only with --trust; without it their release
is read from the build's CMake files.`

func runVersion(args []string) int {
	var run runTrust
	help := false
	operands, err := parseCommandLine(args, append(run.options(),
		option{names: []string{"h", "help"}, set: func(string) error { help = true; return nil }}))
	switch {
	case help:
		fmt.Println(versionUsage)
		return 0
	case err == nil && len(operands) > 0:
		err = fmt.Errorf("unexpected arguments %v", operands)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "tdls version: %v\n%s\n", err, versionUsage)
		return 2
	}
	wd, _ := os.Getwd()
	writeVersion(os.Stdout, currentBuild())
	l, found := userLLVM(wd, run)
	writeLLVM(os.Stdout, l, found)
	return 0
}

// userLLVM finds the LLVM of the project in dir as the server does for a
// workspace folder: its .tdls.yaml and compile databases, then the
// machine's; what the repository names runs only with --trust.
func userLLVM(dir string, run runTrust) (toolchain.LLVM, bool) {
	ws := analysis.NewWorkspace(analysis.Config{Folders: []string{dir}, TrustAll: run.all})
	return toolchain.Find(ws.Snapshot().LLVMSearch(run.tool()))
}

// writeLLVM prints the user's LLVM, and what may disagree when it is not
// the modelled release.
func writeLLVM(w io.Writer, l toolchain.LLVM, found bool) {
	if !found {
		fmt.Fprintf(w, "llvm:     not found (no mlir-tblgen, llvm-config with MLIR or /usr/lib/llvm-N; checked as LLVM %d)\n", modelledLLVM)
		return
	}
	fmt.Fprintf(w, "llvm:     %s\n", l)
	if notice := analysis.LLVMNotice(l); notice != "" {
		fmt.Fprintf(w, "note:     %s\n", notice)
	}
}

// build is what a binary knows about itself.
type build struct {
	Release   string
	Revision  string // VCS revision; empty when built outside a checkout
	Time      string // the revision's commit time, RFC 3339
	Modified  bool   // built from a tree with uncommitted changes
	GoVersion string
	Platform  string // GOOS/GOARCH the binary was built for (and runs on)
}

func currentBuild() build {
	bi, _ := debug.ReadBuildInfo()
	return buildFrom(bi)
}

// buildFrom reads the VCS stamp `go build` writes into the binary (absent
// with -buildvcs=false or outside a git checkout).
func buildFrom(bi *debug.BuildInfo) build {
	b := build{Release: release, GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi == nil {
		return b
	}
	if bi.GoVersion != "" {
		b.GoVersion = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// revision is the short revision with its date, or "unknown".
func (b build) revision() string {
	if b.Revision == "" {
		return "unknown (built without VCS information)"
	}
	s := b.Revision
	if b.Time != "" {
		s += " (" + b.Time + ")"
	}
	if b.Modified {
		s += " with uncommitted changes"
	}
	return s
}

// ServerVersion is the one-line version the language server reports in
// serverInfo.
func (b build) ServerVersion() string {
	if b.Revision == "" {
		return b.Release
	}
	rev := b.Revision
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if b.Modified {
		rev += "-dirty"
	}
	return b.Release + "+" + rev
}

// writeVersion prints `tdls version`: one fact per line.
func writeVersion(w io.Writer, b build) {
	fmt.Fprintf(w, "tdls %s\n", b.Release)
	fmt.Fprintf(w, "revision: %s\n", b.revision())
	fmt.Fprintf(w, "go:       %s %s\n", b.GoVersion, b.Platform)
	fmt.Fprintf(w, "models:   LLVM/MLIR %d (TableGen as llvm-tblgen %d reads it, ODS and DRR as mlir-tblgen %d checks and generates them)\n", modelledLLVM, modelledLLVM, modelledLLVM)
}
