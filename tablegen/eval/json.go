package eval

import (
	"bufio"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"unicode/utf8"

	"tdls/tablegen"
)

// WriteJSON writes r exactly as `llvm-tblgen --dump-json` prints it: one
// line, object keys sorted.
func WriteJSON(w io.Writer, r *Result) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	j := &jsonWriter{w: bw, set: r.Set}
	defs := r.SortedDefs()
	// !instanceof lists every class, with the defs deriving from it.
	inst := make(map[*Record][]string, len(r.Classes))
	for _, d := range defs {
		for _, c := range d.SuperClasses() {
			inst[c] = append(inst[c], d.NameString())
		}
	}
	type keyed struct {
		key string
		d   *Record
	}
	top := make([]keyed, 0, len(defs)+2)
	for _, d := range defs {
		top = append(top, keyed{d.NameString(), d})
	}
	top = append(top, keyed{"!instanceof", nil}, keyed{"!tablegen_json_version", nil})
	sort.SliceStable(top, func(a, b int) bool { return top[a].key < top[b].key })
	bw.WriteByte('{')
	for i, k := range top {
		if i > 0 {
			bw.WriteByte(',')
		}
		j.str(k.key)
		bw.WriteByte(':')
		switch {
		case k.key == "!tablegen_json_version" && k.d == nil:
			bw.WriteByte('1')
		case k.key == "!instanceof" && k.d == nil:
			classes := r.SortedClasses()
			bw.WriteByte('{')
			for ci, c := range classes {
				if ci > 0 {
					bw.WriteByte(',')
				}
				j.str(c.NameString())
				bw.WriteString(":[")
				for ni, n := range inst[c] {
					if ni > 0 {
						bw.WriteByte(',')
					}
					j.str(n)
				}
				bw.WriteByte(']')
			}
			bw.WriteByte('}')
		default:
			j.record(k.d)
		}
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

type jsonWriter struct {
	w   *bufio.Writer
	set *tablegen.SourceSet
	buf []byte
}

func (j *jsonWriter) record(d *Record) {
	type field struct {
		key string
		rv  *RecordVal
	}
	fs := make([]field, 0, len(d.Values)+6)
	for i := range d.Values {
		rv := &d.Values[i]
		if rv.TemplateArg {
			continue
		}
		fs = append(fs, field{rv.Name, rv})
	}
	for _, k := range []string{"!anonymous", "!fields", "!locs", "!name", "!superclasses"} {
		fs = append(fs, field{k, nil})
	}
	sort.SliceStable(fs, func(a, b int) bool { return fs[a].key < fs[b].key })
	w := j.w
	w.WriteByte('{')
	for i, f := range fs {
		if i > 0 {
			w.WriteByte(',')
		}
		j.str(f.key)
		w.WriteByte(':')
		if f.rv != nil {
			j.value(f.rv.Value)
			continue
		}
		switch f.key {
		case "!anonymous":
			if d.Anonymous {
				w.WriteString("true")
			} else {
				w.WriteString("false")
			}
		case "!fields":
			w.WriteByte('[')
			n := 0
			for k := range d.Values {
				if d.Values[k].IsField && !d.Values[k].TemplateArg {
					if n > 0 {
						w.WriteByte(',')
					}
					j.str(d.Values[k].Name)
					n++
				}
			}
			w.WriteByte(']')
		case "!locs":
			w.WriteByte('[')
			for k, l := range d.Locs() {
				if k > 0 {
					w.WriteByte(',')
				}
				p := j.set.Position(l.Start)
				// LLVM prints the file's base name only.
				j.str(filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line))
			}
			w.WriteByte(']')
		case "!name":
			j.str(d.NameString())
		case "!superclasses":
			w.WriteByte('[')
			for k, c := range d.SuperClasses() {
				if k > 0 {
					w.WriteByte(',')
				}
				j.str(c.NameString())
			}
			w.WriteByte(']')
		}
	}
	w.WriteByte('}')
}

func (j *jsonWriter) value(v Init) {
	w := j.w
	switch x := v.(type) {
	case nil, *UnsetInit:
		w.WriteString("null")
	case *BitInit:
		if x.V {
			w.WriteByte('1')
		} else {
			w.WriteByte('0')
		}
	case *BitsInit:
		w.WriteByte('[')
		for i, b := range x.Bits {
			if i > 0 {
				w.WriteByte(',')
			}
			j.value(b)
		}
		w.WriteByte(']')
	case *IntInit:
		j.buf = strconv.AppendInt(j.buf[:0], x.V, 10)
		w.Write(j.buf)
	case *StringInit:
		j.str(x.V)
	case *ListInit:
		w.WriteByte('[')
		for i, e := range x.Elems {
			if i > 0 {
				w.WriteByte(',')
			}
			j.value(e)
		}
		w.WriteByte(']')
	case *DefInit:
		w.WriteString(`{"def":`)
		j.str(x.Rec.NameString())
		w.WriteString(`,"kind":"def","printable":`)
		j.str(x.String())
		w.WriteByte('}')
	case *VarInit:
		w.WriteString(`{"kind":"var","printable":`)
		j.str(x.String())
		w.WriteString(`,"var":`)
		j.str(x.Name)
		w.WriteByte('}')
	case *DagInit:
		w.WriteString(`{"args":[`)
		for i, a := range x.Args {
			if i > 0 {
				w.WriteByte(',')
			}
			w.WriteByte('[')
			j.value(a)
			w.WriteByte(',')
			if x.Names[i] != nil {
				j.str(x.Names[i].V)
			} else {
				w.WriteString("null")
			}
			w.WriteByte(']')
		}
		w.WriteString(`],"kind":"dag",`)
		if x.OpName != nil {
			w.WriteString(`"name":`)
			j.str(x.OpName.V)
			w.WriteByte(',')
		}
		w.WriteString(`"operator":`)
		j.value(x.Op)
		w.WriteString(`,"printable":`)
		j.str(x.String())
		w.WriteByte('}')
	default:
		if vb, ok := v.(*VarBitInit); ok {
			if vi, ok := vb.V.(*VarInit); ok {
				w.WriteString(`{"index":`)
				w.WriteString(strconv.Itoa(vb.Bit))
				w.WriteString(`,"kind":"varbit","printable":`)
				j.str(v.String())
				w.WriteString(`,"var":`)
				j.str(vi.Name)
				w.WriteByte('}')
				return
			}
		}
		if a, ok := v.(*AnonymousNameInit); ok {
			j.str(a.String())
			return
		}
		w.WriteString(`{"kind":"complex","printable":`)
		j.str(v.String())
		w.WriteByte('}')
	}
}

const hexDigits = "0123456789abcdef"

// str writes a JSON string the way llvm::json does: control characters
// escaped, invalid UTF-8 replaced.
func (j *jsonWriter) str(s string) {
	w := j.w
	w.WriteByte('"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < 0x80 {
			i++
			continue
		}
		if c >= 0x80 {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				w.WriteString(s[start:i])
				w.WriteString("\uFFFD")
				i++
				start = i
				continue
			}
			i += size
			continue
		}
		w.WriteString(s[start:i])
		switch c {
		case '"':
			w.WriteString(`\"`)
		case '\\':
			w.WriteString(`\\`)
		case '\b':
			w.WriteString(`\b`)
		case '\f':
			w.WriteString(`\f`)
		case '\n':
			w.WriteString(`\n`)
		case '\r':
			w.WriteString(`\r`)
		case '\t':
			w.WriteString(`\t`)
		default:
			w.WriteString(`\u00`)
			w.WriteByte(hexDigits[c>>4])
			w.WriteByte(hexDigits[c&15])
		}
		i++
		start = i
	}
	w.WriteString(s[start:])
	w.WriteByte('"')
}
