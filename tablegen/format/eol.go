package format

import (
	"bytes"
	"strings"
)

// Line breaks: like gofmt, the formatter writes one kind of line break per
// file, here the file's own. It formats the text with \r\n read as \n and
// writes \r\n back, so that a CRLF file keeps every byte of its code
// blocks and comments.

// lineBreak is the line break of src's output: \r\n when more than half of
// its line breaks are \r\n, else \n (a tie or no line break at all).
func lineBreak(src []byte) string {
	if n := bytes.Count(src, []byte("\n")); n > 0 && 2*bytes.Count(src, []byte("\r\n")) > n {
		return "\r\n"
	}
	return "\n"
}

// toLF is text with \n line breaks: \r\n read as \n and, in a file written
// with \n, every \r before a line break dropped, as it would read as \r\n
// again. A lone \r elsewhere stays, whitespace to the lexer.
func toLF(text, eol string) string {
	for {
		lf := strings.ReplaceAll(text, "\r\n", "\n")
		if eol == "\r\n" || len(lf) == len(text) {
			return lf
		}
		text = lf
	}
}

// withEndings writes the line breaks of out, formatted from toLF's text,
// as eol. With \n, a \r before one goes, as in toLF: a comment ending the
// file in \r meets the line break the formatter adds. When only some lines
// were formatted, a line kept as written keeps the line break it had in
// src, so that in a file of mixed line breaks no byte outside them changes.
func (p *printer) withEndings(out string, src []byte, eol string) string {
	if len(p.opt.Lines) == 0 || !bytes.Contains(src, []byte("\r\n")) {
		// Every line break is eol (a file without \r\n is written with \n).
		if eol == "\n" {
			return toLF(out, eol)
		}
		return strings.ReplaceAll(out, "\n", eol)
	}
	var cr []int // per line of src: the \r before its \n that toLF dropped
	for i, c := range src {
		if c == '\n' {
			n := 0
			for n < i && src[i-1-n] == '\r' {
				n++
			}
			if eol == "\r\n" {
				n = min(n, 1)
			}
			cr = append(cr, n)
		}
	}
	var b strings.Builder
	b.Grow(len(out) + len(out)/16)
	for line := 0; ; line++ {
		i := strings.IndexByte(out, '\n')
		if i < 0 {
			b.WriteString(out)
			return b.String()
		}
		text, brk := out[:i], eol
		if l := p.ends[line]; l >= 0 && p.keep[l] {
			brk = strings.Repeat("\r", cr[l]) + "\n"
		} else if eol == "\n" {
			text = strings.TrimRight(text, "\r")
		}
		b.WriteString(text)
		b.WriteString(brk)
		out = out[i+1:]
	}
}
