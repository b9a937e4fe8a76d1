package tablegen

import (
	"bytes"
	"encoding/binary"
	"math"
	"sort"
	"sync"
	"unicode/utf8"
	"unsafe"
)

var nl = []byte{'\n'}

// Pos is a compact position: an offset into the address space of a SourceSet.
// Every file added to the set owns the range [Base, Base+len(Content)]; the
// extra slot past the end is the file's EOF position. NoPos is zero.
//
// 32 bits, because every node, token, range and diagnostic holds positions
// and `tdls check` allocates them without ever freeing: at 64 bits they
// were 8% of a check's bytes. A set holds at most MaxSetSize bytes of text
// (TryAddFile); signed, so that the difference of two positions is a Pos.
type Pos int32

// MaxSetSize bounds the text of all the files of one SourceSet: the last
// position a 32-bit Pos can name. A translation unit is a few megabytes;
// only a large file included many times over, unguarded, comes near it.
const MaxSetSize = math.MaxInt32 - 1

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
	lines     []int // offsets of line starts (after each \n, as LLVM counts)
	lspOnce   sync.Once
	lspL      *lspLines
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

// Slice returns the text of r in f, which r starts in. A statement may run
// on past the end of an included file into the file lexed after it (as in
// llvm-tblgen), so r may end elsewhere: the text is then cut at f's end.
func (f *File) Slice(r Range) []byte {
	start, end := f.Offset(r.Start), len(f.Content)
	if f.Contains(r.End) && r.End >= r.Start {
		end = f.Offset(r.End)
	}
	return f.Content[start:end]
}

// Contains reports whether p lies in f (including its EOF position).
func (f *File) Contains(p Pos) bool {
	return p >= f.Base && int(p-f.Base) <= len(f.Content)
}

func (f *File) lineStarts() []int {
	f.linesOnce.Do(func() {
		// Counted first: growing the slice would allocate it several
		// times over on a large file.
		lines := make([]int, 1, bytes.Count(f.Content, nl)+1)
		for i := 0; ; {
			j := bytes.IndexByte(f.Content[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			lines = append(lines, i)
		}
		f.lines = lines
	})
	return f.lines
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

// The language server's view of lines and columns differs from LLVM's:
// LSP ends a line at \n, \r\n and a lone \r, and counts columns in UTF-16
// code units. lspLines holds what it needs, built on first use: the line
// starts, and the non-ASCII runes with the running count of the bytes
// they take beyond their UTF-16 units, so that a column is a binary search
// away however long the line is.
type lspLines struct {
	starts []int   // line starts; shares File.lines unless a lone \r occurs
	wide   []int32 // offsets of the non-ASCII runes, ascending
	excess []int32 // excess[i]: bytes minus UTF-16 units of the runes wide[:i]
}

func (f *File) lsp() *lspLines {
	f.lspOnce.Do(func() {
		// Built once per version of a file, at the first position the
		// server sends for it (every edit's first publish): the scans jump
		// over ASCII text and to each \r rather than test every byte.
		c := f.Content
		l := &lspLines{excess: []int32{0}}
		var ex int32
		for i := nextNonASCII(c, 0); i < len(c); i = nextNonASCII(c, i) {
			r, size := utf8.DecodeRune(c[i:])
			units := 1
			if r >= 0x10000 {
				units = 2
			}
			ex += int32(size - units)
			l.wide = append(l.wide, int32(i))
			l.excess = append(l.excess, ex)
			i += size
		}
		l.starts = f.lineStarts()
		if hasLoneCR(c) {
			l.starts = []int{0}
			for i, b := range c {
				if b == '\n' || b == '\r' && (i+1 == len(c) || c[i+1] != '\n') {
					l.starts = append(l.starts, i+1)
				}
			}
		}
		f.lspL = l
	})
	return f.lspL
}

// nextNonASCII is the offset of the first byte at or after i in c that is
// not ASCII, or len(c); it tests eight bytes at a time.
func nextNonASCII(c []byte, i int) int {
	const high = 0x8080808080808080
	for ; i+8 <= len(c); i += 8 {
		if binary.LittleEndian.Uint64(c[i:])&high != 0 {
			break
		}
	}
	for ; i < len(c) && c[i] < utf8.RuneSelf; i++ {
	}
	return i
}

// hasLoneCR reports whether c has a \r not followed by \n (a line break
// for LSP, not for LLVM).
func hasLoneCR(c []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(c[i:], '\r')
		if j < 0 {
			return false
		}
		i += j + 1
		if i == len(c) || c[i] != '\n' {
			return true
		}
	}
}

// excessBefore is the bytes beyond their UTF-16 units taken by the runes
// that start before off.
func (l *lspLines) excessBefore(off int) int {
	return int(l.excess[sort.Search(len(l.wide), func(i int) bool { return int(l.wide[i]) >= off })])
}

// LineCount returns the number of lines in the file, as LSP counts them.
func (f *File) LineCount() int { return len(f.lsp().starts) }

// LineStart returns the byte offset where 0-based line starts, as LSP
// counts lines.
func (f *File) LineStart(line int) int {
	ls := f.lsp().starts
	if line < 0 {
		return 0
	}
	if line >= len(ls) {
		return len(f.Content)
	}
	return ls[line]
}

// LineEnd returns the offset where 0-based line ends, before its line
// break, as LSP counts lines.
func (f *File) LineEnd(line int) int {
	ls := f.lsp().starts
	if line+1 >= len(ls) {
		return len(f.Content)
	}
	end := ls[line+1] - 1
	if end > ls[line] && f.Content[end] == '\n' && f.Content[end-1] == '\r' {
		end--
	}
	return end
}

// UTF16Column returns the 0-based line and UTF-16 column of offset off, as
// LSP counts them.
func (f *File) UTF16Column(off int) (line, col int) {
	l := f.lsp()
	line = sort.SearchInts(l.starts, off+1) - 1
	start := l.starts[line]
	return line, off - start - (l.excessBefore(off) - l.excessBefore(start))
}

// OffsetOfUTF16 converts a 0-based line and UTF-16 column to a byte offset,
// clamping to the line's end.
func (f *File) OffsetOfUTF16(line, col int) int {
	l := f.lsp()
	if line < 0 {
		return 0
	}
	if line >= len(l.starts) {
		return len(f.Content)
	}
	off, end := l.starts[line], f.LineEnd(line)
	col = max(col, 0)
	i := sort.Search(len(l.wide), func(i int) bool { return int(l.wide[i]) >= off })
	for ; i < len(l.wide) && int(l.wide[i]) < end; i++ {
		w := int(l.wide[i])
		if col <= w-off {
			return off + col
		}
		col -= w - off
		r, size := utf8.DecodeRune(f.Content[w:])
		off = w + size
		if r >= 0x10000 {
			col -= 2
		} else {
			col--
		}
		if col <= 0 {
			return off
		}
	}
	return min(off+max(col, 0), end)
}

// OffsetOfUTF16In is (&File{Content: content}).OffsetOfUTF16(line, col)
// without the File: it reads the text only up to the line, where a File
// first indexes all of it. An editor's change names its range in the text
// it replaces, which is read once: indexing a 50 MB text for it took 41 ms
// per keystroke.
func OffsetOfUTF16In(content []byte, line, col int) int {
	if line < 0 {
		return 0
	}
	if bytes.IndexByte(content, '\r') >= 0 {
		// A lone \r ends a line too: the File's index knows them.
		return (&File{Content: content}).OffsetOfUTF16(line, col)
	}
	off := 0
	// Whole blocks of fewer line breaks than are left are skipped by
	// counting them (20 edits far into a file of a million lines, one
	// search per line: 190 ms).
	const block = 16 << 10
	for line > 0 && off+block <= len(content) {
		n := bytes.Count(content[off:off+block], nl)
		if n >= line {
			break
		}
		line -= n
		off += block
	}
	for ; line > 0; line-- {
		i := bytes.IndexByte(content[off:], '\n')
		if i < 0 {
			return len(content)
		}
		off += i + 1
	}
	end := len(content)
	if i := bytes.IndexByte(content[off:], '\n'); i >= 0 {
		end = off + i
	}
	for col > 0 && off < end {
		r, size := utf8.DecodeRune(content[off:end])
		off += size
		if r >= 0x10000 {
			col -= 2
		} else {
			col--
		}
	}
	return off
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

// fitsAfter reports whether a file of n bytes fits at base.
func fitsAfter(base Pos, n int) bool {
	return n >= 0 && int64(base)+int64(n) <= MaxSetSize
}

// AddFile registers content under name and returns the new File. The caller
// must not modify content afterwards. The set must have room for it: where
// the input does not bound the set's size, use TryAddFile.
func (s *SourceSet) AddFile(name string, content []byte) *File {
	f, ok := s.TryAddFile(name, content)
	if !ok {
		panic("tablegen: AddFile past MaxSetSize")
	}
	return f
}

// TryAddFile is AddFile, or false when the set has no room left for content
// (MaxSetSize).
func (s *SourceSet) TryAddFile(name string, content []byte) (*File, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !fitsAfter(s.next, len(content)) {
		return nil, false
	}
	f := &File{Name: name, Base: s.next, Content: content}
	s.next += Pos(len(content) + 1)
	s.files = append(s.files, f)
	return f, true
}

// AddFileAt is AddFile at base, which must lie after the files already
// added; the positions skipped belong to no file.
func (s *SourceSet) AddFileAt(name string, content []byte, base Pos) *File {
	s.mu.Lock()
	defer s.mu.Unlock()
	if base < s.next {
		panic("tablegen: AddFileAt below the end of the set")
	}
	if !fitsAfter(base, len(content)) {
		panic("tablegen: AddFileAt past MaxSetSize")
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

// Adopt returns diags, whose positions are in from, with their positions
// moved into s: each file they point into is added to s once (a file of the
// same name and content already in s is reused). A process that checks many
// translation units one after the other gives each its own set and keeps
// only their diagnostics in one, which then holds the few files that have
// problems, not every unit's include closure (which together could pass
// MaxSetSize). A position whose file no longer fits becomes NoPos.
func (s *SourceSet) Adopt(from *SourceSet, diags []Diagnostic) []Diagnostic {
	moved := map[*File]*File{}
	pos := func(p Pos) Pos {
		f := from.File(p)
		if f == nil {
			return NoPos
		}
		g, ok := moved[f]
		if !ok {
			if g = s.sameFile(f); g == nil {
				g, _ = s.TryAddFile(f.Name, f.Content)
			}
			moved[f] = g
		}
		if g == nil {
			return NoPos
		}
		return g.Base + (p - f.Base)
	}
	rng := func(r Range) Range { return Range{pos(r.Start), pos(r.End)} }
	out := make([]Diagnostic, len(diags))
	for i, d := range diags {
		d.Range = rng(d.Range)
		if len(d.Related) > 0 {
			d.Related = append([]Related(nil), d.Related...)
			for k := range d.Related {
				d.Related[k].Range = rng(d.Related[k].Range)
			}
		}
		out[i] = d
	}
	return out
}

// sameFile returns the file of s with f's name and content, or nil.
func (s *SourceSet) sameFile(f *File) *File {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, g := range s.files {
		if g.Name == f.Name && bytes.Equal(g.Content, f.Content) {
			return g
		}
	}
	return nil
}
