package analysis

import (
	"path/filepath"
	"sync"

	"tdls/cpp"
	"tdls/tablegen"
)

// The editor's side of the C++ index: a unit's requirements kept while
// the index does not change (a hover or definition on a field must not
// derive them again), and the files a C++ location points into.

// cppRequirementsMemo holds a unit's requirements against one generation
// of one index.
type cppRequirementsMemo struct {
	mu   sync.Mutex
	x    *cpp.Index
	gen  uint64
	reqs []Requirement
	done bool
}

// CppRequirements is Requirements(u, x), kept on the unit until x
// changes. nil x: the requirements with no definitions.
func (u *Unit) CppRequirements(x *cpp.Index) []Requirement {
	var gen uint64
	if x != nil {
		gen = x.Generation()
	}
	m := &u.cppReqs
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.done && m.x == x && m.gen == gen {
		return m.reqs
	}
	reqs := Requirements(u, x)
	if reqs == nil && u.ModelsIfReady() == nil {
		return nil // not evaluated yet: ask again later
	}
	m.x, m.gen, m.reqs, m.done = x, gen, reqs, true
	return reqs
}

// CppIndex is the workspace's C++ index once Workspace.CppIndex has
// started it, else nil: a request never starts the build (the server
// starts it after the .td index, so that the two do not share the cores).
func (s *Snapshot) CppIndex() *cpp.Index {
	c := &s.w.cpp
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.index
}

// WithCpp is the view answering C++ questions from x: the requirements
// of its entities and where they are defined (ide.Classify reads it). The
// view itself is shared by the unit's requests and stays as it is.
func (v *FileView) WithCpp(x *cpp.Index) *FileView {
	c := *v
	c.Cpp = x
	return &c
}

// CppFile reads a C++ file a definition points into, as a File whose
// positions a Location can hold (Base 1, alone in its position space),
// or nil when it cannot be read. files caches those read by one answer.
func CppFile(path string, files map[string]*tablegen.File) *tablegen.File {
	path = filepath.Clean(path)
	if f, ok := files[path]; ok {
		return f
	}
	var f *tablegen.File
	if content, err := tablegen.ReadRegularFile(path); err == nil {
		f = &tablegen.File{Name: path, Base: 1, Content: content}
	}
	if files != nil {
		files[path] = f
	}
	return f
}

// CppLocation is where a C++ definition names itself.
func CppLocation(d cpp.Definition, files map[string]*tablegen.File) (Location, bool) {
	f := CppFile(d.File, files)
	if f == nil || d.Offset < 0 || d.Offset > len(f.Content) {
		return Location{}, false
	}
	end := d.Offset + len(d.Name)
	if end > len(f.Content) {
		end = len(f.Content)
	}
	return Location{File: f, Range: tablegen.Range{Start: f.Pos(d.Offset), End: f.Pos(end)}}, true
}
