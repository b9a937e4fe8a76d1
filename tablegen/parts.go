package tablegen

import (
	"runtime"
	"sort"
	"sync"
)

// A large file's tokens are parsed in parts, one per core, each from a
// token that looks like the start of a top-level statement. A look is a
// guess (a `def` at the start of a line may sit in a `let ... in {` block),
// so no part is trusted for where it starts: the parts are joined in order,
// and part k is taken from the first of its passes that starts where the
// parse before it ended. A pass depends only on the tokens it looked at
// (Pass), so a pass that starts there is the pass a parse of the whole
// list makes there, and so is every pass after it. When none of part k's
// passes starts there (the guess fell inside a statement, and its parse
// never met the real boundaries again), the tokens are parsed on from
// there until a pass of part k does start, or past the part's end. The
// result is the whole parse's, pass for pass.

// partTokens is the fewest tokens a part is given: below it a goroutine
// and a join cost more than the part's parse (a million tokens parse in
// about 100 ms).
const partTokens = 1 << 18

// partsFor is how many parts a list of n tokens is parsed in.
func partsFor(n int) int {
	return max(1, min(runtime.GOMAXPROCS(0), n/partTokens))
}

// partStarts returns where each part starts: 0, then for each further
// part the first token at or after its share of the list that begins a
// line with a statement keyword.
func partStarts(l TokenList, parts int) []int {
	starts := []int{0}
	n := l.Len()
	for k := 1; k < parts; k++ {
		i := max(k*n/parts, starts[len(starts)-1]+1)
		for i < n-1 && !startsLineStatement(l, i) {
			i++
		}
		if i >= n-1 {
			break
		}
		starts = append(starts, i)
	}
	return starts
}

// startsLineStatement reports whether token i is a keyword that begins a
// statement, first on its line.
func startsLineStatement(l TokenList, i int) bool {
	if !startsStatement(l.Kind(i)) {
		return false
	}
	off := l.offs[i]
	return off == 0 || l.text[off-1] == '\n'
}

// part is the parse of tokens from one start: its statements, and its
// passes as the parser marks them (token indices relative to from).
type part struct {
	from  int // the index of its first token
	end   int // the index at which it stopped
	stmts []*Statement
	marks []passMark
	diags Diagnostics
	ok    bool // false when stop ended it
}

// parsePart parses l's tokens from index from at top level, up to the
// first statement boundary i after from for which until(i) holds (i is an
// index of l), or the end.
func parsePart(set *SourceSet, l TokenList, from int, until func(i int) bool, stop func() bool) part {
	p := &stmtParser{set: set, tlist: l.Slice(from, l.Len()), listed: true}
	stopped, n := false, 0
	p.stop = func(i int) bool {
		if until(from + i) {
			return true
		}
		if n++; n%stopCheckEvery == 0 && stop() {
			stopped = true
		}
		return stopped
	}
	stmts := p.list(false)
	return part{from: from, end: from + p.i, stmts: stmts, marks: p.passes, diags: p.diags, ok: !stopped}
}

// parseInParts parses l (which ends with its EOF token) as ParseListOrStop
// does, in parts that start at starts (starts[0] is 0), concurrently.
func parseInParts(set *SourceSet, l TokenList, starts []int, stop func() bool) (*ParseResult, bool) {
	parts := make([]part, len(starts))
	var wg sync.WaitGroup
	for k, from := range starts {
		next := l.Len()
		if k+1 < len(starts) {
			next = starts[k+1]
		}
		wg.Go(func() {
			parts[k] = parsePart(set, l, from, func(i int) bool { return i >= next }, stop)
		})
	}
	wg.Wait()

	passes, stmts := 0, 0
	for _, pt := range parts {
		passes, stmts = passes+len(pt.marks), stmts+len(pt.stmts)
	}
	res := &ParseResult{Diags: BangDiagnosticsIn(l), Passes: make([]Pass, 0, passes), Statements: make([]*Statement, 0, stmts)}
	take := func(pt part, j int) {
		for _, m := range pt.marks[j:] {
			ps := Pass{From: pt.from + int(m.from), To: pt.from + int(m.to), Seen: pt.from + int(m.seen), Stmt: -1,
				Diags: pt.diags[m.diagFrom:m.diagTo:m.diagTo]}
			if m.stmt >= 0 {
				res.Statements = append(res.Statements, pt.stmts[m.stmt])
				ps.Stmt = len(res.Statements) - 1
			}
			res.Diags = append(res.Diags, ps.Diags...)
			res.Passes = append(res.Passes, ps)
		}
	}
	cur := 0 // where the passes taken so far end: a statement boundary
	for _, pt := range parts {
		if !pt.ok {
			return nil, false
		}
		if cur >= pt.end {
			continue // the parse before went past this part
		}
		j := passFrom(pt, cur)
		if j < 0 {
			fill := parsePart(set, l, cur, func(i int) bool { return i >= pt.end || passFrom(pt, i) >= 0 }, stop)
			if !fill.ok {
				return nil, false
			}
			take(fill, 0)
			if cur = fill.end; cur >= pt.end {
				continue
			}
			j = passFrom(pt, cur)
		}
		take(pt, j)
		cur = pt.end
	}
	return res, true
}

// passFrom is the index of pt's pass that starts at token i, or -1.
func passFrom(pt part, i int) int {
	ms := pt.marks
	j := sort.Search(len(ms), func(j int) bool { return pt.from+int(ms[j].from) >= i })
	if j < len(ms) && pt.from+int(ms[j].from) == i {
		return j
	}
	return -1
}
