package analysis

import (
	"context"
	"sort"

	"tdls/tablegen"
)

// reparse parses cur, a new version of prev's file at the same base, by
// taking over prev's top-level passes (statements, or tokens skipped after
// an error, each with its diagnostics) before and after the edit, and
// parsing only what lies between. A pass is taken over only when every
// token it looked at is unchanged, and the parse in between runs on the
// real tokens until it reaches the start of an old pass after the edit, so
// the result is the full parse's. It returns nil when that cannot be shown
// (brackets nested past the limit, whose collapse spans passes); the caller
// then parses in full. It stops with ctx's error when ctx ends.
func reparse(ctx context.Context, set *tablegen.SourceSet, prev, cur *fileEntry) (*fileParse, error) {
	old := prev.parsedIfDone()
	if old == nil || old.passes == nil || prev.lex.macros != cur.lex.macros {
		return nil, nil
	}
	a, bOld, _ := editRegion(prev.src, cur.src)
	if a == len(prev.src) && a == len(cur.src) {
		return nil, nil // identical content but another entry: nothing to gain
	}
	pt, ct := prev.tokens, cur.tokens
	if tablegen.NestsTooDeep(ct) {
		return nil, nil
	}
	base := cur.base
	// Tokens before the first that ends at or after the edit are the same.
	firstChanged := sort.Search(pt.Len(), func(i int) bool { return int(pt.End(i)-base) >= a })
	k := 0
	for k < len(old.passes) && int(old.passes[k].seen) <= firstChanged {
		k++
	}
	R := pt.Len()
	if k < len(old.passes) {
		R = int(old.passes[k].from)
	}
	if R > ct.Len() {
		return nil, nil
	}
	if ct.Len() > wholeParseTokens && R < ct.Len()/2 {
		// Most of a large file lies after the edit: each of its statements
		// would be copied (parsed again, or shifted), which costs as much
		// as parsing the whole file, and keeps this version's syntax
		// alive beside the new one's until it is done. Parsed whole, the
		// file needs nothing of prev, which is let go first (fileEntry.parse).
		return nil, nil
	}
	// Tokens after the edit lex as before (an edit can open a string or a
	// code block, or add an #endif): from the end, find where they stop
	// matching, and take over the passes that start after that.
	delta := tablegen.Pos(len(cur.src) - len(prev.src))
	dt := ct.Len() - pt.Len()
	tail := sort.Search(pt.Len(), func(i int) bool { return int(pt.Pos(i)-base) >= bOld })
	sfx := pt.Len()
	for sfx > tail && sfx+dt > R {
		o, n := pt.At(sfx-1), ct.At(sfx-1+dt)
		if o.Kind != n.Kind || o.Pos+delta != n.Pos || o.Text != n.Text {
			break
		}
		sfx--
	}
	sync := map[int]int{} // new token index -> old pass starting there
	firstSync := ct.Len()
	for j := len(old.passes) - 1; j >= k && int(old.passes[j].from) >= sfx; j-- {
		sync[int(old.passes[j].from)+dt] = j
		firstSync = int(old.passes[j].from) + dt
	}
	// The tokens from R are copied up to a window past the first old pass
	// after the edit, not to the end of the file (400 MB of a 50 MB
	// file's for a one-character edit): the parse stops at an old pass,
	// usually the first. A parse that reaches the window's end, or looks
	// at the end of it, is done again on a window four times as large.
	var res *tablegen.ParseResult
	var toks []tablegen.Token
	stopped := 0
	for window := max(firstSync-R, 0) + reparseWindow; ; window *= 4 {
		end := min(R+window, ct.Len())
		eofPos := cur.eof
		if end < ct.Len() {
			eofPos = ct.Pos(end)
		}
		toks = make([]tablegen.Token, 0, end-R+1)
		for i := R; i < end; i++ {
			toks = append(toks, ct.At(i))
		}
		// The statements parsed here are taken over by the versions after
		// this one; sliced from this version's text, they would keep all of
		// it alive, one whole text per edit. The parse runs at least to the
		// first old pass after the edit.
		tablegen.CopyText(toks[:max(firstSync-R, 0)])
		toks = append(toks, tablegen.Token{Kind: tablegen.TokEOF, Pos: eofPos})
		res, stopped = tablegen.ParseUntil(set, toks, func(i int) bool {
			_, ok := sync[R+i]
			return ok
		})
		if end == ct.Len() || stopped < len(toks)-1 && !seenEnd(res.Passes, len(toks)) {
			break
		}
	}
	j := len(old.passes)
	if stopped < len(toks)-1 {
		j = sync[R+stopped]
	}
	S := R + stopped // first new token taken over again

	p := &fileParse{reused: k + len(old.passes) - j, reparsed: S - R}
	p.passes = make([]passRecord, 0, k+len(res.Passes)+len(old.passes)-j)
	p.stmts = make([]*tablegen.Statement, 0, len(old.stmts)+len(res.Statements))
	p.diags = tablegen.BangDiagnosticsIn(ct)
	take := func(ps tablegen.Pass, st *tablegen.Statement) {
		if st != nil {
			ps.Stmt = len(p.stmts)
			p.stmts = append(p.stmts, st)
		}
		p.diags = append(p.diags, ps.Diags...)
		p.passes = append(p.passes, recordPass(ps))
	}
	stmtOf := func(stmts []*tablegen.Statement, ps tablegen.Pass) *tablegen.Statement {
		if ps.Stmt < 0 {
			return nil
		}
		return stmts[ps.Stmt]
	}
	for _, r := range old.passes[:k] {
		ps := r.pass()
		take(ps, stmtOf(old.stmts, ps))
	}
	for _, ps := range res.Passes {
		st := stmtOf(res.Statements, ps)
		ps.From, ps.To, ps.Seen = ps.From+R, ps.To+R, ps.Seen+R
		take(ps, st)
	}
	sh := shifter{d: int(delta)}
	for n, r := range old.passes[j:] {
		if n%cancelCheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		ps := r.pass()
		st := stmtOf(old.stmts, ps)
		if st != nil {
			st = sh.statement(st)
		}
		ps.From, ps.To, ps.Seen = ps.From+dt, ps.To+dt, ps.Seen+dt
		ps.Diags = shiftDiags(ps.Diags, delta)
		take(ps, st)
	}
	return p, nil
}

// passRecord is a parse pass as a file's parse keeps it to take over: 24
// bytes where a tablegen.Pass takes 56, for a million statements of a
// large file; most passes have no diagnostics.
type passRecord struct {
	from, to, seen, stmt int32
	diags                *tablegen.Diagnostics // nil when none
}

func recordPass(ps tablegen.Pass) passRecord {
	r := passRecord{from: int32(ps.From), to: int32(ps.To), seen: int32(ps.Seen), stmt: int32(ps.Stmt)}
	if len(ps.Diags) > 0 {
		r.diags = &ps.Diags
	}
	return r
}

func recordPasses(ps []tablegen.Pass) []passRecord {
	out := make([]passRecord, len(ps))
	for i, p := range ps {
		out[i] = recordPass(p)
	}
	return out
}

func (r passRecord) pass() tablegen.Pass {
	ps := tablegen.Pass{From: int(r.from), To: int(r.to), Seen: int(r.seen), Stmt: int(r.stmt)}
	if r.diags != nil {
		ps.Diags = *r.diags
	}
	return ps
}

// wholeParseTokens is the size of a file (in tokens: a 2.5 MB one) past
// which an edit before its middle has it parsed whole.
const wholeParseTokens = 1 << 20

// reparseWindow is how many tokens past the first old pass after an edit
// reparse copies at first.
const reparseWindow = 4096

// seenEnd reports whether a pass looked at token n-1, the end of a window.
func seenEnd(passes []tablegen.Pass, n int) bool {
	for _, ps := range passes {
		if ps.Seen >= n {
			return true
		}
	}
	return false
}

// cancelCheckEvery is how many statements a long copy handles between
// looks at its context.
const cancelCheckEvery = 4096

// editRegion returns the edited bytes: [a, bOld) in old became [a, bNew) in
// cur.
func editRegion(old, cur []byte) (a, bOld, bNew int) {
	n := min(len(old), len(cur))
	// Whole blocks first: the conversions compile to memequal, no copies.
	for a+64 <= n && string(old[a:a+64]) == string(cur[a:a+64]) {
		a += 64
	}
	for a < n && old[a] == cur[a] {
		a++
	}
	bOld, bNew = len(old), len(cur)
	for bOld-64 >= a && bNew-64 >= a && string(old[bOld-64:bOld]) == string(cur[bNew-64:bNew]) {
		bOld -= 64
		bNew -= 64
	}
	for bOld > a && bNew > a && old[bOld-1] == cur[bNew-1] {
		bOld--
		bNew--
	}
	return a, bOld, bNew
}
