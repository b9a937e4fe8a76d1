package tablegen

import (
	"bytes"
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

// RelexAlone returns what LexAlone(set, f, old.Defines) returns, reusing the
// tokens of old (an earlier version of the file) before the changed bytes
// and, once the new lexing is back in step with the old one, after them.
// Back in step means a token ending at the same place relative to the end of
// the file, under the same #ifdef nesting and the same defined macros: from
// there on the lexer would repeat itself.
func RelexAlone(set *SourceSet, f *File, old *FileLex) *FileLex {
	oldSrc, src := old.File.Text(), f.Text()
	p := commonPrefix(oldSrc, src)
	sfx := commonSuffix(oldSrc[p:], src[p:])
	oldEditEnd, editEnd := len(oldSrc)-sfx, len(src)-sfx
	delta := editEnd - oldEditEnd
	oldBase, base := old.File.Base, f.Base
	// mapPos maps an old position outside the edit to the new file.
	mapPos := func(x Pos) Pos {
		off := int(x - oldBase)
		if off >= oldEditEnd {
			off += delta
		}
		return base + Pos(off)
	}
	mapRange := func(r Range) Range {
		if int(r.Start-oldBase) >= oldEditEnd {
			return Range{r.Start - oldBase + base + Pos(delta), r.End - oldBase + base + Pos(delta)}
		}
		return Range{r.Start - oldBase + base, r.End - oldBase + base}
	}
	mapDiag := func(d Diagnostic) Diagnostic {
		d.Range = mapRange(d.Range)
		if len(d.Related) > 0 {
			rel := make([]Related, len(d.Related))
			for i, r := range d.Related {
				rel[i] = Related{Range: mapRange(r.Range), Message: r.Message}
			}
			d.Related = rel
		}
		return d
	}
	mapEvent := func(ev dirEvent) dirEvent {
		ev.pos = mapPos(ev.pos)
		return ev
	}
	// eventBefore is the index of the last old directive before x, or -1.
	eventBefore := func(x Pos) int {
		return sort.Search(len(old.events), func(i int) bool { return old.events[i].pos >= x }) - 1
	}

	// Restart after the last token whose lexing read nothing of the edit.
	toks := old.Tokens.Slice(0, old.Tokens.Len()-1)
	k := sort.Search(toks.Len(), func(i int) bool { return int(toks.End(i)-oldBase)+lookahead > p })
	restart, lineStart := oldBase, true
	if k > 0 {
		restart, lineStart = toks.End(k-1), false
	}
	nd := countBefore(len(old.Diags), func(i int) Pos { return old.Diags[i].Range.Start }, restart)
	ni := countBefore(len(old.Includes), func(i int) Pos { return old.Includes[i].Range.Start }, restart)
	if nd < 0 || ni < 0 {
		return LexAlone(set, f, old.Defines)
	}

	lx := newAloneLexer(set, f, old.Defines, old.Tokens.Len()+64)
	*lx.events = make([]dirEvent, 0, len(old.events)+8)
	lx.list.AppendFrom(toks, 0, k, 0)
	for _, d := range old.Diags[:nd] {
		lx.res.Diags = append(lx.res.Diags, mapDiag(d))
	}
	for _, inc := range old.Includes[:ni] {
		inc.Range, inc.NameRng, inc.From = mapRange(inc.Range), mapRange(inc.NameRng), f
		lx.res.Includes = append(lx.res.Includes, inc)
	}
	var conds, oldConds []prepCond // the stack at the restart, new and old positions
	low := 0
	e0 := eventBefore(restart)
	if e0 >= 0 {
		for _, ev := range old.events[:e0+1] {
			oldConds = ev.apply(oldConds, &low)
			ev = mapEvent(ev)
			*lx.events = append(*lx.events, ev)
			conds = ev.apply(conds, &low)
		}
		lx.defs = append(lx.defs, old.defs[:old.events[e0].ndefs]...)
		for _, d := range lx.defs {
			lx.res.Macros[d] = true
		}
	}
	// The old stack, replayed along with the old events as the resync
	// point moves: below the fewest open conditions either stack has had
	// since the restart, both are the stack at the restart.
	lx.condLow = len(conds)
	oldLow, oldAt := len(conds), e0

	// The old token that ends where the latest new one does, once past the edit.
	j := sort.Search(toks.Len(), func(i int) bool { return int(toks.End(i)-oldBase) >= oldEditEnd })
	oldState := -1 // event index of the old state at the resync point
	resync := func(t Token, cs []prepCond) bool {
		end := int(t.End()-base) - delta
		if end < oldEditEnd {
			return false
		}
		for j < toks.Len() && int(toks.End(j)-oldBase) < end {
			j++
		}
		if j == toks.Len() || int(toks.End(j)-oldBase) != end {
			return false
		}
		e := eventBefore(toks.End(j))
		for ; oldAt < e; oldAt++ {
			oldConds = old.events[oldAt+1].apply(oldConds, &oldLow)
		}
		ndefs := 0
		if e >= 0 {
			ndefs = int(old.events[e].ndefs)
		}
		if len(oldConds) != len(cs) || ndefs != len(lx.defs) {
			return false
		}
		for i := min(oldLow, lx.condLow); i < len(cs); i++ {
			c := oldConds[i]
			if int(c.at.Start-oldBase) < oldEditEnd && int(c.at.End-oldBase) > p {
				return false // the directive was edited
			}
			c.at = mapRange(c.at)
			if c != cs[i] {
				return false
			}
		}
		for _, d := range old.defs[:ndefs] {
			if !lx.res.Macros[d] {
				return false
			}
		}
		oldState = e
		return true
	}

	lx.res.Files = append(lx.res.Files, f)
	lx.pushFile(&scanner{f: f, src: src, off: int(restart - oldBase), diags: &lx.res.Diags, lineStart: lineStart}, conds, nil)
	for {
		t := lx.next()
		if t.Kind == TokEOF {
			return lx.fileLex(f, old.Defines)
		}
		lx.emit(t)
		if resync(t, lx.files[0].conds) {
			break
		}
	}

	// Back in step after toks[j]: the rest is the old rest, shifted.
	at := toks.End(j)
	nd = countBefore(len(old.Diags), func(i int) Pos { return old.Diags[i].Range.Start }, at)
	ni = countBefore(len(old.Includes), func(i int) Pos { return old.Includes[i].Range.Start }, at)
	if nd < 0 || ni < 0 {
		return LexAlone(set, f, old.Defines)
	}
	lx.list.AppendFrom(toks, j+1, toks.Len(), int32(delta))
	for _, d := range old.Diags[nd:] {
		lx.res.Diags = append(lx.res.Diags, mapDiag(d))
	}
	for _, inc := range old.Includes[ni:] {
		inc.Range, inc.NameRng, inc.From = mapRange(inc.Range), mapRange(inc.NameRng), f
		lx.res.Includes = append(lx.res.Includes, inc)
	}
	ndefs := 0
	if oldState >= 0 {
		ndefs = int(old.events[oldState].ndefs)
	}
	shift := len(lx.defs) - ndefs
	for _, ev := range old.events[eventBefore(at)+1:] {
		ev = mapEvent(ev)
		ev.ndefs += int32(shift)
		*lx.events = append(*lx.events, ev)
	}
	for _, d := range old.defs[ndefs:] {
		lx.defs = append(lx.defs, d)
		lx.res.Macros[d] = true
	}
	return lx.fileLex(f, old.Defines)
}

// countBefore is the number of leading items (in order of emission) that
// start before x, or -1 when a later item does too: the items are then not
// split by position, and the caller lexes the whole file.
func countBefore(n int, start func(int) Pos, x Pos) int {
	i := 0
	for i < n && start(i) < x {
		i++
	}
	for k := i; k < n; k++ {
		if start(k) < x {
			return -1
		}
	}
	return i
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
