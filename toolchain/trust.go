package toolchain

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// Origin says who named an executable. A repository is untrusted input:
// what it names is run only when the user trusts the folder it is in
// (SECURITY.md).
type Origin uint8

const (
	// FromCommandLine is an executable the user named in tdls's own
	// arguments (`tdls gen --mlir-tblgen PATH`): run as asked.
	FromCommandLine Origin = iota + 1
	// FromMachine is an executable found where the machine keeps its tools:
	// PATH, /usr/lib/llvm-N, the bin/ beside the machine's MLIR.
	FromMachine
	// FromUser is an executable the user's own settings name (the editor's
	// tdls.mlirTblgen, an -I directory's installation).
	FromUser
	// FromWorkspace is an executable a repository's files name or hold: a
	// build tree's bin/, a compile database's directory, the MLIR_DIR or
	// LLVM_DIR of a CMakeCache.txt, a .tdls.yaml.
	FromWorkspace
)

func (o Origin) String() string {
	switch o {
	case FromCommandLine:
		return "the command line"
	case FromMachine:
		return "the machine"
	case FromUser:
		return "the user's settings"
	case FromWorkspace:
		return "the workspace"
	}
	return "nowhere"
}

// Tool is an executable and who named it.
type Tool struct {
	Path   string
	Origin Origin
	// Via is the file or setting that named it (a compile database, a
	// CMakeCache.txt, a build directory), for the messages.
	Via string
}

// Trust is what the user has said about running a workspace's executables.
// It comes from the user (the client's workspace-trust state, the trusted
// folders of the user's editor configuration, `--trust`), never from a
// repository.
type Trust struct {
	// Folders are the workspace folders: the server's, or the current
	// directory and the projects of `tdls check`'s roots.
	Folders []string
	// Trusted are the folders the user trusts; All trusts them all.
	Trusted []string
	All     bool
}

// Untrusted is why a tool was not run: it sits in, or was named by a file
// of, a workspace folder the user has not trusted.
type Untrusted struct {
	Tool   Tool
	Folder string // the untrusted folder, "" for the command line's projects
}

func (e *Untrusted) Error() string {
	where := "an untrusted workspace"
	if e.Folder != "" {
		where = "the untrusted workspace folder " + e.Folder
	}
	named := ""
	if e.Tool.Origin == FromWorkspace && e.Tool.Via != "" {
		named = " (named by " + e.Tool.Via + ")"
	}
	return fmt.Sprintf("not run: %s%s belongs to %s; tdls runs a workspace's executables only in a folder you trust", e.Tool.Path, named, where)
}

// Check decides whether tool may run. An executable the user named on the
// command line always may; one a workspace names only when the user trusts
// that workspace; any other (the machine's, the settings') only when it
// does not lie inside an untrusted folder. Paths are compared after
// symbolic links are resolved, so a link cannot smuggle a repository's
// binary onto PATH or out of the folder.
func (t Trust) Check(tool Tool) error {
	switch tool.Origin {
	case FromCommandLine:
		return nil
	case FromWorkspace:
		if t.All {
			return nil
		}
		if f := t.folderOf(tool.Via); f != "" && t.trusts(f) {
			return nil
		}
		if f := t.folderOf(tool.Path); f != "" && t.trusts(f) && tool.Via == "" {
			return nil
		}
		return &Untrusted{Tool: tool, Folder: t.folderOf(firstNonEmpty(tool.Via, tool.Path))}
	case FromMachine, FromUser:
		if t.All {
			return nil
		}
		if f := t.folderOf(tool.Path); f != "" && !t.trusts(f) {
			return &Untrusted{Tool: tool, Folder: f}
		}
		return nil
	}
	return &Untrusted{Tool: tool}
}

// Command is the one place tdls starts a process: the command that runs
// tool with args, once Check allows it. A test holds every other package
// to it (toolchain/exec_test.go).
func Command(ctx context.Context, trust Trust, tool Tool, args ...string) (*exec.Cmd, error) {
	if err := trust.Check(tool); err != nil {
		return nil, err
	}
	return exec.CommandContext(ctx, tool.Path, args...), nil
}

// folderOf is the workspace folder holding path (the deepest), or "".
func (t Trust) folderOf(path string) string {
	if path == "" {
		return ""
	}
	p := realPath(path)
	best := ""
	for _, f := range t.Folders {
		rf := realPath(f)
		if within(p, rf) && len(rf) > len(best) {
			best = rf
		}
	}
	return best
}

func (t Trust) trusts(folder string) bool {
	for _, f := range t.Trusted {
		if within(folder, realPath(f)) {
			return true
		}
	}
	return false
}

// realPath is path absolute, with its symbolic links resolved as far as
// they exist.
func realPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	path = filepath.Clean(path)
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real
	}
	// A path that does not exist (yet): resolve its existing parent.
	dir, base := filepath.Split(path)
	if dir = filepath.Clean(dir); dir != path {
		return filepath.Join(realPath(dir), base)
	}
	return path
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	if path == dir {
		return true
	}
	return strings.HasPrefix(path, strings.TrimSuffix(dir, string(filepath.Separator))+string(filepath.Separator))
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
