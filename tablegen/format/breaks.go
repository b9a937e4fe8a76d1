package format

import (
	"slices"
	"strings"

	"tdls/tablegen"
)

// Breaks are added only to a line longer than the column limit, where
// people break (as MLIR's files do): after a comma of the outermost
// bracket that has one on the line first, filling each line as far as it
// goes, then before a '#' of a concatenation in it; all the elements of a
// Pat (its source and result dags) and of an (ins or (outs dag at once,
// one per line; after a dag's operator when its arguments still do not
// fit; after a statement's '=' or its header's ':' last. A class's header
// is broken after its ':' first, and between its template arguments only
// after that (class C<int a, int b> :\n    P<a, b>, where breaking the
// arguments left the parents past the limit, and lines of parents'
// arguments aligned far right). A Pat whose first dag does not fit after
// its '<' but fits on a line of its own is broken after the '<' before
// inside the dag.

// where is the innermost bracket of the current statement (its id, or -1)
// and how many brackets of the statement are open.
func (tr *tree) where() (int32, int16) {
	d := int16(0)
	id := int32(-1)
	for i := len(tr.stack) - 1; i >= 0 && !tr.stack[i].body; i-- {
		if id < 0 {
			id = int32(tr.stack[i].id)
		}
		d++
	}
	return id, d
}

// tooLong reports whether a line printed for the tokens from to to is
// longer than the column limit.
func (p *printer) tooLong(from, to int) bool {
	for k := from; k < to; k++ {
		if p.over(k) {
			return true
		}
	}
	return false
}

// over reports whether token k, as last printed, ends past the column
// limit, or the first of its lines does.
func (p *printer) over(k int) bool {
	return int(max(p.colEnd[k], p.colFirst[k])) > p.opt.Column
}

// chooseBreaks adds breaks for the first too long line that can be broken.
// It reports whether it added any.
func (p *printer) chooseBreaks(from, to int, breaks map[int]bool) bool {
	for k := from; k < to; k++ {
		if !p.over(k) {
			continue
		}
		if p.breakLine(from, to, k, breaks) {
			return true
		}
		for k+1 < to && p.lineOf[k+1] == p.lineOf[k] {
			k++
		}
	}
	return false
}

type candidate struct {
	at    int   // the token that would start the new line
	frame int32 // the bracket it breaks
	rank  int   // lower breaks first
}

// breakLine adds breaks to the output line of token over, the first on
// it past the limit.
func (p *printer) breakLine(from, to, over int, breaks map[int]bool) bool {
	// The line a token over lines starts on.
	line := p.lineOf[over] - int32(strings.Count(p.toks[over].text, "\n"))
	best := -1
	var cands []candidate
	for c := over; c > from && p.lineOf[c-1] == line; c-- {
		rank, frame, ok := p.breakBefore(c)
		if !ok {
			continue
		}
		cands = append(cands, candidate{c, frame, rank})
		if best < 0 || rank < cands[best].rank || rank == cands[best].rank {
			best = len(cands) - 1 // cands run backwards: ties go to the earliest
		}
	}
	if best < 0 {
		return false
	}
	chosen := cands[best]
	if p.all[chosen.frame] && chosen.rank%2 == 0 {
		added := false
		for c := from + 1; c < to; c++ {
			if rank, frame, ok := p.breakBefore(c); ok && frame == chosen.frame && rank == chosen.rank && !breaks[c] {
				if p.lineOf[c-1] == p.lineOf[c] {
					breaks[c] = true
					added = true
				}
			}
		}
		return added
	}
	// Fill the line: the last break of that bracket after which the line
	// fits, else its first.
	at := -1
	for _, c := range cands { // from the last to the first
		if c.frame != chosen.frame || c.rank != chosen.rank {
			continue
		}
		if int(p.colEnd[c.at-1]) <= p.opt.Column {
			at = c.at
			break
		}
		at = c.at
	}
	breaks[at] = true
	return true
}

// breakBefore says whether a line may be broken before token c, and if so
// its rank (twice the bracket depth, plus one for a dag's operator or a
// '#'; last a statement's '=') and the bracket it breaks.
func (p *printer) breakBefore(c int) (int, int32, bool) {
	a, b := &p.toks[c-1], &p.toks[c]
	if p.keep[b.line] {
		// A line kept as written (outside the lines asked for) that a
		// line being formatted runs into past a multi-line code block
		// or string is not broken either.
		return 0, 0, false
	}
	if b.kind == kLineComment || a.kind != kToken || b.kind == kDirective ||
		b.kind == kBlockComment && a.lex != tablegen.TokComma {
		return 0, 0, false // a comment stays with what it follows, but an argument's after a comma
	}
	if p.leftAlone(c) {
		return 0, 0, false
	}
	switch {
	case a.lex == tablegen.TokComma && p.params[p.frameOf[c-1]]:
		// A class's template arguments after its ':' (class
		// C<int a, int b>\n    : P<...>).
		return 1<<20 + 1, p.frameOf[c-1], true
	case a.lex == tablegen.TokComma:
		return 2 * int(p.depthOf[c-1]), p.frameOf[c-1], true
	case a.lex == tablegen.TokLess && p.firstDagFits(c):
		// After a Pat's '<' when its first dag, which does not fit
		// after it, fits on a line of its own (def X : Pat<\n  (src),).
		return 2*int(p.depthOf[c]) + 1, p.frameOf[c], true
	case p.argOf[c] != 0:
		return 2*int(p.depthOf[c]) + 1, p.argOf[c] - 1, true
	case b.lex == tablegen.TokPaste && c+1 < len(p.toks) && p.toks[c+1].kind == kToken:
		// Before a '#' of a concatenation, after the commas of its
		// bracket.
		return 2*int(p.depthOf[c]) + 1, p.frameOf[c], true
	case p.classColon[c-1]:
		// A class's parents go on a line of their own first (class
		// C<int a> :\n    P<a, "b">).
		return 1, -1, true
	case (a.lex == tablegen.TokEqual || a.lex == tablegen.TokColon) && p.depthOf[c-1] == 0:
		// After a statement's '=', or the ':' before its parent
		// classes (def X :\n    Y<...>), last.
		return 1 << 20, -1, true
	}
	return 0, 0, false
}

// firstDagFits reports whether token c, the first after a Pat's '<',
// starts a dag that would fit on a line of its own: on one line as
// printed, it fits one level in from the Pat's line.
func (p *printer) firstDagFits(c int) bool {
	indent, ok := p.pats[p.frameOf[c]]
	if !ok || !p.toks[c].is(tablegen.TokLParen) {
		return false
	}
	depth := 0
	for e := c; e < len(p.toks) && p.lineOf[e] == p.lineOf[c]; e++ {
		t := &p.toks[e]
		if t.kind != kToken {
			continue
		}
		switch t.lex {
		case tablegen.TokLParen, tablegen.TokLSquare, tablegen.TokLess:
			depth++
		case tablegen.TokRParen, tablegen.TokRSquare, tablegen.TokGreater:
			if depth--; depth == 0 {
				start := int(p.colEnd[c]) - width(p.toks[c].text)
				w := int(p.colEnd[e]) - start + 1 // and the ',' after it
				return indent+p.opt.Indent+w <= p.opt.Column
			}
		}
	}
	return false
}

// leftAlone reports whether a break before token c would leave a
// punctuation token alone on a line: c itself when it is an opening
// bracket or a '#' that ends its line ('[' after "x, y, [" broken
// before it), or the token before c when it is a ':', '=', ',' or '#'
// that starts its line ("  : P<...>" broken after the ':').
func (p *printer) leftAlone(c int) bool {
	lone := func(t *tok, kinds ...tablegen.TokenKind) bool {
		return t.kind == kToken && slices.Contains(kinds, t.lex)
	}
	if c+1 < len(p.toks) && p.lineOf[c+1] != p.lineOf[c] &&
		lone(&p.toks[c], tablegen.TokLSquare, tablegen.TokLParen, tablegen.TokLess, tablegen.TokPaste) {
		return true
	}
	return c >= 2 && p.lineOf[c-2] != p.lineOf[c-1] &&
		lone(&p.toks[c-1], tablegen.TokColon, tablegen.TokEqual, tablegen.TokComma, tablegen.TokPaste)
}
