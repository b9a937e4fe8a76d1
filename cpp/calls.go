package cpp

import "strings"

// Call is a function a piece of C++ calls by name: "foo(...)",
// "ns::foo(...)", "foo<T>(...)".
type Call struct {
	Name   string // as written, qualified: "foo", "ns::foo", "::ns::foo"
	Args   int    // arguments written; -1 when a pack expansion makes it open
	Offset int    // byte offset of the unqualified name in the code
}

// cppWords are the keywords and casts written like calls.
var cppWords = map[string]bool{
	"sizeof": true, "alignof": true, "decltype": true, "static_cast": true, "dynamic_cast": true,
	"const_cast": true, "reinterpret_cast": true, "return": true, "if": true, "while": true, "for": true,
	"switch": true, "typeid": true, "noexcept": true, "new": true, "delete": true, "throw": true,
	"assert": true, "static_assert": true, "int": true, "unsigned": true, "bool": true, "char": true,
	"float": true, "double": true, "long": true, "short": true, "int64_t": true, "int32_t": true,
	"uint64_t": true, "uint32_t": true, "int8_t": true, "uint8_t": true, "int16_t": true, "uint16_t": true,
	"size_t": true, "auto": true, "void": true, "operator": true, "this": true, "template": true,
}

// Calls lists the free functions a piece of C++ (a DRR native call's or
// predicate's code) calls by name. Left out: member calls (after '.' or
// '->', so every call on $_self, $0 or $_builder), calls on a class
// (Foo::get, a qualifier starting with an upper-case letter), types
// constructed (an upper-case name), keywords and casts, and the std and
// llvm namespaces' functions. Placeholders ($_self, $0) are identifiers
// here, never callees.
func Calls(code []byte) []Call {
	l := lexer{src: code}
	var toks []token
	for {
		t, ok := l.next()
		if !ok {
			break
		}
		toks = append(toks, t)
	}
	s := &scanner{src: code, toks: toks}
	// the closing bracket of each opening one, in one pass (a call's
	// arguments are counted without scanning to the end each time)
	closing := make([]int, len(toks))
	var stack []int
	for i := range toks {
		closing[i] = len(toks)
		if toks[i].kind != tPunct || toks[i].end-toks[i].start != 1 {
			continue
		}
		switch code[toks[i].start] {
		case '(', '[', '{':
			stack = append(stack, i)
		case ')', ']', '}':
			if len(stack) > 0 {
				closing[stack[len(stack)-1]] = i
				stack = stack[:len(stack)-1]
			}
		}
	}
	// punct is the one-byte punctuation of token i, else 0.
	punct := func(i int) byte {
		if i < 0 || i >= len(toks) || toks[i].kind != tPunct || toks[i].end-toks[i].start != 1 {
			return 0
		}
		return code[toks[i].start]
	}
	// args counts the arguments between the parentheses at open and
	// close: top-level commas outside template arguments, nested groups
	// skipped through closing (so nesting costs nothing); -1 for "...".
	args := func(open, close int) int {
		if open+1 >= close {
			return 0
		}
		count, angle := 1, 0
		for j := open + 1; j < close; j++ {
			switch punct(j) {
			case '(', '[', '{':
				j = closing[j]
			case '<':
				if s.isIdent(j - 1) {
					angle++
				}
			case '>':
				if angle > 0 {
					angle--
				}
			case ',':
				if angle == 0 {
					count++
				}
			case 0:
				if s.is(j, "...") {
					return -1
				}
			}
		}
		return count
	}
	var out []Call
	for i := 0; i < len(toks); i++ {
		if !s.isIdent(i) {
			continue
		}
		// the whole qualified name ending at the identifier
		if s.is(i+1, "::") {
			continue
		}
		first := i
		for first >= 2 && s.is(first-1, "::") && s.isIdent(first-2) {
			first -= 2
		}
		leading := first >= 1 && s.is(first-1, "::") && !s.isIdent(first-2) && !s.is(first-2, ">")
		if first >= 1 && (s.is(first-1, ".") || s.is(first-1, "->")) {
			continue
		}
		if first >= 1 && s.is(first-1, "::") && !leading {
			continue // after a template-id qualifier (Foo<T>::bar): a member
		}
		open := i + 1
		if s.is(open, "<") {
			// template arguments: a '>' within a few tokens, brackets
			// skipped
			depth, e := 0, -1
			for j := open; j < len(toks) && j < open+maxTemplateTokens && e < 0; j++ {
				switch punct(j) {
				case '<':
					depth++
				case '>':
					if depth--; depth == 0 {
						e = j
					}
				case '(', '[', '{':
					j = closing[j]
				case ';', '}':
					j = len(toks)
				}
			}
			if e < 0 {
				continue
			}
			open = e + 1
		}
		if !s.is(open, "(") {
			continue
		}
		var parts []string
		for j := first; j <= i; j += 2 {
			parts = append(parts, s.text(j))
		}
		name := strings.Join(parts, "::")
		last := parts[len(parts)-1]
		if cppWords[last] || strings.HasPrefix(last, "$") || isUpper(last[0]) {
			continue
		}
		skip := false
		for k, p := range parts[:len(parts)-1] {
			if isUpper(p[0]) || k == 0 && (p == "std" || p == "llvm") || strings.HasPrefix(p, "$") {
				skip = true
			}
		}
		if skip {
			continue
		}
		if leading {
			name = "::" + name
		}
		out = append(out, Call{Name: name, Args: args(open, closing[open]), Offset: toks[i].start})
	}
	return out
}

// maxTemplateTokens bounds the template arguments of a call read.
const maxTemplateTokens = 64

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
