package tablegen

import (
	"fmt"
	"strings"
)

// TokenKind classifies a token.
type TokenKind uint8

// Token kinds. Keywords each have their own kind so the grammar never confuses
// a keyword with an identifier or with the text of a string.
const (
	TokEOF   TokenKind = iota
	TokError           // a lexical error; Text holds the offending text

	TokIdent   // foo, 8i (identifiers may start with digits)
	TokInt     // 42, -7, +3, 0x1F
	TokBinary  // 0b1010: a bits value whose width is its digit count
	TokString  // "text" (raw, with quotes)
	TokCode    // [{ code }] (raw, with brackets)
	TokVarName // $name
	TokBang    // !add, !foo (the parser checks the name)

	TokMinus    // -
	TokPlus     // +
	TokLSquare  // [
	TokRSquare  // ]
	TokLBrace   // {
	TokRBrace   // }
	TokLParen   // (
	TokRParen   // )
	TokLess     // <
	TokGreater  // >
	TokColon    // :
	TokSemi     // ;
	TokDot      // .
	TokComma    // ,
	TokEqual    // =
	TokQuestion // ?
	TokPaste    // #
	TokEllipsis // ...

	keywordStart
	KwAssert
	KwBit
	KwBits
	KwClass
	KwCode
	KwDag
	KwDef
	KwDefm
	KwDefset
	KwDeftype
	KwDefvar
	KwDump
	KwElse
	KwFalse
	KwField
	KwForeach
	KwIf
	KwIn
	KwInclude
	KwInt
	KwLet
	KwList
	KwMulticlass
	KwString
	KwThen
	KwTrue
	tokenKindCount
)

var tokenNames = [...]string{
	TokEOF: "end of file", TokError: "invalid token",
	TokIdent: "identifier", TokInt: "integer", TokBinary: "binary integer",
	TokString: "string", TokCode: "code block", TokVarName: "$name", TokBang: "!operator",
	TokMinus: "'-'", TokPlus: "'+'", TokLSquare: "'['", TokRSquare: "']'",
	TokLBrace: "'{'", TokRBrace: "'}'", TokLParen: "'('", TokRParen: "')'",
	TokLess: "'<'", TokGreater: "'>'", TokColon: "':'", TokSemi: "';'",
	TokDot: "'.'", TokComma: "','", TokEqual: "'='", TokQuestion: "'?'",
	TokPaste: "'#'", TokEllipsis: "'...'",
}

// Keywords maps each reserved word to its kind.
var Keywords = map[string]TokenKind{
	"assert": KwAssert, "bit": KwBit, "bits": KwBits, "class": KwClass,
	"code": KwCode, "dag": KwDag, "def": KwDef, "defm": KwDefm,
	"defset": KwDefset, "deftype": KwDeftype, "defvar": KwDefvar,
	"dump": KwDump, "else": KwElse, "false": KwFalse, "field": KwField,
	"foreach": KwForeach, "if": KwIf, "in": KwIn, "include": KwInclude,
	"int": KwInt, "let": KwLet, "list": KwList, "multiclass": KwMulticlass,
	"string": KwString, "then": KwThen, "true": KwTrue,
}

var keywordNames = func() map[TokenKind]string {
	m := make(map[TokenKind]string, len(Keywords))
	for k, v := range Keywords {
		m[v] = k
	}
	return m
}()

// IsKeyword reports whether k is a reserved word.
func (k TokenKind) IsKeyword() bool { return k > keywordStart && k < tokenKindCount }

func (k TokenKind) String() string {
	if k.IsKeyword() {
		return "'" + keywordNames[k] + "'"
	}
	if int(k) < len(tokenNames) && tokenNames[k] != "" {
		return tokenNames[k]
	}
	return fmt.Sprintf("token(%d)", k)
}

// Token is one lexeme of a translation unit. Text is the raw source text,
// which starts at Pos.
type Token struct {
	Kind TokenKind
	Pos  Pos
	Text string
}

// End returns the position just after the token.
func (t Token) End() Pos { return t.Pos + Pos(len(t.Text)) }

// Range returns the token's source span.
func (t Token) Range() Range { return Range{t.Pos, t.End()} }

// Describe names the token for an error message: "'foo'" or "end of file".
func (t Token) Describe() string {
	switch t.Kind {
	case TokEOF:
		return "end of file"
	case TokIdent, TokInt, TokBinary, TokVarName, TokBang:
		return fmt.Sprintf("%s '%s'", t.Kind, t.Text)
	case TokString, TokCode:
		txt := t.Text
		if len(txt) > 24 {
			txt = txt[:21] + "..."
		}
		return fmt.Sprintf("%s %s", t.Kind, txt)
	}
	return t.Kind.String()
}

// CopyText gives ts, tokens in order, copies of the text they span, so
// that what is made from them does not keep the whole file's text alive:
// one copy from each statement keyword to the next, so that a statement
// kept by later versions keeps its own text, not its neighbours'.
func CopyText(ts []Token) {
	for len(ts) > 0 {
		n := 1
		for n < len(ts) && !startsStatement(ts[n].Kind) {
			n++
		}
		copyText(ts[:n])
		ts = ts[n:]
	}
}

// startsStatement reports whether a token of kind k can begin a statement.
func startsStatement(k TokenKind) bool {
	switch k {
	case KwDef, KwClass, KwDefm, KwMulticlass, KwLet, KwForeach, KwIf,
		KwDefset, KwDefvar, KwDeftype, KwAssert, KwDump:
		return true
	}
	return false
}

// copyText gives ts one copy of the text they span.
func copyText(ts []Token) {
	start := ts[0].Pos
	var b strings.Builder
	b.Grow(int(ts[len(ts)-1].End() - start))
	for _, t := range ts {
		if t.Pos-start < Pos(b.Len()) { // not in order: copy each alone
			for i := range ts {
				ts[i].Text = strings.Clone(ts[i].Text)
			}
			return
		}
		for Pos(b.Len()) < t.Pos-start {
			b.WriteByte(' ') // between tokens
		}
		b.WriteString(t.Text)
	}
	text := b.String()
	for i := range ts {
		off := ts[i].Pos - start
		ts[i].Text = text[off : off+Pos(len(ts[i].Text))]
	}
}
