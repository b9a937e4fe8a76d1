package codegen

import "strings"

// indentWriter reproduces mlir's raw_indented_ostream: every line is
// prefixed with the current indentation (and the extra prefix of a
// printReindented) when its first non-empty piece is written, lines holding
// only blanks come out empty unless there is an extra prefix, and
// printReindented strips the common leading whitespace of a block. Each
// write is one piece, as the unbuffered C++ stream sees it.
type indentWriter struct {
	// dst is where the stream writes: its own buffer, or the output of the
	// enclosing stream when it wraps one.
	dst         *strings.Builder
	own         strings.Builder
	indent      int
	leadingWs   int
	extraPrefix string
	atLineStart bool
}

func newIndentWriter() *indentWriter {
	w := &indentWriter{atLineStart: true}
	w.dst = &w.own
	return w
}

// indentWriterOn is a stream writing to out (raw_indented_ostream over an
// existing stream).
func indentWriterOn(out *strings.Builder) *indentWriter {
	return &indentWriter{atLineStart: true, dst: out}
}

func (w *indentWriter) String() string { return w.dst.String() }

func (w *indentWriter) in() *indentWriter { w.indent += 2; return w }

func (w *indentWriter) out() *indentWriter {
	if w.indent -= 2; w.indent < 0 {
		w.indent = 0
	}
	return w
}

func (w *indentWriter) put(s string) {
	if w.atLineStart {
		for i := 0; i < w.indent; i++ {
			w.dst.WriteByte(' ')
		}
		w.dst.WriteString(w.extraPrefix)
	}
	w.dst.WriteString(s)
}

func dropPrefix(s string, n int) string {
	if n >= len(s) {
		return ""
	}
	return s[n:]
}

// w writes the pieces in order, each as one write.
func (w *indentWriter) w(pieces ...string) *indentWriter {
	for _, p := range pieces {
		w.write(p)
	}
	return w
}

func (w *indentWriter) write(str string) {
	if !w.atLineStart && w.leadingWs == 0 && strings.IndexByte(str, '\n') < 0 {
		w.dst.WriteString(str)
		return
	}
	for str != "" {
		i := strings.IndexByte(str, '\n')
		if i < 0 {
			if rest := dropPrefix(str, w.leadingWs); rest != "" {
				w.put(rest)
				w.atLineStart = false
			}
			return
		}
		line := str[:i]
		if w.extraPrefix != "" || strings.TrimLeft(line, " \t\n\v\f\r") != "" {
			w.put(dropPrefix(line, w.leadingWs))
		}
		w.dst.WriteByte('\n')
		w.atLineStart = true
		str = str[i+1:]
	}
}

// reindented is printReindented: leading blank lines are skipped and the
// smallest indentation of the remaining lines is removed from each.
func (w *indentWriter) reindented(str string) *indentWriter { return w.reindentedWith(str, "") }

// reindentedWith is printReindented with an extra prefix after the
// indentation of every line.
func (w *indentWriter) reindentedWith(str, prefix string) *indentWriter {
	indentOf := func(line string) int {
		return strings.IndexFunc(strings.TrimRight(line, "\r"), func(r rune) bool { return r != ' ' && r != '\t' })
	}
	out := str
	for out != "" {
		first, rest, _ := strings.Cut(out, "\n")
		if k := indentOf(first); k >= 0 {
			w.leadingWs = k
			break
		}
		out = rest
	}
	for rem := out; rem != ""; {
		first, rest, _ := strings.Cut(rem, "\n")
		if k := indentOf(first); k >= 0 && k < w.leadingWs {
			w.leadingWs = k
		}
		rem = rest
	}
	saved := w.extraPrefix
	w.extraPrefix = prefix
	w.write(out)
	w.extraPrefix = saved
	w.leadingWs = 0
	return w
}
