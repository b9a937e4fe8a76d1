package format

import (
	"strings"

	"tdls/tablegen"
)

// kind is a token's kind as the formatter sees it: the lexer's kinds, plus
// the text the lexer skips, which a formatter must keep: comments and
// preprocessor lines.
type kind uint8

const (
	kOther        kind = iota // anything the lexer does not accept: kept as written
	kLineComment              // // to the end of the line
	kBlockComment             // /* */, nestable as in TableGen
	kDirective                // #ifdef, #ifndef, #else, #endif, #define, #include: the whole line
	kToken                    // a lexer token (tok.lex says which)
)

// tok is one token of the source, comments and directives included.
type tok struct {
	kind kind
	lex  tablegen.TokenKind // for kToken
	off  int                // byte offset of its first byte
	text string
	line int // 0-based line of its first byte
	// endLine is the line of its last byte: code blocks and block comments
	// may span lines.
	endLine int
}

func (t *tok) end() int { return t.off + len(t.text) }

func (t *tok) is(k tablegen.TokenKind) bool { return t.kind == kToken && t.lex == k }

// isWord reports whether t is a name or literal: two of them side by side
// need a space.
func (t *tok) isWord() bool {
	if t.kind != kToken {
		return false
	}
	switch t.lex {
	case tablegen.TokIdent, tablegen.TokInt, tablegen.TokBinary, tablegen.TokString,
		tablegen.TokCode, tablegen.TokVarName, tablegen.TokBang, tablegen.TokQuestion:
		return true
	}
	return t.lex.IsKeyword()
}

var directives = []string{"define", "ifdef", "ifndef", "else", "endif", "include"} // as the lexer's

// scan splits src into tokens, following the lexer's rules (tablegen/lexer.go)
// for where one token ends, and keeping comments and directives as tokens.
// It never fails: what the lexer would reject becomes a kOther token.
func scan(src string) []tok {
	toks := make([]tok, 0, len(src)/5)
	line := 0
	lineStart := true // only blanks and block comments before, on this line
	i := 0
	for i < len(src) {
		c := src[i]
		switch c {
		case '\n':
			line++
			i++
			lineStart = true
			continue
		case ' ', '\t', '\r', '\f', '\v':
			i++
			continue
		}
		start := i
		k := kToken
		var lk tablegen.TokenKind
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			k = kLineComment
			i = lineEnd(src, i)
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			k = kBlockComment
			i = blockCommentEnd(src, i)
		case c == '#' && lineStart && isDirective(src[i+1:]):
			k = kDirective
			i = directiveEnd(src, i)
			if t := (tok{kind: k, text: src[start:i]}); i < len(src) || !unterminated(&t) {
				for i > start && isBlank(src[i-1]) {
					i--
				}
			}
		default:
			lk, i = lexOne(src, i)
			if lk == tablegen.TokError {
				k = kOther
			}
		}
		t := tok{kind: k, lex: lk, off: start, text: src[start:i], line: line}
		line += strings.Count(t.text, "\n")
		t.endLine = line
		if k != kBlockComment {
			lineStart = false
		}
		toks = append(toks, t)
	}
	return toks
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

func lineEnd(src string, i int) int {
	if j := strings.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(src)
}

// directiveEnd is the end of the directive at src[i]: its line, or past
// the /* */ comment that starts on it (the lexer skips comments there).
func directiveEnd(src string, i int) int {
	end := lineEnd(src, i)
	line := src[i:end]
	c := strings.Index(line, "/*")
	if c < 0 || (strings.Contains(line[:c], "//")) {
		return end
	}
	return lineEnd(src, blockCommentEnd(src, i+c))
}

func isDirective(rest string) bool {
	for _, d := range directives {
		if strings.HasPrefix(rest, d) && (len(rest) == len(d) || !isIdentChar(rest[len(d)])) {
			return true
		}
	}
	return false
}

func blockCommentEnd(src string, i int) int {
	end, _ := blockComment(src, i)
	return end
}

// blockComment is the end of the nestable comment at src[i], and whether
// it is closed there (else it runs to the end of src).
func blockComment(src string, i int) (int, bool) {
	i += 2
	depth := 1
	for i < len(src) {
		switch {
		case strings.HasPrefix(src[i:], "*/"):
			i += 2
			depth--
			if depth == 0 {
				return i, true
			}
		case strings.HasPrefix(src[i:], "/*"):
			i += 2
			depth++
		default:
			i++
		}
	}
	return len(src), false
}

// lexOne returns the kind of the lexer token starting at src[i] and its
// end. A character the lexer rejects, an unterminated string and an
// unterminated code block are TokError.
func lexOne(src string, i int) (tablegen.TokenKind, int) {
	start := i
	c := src[i]
	i++
	switch c {
	case '#':
		return tablegen.TokPaste, i
	case '-', '+':
		if i < len(src) && isDigit(src[i]) {
			for i < len(src) && isDigit(src[i]) {
				i++
			}
			return tablegen.TokInt, i
		}
		if c == '-' {
			return tablegen.TokMinus, i
		}
		return tablegen.TokPlus, i
	case '[':
		if i < len(src) && src[i] == '{' {
			if j := strings.Index(src[i+1:], "}]"); j >= 0 {
				return tablegen.TokCode, i + 1 + j + 2
			}
			return tablegen.TokError, len(src)
		}
		return tablegen.TokLSquare, i
	case ']':
		return tablegen.TokRSquare, i
	case '{':
		return tablegen.TokLBrace, i
	case '}':
		return tablegen.TokRBrace, i
	case '(':
		return tablegen.TokLParen, i
	case ')':
		return tablegen.TokRParen, i
	case '<':
		return tablegen.TokLess, i
	case '>':
		return tablegen.TokGreater, i
	case ':':
		return tablegen.TokColon, i
	case ';':
		return tablegen.TokSemi, i
	case ',':
		return tablegen.TokComma, i
	case '=':
		return tablegen.TokEqual, i
	case '?':
		return tablegen.TokQuestion, i
	case '.':
		if strings.HasPrefix(src[i:], "..") {
			return tablegen.TokEllipsis, i + 2
		}
		return tablegen.TokDot, i
	case '"':
		for i < len(src) {
			switch src[i] {
			case '"':
				return tablegen.TokString, i + 1
			case '\n', '\r':
				return tablegen.TokError, i
			case '\\':
				if i+1 < len(src) {
					i++
				}
			}
			i++
		}
		return tablegen.TokError, i
	case '$', '!':
		if i >= len(src) || !(isAlpha(src[i]) || (c == '$' && src[i] == '_')) {
			return tablegen.TokError, i
		}
		for i < len(src) && isIdentChar(src[i]) {
			i++
		}
		if c == '$' {
			return tablegen.TokVarName, i
		}
		return tablegen.TokBang, i
	}
	if isDigit(c) {
		return number(src, i-1)
	}
	if isAlpha(c) || c == '_' {
		for i < len(src) && isIdentChar(src[i]) {
			i++
		}
		if kw, ok := tablegen.Keywords[src[start:i]]; ok {
			return kw, i
		}
		return tablegen.TokIdent, i
	}
	for i < len(src) && src[i]&0xC0 == 0x80 {
		i++
	}
	return tablegen.TokError, i
}

func number(src string, start int) (tablegen.TokenKind, int) {
	i := start
	for i < len(src) && isDigit(src[i]) {
		i++
	}
	if i == start+1 && src[start] == '0' && i+1 < len(src) {
		switch {
		case src[i] == 'x' && isHex(src[i+1]):
			i += 2
			for i < len(src) && isHex(src[i]) {
				i++
			}
			return tablegen.TokInt, i
		case src[i] == 'b' && (src[i+1] == '0' || src[i+1] == '1'):
			i += 2
			for i < len(src) && (src[i] == '0' || src[i] == '1') {
				i++
			}
			return tablegen.TokBinary, i
		}
	}
	if i < len(src) && (isAlpha(src[i]) || src[i] == '_') {
		for i < len(src) && isIdentChar(src[i]) {
			i++
		}
		return tablegen.TokIdent, i
	}
	return tablegen.TokInt, i
}

func isDigit(c byte) bool     { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool     { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func isHex(c byte) bool       { return isDigit(c) || ((c|0x20) >= 'a' && (c|0x20) <= 'f') }
func isIdentChar(c byte) bool { return isAlpha(c) || isDigit(c) || c == '_' }
