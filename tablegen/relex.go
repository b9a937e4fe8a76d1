package tablegen

import (
	"bytes"
	"cmp"
	"slices"
	"sort"
)

// FileLex is one file lexed alone: include directives are recorded in
// Includes (with File nil) and their tokens dropped, as LexUnit does with a
// loader that yields empty files. It also keeps the preprocessor state after
// each directive, so that RelexAlone can lex an edited version incrementally.
type FileLex struct {
	File     *File
	Defines  []string  // defined on entry
	Tokens   TokenList // ends with one TokEOF
	Includes []Include
	Diags    Diagnostics
	Macros   map[string]bool // defined at the end of the file

	events []dirEvent
	defs   []string // macros the file defines, in order, beyond Defines
}

// dirEvent is what the directive at pos did to the stack of open #ifdef
// conditions, and how many macros the file had defined after it. The stack
// after an event is the replay of the events before it: recording one
// change each, in 16 bytes, keeps the record linear in the number of
// directives however deep they nest.
type dirEvent struct {
	pos   Pos
	ndefs int32 // len(defs) at that point
	op    condOp
	width uint8     // of the directive's token, which starts at pos
	flags condFlags // of the condition pushed, or of the top as #else switched it
}

type condOp uint8

const (
	condNone condOp = iota
	condPush
	condSwitch
	condPop
)

type condFlags uint8

const (
	flagActive condFlags = 1 << iota
	flagInElse
	flagParentOn
)

// newDirEvent records a directive that left the stack unchanged (op
// condNone and c zero), or that pushed c or switched the top to c.
func newDirEvent(pos Pos, op condOp, c prepCond, ndefs int) dirEvent {
	ev := dirEvent{pos: pos, ndefs: int32(ndefs), op: op, width: uint8(c.at.End - c.at.Start)}
	for _, f := range []struct {
		set  bool
		flag condFlags
	}{{c.active, flagActive}, {c.inElse, flagInElse}, {c.parentOn, flagParentOn}} {
		if f.set {
			ev.flags |= f.flag
		}
	}
	return ev
}

// cond is the condition a push or switch event put on top.
func (ev dirEvent) cond() prepCond {
	return prepCond{at: Range{ev.pos, ev.pos + Pos(ev.width)}, active: ev.flags&flagActive != 0,
		inElse: ev.flags&flagInElse != 0, parentOn: ev.flags&flagParentOn != 0}
}

// apply makes ev's change to a stack; low tracks the fewest open
// conditions seen, a switched top counting as closed.
func (ev dirEvent) apply(cs []prepCond, low *int) []prepCond {
	switch ev.op {
	case condPush:
		cs = append(cs, ev.cond())
	case condSwitch:
		*low = min(*low, len(cs)-1)
		cs[len(cs)-1] = ev.cond()
	case condPop:
		cs = cs[:len(cs)-1]
		*low = min(*low, len(cs))
	}
	return cs
}

// lookahead bounds how far past a token's end the scanner reads to decide
// the token ("#ifndef" plus one character after a '#').
const lookahead = 8

func newAloneLexer(set *SourceSet, f *File, defines []string, size int) *unitLexer {
	lx := &unitLexer{set: set, alone: true, events: new([]dirEvent), res: &LexResult{Macros: map[string]bool{}}}
	for _, d := range defines {
		lx.res.Macros[d] = true
	}
	list := NewTokenList(f.Text(), f.Base, size)
	lx.list = &list
	return lx
}

func (lx *unitLexer) fileLex(f *File, defines []string) *FileLex {
	end := f.Pos(len(f.Content))
	lx.emit(Token{Kind: TokEOF, Pos: end})
	lx.list.Clip()
	return &FileLex{File: f, Defines: defines, Tokens: *lx.list, Includes: lx.res.Includes,
		Diags: lx.res.Diags, Macros: lx.res.Macros, events: *lx.events, defs: lx.defs}
}

// LexAlone lexes f without following its includes, with defines set.
func LexAlone(set *SourceSet, f *File, defines []string) *FileLex {
	// Generated files have a token every two bytes, MLIR's every six; the
	// room left is dropped at the end (Clip).
	lx := newAloneLexer(set, f, defines, len(f.Content)/2+16)
	// Every directive starts with '#' (a paste does too; a little room to
	// spare is cheaper than regrowing a record of deeply nested #ifdefs).
	*lx.events = make([]dirEvent, 0, bytes.Count(f.Content, []byte{'#'}))
	lx.startFile(f, nil)
	lx.lexAll()
	return lx.fileLex(f, defines)
}

// RelexAlone returns what LexAlone(set, f, old.Defines) returns, reusing
// the tokens of old (an earlier version of the file) wherever the two texts
// share a stretch of bytes (alignTexts): editing several places of a large
// file relexes around each edit, not the whole span between the first and
// the last. The lexer restarts after the last old token whose lexing read
// nothing past a stretch (lookahead), and takes the old tokens over again
// once it is back in step inside a later one: a token ending at the same
// place, shifted by that stretch, under the same #ifdef nesting and the
// same defined macros. From there on the lexer would repeat itself.
func RelexAlone(set *SourceSet, f *File, old *FileLex) *FileLex {
	// Diagnostics and includes are taken over by position, which needs
	// them made in the order of their positions.
	if !slices.IsSortedFunc(old.Diags, func(a, b Diagnostic) int { return cmp.Compare(a.Range.Start, b.Range.Start) }) ||
		!slices.IsSortedFunc(old.Includes, func(a, b Include) int { return cmp.Compare(a.Range.Start, b.Range.Start) }) {
		return LexAlone(set, f, old.Defines)
	}
	r := &relexer{old: old, f: f, toks: old.Tokens.Slice(0, old.Tokens.Len()-1),
		al: alignTexts(old.File.Text(), f.Text()), oldBase: old.File.Base, base: f.Base}
	return r.run(set)
}

// relexer is one RelexAlone: the new lexer, and cursors into what old holds
// that move forward as the new text is made of lexed and taken-over parts.
type relexer struct {
	old           *FileLex
	f             *File
	toks          TokenList // old's tokens but its EOF
	al            []stretch
	oldBase, base Pos
	lx            *unitLexer

	di, ii int // the old diagnostics and includes passed
	ei     int // the old events replayed into oldConds
	// oldConds is the old #ifdef stack after events [:ei]; oldLow the
	// fewest open conditions it has had since the lexer last restarted.
	oldConds []prepCond
	oldLow   int

	si int // the stretch the latest new token ended in
	j  int // the old token ending where the latest new one does, or past it
}

func (r *relexer) run(set *SourceSet) *FileLex {
	old, toks := r.old, r.toks
	r.lx = newAloneLexer(set, r.f, old.Defines, old.Tokens.Len()+64)
	lx := r.lx
	*lx.events = make([]dirEvent, 0, len(old.events)+8)
	lx.res.Files = append(lx.res.Files, r.f)

	// The tokens before the first edit whose lexing read nothing of it.
	k := r.fitting(0, r.al[0])
	from := r.oldBase
	if k > 0 {
		from = toks.End(k - 1)
	}
	r.take(0, k, r.al[0], from)
	r.j = k // no token before it ends past the restart
	lx.pushFile(&scanner{f: r.f, src: r.f.Text(), diags: &lx.res.Diags, lineStart: k == 0}, nil, nil)
	r.restart(from, r.al[0])

	for {
		t := lx.next()
		if t.Kind == TokEOF {
			return lx.fileLex(r.f, old.Defines)
		}
		lx.emit(t)
		s, ok := r.resync(t, lx.files[0].conds)
		if !ok {
			continue
		}
		// Back in step after old token j, inside stretch s.
		st := r.al[s]
		if s == len(r.al)-1 {
			// The last stretch ends the file: the rest is old's rest.
			r.skip(toks.End(r.j))
			r.take(r.j+1, toks.Len(), st, r.oldBase+Pos(len(old.File.Content))+1)
			return lx.fileLex(r.f, old.Defines)
		}
		k := r.fitting(r.j+1, st)
		if k == r.j+1 {
			continue
		}
		r.skip(toks.End(r.j))
		at := toks.End(k - 1)
		r.take(r.j+1, k, st, at)
		r.restart(at, st)
		r.j = k - 1
	}
}

// fitting is the end of the old tokens from lo on whose lexing read nothing
// past stretch st.
func (r *relexer) fitting(lo int, st stretch) int {
	end := r.oldBase + Pos(st.old+st.n)
	return lo + sort.Search(r.toks.Len()-lo, func(i int) bool { return r.toks.End(lo+i)+lookahead > end })
}

// skip passes the old diagnostics, includes and events before old position
// to: the new lexer has made them again.
func (r *relexer) skip(to Pos) {
	old := r.old
	for r.di < len(old.Diags) && old.Diags[r.di].Range.Start < to {
		r.di++
	}
	for r.ii < len(old.Includes) && old.Includes[r.ii].Range.Start < to {
		r.ii++
	}
	r.replay(to)
}

// replay applies the old events before old position to to oldConds.
func (r *relexer) replay(to Pos) {
	for ; r.ei < len(r.old.events) && r.old.events[r.ei].pos < to; r.ei++ {
		r.oldConds = r.old.events[r.ei].apply(r.oldConds, &r.oldLow)
	}
}

// take appends old tokens [lo, hi), inside stretch st, and what old made
// along with them up to old position to: diagnostics, includes, directives
// and the macros they define.
func (r *relexer) take(lo, hi int, st stretch, to Pos) {
	old, lx := r.old, r.lx
	d := Pos(st.new - st.old)
	lx.list.AppendFrom(r.toks, lo, hi, int32(d))
	for ; r.di < len(old.Diags) && old.Diags[r.di].Range.Start < to; r.di++ {
		dg := old.Diags[r.di]
		dg.Range = r.mapRange(dg.Range)
		if len(dg.Related) > 0 {
			rel := make([]Related, len(dg.Related))
			for i, x := range dg.Related {
				rel[i] = Related{Range: r.mapRange(x.Range), Message: x.Message}
			}
			dg.Related = rel
		}
		lx.res.Diags = append(lx.res.Diags, dg)
	}
	for ; r.ii < len(old.Includes) && old.Includes[r.ii].Range.Start < to; r.ii++ {
		inc := old.Includes[r.ii]
		inc.Range, inc.NameRng, inc.From = r.mapRange(inc.Range), r.mapRange(inc.NameRng), r.f
		lx.res.Includes = append(lx.res.Includes, inc)
	}
	// In step, the new lexer has defined what old had by then, in the same
	// order: the events' counts of macros hold as they are.
	for ; r.ei < len(old.events) && old.events[r.ei].pos < to; r.ei++ {
		ev := old.events[r.ei]
		r.oldConds = ev.apply(r.oldConds, &r.oldLow)
		ev.pos += d - r.oldBase + r.base
		*lx.events = append(*lx.events, ev)
		for len(lx.defs) < int(ev.ndefs) {
			m := old.defs[len(lx.defs)]
			lx.defs = append(lx.defs, m)
			lx.res.Macros[m] = true
		}
	}
}

// restart puts the new lexer at old position at (inside stretch st, after
// the tokens taken over), in the state old's lexer had there.
func (r *relexer) restart(at Pos, st stretch) {
	conds := make([]prepCond, len(r.oldConds), max(len(r.oldConds), 4))
	for i, c := range r.oldConds {
		c.at = r.mapRange(c.at)
		conds[i] = c
	}
	of := &r.lx.files[0]
	of.conds = conds
	of.s.off = int(at-r.oldBase) + st.new - st.old
	if at > r.oldBase {
		of.s.lineStart = false // just after a token
	}
	r.lx.condLow, r.oldLow = len(conds), len(conds)
}

// resync reports whether the new lexer, having made t with the #ifdef stack
// cs, is back in step with the old one: t ends inside a stretch where an
// old token ends, and the two lexers' states there agree. It leaves r.j at
// that old token and returns the stretch.
func (r *relexer) resync(t Token, cs []prepCond) (int, bool) {
	end := int(t.End() - r.base)
	for r.si < len(r.al) && r.al[r.si].new+r.al[r.si].n < end {
		r.si++
	}
	if r.si == len(r.al) || end < r.al[r.si].new {
		return 0, false
	}
	st := r.al[r.si]
	oldEnd := r.oldBase + Pos(end-st.new+st.old)
	toks := r.toks
	for r.j < toks.Len() && toks.End(r.j) < oldEnd {
		r.j++
	}
	if r.j == toks.Len() || toks.End(r.j) != oldEnd {
		return 0, false
	}
	r.replay(oldEnd)
	ndefs := 0
	if r.ei > 0 {
		ndefs = int(r.old.events[r.ei-1].ndefs)
	}
	lx := r.lx
	if len(r.oldConds) != len(cs) || ndefs != len(lx.defs) {
		return 0, false
	}
	// Below the fewest open conditions either stack has had since the
	// restart, both are the stack there, which restart made the same.
	for i := min(r.oldLow, lx.condLow); i < len(cs); i++ {
		c := r.oldConds[i]
		at, ok := r.mapInside(c.at)
		if !ok {
			return 0, false // the directive was edited
		}
		c.at = at
		if c != cs[i] {
			return 0, false
		}
	}
	for _, d := range r.old.defs[:ndefs] {
		if !lx.res.Macros[d] {
			return 0, false
		}
	}
	return r.si, true
}

// stretchAt is the index of the last stretch starting at or before old
// offset off.
func (r *relexer) stretchAt(off int) int {
	return sort.Search(len(r.al), func(i int) bool { return r.al[i].old > off }) - 1
}

// mapRange moves an old range to the new text by the stretch its start is
// in (or the last before it: a range inside an edit keeps near its place).
func (r *relexer) mapRange(x Range) Range {
	return r.moveBy(r.al[max(r.stretchAt(int(x.Start-r.oldBase)), 0)], x)
}

// mapInside moves an old range lying inside one stretch to the new text;
// it reports false for a range that touches an edit.
func (r *relexer) mapInside(x Range) (Range, bool) {
	i := r.stretchAt(int(x.Start - r.oldBase))
	if i < 0 || int(x.End-r.oldBase) > r.al[i].old+r.al[i].n {
		return Range{}, false
	}
	return r.moveBy(r.al[i], x), true
}

// moveBy moves an old range to the new text by stretch s's shift.
func (r *relexer) moveBy(s stretch, x Range) Range {
	d := Pos(s.new-s.old) - r.oldBase + r.base
	return Range{x.Start + d, x.End + d}
}

// stretch is a run of bytes two versions of a text share:
// old[old:old+n] == new[new:new+n].
type stretch struct{ old, new, n int }

// alignGap bounds how many bytes of either text an edit may span for
// alignTexts to find the texts in step after it; alignAnchor is how many
// bytes they must then share. An edit past the gap (a large paste) ends
// the search: from there to the common suffix, the texts are taken as one
// edit.
const (
	alignGap    = 1024
	alignAnchor = 32
)

// alignTexts returns stretches the texts share, in order in both: the
// first starts both (the common prefix), the last ends both (the common
// suffix), either may be empty. Between them, after each point where the
// texts differ, the next stretch starts at the nearest pair of offsets
// (fewest bytes skipped in the two texts together) where alignAnchor bytes
// agree. Every stretch is checked byte for byte, so a wrong guess costs
// time, never a wrong lexing. The search tries at most a quarter as many
// pairs as the texts have bytes: two unrelated texts of the same shape (a
// generated file replaced by another) would otherwise find a short
// stretch every kilobyte, each after a search of half a million pairs.
func alignTexts(old, new string) []stretch {
	al, _ := alignWithin(old, new, (len(old)+len(new))/4)
	return al
}

// alignWithin is alignTexts trying at most budget pairs of offsets; it
// also returns how many it tried.
func alignWithin(old, new string, budget int) ([]stretch, int) {
	p := commonPrefix(old, new)
	sfx := commonSuffix(old[p:], new[p:])
	oe, ne := len(old)-sfx, len(new)-sfx
	al := []stretch{{0, 0, p}}
	tried := 0
	for a, b := p, p; a < oe && b < ne; {
		m, n, ok := nextAnchor(old[a:oe], new[b:ne], &tried, budget)
		if !ok {
			break
		}
		l := commonPrefix(old[a+m:oe], new[b+n:ne])
		al = append(al, stretch{a + m, b + n, l})
		a, b = a+m+l, b+n+l
	}
	return append(al, stretch{oe, ne, sfx}), tried
}

// nextAnchor finds the nearest m, n with old[m:] and new[n:] starting with
// the same alignAnchor bytes, counting the pairs it tries in tried while
// that stays within budget.
func nextAnchor(old, new string, tried *int, budget int) (m, n int, ok bool) {
	for w := 1; w <= alignGap; w++ {
		for m := max(0, w-len(new)+alignAnchor); m <= w && m+alignAnchor <= len(old); m++ {
			if *tried++; *tried > budget {
				return 0, 0, false
			}
			if n := w - m; old[m:m+alignAnchor] == new[n:n+alignAnchor] {
				return m, n, true
			}
		}
		if w+alignAnchor > len(old) && w+alignAnchor > len(new) {
			break // nothing longer fits either text
		}
	}
	return 0, 0, false
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+64 <= n && a[i:i+64] == b[i:i+64] {
		i += 64
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

func commonSuffix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+64 <= n && a[len(a)-i-64:len(a)-i] == b[len(b)-i-64:len(b)-i] {
		i += 64
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}
