package analysis

import (
	"bytes"

	"tdls/tablegen"
)

// reuseMargin is how many unchanged tokens must follow a statement before it
// is reused: the parser looks at most this far past a statement's end (its
// lookahead, and `if` looking for `else`).
const reuseMargin = 3

// reparse parses cur, a new version of prev's file at the same base, by
// reusing prev's top-level statements before and after the edited bytes and
// parsing only the statements in between. It returns nil when it cannot
// prove the result equal to a full parse; the caller then parses in full.
func reparse(set *tablegen.SourceSet, prev, cur *fileEntry) *fileParse {
	old := prev.parsed
	if old == nil || prev.lex.macros != cur.lex.macros {
		return nil
	}
	a, bOld, _ := editRegion(prev.src, cur.src)
	if a == len(prev.src) && a == len(cur.src) {
		return nil // identical content but another entry: nothing to gain
	}
	pt, ct := prev.tokens, cur.tokens
	base := cur.base
	// Prefix: old statements ending, with margin, before the edit.
	firstChangedOld := len(pt) // first old token not entirely before a
	for i, t := range pt {
		if int(t.End-base) >= a {
			firstChangedOld = i
			break
		}
	}
	k := 0
	for k < len(old.stmts) && endTok(old, pt, k)+reuseMargin <= firstChangedOld {
		k++
	}
	// Suffix: old statements starting after the edit.
	delta := tablegen.Pos(len(cur.src) - len(prev.src))
	dt := len(ct) - len(pt)
	j := len(old.stmts)
	for j > k && int(old.stmts[j-1].Range().Start-base) > bOld {
		j--
	}
	// The bytes after the edit are the same, but an edit can change how they
	// lex (an opened string or code block, a new #endif): the suffix tokens
	// must match one to one.
	if j < len(old.stmts) {
		from := old.stmtTok[j]
		if from+dt < 0 || len(pt)-from != len(ct)-(from+dt) {
			return nil
		}
		for i := from; i < len(pt); i++ {
			o, n := pt[i], ct[i+dt]
			if o.Kind != n.Kind || o.Pos+delta != n.Pos || o.Text != n.Text {
				return nil
			}
		}
	}
	R := 0 // first new token to parse
	if k > 0 {
		R = endTok(old, pt, k-1) + 1
	}
	for {
		S := len(ct) // first new token after the parsed region
		if j < len(old.stmts) {
			S = old.stmtTok[j] + dt
		}
		if S < R {
			return nil
		}
		eofPos := cur.eof
		if S < len(ct) {
			eofPos = ct[S].Pos
		}
		toks := make([]tablegen.Token, 0, S-R+1)
		toks = append(toks, ct[R:S]...)
		toks = append(toks, tablegen.Token{Kind: tablegen.TokEOF, Pos: eofPos, End: eofPos})
		res := tablegen.Parse(set, toks)
		ok := true
		if S < len(ct) {
			for _, d := range res.Diags {
				if d.Range.Start == eofPos {
					ok = false // a statement runs into the reused ones
				}
			}
			if len(res.Diags) > 0 && !atLineStart(cur.src, int(eofPos-base)) {
				ok = false // recovery might not have stopped where we cut
			}
		}
		if !ok {
			if j == len(old.stmts) {
				return nil
			}
			j++
			continue
		}
		p := &fileParse{reused: k + len(old.stmts) - j, reparsed: S - R}
		p.stmts = make([]*tablegen.Statement, 0, k+len(res.Statements)+len(old.stmts)-j)
		p.stmts = append(p.stmts, old.stmts[:k]...)
		p.stmts = append(p.stmts, res.Statements...)
		sh := shifter{d: int(delta)}
		for _, st := range old.stmts[j:] {
			p.stmts = append(p.stmts, sh.statement(st))
		}
		cutOld := prev.eof
		if j < len(old.stmts) {
			cutOld = pt[old.stmtTok[j]].Pos
		}
		startNew := eofPos
		if R < len(ct) {
			startNew = ct[R].Pos
		}
		for _, d := range old.diags {
			if d.Range.Start < startNew {
				p.diags = append(p.diags, d)
			}
		}
		p.diags = append(p.diags, res.Diags...)
		for _, d := range old.diags {
			if d.Range.Start > cutOld {
				// Messages may name the line and column of another token
				// ("opened at 12:3"); those move unless the edit kept the
				// line count and the cut is on a later line.
				if !sameLines(prev.src, cur.src, a, bOld, int(cutOld-base)) {
					return nil
				}
				p.diags = append(p.diags, shiftDiags(tablegen.Diagnostics{d}, delta)...)
			}
		}
		return p
	}
}

// endTok is the index in toks of statement i's last token.
func endTok(p *fileParse, toks []tablegen.Token, i int) int {
	end := p.stmts[i].Range().End
	j := p.stmtTok[i]
	for j+1 < len(toks) && toks[j+1].End <= end {
		j++
	}
	return j
}

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

func atLineStart(src []byte, off int) bool {
	return off == 0 || (off <= len(src) && src[off-1] == '\n')
}

// sameLines reports whether an edit of old[a:bOld] keeps the line and column
// of every position from cut (an offset in old) on.
func sameLines(old, cur []byte, a, bOld, cut int) bool {
	delta := len(cur) - len(old)
	bNew := bOld + delta
	if bytes.Count(old[a:bOld], nl) != bytes.Count(cur[a:bNew], nl) {
		return false
	}
	return bytes.IndexByte(old[bOld:min(cut, len(old))], '\n') >= 0
}

var nl = []byte{'\n'}
