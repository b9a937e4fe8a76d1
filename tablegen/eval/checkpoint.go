package eval

import "tdls/tablegen"

// Checkpoint is the evaluator's state after a prefix of a unit's top-level
// statements. It is frozen: any number of evaluations may resume from it,
// concurrently, and none changes it; each adds its records in layers of its
// own over the checkpoint's name tables.
type Checkpoint struct {
	// N is the number of top-level statements evaluated.
	N int

	// The name tables, as views of the evaluations' tables, oldest first
	// (see layer).
	classes      []view[string, *Record]
	defs         []view[string, *Record]
	multiclasses []view[string, *multiClass]
	globals      []view[string, Init]
	aliases      []view[string, *Type]
	varDefs      []view[string, *VarDefInit]
	instances    []view[*VarDefInit, *DefInit]
	poisoned     []view[string, bool]

	// What the prefix made, in segments (one per evaluation of the chain
	// that led here), so that a checkpoint copies none of its parent's.
	classSegs, defSegs [][]*Record
	diagSegs           [][]tablegen.Diagnostic
	nDefs              int
	anonCounter        int
	iterations         int
	sorted             []*Record // defList by name when !instances needed it
	// made are the diagnostics of the statements evaluated since the
	// checkpoint this one was resumed from.
	made []tablegen.Diagnostic

	// Of a tracked evaluation (journal.go): the effects of the statements,
	// in segments, and how many it replayed. Not the journal it replayed:
	// a checkpoint outlives many edits, and would keep each journal (and
	// the records it holds) alive; a resumed evaluation is given its own.
	tracked  bool
	effSegs  [][]*effects
	replayed int
}

// Diagnostics returns the diagnostics of the statements evaluated to reach
// cp from the checkpoint it was resumed from (all of them for one made by
// EvaluatePrefix).
func (cp *Checkpoint) Diagnostics() []tablegen.Diagnostic { return cp.made }

// errRedefinesFrozen stops a resumed evaluation that would have to change a
// record of its checkpoint (a class declared `class X;` in the prefix and
// defined after it).
type errRedefinesFrozen struct{}

// EvaluatePrefix evaluates the first n top-level statements of u.
func EvaluatePrefix(u *tablegen.Unit, n int, opts Options) (cp *Checkpoint) {
	n = min(max(n, 0), len(u.Statements))
	e := newEvaluator(u.Set, opts, nil, true, n)
	if e.trk != nil {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(errRedefinesFrozen); !ok {
					panic(r)
				}
				cp = EvaluatePrefix(u, n, untracked(opts))
			}
		}()
	}
	e.topLevel(u.Statements[:n])
	return e.checkpoint(n)
}

// Resume evaluates u's top-level statements from index from on, after the
// state of cp, which must hold the evaluation of statements of the same
// content at the same positions (u's first cp.N statements, typically
// from == cp.N). The result equals Evaluate(u, opts): same records in the
// same order, same anonymous numbering, same diagnostics; the records of cp
// are shared, not copied.
func (cp *Checkpoint) Resume(u *tablegen.Unit, from int, opts Options) (res *Result) {
	from = min(max(from, 0), len(u.Statements))
	e := newEvaluator(u.Set, opts, cp, false, len(u.Statements)-from)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(errRedefinesFrozen); !ok {
				panic(r)
			}
			res = Evaluate(u, opts)
		}
	}()
	e.topLevel(u.Statements[from:])
	return e.result(u.Statements)
}

// ResumePrefix continues from cp through statement n of u (exclusive) and
// returns the checkpoint there; cp is unchanged. It reports false when the
// statements cannot be evaluated on top of cp (see Resume); the caller then
// starts over with EvaluatePrefix.
func (cp *Checkpoint) ResumePrefix(u *tablegen.Unit, from, n int, opts Options) (next *Checkpoint, ok bool) {
	return cp.Chain(u, from, opts).Advance(n)
}

// Chain is an evaluation resumed from a checkpoint that takes checkpoints
// as it goes: each Advance evaluates the statements up to a point and
// returns the checkpoint there, and the evaluation goes on from it without
// copying its name tables (see layer). The checkpoints share the chain's
// tables, which its later Advances add to: another goroutine may read them
// only once the chain is no longer advanced.
type Chain struct {
	u    *tablegen.Unit
	e    *evaluator
	at   int // the next statement of u to evaluate
	dead bool
}

// Chain starts a chain at statement from of u, after the state of cp (see
// Resume).
func (cp *Checkpoint) Chain(u *tablegen.Unit, from int, opts Options) *Chain {
	from = min(max(from, 0), len(u.Statements))
	return &Chain{u: u, e: newEvaluator(u.Set, opts, cp, true, len(u.Statements)-from), at: from}
}

// Advance evaluates the statements from where the chain is through
// statement n (exclusive) and returns the checkpoint there. It reports
// false, and the chain cannot advance any more, when they cannot be
// evaluated on top of the chain's checkpoints (see Resume); the caller then
// starts over with EvaluatePrefix.
func (c *Chain) Advance(n int) (next *Checkpoint, ok bool) {
	if c.dead {
		return nil, false
	}
	n = min(max(n, c.at), len(c.u.Statements))
	defer func() {
		if r := recover(); r != nil {
			if _, isFrozen := r.(errRedefinesFrozen); !isFrozen {
				panic(r)
			}
			c.dead = true
			next, ok = nil, false
		}
	}()
	c.e.topLevel(c.u.Statements[c.at:n])
	next = c.e.checkpoint(c.e.base.N + n - c.at)
	c.at = n
	c.e.rebase(next)
	return next, true
}

// Trim returns cps, checkpoints of one chain in order (the first ones of a
// chain whose later ones an edit replaced), sharing no more of their name
// tables than they see: a table of which they see less than two thirds is
// replaced by a copy of what they see (see trim). The checkpoints are
// copies where something changed; cps is unchanged.
func Trim(cps []*Checkpoint) []*Checkpoint {
	var (
		classes      = map[*entries[string, *Record]]*entries[string, *Record]{}
		defs         = map[*entries[string, *Record]]*entries[string, *Record]{}
		multiclasses = map[*entries[string, *multiClass]]*entries[string, *multiClass]{}
		globals      = map[*entries[string, Init]]*entries[string, Init]{}
		aliases      = map[*entries[string, *Type]]*entries[string, *Type]{}
		varDefs      = map[*entries[string, *VarDefInit]]*entries[string, *VarDefInit]{}
		instances    = map[*entries[*VarDefInit, *DefInit]]*entries[*VarDefInit, *DefInit]{}
		poisoned     = map[*entries[string, bool]]*entries[string, bool]{}
	)
	out := make([]*Checkpoint, len(cps))
	// From the last: the first view met of a table is the one that sees
	// the most of it.
	for i := len(cps) - 1; i >= 0; i-- {
		c, changed := *cps[i], false
		c.classes = trim(c.classes, classes, &changed)
		c.defs = trim(c.defs, defs, &changed)
		c.multiclasses = trim(c.multiclasses, multiclasses, &changed)
		c.globals = trim(c.globals, globals, &changed)
		c.aliases = trim(c.aliases, aliases, &changed)
		c.varDefs = trim(c.varDefs, varDefs, &changed)
		c.instances = trim(c.instances, instances, &changed)
		c.poisoned = trim(c.poisoned, poisoned, &changed)
		out[i] = cps[i]
		if changed {
			out[i] = &c
		}
	}
	return out
}

// checkpoint freezes the evaluator's state so far; the evaluator may go on
// only after rebase.
func (e *evaluator) checkpoint(n int) *Checkpoint {
	classes, _ := e.classes.mark()
	defs, _ := e.defs.mark()
	multiclasses, newMCs := e.multiclasses.mark()
	globals, _ := e.globals.mark()
	aliases, _ := e.aliases.mark()
	varDefs, newVarDefs := e.varDefs.mark()
	instances, _ := e.instances.mark()
	poisoned, _ := e.poisoned.mark()
	cp := &Checkpoint{
		N:            n,
		classes:      classes,
		defs:         defs,
		multiclasses: multiclasses,
		globals:      globals,
		aliases:      aliases,
		varDefs:      varDefs,
		instances:    instances,
		poisoned:     poisoned,
		classSegs:    appendSeg(e.base.classSegs, e.res.Classes),
		defSegs:      appendSeg(e.base.defSegs, e.res.Defs),
		diagSegs:     appendSeg(e.base.diagSegs, e.res.Diagnostics),
		nDefs:        e.defsBefore + len(e.res.Defs),
		anonCounter:  e.anonCounter,
		iterations:   e.iterations,
		made:         e.res.Diagnostics,
	}
	if t := e.trk; t != nil {
		cp.tracked, cp.effSegs, cp.replayed = true, appendSeg(t.segs, t.made), t.replayed
	}
	// What records compute lazily is computed now, so that evaluations
	// resumed concurrently only read them.
	for _, r := range e.res.Classes {
		r.freeze()
	}
	for _, r := range e.res.Defs {
		r.freeze()
	}
	for _, k := range newMCs {
		e.multiclasses.peek(k).rec.freeze()
	}
	for _, k := range newVarDefs {
		e.varDefs.peek(k).frozen = true
	}
	if e.sortedN == cp.nDefs {
		cp.sorted = e.sorted
	}
	return cp
}

// rebase makes the evaluator go on from cp, the checkpoint it just took,
// as an evaluator resumed from cp would, but adding to its own tables.
func (e *evaluator) rebase(cp *Checkpoint) {
	e.base = cp
	e.res = &Result{Set: e.set}
	e.defsBefore = cp.nDefs
	if t := e.trk; t != nil {
		t.segs, t.made = cp.effSegs, nil
	}
}

// freeze computes the record's lazily built values. Only a class is ever
// asked for its record type (selfType): a def's would cost 64 bytes for
// each of a generated file's million defs.
func (r *Record) freeze() {
	r.defInit()
	if r.IsClass {
		r.selfType()
	}
	r.defType()
}

func appendSeg[T any](segs [][]T, seg []T) [][]T {
	segs = segs[:len(segs):len(segs)]
	if len(seg) == 0 {
		return segs
	}
	return append(segs, seg)
}
