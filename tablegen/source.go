package tablegen

import (
	"sort"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Pos is a compact position: an offset into the address space of a SourceSet.
// Every file added to the set owns the range [Base, Base+len(Content)]; the
// extra slot past the end is the file's EOF position. NoPos is zero.
type Pos int

// NoPos is the zero Pos, owned by no file.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p != NoPos }

// Range is a half-open span [Start, End) of positions in one file.
type Range struct {
	Start, End Pos
}

// File is one loaded source text.
type File struct {
	Name    string // path as resolved (absolute or as given on the command line)
	Base    Pos    // position of the first byte
	Content []byte

	linesOnce sync.Once
	lines     []int // offsets of line starts
}

// Text returns the content as a string sharing its memory: a File's content
// is never modified after AddFile, so tokens can slice it without copying.
func (f *File) Text() string {
	if len(f.Content) == 0 {
		return ""
	}
	return unsafe.String(&f.Content[0], len(f.Content))
}

// Pos returns the position of byte offset off in f.
func (f *File) Pos(off int) Pos { return f.Base + Pos(off) }

// Offset returns the byte offset of p in f.
func (f *File) Offset(p Pos) int { return int(p - f.Base) }

// Contains reports whether p lies in f (including its EOF position).
func (f *File) Contains(p Pos) bool {
	return p >= f.Base && int(p-f.Base) <= len(f.Content)
}

func (f *File) lineStarts() []int {
	f.linesOnce.Do(func() {
		lines := make([]int, 1, len(f.Content)/32+1)
		for i, c := range f.Content {
			if c == '\n' {
				lines = append(lines, i+1)
			}
		}
		f.lines = lines
	})
	return f.lines
}

// LineCount returns the number of lines in the file.
func (f *File) LineCount() int { return len(f.lineStarts()) }

// LineStart returns the byte offset where 0-based line starts.
func (f *File) LineStart(line int) int {
	ls := f.lineStarts()
	if line < 0 {
		return 0
	}
	if line >= len(ls) {
		return len(f.Content)
	}
	return ls[line]
}

// Position is a human position: 1-based line, 1-based byte column.
type Position struct {
	Filename string
	Offset   int // byte offset in the file
	Line     int // 1-based
	Column   int // 1-based, in bytes (as LLVM reports)
}

// Position converts an offset in f to line and column.
func (f *File) Position(off int) Position {
	ls := f.lineStarts()
	line := sort.SearchInts(ls, off+1) - 1
	return Position{Filename: f.Name, Offset: off, Line: line + 1, Column: off - ls[line] + 1}
}

// UTF16Column returns the 0-based UTF-16 column of offset off (as LSP counts).
func (f *File) UTF16Column(off int) (line, col int) {
	p := f.Position(off)
	start := off - (p.Column - 1)
	return p.Line - 1, utf16Len(f.Content[start:off])
}

// OffsetOfUTF16 converts a 0-based line and UTF-16 column to a byte offset,
// clamping to the line's end.
func (f *File) OffsetOfUTF16(line, col int) int {
	off := f.LineStart(line)
	end := len(f.Content)
	if line+1 < f.LineCount() {
		end = f.LineStart(line + 1)
	}
	for off < end && col > 0 {
		c := f.Content[off]
		if c == '\n' {
			break
		}
		r, size := utf8.DecodeRune(f.Content[off:])
		off += size
		if r >= 0x10000 {
			col -= 2
		} else {
			col--
		}
	}
	return off
}

func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		n += len(utf16.Encode([]rune{r}))
	}
	return n
}

// SourceSet owns a set of files and the compact position space they share,
// like go/token.FileSet. It is safe for concurrent use.
type SourceSet struct {
	mu    sync.RWMutex
	files []*File // sorted by Base
	next  Pos
}

// NewSourceSet returns an empty set whose first file starts at Pos 1.
func NewSourceSet() *SourceSet { return &SourceSet{next: 1} }

// AddFile registers content under name and returns the new File. The caller
// must not modify content afterwards.
func (s *SourceSet) AddFile(name string, content []byte) *File {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := &File{Name: name, Base: s.next, Content: content}
	s.next += Pos(len(content) + 1)
	s.files = append(s.files, f)
	return f
}

// AddFileAt is AddFile at base, which must lie after the files already
// added; the positions skipped belong to no file.
func (s *SourceSet) AddFileAt(name string, content []byte, base Pos) *File {
	s.mu.Lock()
	defer s.mu.Unlock()
	if base < s.next {
		panic("tablegen: AddFileAt below the end of the set")
	}
	f := &File{Name: name, Base: base, Content: content}
	s.next = base + Pos(len(content)+1)
	s.files = append(s.files, f)
	return f
}

// File returns the file that contains p, or nil.
func (s *SourceSet) File(p Pos) *File {
	if !p.IsValid() {
		return nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	i := sort.Search(len(s.files), func(i int) bool { return s.files[i].Base > p }) - 1
	if i < 0 || !s.files[i].Contains(p) {
		return nil
	}
	return s.files[i]
}

// Position converts p to a human position; the zero Position for NoPos.
func (s *SourceSet) Position(p Pos) Position {
	f := s.File(p)
	if f == nil {
		return Position{}
	}
	return f.Position(f.Offset(p))
}
