package analysis

import (
	"fmt"
	"sort"
	"sync"

	"tdls/tablegen"
)

// layout gives every file of the workspace a stable place in one position
// space, across snapshots and translation units. A file keeps its base
// while its content fits the slot, so the tokens and syntax trees cached
// for unchanged files stay valid, after an edit the statements of the
// edited file before the edit keep their positions, and the include prefix
// two units share (OpBase.td and friends) lies at the same positions in
// both, so that its evaluation is shared. Each unit builds a fresh
// tablegen.SourceSet with its files at their slots.
type layout struct {
	mu    sync.Mutex // held while a unit is assembled against this layout
	slots map[string]slot
	next  tablegen.Pos
}

type slot struct {
	base tablegen.Pos
	cap  int // content length the slot can hold
}

func newLayout() *layout { return &layout{slots: map[string]slot{}, next: 1} }

// place returns the base for path holding size bytes, moving the file to a
// new, larger slot at the end when it has outgrown its old one. It fails
// when the position space is used up (tablegen.MaxSetSize).
func (l *layout) place(path string, size int) (tablegen.Pos, error) {
	if s, ok := l.slots[path]; ok && size <= s.cap {
		return s.base, nil
	}
	room := tablegen.MaxSetSize - int(l.next)
	if size > room {
		return 0, fmt.Errorf("the workspace's files take more than %s of text; '%s' does not fit", tablegen.Megabytes(tablegen.MaxSetSize), path)
	}
	s := slot{base: l.next, cap: min(size+size/2+4096, room)}
	l.next += tablegen.Pos(s.cap + 1)
	l.slots[path] = s
	return s.base, nil
}

// placedFile is one file of a unit at its base.
type placedFile struct {
	path    string
	content []byte
	base    tablegen.Pos
}

// buildSet creates a source set holding files at their bases.
func buildSet(files []placedFile) (*tablegen.SourceSet, map[string]*tablegen.File) {
	sorted := append([]placedFile(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].base < sorted[j].base })
	set := tablegen.NewSourceSet()
	byPath := make(map[string]*tablegen.File, len(files))
	for _, pf := range sorted {
		byPath[pf.path] = set.AddFileAt(pf.path, pf.content, pf.base)
	}
	return set, byPath
}
