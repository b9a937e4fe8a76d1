package ods

import (
	"strings"

	"tdls/tablegen"
)

// formatSource maps byte offsets of an op's evaluated assembly format back
// to the source. When the value is exactly one string or code literal, an
// offset maps into that literal; otherwise every offset maps to the range
// of the expression that set the field.
type formatSource struct {
	whole tablegen.Range
	// base is the position of the literal's first content byte; srcOff the
	// offset from base of each value byte when escapes make them differ
	// (nil: one to one).
	base   tablegen.Pos
	srcOff []int
	n      int // length of the value
	mapped bool
}

func (op *Op) formatSource() formatSource {
	s := formatSource{whole: op.Range, n: len(op.AssemblyFormat)}
	rv := op.Def.Field("assemblyFormat")
	if rv == nil || !rv.Src.Start.IsValid() {
		return s
	}
	s.whole = rv.Src
	f := op.set.File(rv.Src.Start)
	if f == nil || !f.Contains(rv.Src.End) {
		return s
	}
	text := string(f.Content[f.Offset(rv.Src.Start):f.Offset(rv.Src.End)])
	switch {
	case strings.HasPrefix(text, "[{") && strings.HasSuffix(text, "}]") && tablegen.CodeBody(text) == op.AssemblyFormat:
		s.base, s.mapped = rv.Src.Start+2, true
	case strings.HasPrefix(text, `"`):
		if v, ok := tablegen.Unquote(text); ok && v == op.AssemblyFormat {
			s.base, s.mapped = rv.Src.Start+1, true
			if len(v) != len(text)-2 {
				s.srcOff = escapedOffsets(text[1 : len(text)-1])
			}
		}
	}
	return s
}

// escapedOffsets gives, for each byte Unquote yields from body, the offset
// in body it comes from.
func escapedOffsets(body string) []int {
	var offs []int
	for i := 0; i < len(body); i++ {
		offs = append(offs, i)
		if body[i] == '\\' && i+1 < len(body) {
			switch body[i+1] {
			case 't', 'n', '\\', '\'', '"':
				i++
			}
		}
	}
	return offs
}

// rangeOf maps the value's bytes [start, end) to source; wholeFormat gives
// the whole literal.
func (s formatSource) rangeOf(start, end int) tablegen.Range {
	if !s.mapped || start == wholeFormat {
		return s.whole
	}
	return tablegen.Range{Start: s.pos(start), End: s.pos(end)}
}

func (s formatSource) pos(off int) tablegen.Pos {
	if s.srcOff == nil {
		return s.base + tablegen.Pos(off)
	}
	if off >= len(s.srcOff) {
		// Past the last value byte: the end of the literal's body.
		return s.whole.End - 1
	}
	return s.base + tablegen.Pos(s.srcOff[off])
}
