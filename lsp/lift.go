package lsp

import (
	"bytes"
	"strconv"
)

// With full-document sync every keystroke sends the whole file, and a
// general JSON decoder reads that text twice (once to frame the message,
// once to decode the params) byte by byte before the server can even start.
// The stream therefore lifts the texts of a didChange out of the message
// first: each is replaced by its index (a JSON number, which no client
// sends as a text) and kept raw, still quoted, for didChange to unquote.
// Finding the end of a string literal is a search for quotes, at memchr
// speed. Anything this reader does not expect leaves the message untouched
// for the general decoder, which then decides.

// liftMinSize is the smallest message worth lifting from.
const liftMinSize = 4 << 10

// liftMaxDepth bounds the nesting the skipper follows.
const liftMaxDepth = 32

// liftChangeTexts returns data with the text of each content change of a
// textDocument/didChange notification replaced by its index, and the
// texts' literals in order; or data and nil when data is not such a
// notification or not in the shape expected.
func liftChangeTexts(data []byte) ([]byte, [][]byte) {
	if len(data) < liftMinSize {
		return data, nil
	}
	sc := &jsonScan{b: data, ok: true}
	var method, params span
	ok := sc.object(func(key []byte) bool {
		if foldsTo(key, "method") || foldsTo(key, "params") {
			return false
		}
		switch string(key) {
		case "method":
			if method.set() {
				return false
			}
			var esc bool
			method.start, method.end, esc = sc.str()
			return !esc
		case "params":
			if params.set() {
				return false
			}
			params.start = sc.i
			sc.value(0)
			params.end = sc.i
		default:
			sc.value(0)
		}
		return sc.ok
	})
	if !ok || !sc.atEnd() || string(data[method.start:method.end]) != `"textDocument/didChange"` || !params.set() {
		return data, nil
	}
	var texts []span
	sc = &jsonScan{b: data, i: params.start, ok: true}
	ok = sc.object(func(key []byte) bool {
		if foldsTo(key, "contentChanges") {
			return false
		}
		if string(key) != "contentChanges" {
			sc.value(0)
			return sc.ok
		}
		return sc.array(func() bool {
			var text span
			return sc.object(func(key []byte) bool {
				if foldsTo(key, "text") {
					return false
				}
				if string(key) != "text" {
					sc.value(0)
					return sc.ok
				}
				if text.set() || sc.peek() != '"' {
					return false
				}
				text.start = sc.i
				sc.str()
				text.end = sc.i
				texts = append(texts, text)
				return sc.ok
			})
		})
	})
	if !ok || len(texts) == 0 {
		return data, nil
	}
	out := make([]byte, 0, len(data)/8)
	lifted := make([][]byte, len(texts))
	prev := 0
	for k, t := range texts {
		out = append(out, data[prev:t.start]...)
		out = strconv.AppendInt(out, int64(k), 10)
		lifted[k] = data[t.start:t.end]
		prev = t.end
	}
	return append(out, data[prev:]...), lifted
}

// foldsTo reports whether key is want in other letter case, which Go's
// decoders would also take for want.
func foldsTo(key []byte, want string) bool {
	return string(key) != want && bytes.EqualFold(key, []byte(want))
}

// span is a byte range of a message; end 0 means not found.
type span struct{ start, end int }

func (s span) set() bool { return s.end > 0 }

// jsonScan skips through JSON text without decoding it. ok turns false at
// anything malformed or unexpected.
type jsonScan struct {
	b  []byte
	i  int
	ok bool
}

func (s *jsonScan) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

func (s *jsonScan) peek() byte {
	s.ws()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

func (s *jsonScan) atEnd() bool {
	s.ws()
	return s.i == len(s.b)
}

// expect consumes c, or fails.
func (s *jsonScan) expect(c byte) bool {
	if s.peek() != c {
		s.ok = false
		return false
	}
	s.i++
	return true
}

// str skips a string literal and returns its span (quotes included) and
// whether it holds an escape.
func (s *jsonScan) str() (start, end int, escaped bool) {
	start = s.i
	if !s.expect('"') {
		return 0, 0, false
	}
	for {
		j := bytes.IndexByte(s.b[s.i:], '"')
		if j < 0 {
			s.ok = false
			return 0, 0, false
		}
		q := s.i + j
		n := 0 // backslashes right before the quote
		for q-1-n >= s.i && s.b[q-1-n] == '\\' {
			n++
		}
		if !escaped {
			escaped = bytes.IndexByte(s.b[s.i:q], '\\') >= 0
		}
		s.i = q + 1
		if n%2 == 0 {
			return start, s.i, escaped
		}
	}
}

// object reads an object, calling member with each key (unescaped keys
// only) and the scanner at its value, which member must consume.
func (s *jsonScan) object(member func(key []byte) bool) bool {
	if !s.expect('{') {
		return false
	}
	if s.peek() == '}' {
		s.i++
		return true
	}
	for {
		if s.peek() != '"' {
			return false
		}
		start, end, esc := s.str()
		if !s.ok || esc || !s.expect(':') {
			return false
		}
		s.ws()
		if !member(s.b[start+1:end-1]) || !s.ok {
			return false
		}
		switch s.peek() {
		case ',':
			s.i++
		case '}':
			s.i++
			return true
		default:
			return false
		}
	}
}

// array reads an array, calling elem at each element, which elem must
// consume.
func (s *jsonScan) array(elem func() bool) bool {
	if !s.expect('[') {
		return false
	}
	if s.peek() == ']' {
		s.i++
		return true
	}
	for {
		s.ws()
		if !elem() || !s.ok {
			return false
		}
		switch s.peek() {
		case ',':
			s.i++
		case ']':
			s.i++
			return true
		default:
			return false
		}
	}
}

// value skips any value.
func (s *jsonScan) value(depth int) {
	if depth > liftMaxDepth {
		s.ok = false
		return
	}
	switch s.peek() {
	case '"':
		s.str()
	case '{':
		s.object(func([]byte) bool { s.value(depth + 1); return s.ok })
	case '[':
		s.array(func() bool { s.value(depth + 1); return s.ok })
	default:
		start := s.i
		for s.i < len(s.b) && bytes.IndexByte([]byte(" \t\r\n,]}"), s.b[s.i]) < 0 {
			s.i++
		}
		if s.i == start {
			s.ok = false
		}
	}
}
