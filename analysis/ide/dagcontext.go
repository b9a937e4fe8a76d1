package ide

import (
	"sort"

	"tdls/analysis"
	"tdls/tablegen"
)

// dagContext is where a position sits among brackets, read from the
// tokens alone so that it holds while the statement being typed does not
// parse yet.
type dagContext struct {
	// open are the indices of the unclosed brackets around the position,
	// innermost first, back to the start of the statement.
	open []int
	// prev is the index of the last token before the position, -1 if none.
	prev int
	// stmt is the index of the statement's keyword (def, class, ...), -1
	// when not found.
	stmt int
}

// maxContextTokens bounds the backward scan.
const maxContextTokens = 20000

var statementStarts = map[string]bool{"def": true, "defm": true, "class": true, "multiclass": true, "defvar": true, "defset": true}

// dagContextAt scans back from p (exclusive).
func dagContextAt(v *analysis.FileView, p tablegen.Pos) dagContext {
	toks := v.Tokens()
	i := sort.Search(len(toks), func(i int) bool { return toks[i].End() > p }) - 1
	c := dagContext{prev: i, stmt: -1}
	var closers []tablegen.TokenKind
	match := map[tablegen.TokenKind]tablegen.TokenKind{
		tablegen.TokLParen: tablegen.TokRParen, tablegen.TokLSquare: tablegen.TokRSquare,
		tablegen.TokLess: tablegen.TokGreater, tablegen.TokLBrace: tablegen.TokRBrace,
	}
	for n := 0; i >= 0 && n < maxContextTokens; i, n = i-1, n+1 {
		t := toks[i]
		switch t.Kind {
		case tablegen.TokRParen, tablegen.TokRSquare, tablegen.TokGreater, tablegen.TokRBrace:
			closers = append(closers, t.Kind)
		case tablegen.TokLParen, tablegen.TokLSquare, tablegen.TokLess, tablegen.TokLBrace:
			if len(closers) > 0 {
				if closers[len(closers)-1] == match[t.Kind] {
					closers = closers[:len(closers)-1]
				}
				continue
			}
			c.open = append(c.open, i)
		case tablegen.TokSemi:
			if len(closers) == 0 && len(c.open) == 0 {
				return c
			}
		default: // keywords have kinds of their own
			if statementStarts[t.Text] && len(closers) == 0 {
				c.stmt = i
				return c
			}
		}
	}
	return c
}

// innermost returns the kind of the innermost open bracket and its index.
func (c dagContext) innermost(v *analysis.FileView) (tablegen.TokenKind, int) {
	if len(c.open) == 0 {
		return tablegen.TokEOF, -1
	}
	return v.Tokens()[c.open[0]].Kind, c.open[0]
}

// dagOperator returns the text of the operator of the dag opened at token
// index i, or "".
func dagOperator(v *analysis.FileView, i int) string {
	toks := v.Tokens()
	if i+1 < len(toks) && toks[i+1].Kind == tablegen.TokIdent {
		return toks[i+1].Text
	}
	return ""
}

// argumentIndex counts the arguments of the dag opened at token index
// open that come before token index last (inclusive), at depth zero: the
// index of the argument being written after last.
func argumentIndex(v *analysis.FileView, open, last int) int {
	toks := v.Tokens()
	depth, idx := 0, 0
	for i := open + 1; i <= last && i < len(toks); i++ {
		switch toks[i].Kind {
		case tablegen.TokLParen, tablegen.TokLSquare, tablegen.TokLess, tablegen.TokLBrace:
			depth++
		case tablegen.TokRParen, tablegen.TokRSquare, tablegen.TokGreater, tablegen.TokRBrace:
			depth--
		case tablegen.TokComma:
			if depth == 0 {
				idx++
			}
		}
	}
	return idx
}

// statementDerives reports whether the statement at token index stmt
// names, in its parent class list, a class that accept accepts. The
// statement need not be complete.
func statementDerives(v *analysis.FileView, stmt int, accept func(string) bool) bool {
	if stmt < 0 {
		return false
	}
	toks := v.Tokens()
	depth, parents := 0, false
	for i := stmt + 1; i < len(toks) && i < stmt+maxContextTokens; i++ {
		t := toks[i]
		switch t.Kind {
		case tablegen.TokLess:
			depth++
		case tablegen.TokGreater:
			depth--
		case tablegen.TokColon:
			parents = parents || depth == 0
		case tablegen.TokLBrace, tablegen.TokSemi:
			if depth == 0 {
				return false
			}
		case tablegen.TokIdent:
			if parents && depth == 0 && accept(t.Text) {
				return true
			}
		}
	}
	return false
}
