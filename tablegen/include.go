package tablegen

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	Searched []string // every candidate path tried, in order (or a phrase for what is not one path)
	Err      error    // the read error when the file exists but could not be read
}

// Code is the diagnostic code of the failure: include-not-file for a
// directory, pipe, socket or device, include-too-large past MaxSourceSize,
// include-not-found otherwise.
func (e *IncludeError) Code() string {
	switch {
	case errors.Is(e.Err, ErrNotFile):
		return "include-not-file"
	case errors.Is(e.Err, ErrTooLarge):
		return "include-too-large"
	}
	return "include-not-found"
}

// IncludeErrorCode is the diagnostic code of an error a Loader returned.
func IncludeErrorCode(err error) string {
	var ie *IncludeError
	if errors.As(err, &ie) {
		return ie.Code()
	}
	return "include-not-found"
}

func (e *IncludeError) Error() string {
	var se *SourceFileError
	if errors.As(e.Err, &se) && se.Path == e.Name {
		return "include file " + se.Error()
	}
	if e.Err != nil {
		return fmt.Sprintf("could not read include file '%s': %v", e.Name, e.Err)
	}
	return fmt.Sprintf("could not find include file '%s' (searched: %s)", e.Name, strings.Join(e.Searched, ", "))
}

// ReadFunc reads a file by path. It must refuse what is not a regular file
// of bounded size as ReadRegularFile does, with a *SourceFileError.
type ReadFunc func(path string) ([]byte, error)

// CommandLineLoader resolves includes exactly as llvm-tblgen does: the path
// as written (relative to the working directory), then each -I directory in
// order. The including file's directory is not searched.
type CommandLineLoader struct {
	IncludeDirs []string
	ReadFile    ReadFunc // ReadRegularFile when nil
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
	return IncludeFirst(name, cands, l.ReadFile)
}

// ProjectLoader resolves includes as tdls check does for a project its
// .tdls.yaml configures, which the server reads the same way: the path as
// written (as llvm-tblgen), then the including file's directory (which the
// server searches first, and LLVM's CMake adds to every tablegen run), then
// the directories in order. A .tdls.yaml that `tdls init` wrote lists only
// what the files' own directories do not resolve.
type ProjectLoader struct {
	IncludeDirs []string
	ReadFile    ReadFunc // ReadRegularFile when nil
}

// Include implements Loader.
func (l *ProjectLoader) Include(name, from string) (string, []byte, error) {
	cands := make([]string, 0, 2+len(l.IncludeDirs))
	cands = append(cands, name)
	if !filepath.IsAbs(name) {
		if from != "" {
			cands = append(cands, filepath.Join(filepath.Dir(from), name))
		}
		for _, d := range l.IncludeDirs {
			cands = append(cands, filepath.Join(d, name))
		}
	}
	return IncludeFirst(name, cands, l.ReadFile)
}

// EditorLoader resolves includes as the language server does: never against
// its own working directory; first the including file's directory (as LLVM's
// CMake adds it to every tablegen invocation), then the configured
// directories in order.
type EditorLoader struct {
	IncludeDirs []string
	ReadFile    ReadFunc // ReadRegularFile when nil
}

// Include implements Loader.
func (l *EditorLoader) Include(name, from string) (string, []byte, error) {
	return IncludeFirst(name, l.Candidates(name, from), l.ReadFile)
}

// Candidates are the paths Include tries for name, included from from, in
// order.
func (l *EditorLoader) Candidates(name, from string) []string {
	if filepath.IsAbs(name) {
		return []string{name}
	}
	cands := make([]string, 0, 1+len(l.IncludeDirs))
	if from != "" {
		cands = append(cands, filepath.Join(filepath.Dir(from), name))
	}
	for _, d := range l.IncludeDirs {
		// A directory met again (the includer's, also configured) is
		// tried, and named, once.
		if c := filepath.Join(d, name); !slices.Contains(cands, c) {
			cands = append(cands, c)
		}
	}
	return cands
}

// IncludeFirst resolves name to the first of cands that read reads, as the
// loaders do with their candidates (for a caller that keeps an include's
// candidates between parses).
func IncludeFirst(name string, cands []string, read ReadFunc) (string, []byte, error) {
	if read == nil {
		read = ReadRegularFile
	}
	// As in LLVM's search, a directory does not stop it; it is named when
	// nothing else is found.
	var dir error
	for _, c := range cands {
		data, err := read(c)
		if err == nil {
			return c, data, nil
		}
		var se *SourceFileError
		if errors.As(err, &se) && se.What == "a directory" {
			if dir == nil {
				dir = err
			}
			continue
		}
		if !errors.Is(err, os.ErrNotExist) {
			return c, nil, &IncludeError{Name: name, Searched: cands, Err: err}
		}
	}
	return "", nil, &IncludeError{Name: name, Searched: cands, Err: dir}
}

// IncludeFrame is one file of an include chain being lexed, with the number
// of macros defined when it was entered.
type IncludeFrame struct {
	Path   string // cleaned
	Macros int
}

// IncludeRecursion reports the chain (`A.td -> B.td -> A.td`) when including
// path would recurse forever, or "". llvm-tblgen has no cycle check: a file
// may include itself again, and an include guard (`#ifndef A_TD / #define
// A_TD`) makes the second inclusion empty. Macros are only ever added, so
// the inclusion recurses without end exactly when path is re-entered with
// the same macros as an open inclusion of it: everything from there repeats
// (llvm-tblgen then overflows its stack or redefines records). A file
// re-entered after new defines lexes differently and the recursion is
// bounded by the macros the files can define.
func IncludeRecursion(stack []IncludeFrame, path string, macros int) string {
	clean := filepath.Clean(path)
	for i, open := range stack {
		if open.Path != clean || open.Macros != macros {
			continue
		}
		chain := make([]string, 0, len(stack)-i+1)
		for _, g := range stack[i:] {
			chain = append(chain, filepath.Base(g.Path))
		}
		return strings.Join(append(chain, filepath.Base(clean)), " -> ")
	}
	return ""
}

// IncludeCycleMessage is the include-cycle diagnostic for chain.
func IncludeCycleMessage(chain string) string {
	return "include cycle: " + chain + " (no include guard stops the file from being read again, so llvm-tblgen recurses without end)"
}
