package tablegen

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Loader resolves and reads the file an `include "name"` refers to. The two
// policies below differ only in where they look; both read through ReadFile
// so the language server can put unsaved buffers in front of the disk.
type Loader interface {
	// Include resolves name, written in the file at path from, and returns the
	// resolved path and its content, or an *IncludeError.
	Include(name, from string) (path string, content []byte, err error)
}

// IncludeError reports an include that could not be found or read.
type IncludeError struct {
	Name     string
	Searched []string // every candidate path tried, in order
	Err      error    // the read error when the file exists but could not be read
}

func (e *IncludeError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("could not read include file '%s': %v", e.Name, e.Err)
	}
	return fmt.Sprintf("could not find include file '%s' (searched: %s)", e.Name, strings.Join(e.Searched, ", "))
}

// ReadFunc reads a file by path.
type ReadFunc func(path string) ([]byte, error)

// CommandLineLoader resolves includes exactly as llvm-tblgen does: the path
// as written (relative to the working directory), then each -I directory in
// order. The including file's directory is not searched.
type CommandLineLoader struct {
	IncludeDirs []string
	ReadFile    ReadFunc // os.ReadFile when nil
}

// Include implements Loader.
func (l *CommandLineLoader) Include(name, from string) (string, []byte, error) {
	cands := make([]string, 0, 1+len(l.IncludeDirs))
	cands = append(cands, name)
	if !filepath.IsAbs(name) {
		for _, d := range l.IncludeDirs {
			cands = append(cands, filepath.Join(d, name))
		}
	}
	return tryCandidates(name, cands, l.ReadFile)
}

// EditorLoader resolves includes as the language server does: never against
// its own working directory; first the including file's directory (as LLVM's
// CMake adds it to every tablegen invocation), then the configured
// directories in order.
type EditorLoader struct {
	IncludeDirs []string
	ReadFile    ReadFunc // os.ReadFile when nil
}

// Include implements Loader.
func (l *EditorLoader) Include(name, from string) (string, []byte, error) {
	var cands []string
	if filepath.IsAbs(name) {
		cands = []string{name}
	} else {
		if from != "" {
			cands = append(cands, filepath.Join(filepath.Dir(from), name))
		}
		for _, d := range l.IncludeDirs {
			cands = append(cands, filepath.Join(d, name))
		}
	}
	return tryCandidates(name, cands, l.ReadFile)
}

func tryCandidates(name string, cands []string, read ReadFunc) (string, []byte, error) {
	if read == nil {
		read = os.ReadFile
	}
	for _, c := range cands {
		data, err := read(c)
		if err == nil {
			return c, data, nil
		}
		if !errors.Is(err, os.ErrNotExist) && !isDirError(err) {
			return c, nil, &IncludeError{Name: name, Searched: cands, Err: err}
		}
	}
	return "", nil, &IncludeError{Name: name, Searched: cands}
}

func isDirError(err error) bool {
	var pe *os.PathError
	return errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "is a directory")
}
