package analysis

import (
	"context"
	"path/filepath"
	"strings"

	"tdls/tablegen"
)

// buildUnit assembles and parses the unit rooted at root.
func (s *Snapshot) buildUnit(ctx context.Context, root string) (u *Unit, err error) {
	root = filepath.Clean(root)
	content, hash, err := s.readFile(root)
	if err != nil {
		return nil, err
	}
	w := s.w
	lay := w.layout
	lay.mu.Lock()
	defer lay.mu.Unlock()
	defer func() {
		if err != nil && ctx.Err() != nil {
			w.rewindRoot(root) // before the next build, which waits for lay.mu
		}
	}()

	if prev := w.previousRoot(root); prev != nil && prev.lex.hash != hash {
		w.evals.superseded(root, prev, commonPrefix(prev.src, content))
	}
	a := &assembly{
		ctx: ctx, root: root, w: w, snap: s, lay: lay,
		hashes:  map[string]uint64{},
		macros:  map[string]bool{},
		files:   map[string]placedFile{},
		entries: map[string]*fileEntry{},
	}
	a.loader = &tablegen.EditorLoader{IncludeDirs: s.includeDirs(root), ReadFile: a.read}
	a.dirs = strings.Join(a.loader.IncludeDirs, "\x00")
	for _, d := range s.cfg.Defines {
		a.macros[d] = true
	}
	if err := a.file(root, content, hash, -1); err != nil {
		return nil, err
	}
	if a.inexact {
		return s.fullUnit(root, content, a.loader), nil
	}
	placed := mapValues(a.files)
	set, byPath := buildSet(placed)
	a.hashes[root] = hash
	tg := &tablegen.Unit{Set: set, Root: byPath[root], Lex: &tablegen.LexResult{Macros: a.macros}}
	rootEntry := a.entries[root]
	parts := unitParts{root: root, tg: tg, files: byPath, runs: a.runs, eof: rootEntry.eof,
		contentKey: unitKey(root, s.cfg.Defines, placed, a.hashes), caches: w.evals, pipeline: s.pipelineFor(root)}
	seenFile := map[string]bool{}
	tg.Lex.Files = append(tg.Lex.Files, byPath[root])
	seenFile[root] = true
	for _, ir := range a.incs {
		inc := ir.inc
		inc.From = byPath[ir.from]
		if ir.to != "" {
			inc.File = byPath[ir.to]
			if !seenFile[ir.to] {
				seenFile[ir.to] = true
				tg.Lex.Files = append(tg.Lex.Files, inc.File)
			}
		}
		tg.Lex.Includes = append(tg.Lex.Includes, inc)
		parts.parents = append(parts.parents, ir.parent)
	}
	tg.Lex.Diags = dedupe(a.diags)

	// Parse each file on its own (cached), then splice the statements in
	// include order; valid when every include sits between statements.
	// A build the next edit superseded stops here, before the parse that
	// takes over the statements of the root's previous version, and
	// between files.
	prevRoot := w.previousRoot(root)
	parses := map[*fileEntry]*fileParse{}
	spliceable := true
	for _, e := range orderedEntries(a.runs) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var prev *fileEntry
		var release func() func()
		if e == rootEntry {
			prev, prevRoot = prevRoot, nil
			release = func() func() {
				w.forgetRoot(root) // its syntax, while the new one is made
				return w.replacingSyntax(e.tokens.Len())
			}
		}
		before := e.parsedIfDone() != nil
		p, err := e.parse(ctx, set, prev, release)
		if err != nil {
			return nil, err
		}
		if !before {
			parts.reparsed += p.reparsed
		}
		parses[e] = p
		if p.splitAt || (p.openEnd && e != rootEntry) {
			spliceable = false
		}
	}
	w.rememberRoot(root, rootEntry)
	for _, e := range orderedEntries(a.runs) {
		if e != rootEntry && s.Overlay(e.path) != nil {
			// An open file edited as part of another root's unit (a fragment
			// in its includer's context): its older versions go too.
			w.forgetOtherVersions(e.path, e.lex)
		}
	}
	if spliceable {
		tg.Statements = spliceStatements(a.runs, parses)
		var pd tablegen.Diagnostics
		for _, e := range orderedEntries(a.runs) {
			pd = append(pd, parses[e].diags...)
		}
		tg.Diags = append(append(tablegen.Diagnostics{}, tg.Lex.Diags...), pd...)
	} else {
		toks := joinRuns(a.runs, rootEntry.eof)
		res := tablegen.Parse(set, toks)
		tg.Lex.Tokens = toks
		parts.fullParse, parts.reparsed = true, len(toks)
		tg.Statements = res.Statements
		tg.Diags = append(append(tablegen.Diagnostics{}, tg.Lex.Diags...), res.Diags...)
	}
	return newUnit(parts), nil
}

// fullUnit parses root with tablegen's own include splicing, without caches.
func (s *Snapshot) fullUnit(root string, content []byte, loader tablegen.Loader) *Unit {
	set := tablegen.NewSourceSet()
	f := set.AddFile(root, content)
	tg := tablegen.ParseUnit(set, f, tablegen.LexOptions{Loader: loader, Defines: s.cfg.Defines})
	parts := unitParts{root: root, tg: tg, files: map[string]*tablegen.File{}, fullParse: true, reparsed: len(tg.Lex.Tokens),
		caches: s.w.evals, pipeline: s.pipelineFor(root)}
	for _, fl := range tg.Lex.Files {
		if _, ok := parts.files[filepath.Clean(fl.Name)]; !ok {
			parts.files[filepath.Clean(fl.Name)] = fl
		}
	}
	index := map[*tablegen.File]int{}
	for i, inc := range tg.Lex.Includes {
		p := -1
		if j, ok := index[inc.From]; ok {
			p = j
		}
		parts.parents = append(parts.parents, p)
		if inc.File != nil {
			index[inc.File] = i
		}
	}
	return newUnit(parts)
}

func orderedEntries(runs []tokenRun) []*fileEntry {
	seen := map[*fileEntry]bool{}
	var out []*fileEntry
	for _, r := range runs {
		if !seen[r.e] {
			seen[r.e] = true
			out = append(out, r.e)
		}
	}
	return out
}

func mapValues(m map[string]placedFile) []placedFile {
	out := make([]placedFile, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

func dedupe(ds tablegen.Diagnostics) tablegen.Diagnostics {
	type key struct {
		r    tablegen.Range
		code string
		msg  string
	}
	seen := map[key]bool{}
	out := ds[:0:0]
	for _, d := range ds {
		k := key{d.Range, d.Code, d.Message}
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

// spliceStatements lists the statements of the runs' files in the order of
// the runs (spliceable units: every include sits between statements). A
// unit of one run over all of its file's statements shares the file's
// list; otherwise the list is made at its size, not grown (a million
// statements held twice while it grew).
func spliceStatements(runs []tokenRun, parses map[*fileEntry]*fileParse) []*tablegen.Statement {
	in := func(r tokenRun, p *fileParse, i int) bool {
		t := int(p.stmtTok[i])
		return t >= r.lo && t < r.hi
	}
	n := 0
	for _, r := range runs {
		p := parses[r.e]
		for i := range p.stmts {
			if in(r, p, i) {
				n++
			}
		}
	}
	if len(runs) == 1 {
		if p := parses[runs[0].e]; n == len(p.stmts) {
			return p.stmts[:n:n]
		}
	}
	out := make([]*tablegen.Statement, 0, n)
	for _, r := range runs {
		p := parses[r.e]
		for i, st := range p.stmts {
			if in(r, p, i) {
				out = append(out, st)
			}
		}
	}
	return out
}
