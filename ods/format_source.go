package ods

import (
	"strings"

	"tdls/tablegen"
)

// formatSource maps byte offsets of an evaluated assembly format back to
// the source. When the value comes straight from a code literal or from
// string literals (TableGen joins adjacent ones), an offset maps into them;
// otherwise every offset maps to the expression that set the field.
type formatSource struct {
	whole tablegen.Range
	// from and to give, for each byte of the value, the source range it
	// was written as (two bytes for an escape).
	from, to []tablegen.Pos
	mapped   bool
}

func (op *Op) formatSource() formatSource {
	return formatSourceOf(op.site(), "assemblyFormat", op.AssemblyFormat)
}

// formatSourceOf maps the value of a definition's format field back to
// where it is written.
func formatSourceOf(at site, field, value string) formatSource {
	s := formatSource{whole: at.at}
	rv := at.def.Field(field)
	if rv == nil || !rv.Src.Start.IsValid() {
		return s
	}
	s.whole = rv.Src
	f := at.set.File(rv.Src.Start)
	if f == nil || !f.Contains(rv.Src.End) {
		return s
	}
	text := string(f.Slice(rv.Src))
	if from, to, ok := literalBytes(text, value); ok {
		for i := range from {
			if from[i] >= 0 {
				from[i] += int(rv.Src.Start)
				to[i] += int(rv.Src.Start)
			}
		}
		s.from, s.to, s.mapped = toPos(from), toPos(to), true
	}
	return s
}

func toPos(offs []int) []tablegen.Pos {
	out := make([]tablegen.Pos, len(offs))
	for i, o := range offs {
		out[i] = tablegen.Pos(o)
	}
	return out
}

// literalBytes maps value back into text, the expression that produced
// it: one code literal, string literals (adjacent ones are joined), or such
// literals pasted with `#` to other values (`clauses # [{ ... }]`). It gives
// the source span of each value byte, -1 for a byte from a non-literal.
func literalBytes(text, value string) (from, to []int, ok bool) {
	type piece struct {
		data     string
		from, to []int
	}
	var pieces []*piece
	var cur *piece // the string literal run being read
	others := false
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case strings.HasPrefix(text[i:], "//"):
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				return nil, nil, false
			}
			i += end + 4
			continue
		}
		if c != '"' {
			cur = nil
		}
		switch {
		case strings.HasPrefix(text[i:], "[{"):
			end := strings.Index(text[i:], "}]")
			if end < 0 {
				return nil, nil, false
			}
			p := &piece{data: text[i+2 : i+end]}
			for k := range p.data {
				p.from, p.to = append(p.from, i+2+k), append(p.to, i+3+k)
			}
			pieces = append(pieces, p)
			i += end + 2
		case c == '"':
			if cur == nil {
				cur = &piece{}
				pieces = append(pieces, cur)
			}
			var b strings.Builder
			b.WriteString(cur.data)
			for i++; i < len(text) && text[i] != '"'; i++ {
				start, ch := i, text[i]
				if ch == '\\' && i+1 < len(text) && strings.IndexByte(`tn\'"`, text[i+1]) >= 0 {
					i++
					ch = map[byte]byte{'t': '\t', 'n': '\n'}[text[i]]
					if ch == 0 {
						ch = text[i]
					}
				}
				b.WriteByte(ch)
				cur.from, cur.to = append(cur.from, start), append(cur.to, i+1)
			}
			if i >= len(text) {
				return nil, nil, false
			}
			i++
			cur.data = b.String()
		case c == '#':
			i++
		case isFmtAlnum(c) || c == '_' || c == '.':
			for i < len(text) && (isFmtAlnum(text[i]) || text[i] == '_' || text[i] == '.') {
				i++
			}
			others = true
		default:
			// Anything else (a bang operator, a conditional) may or may
			// not contribute its literals.
			return nil, nil, false
		}
	}
	from, to = make([]int, len(value)), make([]int, len(value))
	for i := range from {
		from[i], to[i] = -1, -1
	}
	// Place the literals in order; without other terms they must make up
	// the whole value.
	at := 0
	for _, p := range pieces {
		k := strings.Index(value[at:], p.data)
		if k < 0 || (!others && k != 0) {
			return nil, nil, false
		}
		copy(from[at+k:], p.from)
		copy(to[at+k:], p.to)
		at += k + len(p.data)
	}
	if !others && at != len(value) {
		return nil, nil, false
	}
	return from, to, true
}

// rangeOf maps the value's bytes [start, end) to source; wholeFormat, or
// a byte not written as a literal, gives the whole expression.
func (s formatSource) rangeOf(start, end int) tablegen.Range {
	if !s.mapped || start == wholeFormat || len(s.from) == 0 {
		return s.whole
	}
	var a, b tablegen.Pos
	switch {
	case start >= len(s.from):
		a = s.to[len(s.to)-1]
		b = a
	case end <= start:
		a = s.from[start]
		b = a
	default:
		a, b = s.from[start], s.to[min(end, len(s.to))-1]
	}
	if a < 0 || b < 0 {
		return s.whole
	}
	return tablegen.Range{Start: a, End: b}
}
