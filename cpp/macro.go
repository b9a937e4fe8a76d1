package cpp

import (
	"bytes"
	"slices"
	"strings"
)

// A function-like macro of the file whose body defines something
// (#define UNARY_FOLDER(Op, Func) OpFoldResult Op::fold(...) { ... }),
// or that lists invocations of a macro it is given or of another such
// macro (the X-macro idiom: #define ALL_OPS(M) M(AddOp) M(SubOp), then
// ALL_OPS(DEFINE_VERIFY)): an invocation at namespace or class scope is
// expanded and scanned, and what it defines is placed at the invocation.

type macro struct {
	params []string
	body   []byte
}

// maxMacroDepth bounds expansions within expansions, maxExpansion the
// bytes a file's expansions may make.
const (
	maxMacroDepth = 4
	maxExpansion  = 4 << 20
)

// defineMacro records a #define's function-like macro when its body has
// a brace (it may define a function) or invokes one of its parameters or
// a macro recorded before it (it may expand to such definitions); rest is
// the directive after "define".
func (s *scanner) defineMacro(rest []byte) {
	rest = bytes.ReplaceAll(rest, []byte("\\\r\n"), []byte(" "))
	rest = bytes.ReplaceAll(rest, []byte("\\\n"), []byte(" "))
	i := 0
	for i < len(rest) && isIdentChar(rest[i]) {
		i++
	}
	if i == 0 || i >= len(rest) || rest[i] != '(' {
		return // object-like (or not a name)
	}
	name := string(rest[:i])
	e := bytes.IndexByte(rest[i:], ')')
	if e < 0 {
		return
	}
	var params []string
	for _, p := range strings.Split(string(rest[i+1:i+e]), ",") {
		if p = strings.TrimSpace(p); p != "" {
			params = append(params, p)
		}
	}
	body := bytes.TrimSpace(rest[i+e+1:])
	if len(body) > 1<<16 || bytes.IndexByte(body, '{') < 0 && !s.invokesMacro(body, params) {
		return
	}
	if s.macros == nil {
		s.macros = map[string]*macro{}
	}
	s.macros[name] = &macro{params: params, body: body}
}

// invokesMacro reports whether body calls one of params or a recorded
// macro: a name of either followed by '('.
func (s *scanner) invokesMacro(body []byte, params []string) bool {
	l := lexer{src: body}
	var prev string
	for {
		t, ok := l.next()
		if !ok {
			return false
		}
		text := string(body[t.start:t.end])
		if text == "(" && prev != "" && (s.macros[prev] != nil || slices.Contains(params, prev)) {
			return true
		}
		prev = ""
		if t.kind == tIdent {
			prev = text
		}
	}
}

// expandMacro scans the invocation of a recorded macro at token i (its
// name, then a parenthesised argument list): the expansion's definitions
// are added with the invocation's position. It returns the index after
// the invocation, or -1 when i is not one.
func (s *scanner) expandMacro(i int) int {
	if s.macros == nil || !s.isIdent(i) || !s.is(i+1, "(") || s.depth >= maxMacroDepth {
		return -1
	}
	m := s.macros[s.text(i)]
	if m == nil {
		return -1
	}
	close := s.matching(i + 1)
	if close >= len(s.toks) {
		return -1
	}
	// the arguments' texts, split at top-level commas
	var args []string
	start := s.toks[i+1].end
	for j := i + 2; j <= close; j++ {
		switch {
		case s.is(j, "(") || s.is(j, "[") || s.is(j, "{"):
			j = s.matching(j)
		case s.is(j, ",") || j == close:
			args = append(args, strings.TrimSpace(string(s.src[start:s.toks[j].start])))
			if j < close {
				start = s.toks[j].end
			}
		}
	}
	if s.expanded == nil {
		s.expanded = new(int)
	}
	if *s.expanded > maxExpansion {
		return -1
	}
	exp := substitute(m, args)
	*s.expanded += len(exp)
	sub := &scanner{src: exp, opts: FragmentOptions{Line: 1, Col: 1, Substitute: s.opts.Substitute}, file: &File{Path: s.file.Path},
		macros: s.macros, depth: s.depth + 1, expanded: s.expanded}
	sub.lex()
	sub.scopes = append(sub.scopes, scope{kind: scopeNamespace, floor: true})
	for _, sc := range s.scopes {
		sc.floor = true
		sub.scopes = append(sub.scopes, sc)
	}
	sub.run()
	o := s.toks[i].start
	line, col := s.position(o)
	end := s.off(s.toks[close].end)
	for _, d := range sub.file.Defs {
		d.File, d.Offset, d.Line, d.Col, d.End = s.file.Path, s.off(o), line, col, end
		s.file.Defs = append(s.file.Defs, d)
	}
	s.file.known = append(s.file.known, sub.file.known...)
	next := close + 1
	if s.is(next, ";") {
		next++
	}
	return next
}

// substitute replaces the parameters of m's body by args, token by token
// (a # before a parameter makes a string, ## pastes).
func substitute(m *macro, args []string) []byte {
	l := lexer{src: m.body}
	var out bytes.Buffer
	prev := 0
	paste := false
	for {
		t, ok := l.next()
		if !ok {
			break
		}
		text := string(m.body[t.start:t.end])
		gap := m.body[prev:t.start]
		prev = t.end
		if text == "#" && l.pos < len(m.body) && m.body[l.pos] == '#' {
			l.pos++
			prev = l.pos
			paste = true
			continue
		}
		if !paste {
			out.Write(gap)
		}
		paste = false
		if t.kind == tIdent {
			for k, p := range m.params {
				if p == text && k < len(args) {
					text = args[k]
					break
				}
			}
		}
		out.WriteString(text)
	}
	return out.Bytes()
}
