// Package cpp finds the definitions of a C++ source file without a
// compiler: namespaces, classes and the functions defined in them, by name
// and scope. It is the C++ half of a dialect as tdls sees it: where the
// members a .td file declares are implemented. It imports nothing of tdls.
package cpp

// tokKind is what a token is; the scanner needs few kinds.
type tokKind uint8

const (
	tIdent  tokKind = iota // identifier or keyword
	tNumber                // pp-number
	tString                // string literal (incl. raw), as one token
	tChar                  // character literal
	tPunct                 // punctuation; "::" and "->" and "..." are one token
	tPP                    // a preprocessor directive line (with continuations)
)

type token struct {
	kind       tokKind
	start, end int // byte offsets in the source
}

// lexer turns bytes into tokens; it never fails: any byte becomes part of
// some token or is skipped.
type lexer struct {
	src []byte
	pos int
	// atLineStart is true when only whitespace (or comments) precede pos on
	// its line, so that '#' starts a directive.
	atLineStart bool
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'
}

// skipBlank skips whitespace, comments and escaped newlines.
func (l *lexer) skipBlank() {
	src := l.src
	for l.pos < len(src) {
		c := src[l.pos]
		switch {
		case c == '\n':
			l.pos++
			l.atLineStart = true
		case isSpace(c):
			l.pos++
		case c == '\\' && l.pos+1 < len(src) && (src[l.pos+1] == '\n' || src[l.pos+1] == '\r'):
			l.pos++
			for l.pos < len(src) && src[l.pos] != '\n' {
				l.pos++
			}
			if l.pos < len(src) {
				l.pos++
			}
		case c == '/' && l.pos+1 < len(src) && src[l.pos+1] == '/':
			l.pos = lineCommentEnd(src, l.pos)
		case c == '/' && l.pos+1 < len(src) && src[l.pos+1] == '*':
			e := indexFrom(src, l.pos+2, "*/")
			if e < 0 {
				l.pos = len(src)
			} else {
				l.pos = e + 2
			}
		default:
			return
		}
	}
}

// lineCommentEnd is the offset of the newline ending a // comment started
// at i (a backslash before the newline continues it, as in C++).
// continued reports whether the line ending at the newline src[i] is
// continued by a backslash before it (and a '\r').
func continued(src []byte, i int) bool {
	j := i - 1
	if j >= 0 && src[j] == '\r' {
		j--
	}
	return j >= 0 && src[j] == '\\'
}

func lineCommentEnd(src []byte, i int) int {
	for i < len(src) {
		if src[i] == '\n' {
			if continued(src, i) {
				i++
				continue
			}
			return i
		}
		i++
	}
	return i
}

func indexFrom(src []byte, i int, s string) int {
	for ; i+len(s) <= len(src); i++ {
		if src[i] == s[0] && string(src[i:i+len(s)]) == s {
			return i
		}
	}
	return -1
}

// next returns the next token; ok is false at the end of input.
func (l *lexer) next() (token, bool) {
	l.skipBlank()
	src := l.src
	if l.pos >= len(src) {
		return token{}, false
	}
	start := l.pos
	c := src[start]
	lineStart := l.atLineStart
	l.atLineStart = false
	switch {
	case c == '#' && lineStart:
		l.pos = directiveEnd(src, start)
		l.atLineStart = true
		return token{tPP, start, l.pos}, true
	case isIdentStart(c):
		i := start
		for i < len(src) && isIdentChar(src[i]) {
			i++
		}
		if i < len(src) && (src[i] == '"' || src[i] == '\'') && isLiteralPrefix(src[start:i]) {
			if src[i] == '"' {
				if src[i-1] == 'R' {
					l.pos = rawStringEnd(src, i)
				} else {
					l.pos = quotedEnd(src, i, '"')
				}
				return token{tString, start, l.pos}, true
			}
			l.pos = quotedEnd(src, i, '\'')
			return token{tChar, start, l.pos}, true
		}
		l.pos = i
		return token{tIdent, start, i}, true
	case c >= '0' && c <= '9' || c == '.' && start+1 < len(src) && src[start+1] >= '0' && src[start+1] <= '9':
		i := start + 1
		for i < len(src) {
			d := src[i]
			if isIdentChar(d) || d == '.' {
				i++
			} else if (d == '+' || d == '-') && (src[i-1] == 'e' || src[i-1] == 'E' || src[i-1] == 'p' || src[i-1] == 'P') {
				i++
			} else if d == '\'' && i+1 < len(src) && isIdentChar(src[i+1]) {
				i++ // digit separator
			} else {
				break
			}
		}
		l.pos = i
		return token{tNumber, start, i}, true
	case c == '"':
		l.pos = quotedEnd(src, start, '"')
		return token{tString, start, l.pos}, true
	case c == '\'':
		l.pos = quotedEnd(src, start, '\'')
		return token{tChar, start, l.pos}, true
	case c == ':' && start+1 < len(src) && src[start+1] == ':':
		l.pos = start + 2
	case c == '-' && start+1 < len(src) && src[start+1] == '>':
		l.pos = start + 2
	case c == '.' && start+2 < len(src) && src[start+1] == '.' && src[start+2] == '.':
		l.pos = start + 3
	default:
		l.pos = start + 1
	}
	return token{tPunct, start, l.pos}, true
}

// isLiteralPrefix reports whether p is an encoding prefix of a string or
// character literal (u8, u, U, L, each optionally followed by R).
func isLiteralPrefix(p []byte) bool {
	switch string(p) {
	case "R", "u8", "u", "U", "L", "u8R", "uR", "UR", "LR":
		return true
	}
	return false
}

// quotedEnd is the offset after the literal opened by the quote at i; an
// unterminated literal ends at the line's end.
func quotedEnd(src []byte, i int, q byte) int {
	i++
	for i < len(src) {
		switch src[i] {
		case '\\':
			i += 2
			continue
		case q:
			return i + 1
		case '\n':
			return i
		}
		i++
	}
	return len(src)
}

// rawStringEnd is the offset after the raw string R"delim( ... )delim"
// whose quote is at i. A malformed delimiter ends the literal at the quote.
func rawStringEnd(src []byte, i int) int {
	j := i + 1
	for j < len(src) && j-i <= 17 && src[j] != '(' {
		switch src[j] {
		case ' ', ')', '\\', '\t', '\v', '\f', '\n', '"':
			return i + 1
		}
		j++
	}
	if j >= len(src) || src[j] != '(' {
		return i + 1
	}
	closing := ")" + string(src[i+1:j]) + `"`
	e := indexFrom(src, j+1, closing)
	if e < 0 {
		return len(src)
	}
	return e + len(closing)
}

// directiveEnd is the offset of the newline ending the directive at i
// (continued lines included; a /* comment */ spanning lines continues it).
func directiveEnd(src []byte, i int) int {
	for i < len(src) {
		switch c := src[i]; {
		case c == '\n':
			if continued(src, i) {
				i++
				continue
			}
			return i
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			e := indexFrom(src, i+2, "*/")
			if e < 0 {
				return len(src)
			}
			i = e + 2
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			return lineCommentEnd(src, i)
		case c == '"' || c == '\'':
			i = quotedEnd(src, i, c)
			continue
		}
		i++
	}
	return i
}
