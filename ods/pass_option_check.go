package ods

import (
	"strings"
)

// The texts of a pass option that --gen-pass-decls pastes into C++ as
// they are written: the type (the member's and the options struct's), the
// default (`::llvm::cl::init(DEFAULT)` and the struct member's
// initializer) and the additional flags (after `::llvm::cl::desc(...)`, in
// the member's braces). mlir-tblgen checks none of them; each rule below
// flags only text that no C++ translation unit can accept, so an option
// that builds is never reported.

// boolWords are words written for a boolean that C++ does not declare:
// `bool fast = yes;` fails with "'yes' was not declared in this scope".
var boolWords = map[string]bool{
	"yes": true, "no": true, "on": true, "off": true,
	"Yes": true, "No": true, "On": true, "Off": true,
	"YES": true, "NO": true, "ON": true, "OFF": true,
	"True": true, "False": true, "TRUE": true, "FALSE": true,
}

// flagsProblem says why an option's additional flags are not C++, or "".
// The exact rule: outside comments and string and character literals, at
// the top level of the comma-separated list (no bracket open), two words
// follow each other with only blanks between them and neither is a C++
// keyword or alternative token (`new T`, `a and b` are C++), or a
// character C++ has no use for outside literals (` or @: g++ says "stray
// in program") appears. Prose ("the tile sizes") meets it; every flag
// list of MLIR and of the out-of-tree projects read
// (::llvm::cl::values(...), llvm::cl::ZeroOrMore, a variable) does not.
func flagsProblem(flags string) string {
	depth := 0
	prevWord, afterWord := "", false // the word just before, with only blanks since
	for i := 0; i < len(flags); {
		c := flags[i]
		switch {
		case c == '"' || c == '\'':
			end := literalEnd(flags, i)
			if end < 0 {
				return "an unterminated " + map[bool]string{true: "string", false: "character"}[c == '"'] + " literal"
			}
			i, afterWord, prevWord = end, false, ""
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case strings.HasPrefix(flags[i:], "//"):
			end := strings.IndexByte(flags[i:], '\n')
			if end < 0 {
				end = len(flags) - i
			}
			i, afterWord, prevWord = i+end, false, ""
			continue
		case strings.HasPrefix(flags[i:], "/*"):
			end := strings.Index(flags[i+2:], "*/")
			if end < 0 {
				return "an unterminated comment"
			}
			i, afterWord, prevWord = i+2+end+2, false, ""
			continue
		case isFmtAlpha(c) || c == '_' || (c >= '0' && c <= '9'):
			j := i
			for j < len(flags) && (isFmtAlnum(flags[j]) || flags[j] == '_' || flags[j] == '.' && c >= '0' && c <= '9') {
				j++
			}
			w := flags[i:j]
			if depth == 0 && afterWord && !isCppWord(prevWord) && !isCppWord(w) {
				return "`" + prevWord + " " + w + "` is two words in a row"
			}
			prevWord, afterWord, i = w, true, j
			continue
		case c == '`' || c == '@':
			return "`" + string(c) + "` is not C++"
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		}
		prevWord, afterWord = "", false
		i++
	}
	return ""
}

// isCppWord reports a C++ keyword or alternative token (and, not, ...),
// C++20's included: a word that may stand next to another in an
// expression (`new T`, `a and b`, `co_await x`).
func isCppWord(w string) bool {
	switch w {
	case "co_await", "co_yield", "co_return", "concept", "requires", "char8_t", "consteval", "constinit":
		return true
	}
	return isCppKeyword(w)
}

// literalEnd is the index after the string or character literal that
// starts at i, or -1 when it does not end on the line.
func literalEnd(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '\n':
			return -1
		case q:
			return j + 1
		}
	}
	return -1
}

// looksLikeDefaultList reports a description written as a list of values
// ("{32, 32}", "1,2,3"): a default given to a ListOption, which takes none.
func looksLikeDefaultList(desc string) bool {
	d := strings.TrimSpace(desc)
	if strings.HasPrefix(d, "{") && strings.HasSuffix(d, "}") {
		return true
	}
	parts := strings.Split(d, ",")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if !isNumber(strings.TrimSpace(p)) {
			return false
		}
	}
	return true
}

// legalLowerTypes are the lower-case type names a pass's C++ sees without
// a namespace: the fundamental types and the typedefs of <cstdint>,
// <cstddef> and the POSIX headers LLVM's include (uint, ushort, ssize_t,
// ...). Any name ending in _t is left alone as well.
var legalLowerTypes = map[string]bool{
	"bool": true, "char": true, "short": true, "int": true, "long": true, "unsigned": true, "signed": true,
	"float": true, "double": true, "void": true, "auto": true, "wchar_t": true,
	"uint": true, "ushort": true, "ulong": true, "uchar": true, "quad_t": true,
}

// typeNearMisses are the builtin type names a misspelling is measured
// against.
var typeNearMisses = []string{"bool", "char", "short", "long", "unsigned", "signed", "float", "double"}

// optionTypeProblem returns the C++ type an option's type misspells, or
// "". The exact rule: the type is one lower-case word (no namespace, no
// template, not ending in _t: a project's own types are qualified or
// capitalised, and a lower-case _t name may be a POSIX typedef) that is
// not a builtin type or typedef visible to the pass, and it is a
// fixed-width integer without its _t (uint64), boolean or integer, or one
// edit from a builtin type of four letters or more (unsinged, doubel:
// letters swapped, one dropped, or one changed or added inside the word).
// g++ then says "'unsinged' does not name a type; did you mean
// 'unsigned'?".
func optionTypeProblem(t string) string {
	t = strings.TrimSpace(t)
	if t == "" || strings.HasSuffix(t, "_t") || legalLowerTypes[t] {
		return ""
	}
	for i := 0; i < len(t); i++ {
		if c := t[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return ""
		}
	}
	switch t {
	case "boolean":
		return "bool"
	case "integer":
		return "int"
	case "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64":
		return t + "_t"
	}
	for _, b := range typeNearMisses {
		if oneEditInside(t, b) {
			return b
		}
	}
	return ""
}

// oneEditInside reports that a is b with two neighbouring letters
// swapped, one letter dropped, or one letter other than the first changed
// or added between two of b's letters.
func oneEditInside(a, b string) bool {
	switch {
	case len(a) == len(b):
		diff := -1
		for i := 0; i < len(a); i++ {
			if a[i] != b[i] {
				if diff >= 0 {
					// Two differences: a swap of neighbours only.
					return i == diff+1 && a[diff] == b[i] && a[i] == b[diff] && a[i+1:] == b[i+1:]
				}
				diff = i
			}
		}
		return diff > 0
	case len(a) == len(b)-1:
		for i := 0; i <= len(a); i++ {
			if a[:i] == b[:i] && a[i:] == b[i+1:] {
				return true
			}
		}
	case len(a) == len(b)+1:
		for i := 1; i < len(b); i++ {
			if a[:i] == b[:i] && a[i+1:] == b[i:] {
				return true
			}
		}
	}
	return false
}
