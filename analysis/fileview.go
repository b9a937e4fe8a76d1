package analysis

import (
	"sort"
	"tdls/cpp"

	"tdls/tablegen"
)

// FileView is one file as seen inside a unit: its tokens and the top-level
// statements written in it. Features that answer for one document start
// here; positions are tablegen.Pos in the unit's source set.
type FileView struct {
	Unit *Unit
	File *tablegen.File
	Path string
	// Cpp is the C++ index the view's C++ questions are answered from
	// (WithCpp); nil: none.
	Cpp   *cpp.Index
	toks  tablegen.TokenList
	stmts []*tablegen.Statement
}

// View returns path as seen in u, or nil when u does not contain it.
func (u *Unit) View(path string) *FileView {
	f := u.File(path)
	if f == nil {
		return nil
	}
	return u.views.get(f.Name, func() *FileView {
		fv := &FileView{Unit: u, File: f, Path: f.Name, stmts: u.statementsOf(f)}
		var parts []tablegen.TokenList
		lexedAlone := true // the lexer makes a file's tokens in order
		for _, r := range u.runs {
			if r.hi > r.lo && f.Contains(r.e.tokens.Pos(r.lo)) {
				parts = append(parts, r.e.tokens.Slice(r.lo, r.hi))
				lexedAlone = lexedAlone && r.e.lex != nil
			}
		}
		if len(parts) == 1 && (lexedAlone || ascending(parts[0])) {
			fv.toks = parts[0] // the usual file, included once: no copy
			return fv
		}
		// A file included twice under other macro values can contribute
		// tokens out of order; keep them sorted and unique.
		var toks []tablegen.Token
		for _, p := range parts {
			toks = append(toks, p.Tokens(0, p.Len())...)
		}
		sort.SliceStable(toks, func(i, j int) bool { return toks[i].Pos < toks[j].Pos })
		fv.toks = tablegen.NewTokenList(f.Text(), f.Base, len(toks))
		for i, t := range toks {
			if i == 0 || t.Pos != toks[i-1].Pos {
				fv.toks.Append(t)
			}
		}
		return fv
	})
}

// ascending reports whether toks are in strictly increasing positions.
func ascending(toks tablegen.TokenList) bool {
	for i := 1; i < toks.Len(); i++ {
		if toks.Pos(i) <= toks.Pos(i-1) {
			return false
		}
	}
	return true
}

// Tokens returns the file's tokens in order.
func (v *FileView) Tokens() tablegen.TokenList { return v.toks }

// Statements returns the top-level statements written in the file.
func (v *FileView) Statements() []*tablegen.Statement { return v.stmts }

// Pos converts a byte offset in the file to a position.
func (v *FileView) Pos(off int) tablegen.Pos {
	if off < 0 {
		off = 0
	}
	if off > len(v.File.Content) {
		off = len(v.File.Content)
	}
	return v.File.Pos(off)
}

// TokenAt returns the index of the token containing p (start <= p < end, or
// p == end for the token just before the cursor), or -1.
func (v *FileView) TokenAt(p tablegen.Pos) int {
	i := sort.Search(v.toks.Len(), func(i int) bool { return v.toks.End(i) >= p })
	if i >= v.toks.Len() || v.toks.Pos(i) > p {
		return -1
	}
	// Between two touching tokens, as in `(Toy_AddOp`, the one whose first
	// character is under the cursor wins over the one just before it.
	if v.toks.End(i) == p && i+1 < v.toks.Len() && v.toks.Pos(i+1) == p {
		return i + 1
	}
	return i
}

// Text returns the source text of r.
func (v *FileView) Text(r tablegen.Range) string {
	if !v.File.Contains(r.Start) || !v.File.Contains(r.End) || r.End < r.Start {
		return ""
	}
	return string(v.File.Slice(r))
}
