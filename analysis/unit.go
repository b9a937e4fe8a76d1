package analysis

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"weak"

	"tdls/tablegen"
)

// Unit is one analysed translation unit: a root file and its include
// closure, parsed. It is immutable and belongs to one snapshot. Every unit
// is made by newUnit, so readers find the same things in each: the token
// stream as runs of per-file tokens, include records, statements.
type Unit struct {
	Root string // path of the root file
	// TG is the parsed unit: includes, statements, diagnostics. Its
	// Lex.Tokens is left empty when the unit was spliced from cached files
	// (copying every token of the closure on each keystroke is the largest
	// cost of an edit); Tokens returns the stream.
	TG    *tablegen.Unit
	Files map[string]*tablegen.File
	// Parents[i] is the index in TG.Lex.Includes of the include through
	// which the file holding include i was reached; -1 when it is the root.
	Parents []int
	// FullParse reports that the per-file caches could not be used (an
	// include inside a statement, or macros crossing files) and the unit was
	// parsed as one token stream.
	FullParse bool
	// Reparsed counts the tokens parsed for this unit; the rest came from
	// caches. Tests and benchmarks read it.
	Reparsed int

	runs []tokenRun // the token stream, as runs of per-file tokens
	eof  tablegen.Pos
	// weak are weak pointers to TG.Statements (resumeCache.weakStatements).
	weak       once[[]weak.Pointer[tablegen.Statement]]
	tokens     once[[]tablegen.Token]
	statements once[map[*tablegen.File][]*tablegen.Statement]

	// contentKey identifies the unit's content for the evaluation caches
	// (0: its evaluation is not cached, nor resumed).
	contentKey uint64
	caches     *evalCaches // nil: nothing is cached (index units)
	pipeline   Pipeline
	evalMu     sync.Mutex
	eval       *evaluation

	// Memos of what the unit's readers compute once.
	views onceMap[string, *FileView]
	refs  jobMap[string, *fileRefs]
	decls once[*globals]
	names onceMap[bool, []DeclaredName]
	// cppRequirements is what the unit requires of C++ (cpprequire.go).
	cppRequirements once[*cppRequirements]
	// cppReqs are its requirements matched to an index (CppRequirements).
	cppReqs cppRequirementsMemo
}

// unitParts is what an assembly of a unit hands to newUnit.
type unitParts struct {
	root    string
	tg      *tablegen.Unit
	files   map[string]*tablegen.File
	parents []int
	// runs and eof give the token stream; the runs of a unit parsed as one
	// stream are made from tg.Lex.Tokens.
	runs []tokenRun
	eof  tablegen.Pos
	// fullParse and reparsed are Unit's FullParse and Reparsed.
	fullParse bool
	reparsed  int
	// contentKey, caches and pipeline: see Unit.
	contentKey uint64
	caches     *evalCaches
	pipeline   Pipeline
}

// newUnit is the one way a Unit is made.
func newUnit(p unitParts) *Unit {
	tg := p.tg
	if tg.Lex == nil {
		tg.Lex = &tablegen.LexResult{}
	}
	u := &Unit{Root: p.root, TG: tg, Files: p.files, Parents: p.parents, FullParse: p.fullParse, Reparsed: p.reparsed,
		runs: p.runs, eof: p.eof, contentKey: p.contentKey, caches: p.caches, pipeline: p.pipeline}
	if u.runs == nil && len(tg.Lex.Tokens) > 0 {
		u.runs, u.eof = streamRuns(tg.Set, tg.Lex.Tokens)
	}
	return u
}

// streamRuns cuts a unit's token stream (ending with EOF) into runs of
// tokens of one file, each file's tokens gathered in a list of its own.
func streamRuns(set *tablegen.SourceSet, toks []tablegen.Token) ([]tokenRun, tablegen.Pos) {
	n := len(toks)
	if n > 0 && toks[n-1].Kind == tablegen.TokEOF {
		n--
	}
	var runs []tokenRun
	entries := map[*tablegen.File]*fileEntry{}
	for i := 0; i < n; {
		f := set.File(toks[i].Pos)
		j := i + 1
		for j < n && f != nil && f.Contains(toks[j].Pos) {
			j++
		}
		if f != nil {
			e := entries[f]
			if e == nil {
				e = &fileEntry{path: f.Name, tokens: tablegen.NewTokenList(f.Text(), f.Base, 0)}
				entries[f] = e
			}
			lo := e.tokens.Len()
			for _, t := range toks[i:j] {
				e.tokens.Append(t)
			}
			runs = append(runs, tokenRun{e, lo, e.tokens.Len()})
		}
		i = j
	}
	var eof tablegen.Pos
	if len(toks) > 0 {
		eof = toks[len(toks)-1].Pos
	}
	return runs, eof
}

// Tokens returns the unit's token stream, ending with EOF.
func (u *Unit) Tokens() []tablegen.Token {
	return u.tokens.get(func() []tablegen.Token {
		if u.TG.Lex.Tokens != nil {
			return u.TG.Lex.Tokens
		}
		return joinRuns(u.runs, u.eof)
	})
}

// joinRuns copies runs into one token stream ending with EOF at eof.
func joinRuns(runs []tokenRun, eof tablegen.Pos) []tablegen.Token {
	n := 1
	for _, r := range runs {
		n += r.hi - r.lo
	}
	toks := make([]tablegen.Token, 0, n)
	for _, r := range runs {
		for i := r.lo; i < r.hi; i++ {
			toks = append(toks, r.e.tokens.At(i))
		}
	}
	return append(toks, tablegen.Token{Kind: tablegen.TokEOF, Pos: eof})
}

// statementsOf returns the top-level statements written in f.
func (u *Unit) statementsOf(f *tablegen.File) []*tablegen.Statement {
	return u.statements.get(func() map[*tablegen.File][]*tablegen.Statement {
		// Counted first, and a file holding every statement shares the
		// unit's list: appended one by one, a file of a million
		// statements held two to three lists of them at once.
		stmts := u.TG.Statements
		files := make([]*tablegen.File, len(stmts))
		count := map[*tablegen.File]int{}
		for i, st := range stmts {
			if sf := u.TG.Set.File(st.Range().Start); sf != nil {
				files[i] = sf
				count[sf]++
			}
		}
		by := make(map[*tablegen.File][]*tablegen.Statement, len(count))
		for sf, n := range count {
			if n == len(stmts) {
				by[sf] = stmts[:n:n]
				return by
			}
			by[sf] = make([]*tablegen.Statement, 0, n)
		}
		for i, st := range stmts {
			if sf := files[i]; sf != nil {
				by[sf] = append(by[sf], st)
			}
		}
		return by
	})[f]
}

// File returns the unit's File for path, or nil.
func (u *Unit) File(path string) *tablegen.File { return u.Files[filepath.Clean(path)] }

// Closure reports whether path is part of the unit.
func (u *Unit) Closure(path string) bool { return u.Files[filepath.Clean(path)] != nil }

const maxIncludeDepth = 128

// assembly builds one unit from cached per-file work.
type assembly struct {
	ctx     context.Context
	root    string
	w       *Workspace
	snap    *Snapshot
	lay     *layout
	loader  *tablegen.EditorLoader
	dirs    string // the loader's include directories, as a key of Workspace.searches
	hashes  map[string]uint64
	macros  map[string]bool
	stack   []tablegen.IncludeFrame
	files   map[string]placedFile
	entries map[string]*fileEntry // the entry of each path (root's is the newest)
	runs    []tokenRun
	incs    []includeRec
	diags   tablegen.Diagnostics
	inexact bool
}

// tokenRun is tokens [lo, hi) of one entry, in unit order.
type tokenRun struct {
	e      *fileEntry
	lo, hi int
}

type includeRec struct {
	inc      tablegen.Include
	from, to string
	parent   int
}

func (a *assembly) read(path string) ([]byte, error) {
	b, h, err := a.snap.readFile(path)
	if err == nil {
		a.hashes[filepath.Clean(path)] = h
	}
	return b, err
}

// include resolves name, written in from, as the loader does. The
// candidate paths of each include are kept on the workspace, clean (a unit
// has a hundred includes or more, each tried in several directories, and
// an edit assembles it anew).
func (a *assembly) include(name, from string) (string, []byte, error) {
	p, data, err := a.search(name, from)
	if err == nil || tablegen.IncludeErrorCode(err) != "include-not-found" {
		return p, data, err
	}
	if d := a.snap.inferDir(a.root, name, from, a.loader.IncludeDirs); d != "" {
		// Applied to the rest of the unit, and to its next assembly.
		a.loader.IncludeDirs = append(a.loader.IncludeDirs, d)
		a.dirs = strings.Join(a.loader.IncludeDirs, "\x00")
		a.w.rememberDirs(a.root, d)
		return a.search(name, from)
	}
	if hint := a.snap.notFoundHint(name, from); hint != "" {
		err = hintedError{err, hint}
	}
	return p, data, err
}

// search resolves name through the loader's directories.
func (a *assembly) search(name, from string) (string, []byte, error) {
	k := searchKey{dirs: a.dirs, from: from, name: name}
	cands, ok := a.w.searches.get(k)
	if !ok {
		cands = a.loader.Candidates(name, from)
		for i, c := range cands {
			cands[i] = filepath.Clean(c)
		}
		cands = a.w.searches.add(k, cands)
	}
	return tablegen.IncludeFirst(name, cands, func(path string) ([]byte, error) {
		b, h, err := a.snap.readCleanFile(path)
		if err == nil {
			a.hashes[path] = h
		}
		return b, err
	})
}

// searchKey is an include as written and where, under an include path.
type searchKey struct{ dirs, from, name string }

func (a *assembly) file(path string, content []byte, hash uint64, parent int) error {
	if err := a.ctx.Err(); err != nil {
		return err
	}
	base, err := a.lay.place(path, len(content))
	if err != nil {
		return err
	}
	fl, dirs := a.w.lexes.get(path, content, hash, a.macros, base)
	e := a.w.entries.get(path, fl, base, content)
	a.files[path] = placedFile{path: path, content: content, base: base}
	if _, seen := a.entries[path]; !seen {
		a.entries[path] = e
	}
	a.diags = append(a.diags, e.diags...)
	a.stack = append(a.stack, tablegen.IncludeFrame{Path: path, Macros: len(a.macros)})
	defer func() { a.stack = a.stack[:len(a.stack)-1] }()

	prev := 0
	for k, site := range fl.includes {
		a.runs = append(a.runs, tokenRun{e, prev, site.at})
		prev = site.at
		for _, d := range site.definesBefore {
			a.macros[d] = true
		}
		d := base - fl.base
		idx := len(a.incs)
		a.incs = append(a.incs, includeRec{
			inc:    tablegen.Include{Range: shiftRange(site.rng, d), NameRng: shiftRange(site.nameRng, d), Name: site.name},
			from:   path,
			parent: parent,
		})
		nameRng := a.incs[idx].inc.NameRng
		rpath, rcontent, err := a.include(site.name, path)
		if err != nil {
			a.diags = append(a.diags, tablegen.Diagnostic{Range: nameRng, Severity: tablegen.SeverityError, Code: tablegen.IncludeErrorCode(err), Message: err.Error()})
			continue
		}
		rpath = filepath.Clean(rpath)
		if cyc := tablegen.IncludeRecursion(a.stack, rpath, len(a.macros)); cyc != "" {
			a.diags = append(a.diags, tablegen.Diagnostic{Range: nameRng, Severity: tablegen.SeverityError, Code: "include-cycle", Message: tablegen.IncludeCycleMessage(cyc)})
			continue
		}
		if len(a.stack) >= maxIncludeDepth {
			a.diags = append(a.diags, tablegen.Diagnostic{Range: nameRng, Severity: tablegen.SeverityError, Code: "include-depth",
				Message: fmt.Sprintf("includes nested deeper than %d", maxIncludeDepth)})
			continue
		}
		a.incs[idx].to = rpath
		before := make([]bool, len(dirs.tested))
		for i, t := range dirs.tested {
			before[i] = a.macros[t]
		}
		if err := a.file(rpath, rcontent, a.hashes[rpath], idx); err != nil {
			return err
		}
		// A macro this file tests, newly defined by the included subtree,
		// would change how the rest of this file lexes: the cached lexing
		// of this file alone no longer applies.
		for i, t := range dirs.tested {
			if a.macros[t] && !before[i] {
				a.inexact = true
			}
		}
		_ = k
	}
	a.runs = append(a.runs, tokenRun{e, prev, e.tokens.Len()})
	for _, d := range fl.defines {
		a.macros[d] = true
	}
	return nil
}
