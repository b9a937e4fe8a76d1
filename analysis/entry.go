package analysis

import (
	"context"
	"sort"
	"sync"

	"tdls/tablegen"
)

// fileEntry is a fileLex placed at a base: absolute tokens and diagnostics,
// and the file's own statements, parsed once. Entries are shared by every
// unit whose layout puts the file at the same base.
type fileEntry struct {
	path   string
	lex    *fileLex
	base   tablegen.Pos
	eof    tablegen.Pos // position just past the content
	src    []byte
	tokens tablegen.TokenList // without the final EOF
	diags  tablegen.Diagnostics

	parseMu sync.Mutex
	parsed  *fileParse // set once, by parse
}

// fileParse is the syntax of one file's own tokens.
type fileParse struct {
	stmts    []*tablegen.Statement
	stmtTok  []int32 // index in tokens of each statement's first token
	diags    tablegen.Diagnostics
	passes   []passRecord // nil when they cannot be taken over (deep nesting)
	openEnd  bool         // a statement or an error recovery runs into the end of the file
	splitAt  bool         // an include sits inside a statement or an error recovery
	reused   int          // statements taken over from the previous version (incremental)
	reparsed int          // tokens parsed anew
}

func shiftRange(r tablegen.Range, d tablegen.Pos) tablegen.Range {
	if r.Start.IsValid() {
		r.Start += d
	}
	if r.End.IsValid() {
		r.End += d
	}
	return r
}

func shiftDiags(ds tablegen.Diagnostics, d tablegen.Pos) tablegen.Diagnostics {
	out := make(tablegen.Diagnostics, len(ds))
	for i, x := range ds {
		x.Range = shiftRange(x.Range, d)
		if len(x.Related) > 0 {
			rel := make([]tablegen.Related, len(x.Related))
			for j, r := range x.Related {
				r.Range = shiftRange(r.Range, d)
				rel[j] = r
			}
			x.Related = rel
		}
		out[i] = x
	}
	return out
}

func newFileEntry(path string, fl *fileLex, base tablegen.Pos, src []byte) *fileEntry {
	d := base - fl.base
	e := &fileEntry{path: path, lex: fl, base: base, eof: base + tablegen.Pos(len(src)), src: src}
	// The tokens' offsets are relative to the file: the entries of a lexing
	// at any base share them.
	e.tokens = fl.tokens.Rebase(base)
	e.diags = fl.diags
	if d != 0 {
		e.diags = shiftDiags(fl.diags, d)
	}
	return e
}

// tokensToEOF returns the file's tokens and the lexer's EOF token at its
// end, as the parser takes them.
func (e *fileEntry) tokensToEOF() tablegen.TokenList {
	return e.lex.lexed.Tokens.Rebase(e.base)
}

// sitePos is where include site k splices in, as a position.
func (e *fileEntry) sitePos(k int) tablegen.Pos {
	at := e.lex.includes[k].at
	if at < e.tokens.Len() {
		return e.tokens.Pos(at)
	}
	return e.eof
}

// parse parses the file's own tokens (set must hold the file at its base),
// reusing prev, an entry of an earlier version of the same file at the same
// base, where the tokens are unchanged. Taking over prev's statements copies
// every one after the edit (a GB on a 50 MB file), so that, and a parse of
// the whole file, stop when ctx ends: nothing is kept then, and the next
// caller parses again. When prev
// turns out of no use, release (if not nil) is called before the file is
// parsed whole, to let go of what holds it; the function it returns (if
// not nil) is called when that parse ends.
func (e *fileEntry) parse(ctx context.Context, set *tablegen.SourceSet, prev *fileEntry, release func() (parsed func())) (*fileParse, error) {
	e.parseMu.Lock()
	defer e.parseMu.Unlock()
	if e.parsed != nil {
		return e.parsed, nil
	}
	var p *fileParse
	if prev != nil && prev != e && prev.base == e.base {
		var err error
		if p, err = reparse(ctx, set, prev, e); err != nil {
			return nil, err
		}
	}
	if p == nil {
		if prev != nil && release != nil {
			prev = nil
			if parsed := release(); parsed != nil {
				defer parsed()
			}
		}
		res, ok := tablegen.ParseListOrStop(set, e.tokensToEOF(), func() bool { return ctx.Err() != nil })
		if !ok {
			return nil, ctx.Err()
		}
		p = &fileParse{stmts: res.Statements, diags: res.Diags, reparsed: e.tokens.Len()}
		if !res.Deep {
			p.passes = recordPasses(res.Passes)
		}
	}
	p.stmtTok = make([]int32, len(p.stmts))
	at := 0 // statements come in order, each found from the last
	for i, st := range p.stmts {
		start := st.Range().Start
		if at > 0 && e.tokens.Pos(at-1) >= start {
			at = 0 // not in order: a statement recovered from an error
		}
		at = e.tokens.SearchFrom(at, start)
		p.stmtTok[i] = int32(at)
	}
	p.openEnd, p.splitAt = spliceHazards(e, p)
	e.parsed = p
	return p, nil
}

// parsedIfDone is the file's parse if one has finished.
func (e *fileEntry) parsedIfDone() *fileParse {
	e.parseMu.Lock()
	defer e.parseMu.Unlock()
	return e.parsed
}

// entryCache holds placed entries by (lex, base).
type entryCache struct {
	mu      sync.Mutex
	entries map[entryKey]*fileEntry
}

type entryKey struct {
	lex  *fileLex
	base tablegen.Pos
}

func newEntryCache() *entryCache { return &entryCache{entries: map[entryKey]*fileEntry{}} }

func (c *entryCache) get(path string, fl *fileLex, base tablegen.Pos, src []byte) *fileEntry {
	k := entryKey{fl, base}
	c.mu.Lock()
	e, ok := c.entries[k]
	c.mu.Unlock()
	if ok {
		return e
	}
	e = newFileEntry(path, fl, base, src)
	c.mu.Lock()
	if old, ok := c.entries[k]; ok {
		e = old
	} else {
		// As lexCache.get: the entries of the path's earlier versions
		// (under the same macros) go.
		for k2, e2 := range c.entries {
			if e2.path == path && k2.lex.macros == fl.macros && k2.lex.hash != fl.hash {
				delete(c.entries, k2)
			}
		}
		c.entries[k] = e
	}
	c.mu.Unlock()
	return e
}

// drop forgets entries of path built from other contents than the one
// whose hash is keep.
func (c *entryCache) drop(path string, keep uint64) {
	c.mu.Lock()
	for k, e := range c.entries {
		if e.path == path && k.lex.hash != keep {
			delete(c.entries, k)
		}
	}
	c.mu.Unlock()
}

// spliceHazards tells whether the file's own parse may differ from its part
// of the parse of the unit's spliced token stream: when a statement or the
// recovery after a syntax error spans an include site (the included tokens
// would be inside it), or runs to the end of the file (into the includer's
// tokens).
func spliceHazards(e *fileEntry, p *fileParse) (openEnd, splitAt bool) {
	var errs []tablegen.Pos
	for _, d := range p.diags {
		errs = append(errs, d.Range.Start)
	}
	for _, d := range e.diags {
		errs = append(errs, d.Range.Start)
	}
	sort.Slice(errs, func(i, j int) bool { return errs[i] < errs[j] })
	lastEnd := e.base
	if n := len(p.stmts); n > 0 {
		lastEnd = p.stmts[n-1].Range().End
	}
	if n := len(errs); n > 0 && errs[n-1] >= lastEnd {
		openEnd = true
	}
	for k := range e.lex.includes {
		at := e.sitePos(k)
		i := sort.Search(len(p.stmts), func(i int) bool { return p.stmts[i].Range().End > at })
		if i < len(p.stmts) && p.stmts[i].Range().Start < at {
			return openEnd, true // inside statement i
		}
		// The last error at or before the site must be followed by a
		// statement that starts before the site: then recovery ended there.
		j := sort.Search(len(errs), func(j int) bool { return errs[j] > at }) - 1
		if j < 0 {
			continue
		}
		if errs[j] == at {
			return openEnd, true
		}
		s := sort.Search(len(p.stmts), func(i int) bool { return p.stmts[i].Range().Start > errs[j] })
		if s >= len(p.stmts) || p.stmts[s].Range().Start > at {
			return openEnd, true
		}
	}
	return openEnd, false
}
