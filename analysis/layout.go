package analysis

import (
	"sort"
	"sync"

	"tdls/tablegen"
)

// layout gives every file of one translation unit a stable place in that
// unit's position space, across snapshots. A file keeps its base while its
// content fits the slot, so the tokens and syntax trees cached for unchanged
// files stay valid, and after an edit the statements of the edited file
// before the edit keep their positions. Each snapshot builds a fresh
// tablegen.SourceSet with the files at their slots and padding between.
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
// new, larger slot at the end when it has outgrown its old one.
func (l *layout) place(path string, size int) tablegen.Pos {
	if s, ok := l.slots[path]; ok && size <= s.cap {
		return s.base
	}
	s := slot{base: l.next, cap: size + size/2 + 4096}
	l.next += tablegen.Pos(s.cap + 1)
	l.slots[path] = s
	return s.base
}

// padding is shared zero bytes standing for the unused parts of slots;
// nothing ever reads it.
var (
	paddingMu sync.Mutex
	padding   []byte
)

func paddingOf(n int) []byte {
	paddingMu.Lock()
	defer paddingMu.Unlock()
	if len(padding) < n {
		padding = make([]byte, n+n/2)
	}
	return padding[:n:n]
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
	next := tablegen.Pos(1)
	for _, pf := range sorted {
		if gap := int(pf.base - next); gap > 0 {
			set.AddFile("", paddingOf(gap-1))
		}
		f := set.AddFile(pf.path, pf.content)
		if f.Base != pf.base {
			panic("analysis: layout out of sync with source set")
		}
		byPath[pf.path] = f
		next = pf.base + tablegen.Pos(len(pf.content)+1)
	}
	return set, byPath
}
