package stress

import (
	"math/rand"
	"strings"
	"unicode/utf8"

	"tdls/lsp/lsptest"
)

// What a hostile or merely busy user does to a file, one step at a time.
// Each op returns the didChange steps it makes (typing is one step per
// character); a step may carry several edits, applied in order as LSP
// applies the content changes of one notification.

// fragments are the pieces garbage and pastes are made of: keywords,
// brackets that do not balance, half comments and code blocks, directives.
var fragments = []string{
	"def", "class", "defm", "multiclass", "let", "in", "foreach", "if", "then", "else",
	"defvar", "defset", "include", "field", "bits<4>", "list<int>", "string", "code", "dag",
	"<", ">", "{", "}", "[", "]", "(", ")", "[{", "}]", ";", ":", ",", "=", "#", ".", "...",
	"\"", "\"str\"", "//", "/*", "*/", "!add(", "!cast<", "!strconcat(", "?", "$x", "0x1F", "42",
	"\n", "\n\n", "\r\n", "\r", "  ", "\t", "é", "😀",
	"#ifdef X\n", "#ifndef Y\n", "#else\n", "#endif\n", "#define X\n",
	"Name", "A", "B", "C", "Op", "Pat<(A $x), (B $x)>", "ins", "outs",
}

// step is one didChange: its edits, and what the client does after it.
type step struct {
	Edits []lsptest.Edit
	Pause int  `json:",omitempty"` // milliseconds to wait before the next step
	Hover bool `json:",omitempty"` // send a request right after the change, not waiting for it
}

type editor struct {
	rng     *rand.Rand
	text    string
	inverse []edit // what undoes each edit made, in order
}

// make applies ed to the text and returns it as an LSP edit.
func (e *editor) make(ed edit) lsptest.Edit {
	e.inverse = append(e.inverse, ed.inverse(e.text))
	var le lsptest.Edit
	e.text, le = ed.apply(e.text)
	return le
}

// change makes edits, in order, as one step.
func (e *editor) change(edits ...edit) []step {
	st := step{}
	for _, ed := range edits {
		st.Edits = append(st.Edits, e.make(ed))
	}
	return []step{st}
}

// restore undoes every edit made, newest first, a few per step.
func (e *editor) restore() []step {
	var steps []step
	for len(e.inverse) > 0 {
		st := step{}
		for k := 1 + e.rng.Intn(3); k > 0 && len(e.inverse) > 0; k-- {
			inv := e.inverse[len(e.inverse)-1]
			e.inverse = e.inverse[:len(e.inverse)-1]
			var le lsptest.Edit
			e.text, le = inv.apply(e.text)
			st.Edits = append(st.Edits, le)
		}
		steps = append(steps, st)
	}
	return steps
}

// pos returns a random offset at a rune boundary, biased towards the start
// of the file (license headers and include lines live there) and towards
// line starts.
func (e *editor) pos() int {
	n := len(e.text)
	if n == 0 {
		return 0
	}
	var off int
	switch e.rng.Intn(6) {
	case 0:
		off = e.rng.Intn(min(n, 400) + 1)
	case 1:
		off = e.lineStart(e.rng.Intn(n + 1))
	default:
		off = e.rng.Intn(n + 1)
	}
	return e.boundary(off)
}

// boundary moves off back to where LSP can name it: a rune's start, not
// between the \r and \n of one line break.
func (e *editor) boundary(off int) int {
	for off > 0 && off < len(e.text) && (!utf8.RuneStart(e.text[off]) || e.text[off] == '\n' && e.text[off-1] == '\r') {
		off--
	}
	return off
}

func (e *editor) lineStart(off int) int {
	if i := strings.LastIndexByte(e.text[:off], '\n'); i >= 0 {
		return i + 1
	}
	return 0
}

// span returns [a, b) of up to most bytes from a random position.
func (e *editor) span(most int) (int, int) {
	a := e.pos()
	b := e.boundary(min(a+e.rng.Intn(most+1), len(e.text)))
	return a, max(a, b)
}

func (e *editor) garbage() string {
	var b strings.Builder
	for k := 1 + e.rng.Intn(4); k > 0; k-- {
		b.WriteString(fragments[e.rng.Intn(len(fragments))])
		if e.rng.Intn(2) == 0 {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// next makes one random user action and returns its steps.
func (e *editor) next() []step {
	switch e.rng.Intn(10) {
	case 0: // insert garbage tokens, unbalanced brackets
		a := e.pos()
		return e.change(edit{a, a, e.garbage()})
	case 1: // delete a span
		a, b := e.span(60)
		return e.change(edit{a, b, ""})
	case 2: // split a line
		a := e.pos()
		return e.change(edit{a, a, "\n"})
	case 3: // join two lines
		nl := e.newlines()
		if len(nl) == 0 {
			return e.next()
		}
		k := nl[e.rng.Intn(len(nl))]
		if k > 0 && e.text[k-1] == '\r' {
			return e.change(edit{k - 1, k + 1, ""})
		}
		return e.change(edit{k, k + 1, ""})
	case 4: // type a word, a character per change
		return e.typeWord()
	case 5: // delete characters one by one, backwards
		return e.backspace()
	case 6: // paste a block from elsewhere in the file at a line start
		a, b := e.span(400)
		at := e.lineStart(e.pos())
		return e.change(edit{at, at, e.text[a:b]})
	case 7: // replace a span with garbage
		a, b := e.span(20)
		return e.change(edit{a, b, e.garbage()})
	case 8: // several edits in one change, as a multi-cursor edit sends
		st := step{}
		for k := 2 + e.rng.Intn(3); k > 0; k-- {
			a, b := e.span(5)
			st.Edits = append(st.Edits, e.make(edit{a, b, e.garbage()}))
		}
		return []step{st}
	default: // duplicate a line
		a := e.lineStart(e.pos())
		end := strings.IndexByte(e.text[a:], '\n')
		if end < 0 {
			end = len(e.text) - a
		}
		return e.change(edit{a, a, e.text[a:a+end] + "\n"})
	}
}

func (e *editor) newlines() []int {
	var out []int
	for i := 0; i < len(e.text); i++ {
		if e.text[i] == '\n' {
			out = append(out, i)
		}
	}
	return out
}

func (e *editor) typeWord() []step {
	word := strings.ReplaceAll(fragments[e.rng.Intn(len(fragments))], "\r", "")
	at := e.pos()
	var steps []step
	for _, r := range word {
		steps = append(steps, e.change(edit{at, at, string(r)})...)
		at += len(string(r))
	}
	return steps
}

func (e *editor) backspace() []step {
	at := e.pos()
	var steps []step
	for k := 1 + e.rng.Intn(8); k > 0 && at > 0; k-- {
		_, size := utf8.DecodeLastRuneInString(e.text[:at])
		if strings.HasSuffix(e.text[:at], "\r\n") {
			size = 2
		}
		steps = append(steps, e.change(edit{at - size, at, ""})...)
		at -= size
	}
	return steps
}
