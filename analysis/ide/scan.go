package ide

import (
	"sort"
	"strings"

	"tdls/analysis"
	"tdls/ods"
	"tdls/tablegen"
)

// The token scanners: what is written around a position, read from the
// tokens alone so that the answers hold while a statement is being typed.
// Only the classifier (classify.go) and completion's context call them
// (TestTokenLookupsOnlyInClassifier): a feature asks Classify what a
// position is and never scans for itself.

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
	i := sort.Search(toks.Len(), func(i int) bool { return toks.End(i) > p }) - 1
	c := dagContext{prev: i, stmt: -1}
	var closers []tablegen.TokenKind
	match := map[tablegen.TokenKind]tablegen.TokenKind{
		tablegen.TokLParen: tablegen.TokRParen, tablegen.TokLSquare: tablegen.TokRSquare,
		tablegen.TokLess: tablegen.TokGreater, tablegen.TokLBrace: tablegen.TokRBrace,
	}
	for n := 0; i >= 0 && n < maxContextTokens; i, n = i-1, n+1 {
		t := toks.At(i)
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
	return v.Tokens().Kind(c.open[0]), c.open[0]
}

// dagOperator returns the text of the operator of the dag opened at token
// index i, or "".
func dagOperator(v *analysis.FileView, i int) string {
	toks := v.Tokens()
	if i+1 < toks.Len() && toks.Kind(i+1) == tablegen.TokIdent {
		return toks.Text(i + 1)
	}
	return ""
}

// argumentIndex counts the arguments of the dag opened at token index
// open that come before token index last (inclusive), at depth zero: the
// index of the argument being written after last.
func argumentIndex(v *analysis.FileView, open, last int) int {
	toks := v.Tokens()
	depth, idx := 0, 0
	for i := open + 1; i <= last && i < toks.Len(); i++ {
		switch toks.Kind(i) {
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
	for i := stmt + 1; i < toks.Len() && i < stmt+maxContextTokens; i++ {
		t := toks.At(i)
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

// includeAt returns the include whose file name contains p.
func includeAt(v *analysis.FileView, p tablegen.Pos) (tablegen.Include, bool) {
	for _, inc := range v.Unit.TG.Lex.Includes {
		if inc.From == v.File && inc.NameRng.Start <= p && p <= inc.NameRng.End {
			return inc, true
		}
	}
	return tablegen.Include{}, false
}

// formatOwner is the attribute or type whose `assemblyFormat` the string or
// code token i is (part of) the value of, or nil.
func formatOwner(v *analysis.FileView, m *analysis.Models, i int) *ods.AttrOrTypeDef {
	toks := v.Tokens()
	if k := toks.Kind(i); k != tablegen.TokString && k != tablegen.TokCode {
		return nil
	}
	j := i - 1
	for j >= 0 && (toks.Kind(j) == tablegen.TokString || toks.Kind(j) == tablegen.TokCode) {
		j--
	}
	if j < 1 || toks.Kind(j) != tablegen.TokEqual || toks.Text(j-1) != "assemblyFormat" {
		return nil
	}
	return attrOrTypeOfStatement(v, m, toks.Pos(i))
}

// attrOrTypeOfStatement is the attribute or type defined by the def
// whose body holds p, or for a class body, the first one made from the
// class; nil when none.
func attrOrTypeOfStatement(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) *ods.AttrOrTypeDef {
	keyword, name := enclosingRecord(v, p)
	switch keyword {
	case "def":
		return m.Ops.AttrOrTypeDefOf(m.Records.Def(name))
	case "class":
		for _, d := range m.Ops.AttrOrTypeDefs {
			if isA(d.Def, name) {
				return d
			}
		}
	}
	return nil
}

// enclosingRecord finds the def or class whose `{ ... }` body holds p:
// its keyword and name, read from the tokens.
func enclosingRecord(v *analysis.FileView, p tablegen.Pos) (keyword, name string) {
	toks := v.Tokens()
	for j := v.EnclosingBody(p) - 1; j >= 0; j-- {
		if t := toks.At(j); t.Kind == tablegen.KwDef || t.Kind == tablegen.KwClass {
			if j+1 < toks.Len() {
				return t.Text, toks.Text(j + 1)
			}
			return "", ""
		}
		if k := toks.Kind(j); k == tablegen.TokSemi || k == tablegen.TokRBrace {
			return "", ""
		}
	}
	return "", ""
}

// variableAround finds the `$name` of text that contains (or ends at)
// offset off.
func variableAround(text string, off int) (start, end int, ok bool) {
	if off < 0 || off > len(text) {
		return 0, 0, false
	}
	start = off
	for start > 0 && isWordByte(text[start-1]) {
		start--
	}
	if start == 0 || text[start-1] != '$' {
		if start < len(text) && text[start] == '$' {
			start++
		} else {
			return 0, 0, false
		}
	}
	end = start
	for end < len(text) && isWordByte(text[end]) {
		end++
	}
	if end == start {
		return 0, 0, false
	}
	return start - 1, end, true
}

// declareListIn finds, for a position whose bracket context is c, the
// interface I of the DeclareOpInterfaceMethods<I, [...]> (or its attribute
// and type forms) whose method list holds it.
func declareListIn(v *analysis.FileView, m *analysis.Models, c dagContext) (*ods.Interface, bool) {
	toks := v.Tokens()
	if len(c.open) < 2 || toks.Kind(c.open[0]) != tablegen.TokLSquare || toks.Kind(c.open[1]) != tablegen.TokLess {
		return nil, false
	}
	lt := c.open[1]
	if lt < 1 || lt+1 >= toks.Len() {
		return nil, false
	}
	switch toks.Text(lt - 1) {
	case "DeclareOpInterfaceMethods", "DeclareAttrInterfaceMethods", "DeclareTypeInterfaceMethods":
	default:
		return nil, false
	}
	iface := m.Ops.InterfaceOf(m.Records.Def(toks.Text(lt + 1)))
	return iface, iface != nil
}

// enumCaseListIn finds, for a position whose bracket context is c, the
// enum whose case is expected there: the case string of
// ConstantEnumCase<Attr, "case"> (quoted), or the case def of
// DefaultValuedEnumAttr<Attr, Case>.
func enumCaseListIn(v *analysis.FileView, m *analysis.Models, c dagContext) (e *ods.Enum, quoted bool, ok bool) {
	toks := v.Tokens()
	if len(c.open) < 1 || toks.Kind(c.open[0]) != tablegen.TokLess {
		return nil, false, false
	}
	lt := c.open[0]
	if lt < 1 || lt+1 >= toks.Len() || c.prev <= lt+1 {
		return nil, false, false
	}
	switch toks.Text(lt - 1) {
	case "ConstantEnumCase":
		quoted = true
	case "DefaultValuedEnumAttr":
	default:
		return nil, false, false
	}
	def := m.Records.Def(toks.Text(lt + 1))
	if e = m.Ops.EnumOf(def); e == nil && def != nil {
		e = m.Ops.EnumOf(def.DefValue("enum"))
	}
	return e, quoted, e != nil
}

// unquote strips the quotes of a string token's text.
func unquote(s string) string { return strings.TrimSuffix(strings.TrimPrefix(s, `"`), `"`) }
