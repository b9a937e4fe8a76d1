package eval

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"regexp"
	"slices"
	"sort"
	"strings"
	"weak"

	"tdls/tablegen"
)

// Options controls evaluation.
type Options struct {
	// MaxInstantiationDepth bounds nested inline class instantiation
	// (a class whose field instantiates the class again); 0 means 256.
	MaxInstantiationDepth int
	// MaxLoopIterations bounds the records one foreach may make; 0 means
	// 1<<20.
	MaxLoopIterations int
	// MaxRecords bounds the number of records; 0 means 1<<22.
	MaxRecords int
	// Track records what each top-level statement reads and makes, as
	// Result.Journal (see journal.go).
	Track bool
	// Replay is the journal of an earlier evaluation of an edited version
	// of the unit: the evaluation is tracked, and takes over the statements
	// that did not change and read nothing that did.
	Replay *Journal
	// Untracked is a file whose statements a tracked evaluation does not
	// write down (they are evaluated again each time): the file being
	// edited, whose statements after an edit are new syntax nodes and
	// those before it come from a checkpoint. Recording what a statement
	// reads costs its evaluation about a fifth more.
	Untracked *tablegen.File
	// Weak, when not nil, are weak pointers to the unit's statements, which
	// a tracked evaluation's journal names them by: a caller that keeps the
	// syntax across edits makes one per statement once, rather than the
	// journal one per statement at every evaluation.
	Weak []weak.Pointer[tablegen.Statement]
}

// Result is an evaluated translation unit.
type Result struct {
	Set *tablegen.SourceSet
	// Classes and Defs are in definition order.
	Classes []*Record
	Defs    []*Record
	// Diagnostics are the evaluation's own (codes start with "eval").
	Diagnostics tablegen.Diagnostics
	// Journal is what each top-level statement read and made, when the
	// evaluation was tracked from the first statement on (Options.Track).
	Journal *Journal

	classByName layer[string, *Record]
	defByName   layer[string, *Record]
}

// Class returns the class called name, or nil.
func (r *Result) Class(name string) *Record { return r.classByName.get(name) }

// Def returns the def called name, or nil.
func (r *Result) Def(name string) *Record { return r.defByName.get(name) }

// SortedDefs returns the defs ordered by name, as llvm-tblgen keeps them.
func (r *Result) SortedDefs() []*Record {
	out := append([]*Record(nil), r.Defs...)
	sort.Slice(out, func(i, j int) bool { return out[i].NameString() < out[j].NameString() })
	return out
}

// SortedClasses returns the classes ordered by name.
func (r *Result) SortedClasses() []*Record {
	out := append([]*Record(nil), r.Classes...)
	sort.Slice(out, func(i, j int) bool { return out[i].NameString() < out[j].NameString() })
	return out
}

// multiClass is a multiclass: a record holding its template arguments and
// the entries its body produced.
type multiClass struct {
	rec     *Record
	entries []entry
}

// entry is what a statement inside a foreach, if or multiclass produces:
// a record prototype, a nested loop, an assertion or a dump.
type entry struct {
	rec    *Record
	loop   *foreachLoop
	assert *assertion
	dump   *dumpEntry
}

type foreachLoop struct {
	rng     tablegen.Range
	iter    *VarInit // nil for the loops `if` is made of
	list    Init
	entries []entry
}

type letRecord struct {
	name  string
	bits  []int
	value Init
	rng   tablegen.Range
	src   tablegen.Range
}

type defsetRecord struct {
	elem  *Type
	elems []Init
}

type scopeKind uint8

const (
	scopeLocal scopeKind = iota
	scopeRecord
	scopeLoop
	scopeMultiClass
)

// scope is one level of local variables (LLVM's TGVarScope).
type scope struct {
	kind   scopeKind
	parent *scope
	vars   map[string]Init
	rec    *Record
	loop   *foreachLoop
	mc     *multiClass
}

// errFatal stops the statement being evaluated.
type fatalError struct{}

type evaluator struct {
	base *Checkpoint // where the evaluation started
	opts Options
	set  *tablegen.SourceSet
	res  *Result

	classes      layer[string, *Record]
	defs         layer[string, *Record]
	multiclasses layer[string, *multiClass]
	globals      layer[string, Init]
	aliases      layer[string, *Type]
	varDefs      layer[string, *VarDefInit]
	// instances are the defs of inline instantiations that a checkpoint
	// holds uninstantiated (frozen, so their def field stays nil).
	instances layer[*VarDefInit, *DefInit]
	// poisoned are the names of the defs and global defvars whose
	// statement failed. A statement that reads one fails silently: llvm-
	// tblgen stops at the first error, and the statements that use what it
	// left undefined (a dialect's every op, when its dialect def uses a
	// field the MLIR in use lacks) have no error of their own to show.
	poisoned layer[string, bool]
	regexps  map[string]*regexp.Regexp
	// strings are recent string literals' values, by a hash of their
	// text: a literal met again is the same immutable value, as
	// llvm-tblgen interns them (a generated file's defs each set the same
	// string: a value per def was 29 MB of 1.2 million).
	strings [256]*StringInit
	// Scratch for instantiation keys (findVarDef): the key, a candidate's
	// key, and the slot where the key is or would go.
	keyBuf, candBuf []byte
	slot            [8]byte
	resolvers       resolverStacks
	parentArgs      []ArgInit // scratch for a parent's arguments (objectBody)

	anonCounter int
	scope       *scope
	freeScopes  []*scope // left scopes, for pushScope to reuse
	loops       []*foreachLoop
	curMC       *multiClass
	lets        [][]letRecord
	defsets     []*defsetRecord

	stmt       tablegen.Range // the statement being evaluated
	use        useSite        // the class reference being instantiated in it
	failed     bool           // the statement hit an error; drop what it makes
	nFailed    int            // statements abandoned so far (failAt)
	instDepth  int
	iterations int
	sorted     []*Record
	sortedN    int
	defsBefore int      // defs of the checkpoint resumed from
	trk        *tracker // when tracked

	// argsUsed are the template arguments of the class or multiclass being
	// defined that its definition has named so far (LLVM's
	// RecordVal::isUsed): what it never names is warned of at its end.
	argsUsed []*FieldDecl
}

// Evaluate evaluates the statements of u.
func Evaluate(u *tablegen.Unit, opts Options) *Result {
	if opts.Track || opts.Replay != nil {
		return evaluateTracked(u, opts)
	}
	ev := &Evaluation{newEvaluator(u.Set, opts, nil, false, len(u.Statements))}
	for _, s := range u.Statements {
		ev.Statement(s)
	}
	return ev.Result()
}

// evaluateTracked is Evaluate writing down, or replaying, what each
// statement does (journal.go).
func evaluateTracked(u *tablegen.Unit, opts Options) (res *Result) {
	e := newEvaluator(u.Set, opts, nil, false, len(u.Statements))
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(errRedefinesFrozen); !ok {
				panic(r)
			}
			res = Evaluate(u, untracked(opts))
		}
	}()
	e.topLevel(u.Statements)
	return e.result(u.Statements)
}

// untracked is opts without tracking: for a unit a tracked evaluation
// cannot take (a class declared by one statement and defined by another).
func untracked(opts Options) Options {
	opts.Track, opts.Replay = false, nil
	return opts
}

// Evaluation evaluates a unit's top-level statements one at a time, in
// order, as a tablegen.UnitStream hands them out: the evaluator holds no
// pointer into a statement once Statement returns, so a caller may drop
// each once it is evaluated, or recycle its nodes (UnitStream.Recycle).
type Evaluation struct{ e *evaluator }

// NewEvaluation starts the evaluation of a unit whose files are in set; it
// is not tracked (Options.Track and Replay are ignored).
func NewEvaluation(set *tablegen.SourceSet, opts Options) *Evaluation {
	return &Evaluation{newEvaluator(set, untracked(opts), nil, false, 0)}
}

// Statement evaluates the next top-level statement.
func (ev *Evaluation) Statement(s *tablegen.Statement) { ev.e.statement(s) }

// Defs returns the defs made so far, in order.
func (ev *Evaluation) Defs() []*Record { return ev.e.res.Defs }

// Class returns the class called name, or nil.
func (ev *Evaluation) Class(name string) *Record { return ev.e.classes.get(name) }

// Result ends the evaluation and returns its result.
func (ev *Evaluation) Result() *Result { return ev.e.result(nil) }

// newEvaluator starts an evaluation after cp (nil: from nothing);
// checkpoints says whether it will take checkpoints (see newLayer). stmts
// is how many top-level statements it is about to evaluate (0: unknown):
// its table of defs is made for one def each at once, where growing it one
// split at a time took a seventh of the evaluation of a file of a million
// defs.
func newEvaluator(set *tablegen.SourceSet, opts Options, cp *Checkpoint, checkpoints bool, stmts int) *evaluator {
	if opts.MaxInstantiationDepth == 0 {
		opts.MaxInstantiationDepth = 256
	}
	if opts.MaxLoopIterations == 0 {
		opts.MaxLoopIterations = 1 << 20
	}
	if opts.MaxRecords == 0 {
		opts.MaxRecords = 1 << 22
	}
	if cp == nil {
		cp = &Checkpoint{}
	}
	e := &evaluator{
		base: cp,
		opts: opts,
		set:  set,
		// Until result, res holds only what this evaluation adds.
		res:          &Result{Set: set},
		classes:      newLayer(cp.classes, checkpoints),
		defs:         newLayerFor(cp.defs, checkpoints, min(stmts, opts.MaxRecords)),
		multiclasses: newLayer(cp.multiclasses, checkpoints),
		globals:      newLayer(cp.globals, checkpoints),
		aliases:      newLayer(cp.aliases, checkpoints),
		varDefs:      newLayer(cp.varDefs, checkpoints),
		instances:    newLayer(cp.instances, checkpoints),
		poisoned:     newLayer(cp.poisoned, checkpoints),
		regexps:      map[string]*regexp.Regexp{},
		anonCounter:  cp.anonCounter,
		iterations:   cp.iterations,
		sorted:       cp.sorted,
		sortedN:      len(cp.sorted),
		defsBefore:   cp.nDefs,
	}
	// A checkpoint freezes the multiclasses and the inline instantiations
	// made since the last one.
	e.multiclasses.listFresh, e.varDefs.listFresh = true, true
	e.scope = &scope{kind: scopeLocal}
	if opts.Track || opts.Replay != nil || cp.tracked {
		e.startTracking(opts.Replay, cp.effSegs, cp.replayed)
	}
	return e
}

// result completes the Result with what the checkpoint holds; stmts are
// the unit's.
func (e *evaluator) result(stmts []*tablegen.Statement) *Result {
	b := e.base
	e.res.Classes = concat(b.classSegs, e.res.Classes)
	e.res.Defs = concat(b.defSegs, e.res.Defs)
	e.res.Diagnostics = concat(b.diagSegs, []tablegen.Diagnostic(e.res.Diagnostics))
	e.res.classByName = e.classes.untracked()
	e.res.defByName = e.defs.untracked()
	if e.trk != nil {
		e.res.Journal = e.trk.journal(stmts, e.opts.Weak)
	}
	return e.res
}

func concat[T any](segs [][]T, last []T) []T {
	if len(segs) == 0 {
		return last
	}
	n := len(last)
	for _, s := range segs {
		n += len(s)
	}
	out := make([]T, 0, n)
	for _, s := range segs {
		out = append(out, s...)
	}
	return append(out, last...)
}

func (e *evaluator) statements(stmts []*tablegen.Statement) {
	for _, s := range stmts {
		e.statement(s)
	}
}

// statement evaluates one statement; a failure inside it is reported and
// costs only this statement.
func (e *evaluator) statement(s *tablegen.Statement) {
	if s == nil {
		return
	}
	outer, outerFailed, outerUse := e.stmt, e.failed, e.use
	nLoops, mc, nLets, sc, nDefsets := len(e.loops), e.curMC, len(e.lets), e.scope, len(e.defsets)
	lent := e.resolvers.mark()
	e.stmt, e.failed, e.use = s.Range(), false, useSite{}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(fatalError); !ok {
				panic(r)
			}
			// Unwind what the abandoned statement had opened.
			e.loops, e.curMC, e.lets, e.scope, e.defsets = e.loops[:nLoops], mc, e.lets[:nLets], sc, e.defsets[:nDefsets]
			e.instDepth = 0
			e.resolvers.unwind(lent)
		}
		if e.failed {
			e.poison(s)
		}
		e.stmt, e.failed, e.use = outer, outerFailed, outerUse
	}()
	switch n := s.StatementNode().(type) {
	case *tablegen.Class:
		e.class(n)
	case *tablegen.Def:
		e.def(n)
	case *tablegen.Defm:
		e.defm(n)
	case *tablegen.Defvar:
		e.defvar(n, nil)
	case *tablegen.Deftype:
		e.deftype(n)
	case *tablegen.Assert:
		e.assertStmt(n, nil)
	case *tablegen.Dump:
		e.dumpStmt(n, nil)
	case *tablegen.Let:
		e.let(n)
	case *tablegen.Foreach:
		e.foreach(n)
	case *tablegen.If:
		e.ifStmt(n)
	case *tablegen.MultiClass:
		e.multiclass(n)
	case *tablegen.Defset:
		e.defset(n)
	}
}

// poison marks what the failed statement s was to define as failed: a def
// or a global defvar of a plain name (not in a multiclass or a loop, where
// names are made). A class marks itself (evaluator.class).
func (e *evaluator) poison(s *tablegen.Statement) {
	if e.curMC != nil || len(e.loops) > 0 {
		return
	}
	switch {
	case s.Def() != nil:
		if n := s.Def().Name; n != nil && n.Operand != nil && len(n.Pastes()) == 0 && len(n.Operand.Suffixes()) == 0 {
			if id := n.Operand.Simple.Ident(); id != nil {
				e.poisoned.set(id.Name, true)
			}
		}
	case s.Defvar() != nil:
		if e.scope.parent == nil {
			e.poisoned.set(s.Defvar().Name.Name, true)
		}
	}
}

// failAt reports an error after which LLVM abandons the statement; what the
// statement still makes is dropped.
func (e *evaluator) failAt(r tablegen.Range, code, msg string, related ...tablegen.Related) {
	e.failed = true
	e.nFailed++
	e.errorAt(r, code, msg, related...)
}

// errorAt reports an error after which LLVM goes on.
func (e *evaluator) errorAt(r tablegen.Range, code, msg string, related ...tablegen.Related) {
	r, related = e.place(r, related)
	e.res.Diagnostics = append(e.res.Diagnostics, tablegen.Diagnostic{
		Range: r, Severity: tablegen.SeverityError, Code: code, Message: msg, Related: related,
	})
}

// fatal reports what llvm-tblgen treats as fatal and abandons the statement.
func (e *evaluator) fatal(r tablegen.Range, msg string) {
	e.failAt(r, "eval-fatal", msg)
	panic(fatalError{})
}

func (e *evaluator) note(r tablegen.Range, code, msg string) {
	e.res.Diagnostics = append(e.res.Diagnostics, tablegen.Diagnostic{
		Range: r, Severity: tablegen.SeverityInfo, Code: code, Message: msg,
	})
}

func (e *evaluator) warn(r tablegen.Range, code, msg string) {
	r, related := e.place(r, nil)
	e.res.Diagnostics = append(e.res.Diagnostics, tablegen.Diagnostic{
		Range: r, Severity: tablegen.SeverityWarning, Code: code, Message: msg, Related: related,
	})
}

func (e *evaluator) newAnonymousName() *AnonymousNameInit {
	n := newAnonymousNameInit(e.anonCounter)
	e.anonCounter++
	return n
}

func (e *evaluator) pushScope(kind scopeKind) *scope {
	var s *scope
	if n := len(e.freeScopes); n > 0 {
		s = e.freeScopes[n-1]
		e.freeScopes = e.freeScopes[:n-1]
	} else {
		s = &scope{}
	}
	s.kind, s.parent = kind, e.scope
	e.scope = s
	return s
}

// popScope leaves s, which pushScope may hand out again: scopes nest, and
// nothing keeps one after it is left. (A scope left by a fatal error's
// unwinding, without popScope, is simply not reused.)
func (e *evaluator) popScope(s *scope) {
	e.scope = s.parent
	clear(s.vars)
	*s = scope{vars: s.vars}
	e.freeScopes = append(e.freeScopes, s)
}

// lookupVar finds a name in the local scopes (LLVM's TGVarScope::getVar).
func (e *evaluator) lookupVar(name string) Init {
	for s := e.scope; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v
		}
		switch s.kind {
		case scopeRecord:
			if s.rec == nil {
				break
			}
			if rv := s.rec.Field(name); rv != nil && !rv.TemplateArg {
				return &VarInit{Name: name, Ty: rv.Type}
			}
			if s.rec.IsClass {
				if v := e.argVar(s.rec, name, ":"); v != nil {
					return v
				}
			}
		case scopeLoop:
			if s.loop != nil && s.loop.iter != nil && s.loop.iter.Name == name {
				return s.loop.iter
			}
		case scopeMultiClass:
			if s.mc != nil {
				if v := e.argVar(s.mc.rec, name, "::"); v != nil {
					return v
				}
			}
		}
	}
	return nil
}

// argVar is the reference to rec's template argument name (qualified as
// rec's name, sep, name), or to rec's NAME.
func (e *evaluator) argVar(rec *Record, name, sep string) Init {
	prefix := rec.NameString()
	for i := range rec.Values {
		f := &rec.Values[i]
		if f.TemplateArg && len(f.Name) == len(prefix)+len(sep)+len(name) &&
			strings.HasPrefix(f.Name, prefix) && strings.HasSuffix(f.Name, name) && f.Name[len(prefix):len(prefix)+len(sep)] == sep {
			e.useArg(f.FieldDecl)
			return f.ref
		}
	}
	if name == "NAME" {
		return &VarInit{Name: prefix + sep + name, Ty: stringType}
	}
	return nil
}

// useArg notes that the definition being evaluated names its template
// argument a.
func (e *evaluator) useArg(a *FieldDecl) {
	for _, u := range e.argsUsed {
		if u == a {
			return
		}
	}
	e.argsUsed = append(e.argsUsed, a)
}

// warnUnusedArgs warns of each template argument of rec that its
// definition never named, as llvm-tblgen and mlir-tblgen 22 do by default
// once a class or multiclass is parsed (Record::checkUnusedTemplateArgs).
func (e *evaluator) warnUnusedArgs(rec *Record) {
	for i := range rec.Values {
		f := &rec.Values[i]
		if !f.TemplateArg || slices.Contains(e.argsUsed, f.FieldDecl) {
			continue
		}
		e.warn(f.Decl, "eval-unused-template-arg", "unused template argument: "+f.Name)
	}
}

// global finds a def or a global variable (LLVM's RecordKeeper::getGlobal).
func (e *evaluator) global(name string) Init {
	if d := e.defs.get(name); d != nil {
		return d.defInit()
	}
	return e.globals.get(name)
}

func (e *evaluator) sortedDefs() []*Record {
	if e.trk != nil && e.trk.cur != nil {
		e.trk.cur.allDefs = true
	}
	if n := e.defsBefore + len(e.res.Defs); e.sortedN != n {
		all := &Result{Defs: concat(e.base.defSegs, e.res.Defs)}
		e.sorted = all.SortedDefs()
		e.sortedN = n
	}
	return e.sorted
}

// addEntry files what a statement produced: into the innermost loop or
// multiclass being parsed, else it is instantiated now (LLVM's addEntry).
func (e *evaluator) addEntry(en entry) {
	if len(e.loops) > 0 {
		l := e.loops[len(e.loops)-1]
		l.entries = append(l.entries, en)
		return
	}
	if en.loop != nil {
		var dest *[]entry
		if e.curMC != nil {
			dest = &e.curMC.entries
		}
		e.resolveLoop(en.loop, nil, e.curMC == nil, dest, nil)
		return
	}
	if e.curMC != nil {
		e.curMC.entries = append(e.curMC.entries, en)
		return
	}
	switch {
	case en.assert != nil:
		e.checkAssert(en.assert)
	case en.dump != nil:
		e.emitDump(en.dump)
	default:
		e.addDef(en.rec)
	}
}

type subst struct {
	name string
	val  Init
}

// mapFor lends a map resolver of substs; give it back with doneMap.
func (e *evaluator) mapFor(substs []subst, rec *Record) *mapResolver {
	m := e.newMap(rec)
	for _, s := range substs {
		m.set(s.name, s.val)
	}
	return m
}

// resolveEntries instantiates entries with substitutions (LLVM's
// TGParser::resolve): into dest when given, else as defs.
func (e *evaluator) resolveEntries(src []entry, substs []subst, final bool, dest *[]entry, loc *tablegen.Range, via string) {
	for _, en := range src {
		switch {
		case en.loop != nil:
			e.resolveLoop(en.loop, substs, final, dest, loc)
		case en.assert != nil:
			m := e.mapFor(substs, nil)
			a := &assertion{rng: en.assert.rng, cond: en.assert.cond.resolve(m), msg: en.assert.msg.resolve(m)}
			e.doneMap(m)
			if dest != nil {
				*dest = append(*dest, entry{assert: a})
			} else {
				e.checkAssert(a)
			}
		case en.dump != nil:
			m := e.mapFor(substs, nil)
			d := &dumpEntry{rng: en.dump.rng, msg: en.dump.msg.resolve(m)}
			e.doneMap(m)
			if dest != nil {
				*dest = append(*dest, entry{dump: d})
			} else {
				e.emitDump(d)
			}
		default:
			rec := en.rec.clone()
			if loc != nil {
				rec.addLoc(*loc)
				rare := rec.rareFields()
				rare.chain = append(rare.chain, Instantiation{Via: via, Range: *loc})
			}
			outer := e.enterUse(e.recordUse(rec))
			m := e.mapFor(substs, rec)
			rec.resolveWith(e, m, -1)
			e.doneMap(m)
			e.use = outer
			if dest != nil {
				*dest = append(*dest, entry{rec: rec})
			} else {
				e.addDef(rec)
			}
		}
	}
}

func (e *evaluator) resolveLoop(l *foreachLoop, substs []subst, final bool, dest *[]entry, loc *tablegen.Range) {
	m := e.mapFor(substs, nil)
	list := l.list.resolve(m)
	if t, ok := list.(*TernOpInit); ok && t.Op == opIf && final {
		m.isFinal = true
		cond := t.LHS.resolve(m)
		if cond == t.LHS {
			e.doneMap(m)
			e.errorAt(l.rng, "eval-if-unresolved", "unable to resolve if condition '"+cond.String()+"' at end of containing scope")
			return
		}
		list = foldTernOp(e, &TernOpInit{Op: opIf, LHS: cond, MHS: t.MHS, RHS: t.RHS, Ty: t.Ty}, nil)
	}
	e.doneMap(m)
	li, ok := list.(*ListInit)
	if !ok {
		if !final && dest != nil {
			nl := &foreachLoop{rng: l.rng, iter: l.iter, list: list}
			*dest = append(*dest, entry{loop: nl})
			e.resolveEntries(l.entries, substs, final, &nl.entries, loc, "")
			return
		}
		e.errorAt(l.rng, "eval-foreach-list", "attempting to loop over '"+list.String()+"', expected a list")
		return
	}
	if e.iterations+len(li.Elems) > e.opts.MaxLoopIterations {
		e.fatal(l.rng, "foreach: more than "+itoa(int64(e.opts.MaxLoopIterations))+" iterations in total (runaway loop?)")
	}
	e.iterations += len(li.Elems)
	for _, x := range li.Elems {
		s := substs
		if l.iter != nil {
			s = append(substs[:len(substs):len(substs)], subst{l.iter.Name, x})
		}
		e.resolveEntries(l.entries, s, final, dest, loc, "")
	}
}

// addDef makes a record a def (LLVM's addDefOne).
func (e *evaluator) addDef(rec *Record) {
	if e.failed {
		return
	}
	var newName Init
	if prev := e.defs.get(rec.NameString()); prev != nil {
		if !rec.Anonymous {
			e.errorAt(rec.loc(), "eval-duplicate-def", "def already exists: "+rec.NameString(),
				tablegen.Related{Range: prev.loc(), Message: "location of previous definition"})
			return
		}
		newName = e.newAnonymousName()
	}
	rec.resolveSelf(e, newName)
	if newName != nil {
		rec.Name = stringInit(unquoted(newName))
	} else if a, ok := rec.Name.(*AnonymousNameInit); ok {
		rec.Name = stringInit(a.String())
	}
	e.checkConcrete(rec)
	if _, ok := rec.Name.(*StringInit); !ok {
		e.errorAt(rec.loc(), "eval-unresolved-name", "record name '"+rec.Name.String()+"' could not be fully resolved")
		return
	}
	e.checkRecordAsserts(rec)
	e.emitRecordDumps(rec)
	for _, ds := range e.defsets {
		if t := rec.defType(); !typeIsA(t, ds.elem) {
			e.errorAt(rec.loc(), "eval-defset-type", "adding record of incompatible type '"+t.String()+"' to defset")
			return
		}
		ds.elems = append(ds.elems, rec.defInit())
	}
	e.registerDef(rec)
}

func (e *evaluator) registerDef(rec *Record) {
	if e.defsBefore+len(e.res.Defs) >= e.opts.MaxRecords {
		e.fatal(rec.loc(), "too many records")
	}
	e.defs.set(rec.NameString(), rec)
	e.res.Defs = append(e.res.Defs, rec)
}

func (e *evaluator) checkConcrete(rec *Record) {
	for i := range rec.Values {
		rv := &rec.Values[i]
		if rv.IsField || rv.Value == nil {
			continue
		}
		ok := true
		if b, isBits := rv.Value.(*BitsInit); isBits {
			for _, bit := range b.Bits {
				ref := false
				if vb, isVB := bit.(*VarBitInit); isVB {
					if v, isVar := vb.V.(*VarInit); isVar && rec.Field(v.Name) != nil {
						ref = true
					}
				} else if _, isVar := bit.(*VarInit); isVar {
					ref = true
				}
				if !ref && !bit.IsConcrete() {
					ok = false
					break
				}
			}
		} else {
			ok = rv.Value.IsConcrete()
		}
		if !ok {
			e.errorAt(rec.loc(), "eval-unresolved", "Initializer of '"+rv.Name+"' in '"+rec.NameString()+"' could not be fully resolved: "+rv.Value.String())
		}
	}
}

func (e *evaluator) checkAssert(a *assertion) bool {
	c, ok := asInt(a.cond)
	if !ok {
		e.errorAt(a.rng, "eval-assert-type", "assert condition must of type bit, bits, or int.")
		return false
	}
	if c.V == 0 {
		msg := "(assert message is not a string)"
		if s, ok := a.msg.(*StringInit); ok {
			msg = s.V
		}
		e.errorAt(a.rng, "eval-assert", "assertion failed: "+msg)
		return false
	}
	return true
}

func (e *evaluator) checkRecordAsserts(rec *Record) {
	for _, a := range rec.asserts() {
		site, name := a.use, a.useName
		if !e.within(site) {
			site, name = e.recordUse(rec)
		}
		outer := e.enterUse(site, name)
		r := e.newRecordResolver(rec, nil)
		cond, msg := a.cond.resolve(r), a.msg.resolve(r)
		e.doneRecord(r)
		e.checkAssert(&assertion{rng: a.rng, cond: cond, msg: msg})
		e.use = outer
	}
}

func (e *evaluator) emitDump(d *dumpEntry) {
	s, ok := d.msg.(*StringInit)
	if !ok {
		// LLVM's dumpMessage reports it and goes on.
		e.errorAt(d.rng, "eval-type", "dump value is not of type string")
		return
	}
	e.note(d.rng, "eval-dump", s.V)
}

func (e *evaluator) emitRecordDumps(rec *Record) {
	for _, d := range rec.dumps() {
		r := e.newRecordResolver(rec, nil)
		msg := d.msg.resolve(r)
		e.doneRecord(r)
		e.emitDump(&dumpEntry{rng: d.rng, msg: msg})
	}
}

// varDef returns the unique inline instantiation of class with args; a new
// one keeps args.
func (e *evaluator) varDef(class *Record, args []ArgInit, loc, span tablegen.Range) *VarDefInit {
	if v := e.findVarDef(class, args); v != nil {
		return v
	}
	return e.addVarDef(class, args, loc, span)
}

// findVarDef returns the inline instantiation of class with args, or nil;
// it keeps nothing of args.
//
// The varDefs table holds an instantiation under a 64-bit hash of its key
// (appendInstKey, hashed with instKeySeed), not the key, which spells out every argument and is
// often longer than a hundred bytes. Two keys with one hash are told apart
// by comparing keys and take the next free slots (hash+1, ...), as in open
// addressing: nothing is ever removed from the table.
func (e *evaluator) findVarDef(class *Record, args []ArgInit) *VarDefInit {
	e.keyBuf = appendInstKey(e.keyBuf[:0], class, args)
	for slot := maphash.Bytes(instKeySeed, e.keyBuf); ; slot++ {
		binary.LittleEndian.PutUint64(e.slot[:], slot)
		v := e.varDefs.get(transientString(e.slot[:]))
		if v == nil {
			return nil // e.slot is where it goes
		}
		e.candBuf = appendInstKey(e.candBuf[:0], v.Class, v.Args)
		if bytes.Equal(e.candBuf, e.keyBuf) {
			return v
		}
	}
}

// instKeySeed seeds the hashes of instantiation keys. It is made once and
// never changes: every evaluation of the process hashes alike, as those
// resumed from one checkpoint share its tables.
var instKeySeed = maphash.MakeSeed()

// addVarDef makes the instantiation findVarDef just did not find, in the
// slot it stopped at.
func (e *evaluator) addVarDef(class *Record, args []ArgInit, loc, span tablegen.Range) *VarDefInit {
	v := &VarDefInit{Class: class, Args: args, Loc: loc, Span: span}
	e.varDefs.set(string(e.slot[:]), v)
	return v
}

// foldVarDef instantiates an inline instantiation whose arguments are known.
func (e *evaluator) foldVarDef(v *VarDefInit) Init {
	if d := e.instanceOf(v); d != nil {
		return d
	}
	tr := e.newTracker(nil)
	for _, a := range v.Args {
		a.Value.resolve(tr)
	}
	found := tr.found
	e.doneTracker(tr)
	if found {
		return v
	}
	return e.instantiate(v)
}

// instantiate makes the anonymous def of an inline class instantiation
// (LLVM's VarDefInit::instantiate).
func (e *evaluator) instantiate(v *VarDefInit) Init {
	if d := e.instanceOf(v); d != nil {
		return d
	}
	if e.instDepth >= e.opts.MaxInstantiationDepth {
		e.fatal(v.Loc, "class instantiation nested more than "+itoa(int64(e.opts.MaxInstantiationDepth))+" deep (infinite recursion?)")
	}
	e.instDepth++
	outer := e.enterUse(v.Loc, v.Class.NameString())
	defer func() { e.instDepth--; e.use = outer }()
	class := v.Class
	decl := v.Loc
	if v.Span.Start.IsValid() {
		decl = v.Span
	}
	rec := &Record{Name: e.newAnonymousName(), firstLoc: v.Loc, Anonymous: true, Decl: decl}
	// The class's fields but its template arguments, which go to m.
	n := 0
	for i := range class.Values {
		if !class.Values[i].TemplateArg {
			n++
		}
	}
	rec.Values = make([]RecordVal, 0, n)
	for _, f := range class.Values {
		if !f.TemplateArg {
			rec.Values = append(rec.Values, f)
		}
	}
	rec.copyChecks(class)
	m := e.newMap(rec)
	for _, a := range class.TemplateArgs() {
		if rv := class.Field(a); rv != nil {
			m.set(a, rv.Value)
		}
	}
	for _, a := range v.Args {
		if a.Index >= 0 && int(a.Index) < len(class.TemplateArgs()) {
			m.set(class.TemplateArgs()[a.Index], a.Value)
		}
	}
	rec.resolveWith(e, m, -1)
	e.doneMap(m)
	rec.Supers = append(append(make([]SuperRef, 0, len(class.Supers)+1), class.Supers...), SuperRef{Class: class, Range: v.Loc})
	rec.resolveSelf(e, nil)
	if a, ok := rec.Name.(*AnonymousNameInit); ok {
		rec.Name = stringInit(a.String())
	}
	e.registerDef(rec)
	d := rec.defInit()
	if v.frozen {
		e.instances.set(v, d)
	} else {
		v.def = d
	}
	e.checkRecordAsserts(rec)
	e.emitRecordDumps(rec)
	return d
}

// instanceOf is the def made for v, or nil while v is uninstantiated.
func (e *evaluator) instanceOf(v *VarDefInit) *DefInit {
	if v.def != nil || !v.frozen {
		return v.def
	}
	return e.instances.get(v)
}
