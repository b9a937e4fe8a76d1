package ods

import (
	"bytes"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// site is where a definition is written: its record, the range of its name
// (where mlir-tblgen reports about it) and the source set that maps its
// field values back to text.
type site struct {
	def *eval.Record
	at  tablegen.Range
	set *tablegen.SourceSet
}

func siteOf(def *eval.Record, set *tablegen.SourceSet) site {
	return site{def: def, at: defRange(def), set: set}
}

// fieldRange is where a field was set, when that is inside the def's own
// statement; else the def's name (a value inherited from a class is best
// blamed on the def that uses it).
func (s site) fieldRange(name string) tablegen.Range {
	if rv := s.def.Field(name); rv != nil && rv.Src.Start.IsValid() && within(rv.Src, s.def.Decl) {
		return rv.Src
	}
	return s.at
}

// dagArgRanges finds where each argument of the dag field is written,
// when the field was set straight from a dag literal `(ins A:$a, B:$b)` in
// the def's own statement. Values carry no ranges, so the literal is
// rescanned; when it does not match the value (the dag came from a template
// argument or an operator), every argument gets the field's range.
func (s site) dagArgRanges(field string, dag *eval.DagInit) []tablegen.Range {
	out := make([]tablegen.Range, len(dag.Args))
	fallback := s.fieldRange(field)
	for i := range out {
		out[i] = fallback
	}
	if s.set == nil {
		return out
	}
	span := fallback
	if fallback == s.at {
		if !s.def.Anonymous {
			return out
		}
		// A record instantiated in place gets its dag from a template
		// argument, as in `InterfaceMethod<"...", "void", "f", (ins "int":$x)>`.
		span = s.def.Decl
	}
	f := s.set.File(span.Start)
	if f == nil || !span.Start.IsValid() {
		return out
	}
	start := f.Offset(span.Start)
	text := f.Slice(span)
	spans := scanDagArgs(text)
	if fallback == s.at {
		spans = findDagLiteral(text, dagOperatorName(dag), len(dag.Args))
		if spans == nil {
			return out
		}
	}
	if len(spans) != len(dag.Args) {
		return out
	}
	for i, sp := range spans {
		out[i] = tablegen.Range{Start: f.Pos(start + sp[0]), End: f.Pos(start + sp[1])}
	}
	return out
}

// findDagLiteral finds in text the one dag literal with operator op and n
// arguments, and returns its argument spans; nil when there is none or
// more than one.
func findDagLiteral(text []byte, op string, n int) [][2]int {
	if op == "" || n == 0 {
		return nil
	}
	var found [][2]int
	count := 0
	for i := 0; i < len(text); i++ {
		if text[i] != '(' {
			continue
		}
		j := i + 1
		for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n') {
			j++
		}
		if !bytes.HasPrefix(text[j:], []byte(op)) {
			continue
		}
		spans := scanDagArgs(text[i:])
		if len(spans) != n {
			continue
		}
		count++
		found = make([][2]int, n)
		for k, sp := range spans {
			found[k] = [2]int{i + sp[0], i + sp[1]}
		}
	}
	if count != 1 {
		return nil
	}
	return found
}

// scanDagArgs splits a dag literal into its arguments, as [start, end)
// offsets; nil when text is not a dag literal.
func scanDagArgs(text []byte) [][2]int {
	s := &dagScanner{text: text}
	s.space()
	if !s.eat('(') {
		return nil
	}
	s.space()
	// The operator is one value, separated from the first argument by
	// white space only.
	opStart := s.pos
	s.element(true)
	if s.pos == opStart || s.pos > len(text) {
		return nil
	}
	var spans [][2]int
	for {
		s.space()
		if s.pos >= len(text) {
			return nil
		}
		if s.eat(')') {
			return spans
		}
		if len(spans) > 0 && !s.eat(',') {
			return nil
		}
		s.space()
		from := s.pos
		s.element(false)
		if s.pos == from || s.pos > len(text) {
			return nil
		}
		spans = append(spans, [2]int{from, s.trimmedEnd(from)})
	}
}

type dagScanner struct {
	text []byte
	pos  int
}

func (s *dagScanner) eat(c byte) bool {
	if s.pos < len(s.text) && s.text[s.pos] == c {
		s.pos++
		return true
	}
	return false
}

// space skips white space and comments.
func (s *dagScanner) space() {
	for s.pos < len(s.text) {
		switch c := s.text[s.pos]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			s.pos++
		case c == '/' && s.pos+1 < len(s.text) && s.text[s.pos+1] == '/':
			for s.pos < len(s.text) && s.text[s.pos] != '\n' {
				s.pos++
			}
		case c == '/' && s.pos+1 < len(s.text) && s.text[s.pos+1] == '*':
			depth := 0
			for s.pos < len(s.text) {
				if s.hasPrefix("/*") {
					depth++
					s.pos += 2
				} else if s.hasPrefix("*/") {
					depth--
					s.pos += 2
					if depth == 0 {
						break
					}
				} else {
					s.pos++
				}
			}
		default:
			return
		}
	}
}

func (s *dagScanner) hasPrefix(p string) bool {
	return len(s.text)-s.pos >= len(p) && string(s.text[s.pos:s.pos+len(p)]) == p
}

// element skips one value with its optional `:$name`: up to a `,` or `)`
// at nesting depth zero, or, for the operator, up to white space.
func (s *dagScanner) element(operator bool) {
	depth := 0
	for s.pos < len(s.text) {
		c := s.text[s.pos]
		switch {
		case c == '"':
			s.pos++
			for s.pos < len(s.text) && s.text[s.pos] != '"' && s.text[s.pos] != '\n' {
				if s.text[s.pos] == '\\' {
					s.pos++
				}
				s.pos++
			}
			s.pos++
			continue
		case s.hasPrefix("[{"):
			for s.pos < len(s.text) && !s.hasPrefix("}]") {
				s.pos++
			}
			s.pos += 2
			continue
		case s.hasPrefix("//") || s.hasPrefix("/*"):
			if depth == 0 && operator {
				return
			}
			s.space()
			continue
		case c == '(' || c == '[' || c == '<' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '>' || c == '}':
			if depth == 0 {
				return
			}
			depth--
		case c == ',':
			if depth == 0 {
				return
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if depth == 0 && operator {
				return
			}
		}
		s.pos++
	}
}

// trimmedEnd is the end of the element that started at from, without the
// white space and comments before the separator.
func (s *dagScanner) trimmedEnd(from int) int {
	end := s.pos
	for end > from {
		c := s.text[end-1]
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			break
		}
		end--
	}
	return end
}

// valueRange is where bytes [start, end) of a string field's value are
// written: inside the literal that set the field in the def's body, or
// else at the first occurrence of that text in the def's statement (a
// template argument of a record instantiated in place), or else the
// field's range.
func (s site) valueRange(field, value string, start, end int) tablegen.Range {
	if s.fieldRange(field) != s.at {
		if src := formatSourceOf(s, field, value); src.mapped {
			return src.rangeOf(start, end)
		}
	}
	if f := s.set.File(s.def.Decl.Start); f != nil && s.def.Decl.Start.IsValid() && start < end {
		text := f.Slice(s.def.Decl)
		if k := bytes.Index(text, []byte(value[start:end])); k >= 0 {
			at := s.def.Decl.Start + tablegen.Pos(k)
			return tablegen.Range{Start: at, End: at + tablegen.Pos(end-start)}
		}
	}
	return s.fieldRange(field)
}
