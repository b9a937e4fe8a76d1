package analysis

import (
	"bytes"

	"tdls/tablegen"
)

// shownEvaluation is what the evaluation last showed in a file.
type shownEvaluation struct {
	file  *tablegen.File // the file as it was evaluated
	diags []Diagnostic
}

// movedTo returns the diagnostics of s placed in the file's new text nf:
// a range before the edited region stays, one after it moves with the text
// behind, and one that meets the edit is dropped (so is a note there).
// Places in other files are kept as they are.
func (s shownEvaluation) movedTo(nf *tablegen.File) []Diagnostic {
	if s.file == nil || nf == nil || len(s.diags) == 0 {
		return nil
	}
	old, cur := s.file.Content, nf.Content
	pre := commonPrefix(old, cur)
	suf := commonSuffix(old[pre:], cur[pre:])
	editEnd, delta := len(old)-suf, len(cur)-len(old)
	move := func(l Location) (Location, bool) {
		if l.File != s.file {
			return l, true
		}
		a, b := s.file.Offset(l.Range.Start), s.file.Offset(l.Range.End)
		switch {
		case b < pre || b == pre && a < b:
		case a >= editEnd && (a > pre || b > a):
			a, b = a+delta, b+delta
		default:
			return Location{}, false
		}
		return Location{File: nf, Range: tablegen.Range{Start: nf.Pos(a), End: nf.Pos(b)}}, true
	}
	out := make([]Diagnostic, 0, len(s.diags))
	for _, d := range s.diags {
		loc, ok := move(d.Location)
		if !ok {
			continue
		}
		m := d
		m.Location = loc
		m.Related = nil
		for _, r := range d.Related {
			if rl, ok := move(r.Location); ok {
				m.Related = append(m.Related, RelatedLocation{Location: rl, Message: r.Message})
			}
		}
		out = append(out, m)
	}
	return out
}

// commonPrefix is the length of the longest common prefix of a and b,
// compared a block at a time.
func commonPrefix(a, b []byte) int {
	const block = 64
	n := 0
	for n+block <= len(a) && n+block <= len(b) && bytes.Equal(a[n:n+block], b[n:n+block]) {
		n += block
	}
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// commonSuffix is the length of the longest common suffix of a and b.
func commonSuffix(a, b []byte) int {
	const block = 64
	n := 0
	for n+block <= len(a) && n+block <= len(b) && bytes.Equal(a[len(a)-n-block:len(a)-n], b[len(b)-n-block:len(b)-n]) {
		n += block
	}
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}
