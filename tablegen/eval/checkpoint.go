package eval

import "tdls/tablegen"

// Checkpoint is the evaluator's state after a prefix of a unit's top-level
// statements. It is frozen: any number of evaluations may resume from it,
// concurrently, and none changes it; each adds its records in layers of its
// own over the checkpoint's name tables.
type Checkpoint struct {
	// N is the number of top-level statements evaluated.
	N int

	// The name tables, as frozen maps, oldest first (see layer).
	classes      []map[string]*Record
	defs         []map[string]*Record
	multiclasses []map[string]*multiClass
	globals      []map[string]Init
	aliases      []map[string]*Type
	varDefs      []map[string]*VarDefInit
	instances    []map[*VarDefInit]*DefInit
	poisoned     []map[string]bool

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
	e := newEvaluator(u.Set, opts, nil)
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
	e := newEvaluator(u.Set, opts, cp)
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
	from = min(max(from, 0), len(u.Statements))
	n = min(max(n, from), len(u.Statements))
	e := newEvaluator(u.Set, opts, cp)
	defer func() {
		if r := recover(); r != nil {
			if _, isFrozen := r.(errRedefinesFrozen); !isFrozen {
				panic(r)
			}
			next, ok = nil, false
		}
	}()
	e.topLevel(u.Statements[from:n])
	return e.checkpoint(cp.N + n - from), true
}

// checkpoint freezes the evaluator's state; the evaluator must not be used
// afterwards.
func (e *evaluator) checkpoint(n int) *Checkpoint {
	cp := &Checkpoint{
		N:            n,
		classes:      e.classes.freeze(),
		defs:         e.defs.freeze(),
		multiclasses: e.multiclasses.freeze(),
		globals:      e.globals.freeze(),
		aliases:      e.aliases.freeze(),
		varDefs:      e.varDefs.freeze(),
		instances:    e.instances.freeze(),
		poisoned:     e.poisoned.freeze(),
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
	for _, mc := range e.multiclasses.own {
		mc.rec.freeze()
	}
	for _, v := range e.varDefs.own {
		v.frozen = true
	}
	if e.sortedN == cp.nDefs {
		cp.sorted = e.sorted
	}
	return cp
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
