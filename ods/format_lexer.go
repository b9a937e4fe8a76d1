package ods

// The lexer of the op assembly-format language, as mlir-tblgen's
// FormatLexer splits it: punctuation, `literals`, $variables, "strings"
// and identifiers, some of which are directive keywords.

type fmtTokKind int

const (
	ftEOF fmtTokKind = iota
	ftError
	ftCaret
	ftColon
	ftComma
	ftEqual
	ftLess
	ftGreater
	ftQuestion
	ftLParen
	ftRParen
	ftStar
	ftPipe
	ftLiteral
	ftVariable
	ftString
	ftIdentifier
	// Keywords, in the order mlir-tblgen lists them.
	ftAttrDict
	ftAttrDictWithKeyword
	ftCustom
	ftFunctionalType
	ftOIList
	ftOperands
	ftParams
	ftPropDict
	ftRef
	ftRegions
	ftResults
	ftStruct
	ftSuccessors
	ftType
	ftQualified
)

var fmtKeywords = map[string]fmtTokKind{
	"attr-dict":              ftAttrDict,
	"attr-dict-with-keyword": ftAttrDictWithKeyword,
	"custom":                 ftCustom,
	"functional-type":        ftFunctionalType,
	"oilist":                 ftOIList,
	"operands":               ftOperands,
	"params":                 ftParams,
	"prop-dict":              ftPropDict,
	"ref":                    ftRef,
	"regions":                ftRegions,
	"results":                ftResults,
	"struct":                 ftStruct,
	"successors":             ftSuccessors,
	"type":                   ftType,
	"qualified":              ftQualified,
}

func (k fmtTokKind) isKeyword() bool { return k >= ftAttrDict }

// fmtToken is a token with its byte span in the format string.
type fmtToken struct {
	kind       fmtTokKind
	start, end int
	text       string
}

// fmtLexer yields tokens of a format string. A lexing error is kept in err
// and yields an ftError token; the parser stops there.
type fmtLexer struct {
	src string
	off int
	err *formatError
}

func isFmtAlpha(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func isFmtAlnum(c byte) bool { return isFmtAlpha(c) || (c >= '0' && c <= '9') }

// at returns the byte at i, or 0 past the end: the NUL that terminates
// LLVM's buffer, which its lexer relies on.
func (l *fmtLexer) at(i int) byte {
	if i < len(l.src) {
		return l.src[i]
	}
	return 0
}

func (l *fmtLexer) tok(kind fmtTokKind, start int) fmtToken {
	return fmtToken{kind: kind, start: start, end: l.off, text: l.src[start:l.off]}
}

func (l *fmtLexer) fail(start, end int, msg string) fmtToken {
	if l.err == nil {
		l.err = &formatError{start: start, end: end, code: "ods-format-syntax", msg: msg}
	}
	return fmtToken{kind: ftError, start: start, end: end}
}

func (l *fmtLexer) next() fmtToken {
	for {
		if l.off >= len(l.src) {
			return fmtToken{kind: ftEOF, start: len(l.src), end: len(l.src)}
		}
		c := l.src[l.off]
		// NUL, space, tab and line breaks separate tokens.
		if c == 0 || c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			l.off++
			continue
		}
		break
	}
	start := l.off
	c := l.src[l.off]
	l.off++
	switch c {
	case '^':
		return l.tok(ftCaret, start)
	case ':':
		return l.tok(ftColon, start)
	case ',':
		return l.tok(ftComma, start)
	case '=':
		return l.tok(ftEqual, start)
	case '<':
		return l.tok(ftLess, start)
	case '>':
		return l.tok(ftGreater, start)
	case '?':
		return l.tok(ftQuestion, start)
	case '(':
		return l.tok(ftLParen, start)
	case ')':
		return l.tok(ftRParen, start)
	case '*':
		return l.tok(ftStar, start)
	case '|':
		return l.tok(ftPipe, start)
	case '`':
		for l.off < len(l.src) && l.src[l.off] != 0 {
			l.off++
			if l.src[l.off-1] == '`' {
				return l.tok(ftLiteral, start)
			}
		}
		// LLVM points past the end; the whole unterminated literal says more.
		return l.fail(start, l.off, "unexpected end of file in literal")
	case '$':
		if !isFmtAlpha(l.at(l.off)) && l.at(l.off) != '_' {
			return l.fail(start, l.off, "expected variable name")
		}
		for isFmtAlnum(l.at(l.off)) || l.at(l.off) == '_' {
			l.off++
		}
		return l.tok(ftVariable, start)
	case '"':
		escape := false
		for l.off < len(l.src) && l.src[l.off] != 0 {
			ch := l.src[l.off]
			l.off++
			if !escape && ch == '"' {
				return l.tok(ftString, start)
			}
			escape = ch == '\\'
		}
		return l.fail(start, l.off, "unexpected end of file in string")
	}
	if isFmtAlpha(c) || c == '_' {
		for isFmtAlnum(l.at(l.off)) || l.at(l.off) == '_' || l.at(l.off) == '-' {
			l.off++
		}
		t := l.tok(ftIdentifier, start)
		if k, ok := fmtKeywords[t.text]; ok {
			t.kind = k
		}
		return t
	}
	// Cover the whole UTF-8 sequence of a non-ASCII character.
	for l.off < len(l.src) && l.src[l.off]&0xC0 == 0x80 {
		l.off++
	}
	return l.fail(start, l.off, "unexpected character")
}
