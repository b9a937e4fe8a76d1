package stress

import (
	"unicode/utf16"
	"unicode/utf8"

	"tdls/lsp/lsptest"
)

// The client's model of a document: its text, and the conversion of byte
// offsets to LSP positions done the slow, obvious way (lines end at \n,
// \r\n and a lone \r; columns count UTF-16 units), independent of the
// server's own.

// lspPosition returns the line and UTF-16 column of off in text.
func lspPosition(text string, off int) (line, col int) {
	for i := 0; i < off; {
		c := text[i]
		if c == '\n' || c == '\r' && (i+1 == len(text) || text[i+1] != '\n') {
			line, col = line+1, 0
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		col += len(utf16.Encode([]rune{r}))
		i += size
	}
	return line, col
}

// edit is a change of text[start:end] to repl, in byte offsets.
type edit struct {
	start, end int
	repl       string
}

// apply returns text with e made, and e as the LSP edit that makes it.
func (e edit) apply(text string) (string, lsptest.Edit) {
	sl, sc := lspPosition(text, e.start)
	el, ec := lspPosition(text, e.end)
	return text[:e.start] + e.repl + text[e.end:], lsptest.Edit{StartLine: sl, StartChar: sc, EndLine: el, EndChar: ec, Text: e.repl}
}

// inverse is the edit that undoes e once it is made.
func (e edit) inverse(before string) edit {
	return edit{start: e.start, end: e.start + len(e.repl), repl: before[e.start:e.end]}
}
