package eval

import (
	"strings"
	"sync"
	"weak"

	"tdls/tablegen"
)

// Dependency-aware re-evaluation. A tracked evaluation (Options.Track)
// writes down, for each top-level statement, what it read from the name
// tables (each name it looked up, found or not, with what it found), what
// it wrote there, and what it made: records, diagnostics, anonymous names,
// loop iterations. That is its Journal. An evaluation given the journal of
// an earlier one (Options.Replay) takes a statement over instead of
// evaluating it when it is the same syntax node (so the same text at the
// same place), everything it read is bound to the same value now, and it
// would number its anonymous records from the same counter: evaluating it
// again could only do the same, so its writes, records and diagnostics are
// replayed. A statement that reads a name an edited statement redefined
// sees another value and is evaluated again, and so in turn are the
// statements reading what that one redefines. The conservative cases are
// evaluated again always: a statement that reads the set of all defs
// (!instances), one that hit a limit, and a class declared by one
// statement and defined by another (the evaluation then starts over,
// untracked).
//
// Sharing records between evaluations needs them immutable once their
// statement is done: a tracked evaluation computes each record's lazy
// values at the end of its statement, and an inline instantiation made by
// one statement and instantiated by a later one is kept in the instances
// table (as a checkpoint's are), not in the VarDefInit.

// Journal is what each top-level statement of a tracked evaluation read and
// made. It is immutable and may be given to any number of evaluations.
//
// It names its statements by weak pointers: a journal is kept until the
// next evaluation of its root replaces it, and strong ones would keep the
// syntax of the version evaluated alive beside the next one's (a GB for a
// 50 MB file). A statement no unit holds any more cannot be met again, so
// forgetting it loses nothing.
type Journal struct {
	stmts    []weak.Pointer[tablegen.Statement]
	effects  []*effects // per statement of stmts
	replayed int

	once  sync.Once
	byStm map[weak.Pointer[tablegen.Statement]]*effects
}

// Replayed is how many statements of stmts this journal's evaluation took
// over from an earlier one.
func (j *Journal) Replayed() int {
	if j == nil {
		return 0
	}
	return j.replayed
}

func (j *Journal) of(s *tablegen.Statement) *effects {
	if j == nil {
		return nil
	}
	j.once.Do(func() {
		j.byStm = map[weak.Pointer[tablegen.Statement]]*effects{}
		for i, s := range j.stmts {
			if ef := j.effects[i]; ef != nil {
				j.byStm[s] = ef
			}
		}
	})
	if len(j.byStm) == 0 {
		return nil
	}
	return j.byStm[weak.Make(s)]
}

// table names the evaluator's name tables.
type table uint8

const (
	tClasses table = iota
	tDefs
	tMultiClasses
	tGlobals
	tAliases
	tVarDefs
	tInstances
	tPoisoned
)

type tableKey struct {
	table table
	name  string
	inst  *VarDefInit // the key of tInstances
}

// access is a name looked up or set, with the value found or written.
type access struct {
	key tableKey
	val any
}

// effects is what evaluating one top-level statement read and made.
type effects struct {
	reads    []access
	writes   []access
	classes  []*Record
	defs     []*Record
	diags    []tablegen.Diagnostic
	anonFrom int  // the anonymous counter when it started
	anon     int  // anonymous names it took
	iter     int  // foreach iterations it counted
	allDefs  bool // it read the set of all defs
	limited  bool // it hit a limit: its outcome depends on the counters
}

// tracker records the effects of the statements an evaluation runs.
type tracker struct {
	prev     *Journal
	segs     [][]*effects // of the checkpoints resumed from
	made     []*effects
	replayed int // by this evaluation and the checkpoints it resumed from
	cur      *effects
	// writesOnly: cur's reads are not recorded (its effects will not be
	// kept; its writes are, to freeze what it made).
	writesOnly bool
	// What cur read or wrote already (recorded once): by name, the
	// tables (bits) and the statement (serial) it was last touched in.
	serial      int32
	touched     map[string]*touch
	touchedInst map[*VarDefInit]int32
}

type touch struct {
	serial int32
	tables uint8
}

// touch reports whether cur touched k before, and marks it touched.
func (t *tracker) touch(k tableKey) bool {
	if k.table == tInstances {
		if t.touchedInst[k.inst] == t.serial {
			return true
		}
		t.touchedInst[k.inst] = t.serial
		return false
	}
	tc := t.touched[k.name]
	if tc == nil {
		tc = &touch{}
		t.touched[strings.Clone(k.name)] = tc // varDef's keys are scratch memory
	}
	if tc.serial != t.serial {
		tc.serial, tc.tables = t.serial, 0
	}
	bit := uint8(1) << k.table
	seen := tc.tables&bit != 0
	tc.tables |= bit
	return seen
}

func (t *tracker) read(k tableKey, v any) {
	if t.cur == nil || t.writesOnly {
		return
	}
	if t.touch(k) {
		return // read before, or its own write
	}
	if k.table == tVarDefs {
		k.name = strings.Clone(k.name) // varDef looks up a key in scratch memory
	}
	t.cur.reads = append(t.cur.reads, access{k, v})
}

func (t *tracker) wrote(k tableKey, v any) {
	if t.cur == nil {
		return
	}
	if !t.writesOnly {
		t.touch(k) // a read after it is of its own write
	}
	t.cur.writes = append(t.cur.writes, access{k, v})
}

// startTracking makes the evaluator record what its statements do, and
// take over those of prev that still hold.
func (e *evaluator) startTracking(prev *Journal, segs [][]*effects, replayed int) {
	t := &tracker{prev: prev, segs: segs, replayed: replayed, touched: map[string]*touch{}, touchedInst: map[*VarDefInit]int32{}}
	e.trk = t
	e.classes.onGet = func(k string, v *Record) { t.read(tableKey{table: tClasses, name: k}, v) }
	e.classes.onSet = func(k string, v *Record) { t.wrote(tableKey{table: tClasses, name: k}, v) }
	e.defs.onGet = func(k string, v *Record) { t.read(tableKey{table: tDefs, name: k}, v) }
	e.defs.onSet = func(k string, v *Record) { t.wrote(tableKey{table: tDefs, name: k}, v) }
	e.multiclasses.onGet = func(k string, v *multiClass) { t.read(tableKey{table: tMultiClasses, name: k}, v) }
	e.multiclasses.onSet = func(k string, v *multiClass) { t.wrote(tableKey{table: tMultiClasses, name: k}, v) }
	e.globals.onGet = func(k string, v Init) { t.read(tableKey{table: tGlobals, name: k}, v) }
	e.globals.onSet = func(k string, v Init) { t.wrote(tableKey{table: tGlobals, name: k}, v) }
	e.aliases.onGet = func(k string, v *Type) { t.read(tableKey{table: tAliases, name: k}, v) }
	e.aliases.onSet = func(k string, v *Type) { t.wrote(tableKey{table: tAliases, name: k}, v) }
	e.varDefs.onGet = func(k string, v *VarDefInit) { t.read(tableKey{table: tVarDefs, name: k}, v) }
	e.varDefs.onSet = func(k string, v *VarDefInit) { t.wrote(tableKey{table: tVarDefs, name: k}, v) }
	e.instances.onGet = func(k *VarDefInit, v *DefInit) { t.read(tableKey{table: tInstances, inst: k}, v) }
	e.instances.onSet = func(k *VarDefInit, v *DefInit) { t.wrote(tableKey{table: tInstances, inst: k}, v) }
	e.poisoned.onGet = func(k string, v bool) { t.read(tableKey{table: tPoisoned, name: k}, v) }
	e.poisoned.onSet = func(k string, v bool) { t.wrote(tableKey{table: tPoisoned, name: k}, v) }
}

// lookup is what the name table holds for k now (not recorded as a read).
func (e *evaluator) lookup(k tableKey) any {
	switch k.table {
	case tClasses:
		return e.classes.peek(k.name)
	case tDefs:
		return e.defs.peek(k.name)
	case tMultiClasses:
		return e.multiclasses.peek(k.name)
	case tGlobals:
		return e.globals.peek(k.name)
	case tAliases:
		return e.aliases.peek(k.name)
	case tVarDefs:
		return e.varDefs.peek(k.name)
	case tPoisoned:
		return e.poisoned.peek(k.name)
	default:
		return e.instances.peek(k.inst)
	}
}

// store writes v under k (a replayed write, not recorded).
func (e *evaluator) store(k tableKey, v any) {
	switch k.table {
	case tClasses:
		e.classes.put(k.name, v.(*Record))
	case tDefs:
		e.defs.put(k.name, v.(*Record))
	case tMultiClasses:
		e.multiclasses.put(k.name, v.(*multiClass))
	case tGlobals:
		g, _ := v.(Init)
		e.globals.put(k.name, g)
	case tAliases:
		e.aliases.put(k.name, v.(*Type))
	case tVarDefs:
		e.varDefs.put(k.name, v.(*VarDefInit))
	case tPoisoned:
		e.poisoned.put(k.name, v.(bool))
	default:
		e.instances.put(k.inst, v.(*DefInit))
	}
}

// topLevel evaluates a unit's top-level statements, tracked when the
// evaluation is.
func (e *evaluator) topLevel(stmts []*tablegen.Statement) {
	if e.trk == nil {
		e.statements(stmts)
		return
	}
	u := e.opts.Untracked
	for _, s := range stmts {
		// An untracked statement has no effects written down to take
		// over, so it is not looked up (which would make a weak pointer
		// to each of a large root's statements).
		keep := s == nil || u == nil || !u.Contains(s.Range().Start)
		if !keep {
			e.tracked(s, false)
		} else if ef := e.trk.prev.of(s); ef != nil && e.canReplay(ef) {
			e.replay(ef)
		} else {
			e.tracked(s, true)
		}
	}
}

// canReplay reports whether evaluating ef's statement now would do what it
// did then.
func (e *evaluator) canReplay(ef *effects) bool {
	if ef.allDefs || ef.limited || ef.anon > 0 && ef.anonFrom != e.anonCounter {
		return false
	}
	if e.iterations+ef.iter > e.opts.MaxLoopIterations || e.defsBefore+len(e.res.Defs)+len(ef.defs) > e.opts.MaxRecords {
		return false
	}
	for _, r := range ef.reads {
		if e.lookup(r.key) != r.val {
			return false
		}
	}
	return true
}

func (e *evaluator) replay(ef *effects) {
	for _, w := range ef.writes {
		e.store(w.key, w.val)
	}
	e.res.Classes = append(e.res.Classes, ef.classes...)
	e.res.Defs = append(e.res.Defs, ef.defs...)
	e.res.Diagnostics = append(e.res.Diagnostics, ef.diags...)
	e.anonCounter += ef.anon
	e.iterations += ef.iter
	e.trk.made = append(e.trk.made, ef)
	e.trk.replayed++
}

// tracked evaluates s, recording its effects when keep (else they are not
// kept, and s will be evaluated again, but what it made is frozen all the
// same, as the records of the statements kept may point to it).
func (e *evaluator) tracked(s *tablegen.Statement, keep bool) {
	t := e.trk
	ef := &effects{anonFrom: e.anonCounter}
	nClasses, nDefs, nDiags, iter := len(e.res.Classes), len(e.res.Defs), len(e.res.Diagnostics), e.iterations
	t.serial++
	t.cur, t.writesOnly = ef, !keep
	e.statement(s)
	t.cur = nil
	// What it made is shared with later evaluations from now on.
	for _, r := range e.res.Classes[nClasses:] {
		r.freeze()
	}
	for _, r := range e.res.Defs[nDefs:] {
		r.freeze()
	}
	for _, w := range ef.writes {
		switch v := w.val.(type) {
		case *VarDefInit:
			v.frozen = true
		case *multiClass:
			v.rec.freeze()
		}
	}
	if !keep {
		t.made = append(t.made, nil)
		return
	}
	ef.classes = append([]*Record(nil), e.res.Classes[nClasses:]...)
	ef.defs = append([]*Record(nil), e.res.Defs[nDefs:]...)
	ef.diags = append([]tablegen.Diagnostic(nil), e.res.Diagnostics[nDiags:]...)
	ef.anon = e.anonCounter - ef.anonFrom
	ef.iter = e.iterations - iter
	for _, d := range ef.diags {
		if d.Code == "eval-fatal" {
			ef.limited = true
		}
	}
	t.made = append(t.made, ef)
}

// journal is the tracked evaluation's journal of stmts, the unit's
// statements: those evaluated before the checkpoints it resumed from
// recorded theirs there. weaks are stmts' weak pointers, if the caller has
// them (Options.Weak).
func (t *tracker) journal(stmts []*tablegen.Statement, weaks []weak.Pointer[tablegen.Statement]) *Journal {
	effs := concat(t.segs, t.made)
	if len(effs) != len(stmts) {
		return nil // not evaluated from the first statement on, one by one
	}
	ws := weaks
	if len(ws) != len(stmts) {
		ws = make([]weak.Pointer[tablegen.Statement], len(stmts))
		for i, s := range stmts {
			if effs[i] != nil { // the others are never looked up
				ws[i] = weak.Make(s)
			}
		}
	}
	return &Journal{stmts: ws, effects: effs, replayed: t.replayed}
}
