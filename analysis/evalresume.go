package analysis

import (
	"encoding/binary"
	"hash/maphash"
	"sort"
	"sync"
	"weak"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// checkpointEvery is how many top-level statements of the root file lie
// between two kept checkpoints: an edit re-evaluates at most this many
// statements before the first changed one. A root of more than
// maxCheckpoints times as many statements gets maxCheckpoints, spread
// evenly: each checkpoint copies the list of record segments of the ones
// before it, so their number must stay small (90,000 statements on one
// line made 11,000 checkpoints and several gigabytes).
const (
	checkpointEvery = 8
	maxCheckpoints  = 128
)

// checkpointSpacing is the distance between checkpoints in a root of n
// statements.
func checkpointSpacing(n int) int { return max(checkpointEvery, n/maxCheckpoints) }

// resumeCache keeps evaluator checkpoints for re-evaluation after an edit
// (DESIGN §4): the state after each unit's include prefix, by content, and
// for each root the checkpoints of its last evaluation, every few
// statements of the root file.
type resumeCache struct {
	prefixes *fifoCache[uint64, *prefixCheckpoint]
	chains   *fifoCache[string, *checkpointChain] // by root
}

func newResumeCache() resumeCache {
	return resumeCache{
		prefixes: newFIFOCache[uint64, *prefixCheckpoint](prefixCacheSize),
		chains:   newFIFOCache[string, *checkpointChain](chainCacheSize),
	}
}

const (
	prefixCacheSize = 8
	chainCacheSize  = 8
)

type prefixCheckpoint struct {
	once sync.Once
	cp   *eval.Checkpoint
}

// checkpointChain holds checkpoints of one evaluation: cps[i] is the state
// after stmts[:cps[i].N], valid for any unit whose first cps[i].N
// statements are the same nodes (the parse cache keeps unchanged
// statements' nodes, at unchanged positions). The statements are weak
// pointers: the chain outlives its version until the next evaluation of
// the root, and must not keep that version's syntax alive meanwhile; a
// statement collected is in no unit, so no unit can start with it.
type checkpointChain struct {
	stmts []weak.Pointer[tablegen.Statement]
	// unit is the unit whose statements stmts are: for it, same needs no
	// look at them (an edit asks several times).
	unit weak.Pointer[tablegen.Unit]
	cps  []*eval.Checkpoint
	root *tablegen.File // the root file as it was evaluated
	// journal is what each statement of the root's last whole evaluation
	// read and made: the next evaluation takes over the statements after
	// its checkpoint that did not change and read nothing that did
	// (eval.Journal).
	journal *eval.Journal
}

// evaluateResumable evaluates u from the latest checkpoint that still
// applies, and keeps checkpoints for the next edit. stop is asked between
// spans of statements (a 128th of the file, at least 8 statements): when
// it says so, the evaluation ends there (nil, false), and the checkpoints
// it made are kept for the next caller of the same version to continue
// from.
func (c *resumeCache) evaluateResumable(u *Unit, stop func() bool) (*eval.Result, bool) {
	tg := u.TG
	stmts := tg.Statements
	journal := c.journal(u.Root)
	opts := eval.Options{Track: true, Replay: journal, Untracked: tg.Root, Weak: c.weakStatements(u)}
	cps := c.reusable(u.Root, tg)
	if len(cps) == 0 {
		start := rootStart(tg)
		if start == 0 || opts.Replay != nil {
			// With a journal, the statements before the edit are taken
			// over rather than evaluated.
			cps = []*eval.Checkpoint{eval.EvaluatePrefix(tg, 0, opts)}
		} else {
			cps = []*eval.Checkpoint{c.prefix(tg, start)}
		}
	}
	cps, done := resumeThrough(tg, cps, nil, len(stmts), opts, stop)
	switch done {
	case resumeFailed:
		// A class declared before a checkpoint is defined after it.
		return eval.Evaluate(tg, eval.Options{}), true
	case resumeStopped:
		c.remember(u, cps, journal)
		return nil, false
	}
	cp := cps[len(cps)-1]
	res := cp.Resume(tg, cp.N, opts)
	c.remember(u, cps, res.Journal)
	return res, true
}

type resumeOutcome uint8

const (
	resumeDone    resumeOutcome = iota
	resumeStopped               // stop said so
	resumeFailed                // a checkpoint could not be taken
)

// resumeThrough continues from the last of cps a span of statements at a
// time, taking a checkpoint after each, until fewer than a span remain
// before statement n. stop is asked before each span. The spans are
// evaluated by chain, or by a chain from the last of cps when it is nil.
func resumeThrough(tg *tablegen.Unit, cps []*eval.Checkpoint, chain *eval.Chain, n int, opts eval.Options, stop func() bool) ([]*eval.Checkpoint, resumeOutcome) {
	cp := cps[len(cps)-1]
	every := checkpointSpacing(len(tg.Statements))
	for cp.N+every < n {
		if stop() {
			return cps, resumeStopped
		}
		if chain == nil {
			chain = cp.Chain(tg, cp.N, opts)
		}
		next, ok := chain.Advance(cp.N + every)
		if !ok {
			return cps, resumeFailed
		}
		cps = append(cps, next)
		cp = next
	}
	if stop() {
		return cps, resumeStopped
	}
	return cps, resumeDone
}

// journal is the journal of root's last whole evaluation, if tracked.
func (c *resumeCache) journal(root string) *eval.Journal {
	if ch, ok := c.chains.get(root); ok {
		return ch.journal
	}
	return nil
}

// evaluateEdited evaluates, ahead of the rest, the statements of u's root
// that an edit changed since the root's last evaluation: from the latest
// checkpoint that still applies through the last statement that meets the
// edited text. Statements are evaluated in order and read only what came
// before them, so what it finds there is what the whole evaluation finds.
// The checkpoints it makes join the root's chain, and the evaluation of the
// whole unit continues after them. ok is false when there is no earlier
// evaluation of the root, or the edit reaches the last statement.
func (c *resumeCache) evaluateEdited(u *Unit, stop func() bool) (editedStatements, bool) {
	tg := u.TG
	stmts := tg.Statements
	ch, ok := c.chains.get(u.Root)
	if !ok || ch.root == nil {
		return editedStatements{}, false
	}
	same := ch.same(tg)
	cps := ch.reusable(same)
	if len(cps) == 0 {
		return editedStatements{}, false
	}
	// The edited bytes of the root, [from, to) in its new text.
	old, cur := ch.root.Content, tg.Root.Content
	pre := commonPrefix(old, cur)
	from, to := pre, len(cur)-commonSuffix(old[pre:], cur[pre:])
	end := -1 // the last statement that meets the edit
	span := tablegen.Range{Start: tablegen.NoPos}
	for i := same; i < len(stmts); i++ {
		r := stmts[i].Range()
		if !tg.Root.Contains(r.Start) {
			continue
		}
		if tg.Root.Offset(r.Start) > to {
			break
		}
		if span.Start == tablegen.NoPos {
			span.Start = r.Start
		}
		span.End = r.End
		if tg.Root.Offset(r.End) >= from {
			end = i
		}
	}
	if end < 0 || end+1 >= len(stmts) {
		return editedStatements{}, false
	}
	cp := cps[len(cps)-1]
	opts := eval.Options{Track: true, Replay: ch.journal, Untracked: tg.Root, Weak: c.weakStatements(u)}
	// One chain evaluates through the edit, taking the checkpoints.
	chain := cp.Chain(tg, cp.N, opts)
	if cp.N < same {
		next, ok := chain.Advance(same)
		if !ok {
			return editedStatements{}, false
		}
		cps = append(cps, next)
		cp = next
	}
	// Edits far apart make a long span: it is evaluated a span of
	// checkpoints at a time, so that the next edit stops it.
	first := len(cps)
	cps, done := resumeThrough(tg, cps, chain, end+1, opts, stop)
	if done != resumeDone {
		if done == resumeStopped {
			c.remember(u, cps, ch.journal)
		}
		return editedStatements{}, false
	}
	edited, ok := chain.Advance(end + 1)
	if !ok {
		return editedStatements{}, false
	}
	// The journal stays the last whole evaluation's until the evaluation
	// continued from here replaces it.
	cps = append(cps, edited)
	c.remember(u, cps, ch.journal)
	var diags tablegen.Diagnostics
	for _, cp := range cps[first:] {
		diags = append(diags, cp.Diagnostics()...)
	}
	return editedStatements{span: span, diags: diags}, true
}

// reusable returns the checkpoints of root's last evaluation that lie
// before the first statement that differs in stmts.
func (c *resumeCache) reusable(root string, tg *tablegen.Unit) []*eval.Checkpoint {
	ch, ok := c.chains.get(root)
	if !ok {
		return nil
	}
	return ch.reusable(ch.same(tg))
}

// reusable returns the chain's checkpoints that lie before its statement
// same, the first that differs; when it drops later ones, without what
// only those saw (eval.Trim).
func (ch *checkpointChain) reusable(same int) []*eval.Checkpoint {
	n := 0
	for n < len(ch.cps) && ch.cps[n].N <= same {
		n++
	}
	if n < len(ch.cps) {
		return eval.Trim(ch.cps[:n:n])
	}
	return ch.cps[:n:n]
}

// remember keeps cps, checkpoints of u's statements, as its root's chain,
// with journal, the root's last whole evaluation's.
func (c *resumeCache) remember(u *Unit, cps []*eval.Checkpoint, journal *eval.Journal) {
	c.chains.set(u.Root, &checkpointChain{stmts: c.weakStatements(u), unit: weak.Make(u.TG), cps: cps, root: u.TG.Root, journal: journal})
}

// cutAt drops the checkpoints of root's chain taken after its first
// statement of the root file (which lies in [from, to)) that ends at or
// after pos, or after one no longer held (see superseded).
func (c *resumeCache) cutAt(root string, from, to, pos tablegen.Pos) {
	ch, ok := c.chains.get(root)
	if !ok {
		return
	}
	cut := len(ch.stmts)
	for i, w := range ch.stmts {
		st := w.Value()
		if st == nil {
			cut = i
			break
		}
		if r := st.Range(); r.Start >= from && r.Start < to && r.End >= pos {
			cut = i
			break
		}
	}
	n := 0
	for n < len(ch.cps) && ch.cps[n].N <= cut {
		n++
	}
	if n == len(ch.cps) {
		return
	}
	short := *ch
	short.cps = eval.Trim(ch.cps[:n:n]) // a new array: the old one holds the rest
	c.chains.set(root, &short)
}

// same is how many of tg's statements, from the first, are the chain's.
func (ch *checkpointChain) same(tg *tablegen.Unit) int {
	stmts := tg.Statements
	if ch.unit.Value() == tg {
		return min(len(stmts), len(ch.stmts))
	}
	n := 0
	for n < len(stmts) && n < len(ch.stmts) && ch.stmts[n].Value() == stmts[n] {
		n++
	}
	return n
}

// weakStatements returns weak pointers to u's statements, made once per
// unit for its root's chain and its evaluation's journal (Options.Weak),
// those of the statements it shares with the root's chain taken over:
// making one walks a list of its memory span's, a tenth of an edit's work
// when done for every statement of a unit at each edit.
func (c *resumeCache) weakStatements(u *Unit) []weak.Pointer[tablegen.Statement] {
	return u.weak.get(func() []weak.Pointer[tablegen.Statement] {
		stmts := u.TG.Statements
		var have []weak.Pointer[tablegen.Statement]
		if ch, ok := c.chains.get(u.Root); ok {
			n := ch.same(u.TG)
			if n == len(stmts) && n == len(ch.stmts) {
				return ch.stmts
			}
			have = ch.stmts[:n]
		}
		out := make([]weak.Pointer[tablegen.Statement], len(stmts))
		copy(out, have)
		for i := len(have); i < len(stmts); i++ {
			out[i] = weak.Make(stmts[i])
		}
		return out
	})
}

// prefix returns the checkpoint after tg's first start statements, shared
// by every unit whose first start statements have the same text at the same
// positions under the same macros.
func (c *resumeCache) prefix(tg *tablegen.Unit, start int) *eval.Checkpoint {
	p := c.prefixes.add(prefixKey(tg, start), &prefixCheckpoint{})
	p.once.Do(func() { p.cp = eval.EvaluatePrefix(tg, start, eval.Options{Track: true}) })
	return p.cp
}

// rootStart is the index of the first statement of the root file; the
// statements before it come from the files it includes first.
func rootStart(tg *tablegen.Unit) int {
	for i, s := range tg.Statements {
		if tg.Root.Contains(s.Range().Start) {
			return i
		}
	}
	return len(tg.Statements)
}

// prefixKey hashes what evaluating tg's first n statements depends on: the
// text and place of each, and the macros (which may have hidden parts of
// a statement's text).
func prefixKey(tg *tablegen.Unit, n int) uint64 {
	var h maphash.Hash
	h.SetSeed(hashSeed)
	var macros []string
	if tg.Lex != nil {
		for m := range tg.Lex.Macros {
			macros = append(macros, m)
		}
	}
	sort.Strings(macros)
	for _, m := range macros {
		h.WriteString("\x00-D" + m)
	}
	var b [16]byte
	var f *tablegen.File
	for _, s := range tg.Statements[:n] {
		r := s.Range()
		if f == nil || !f.Contains(r.Start) {
			if f = tg.Set.File(r.Start); f == nil {
				continue
			}
			h.WriteString("\x00" + f.Name)
		}
		binary.LittleEndian.PutUint64(b[:8], uint64(r.Start))
		binary.LittleEndian.PutUint64(b[8:], uint64(r.End))
		h.Write(b[:])
		if !f.Contains(r.End) {
			// A statement left open at the end of an included file runs
			// on into the files lexed after it: its text is spread over
			// them, so every file of the unit is part of the key.
			writeUnitFiles(&h, tg)
			continue
		}
		h.Write(f.Content[f.Offset(r.Start):f.Offset(r.End)])
	}
	return h.Sum64()
}

// writeUnitFiles hashes the name and whole text of each file tg lexed.
func writeUnitFiles(h *maphash.Hash, tg *tablegen.Unit) {
	files := []*tablegen.File{tg.Root}
	if tg.Lex != nil {
		files = tg.Lex.Files
	}
	for _, f := range files {
		h.WriteString("\x00" + f.Name + "\x00")
		h.Write(f.Content)
	}
}
