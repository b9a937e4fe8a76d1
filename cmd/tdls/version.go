package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
)

// release is this tree's version: `make dist` names its archives after it,
// and the VS Code extension's package.json carries the same (a test keeps
// them equal).
const release = "0.1.0"

// modelledLLVM is the LLVM/MLIR release whose TableGen, ODS and DRR tdls
// reproduces and is tested against.
const modelledLLVM = 22

func init() {
	register(&command{name: "version", summary: "print the version, the build and the LLVM/MLIR release tdls models", run: runVersion})
}

func runVersion(args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(os.Stderr, "tdls version: unexpected arguments %v\n", args)
		return 2
	}
	writeVersion(os.Stdout, currentBuild())
	return 0
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
