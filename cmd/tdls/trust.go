package main

import (
	"os"
	"path/filepath"

	"tdls/toolchain"
)

// runTrust is what a command may run of the project it reads
// (SECURITY.md): the executables the user names on its command line
// (--mlir-tblgen) and the machine's; a repository's (its build tree's
// mlir-tblgen, what its compile databases, CMake caches and .tdls.yaml
// name) only with --trust.
type runTrust struct {
	all        bool   // --trust
	mlirTblgen string // --mlir-tblgen
}

func (rt *runTrust) options() []option {
	return []option{
		{names: []string{"trust"}, set: func(string) error { rt.all = true; return nil }},
		{names: []string{"mlir-tblgen"}, value: true, set: func(v string) error { rt.mlirTblgen = v; return nil }},
	}
}

// trust is the command's toolchain.Trust: the current directory and
// projectDirs (those of the roots' .tdls.yaml and compile databases) are
// the workspace, trusted with --trust.
func (rt *runTrust) trust(projectDirs ...string) toolchain.Trust {
	t := toolchain.Trust{All: rt.all}
	if wd, err := os.Getwd(); err == nil {
		t.Folders = append(t.Folders, wd)
	}
	for _, d := range projectDirs {
		if abs, err := filepath.Abs(d); err == nil {
			t.Folders = append(t.Folders, abs)
		}
	}
	return t
}

// tool is the mlir-tblgen named on the command line, none when it names
// none.
func (rt *runTrust) tool() toolchain.Tool {
	if rt.mlirTblgen == "" {
		return toolchain.Tool{}
	}
	return toolchain.Tool{Path: rt.mlirTblgen, Origin: toolchain.FromCommandLine, Via: "--mlir-tblgen"}
}
