package lsp

import (
	"bytes"
	"encoding/binary"
	"errors"
	"unicode/utf16"
	"unicode/utf8"
)

// unquoteJSON decodes a JSON string literal (with its quotes) to bytes. The
// full text of a didChange is the largest thing the server decodes on every
// keystroke; copying the runs between escapes in bulk makes this several
// times faster than a general decoder, which inspects every byte. It agrees
// with encoding/json on valid input (a test checks), rejects raw control
// characters as it does, keeps invalid UTF-8 as it is, and turns a lone
// UTF-16 surrogate into U+FFFD as encoding/json does.
func unquoteJSON(raw []byte) ([]byte, error) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return nil, errors.New("text is not a JSON string")
	}
	s := raw[1 : len(raw)-1]
	if hasControl(s) {
		return nil, errors.New("control character in JSON string")
	}
	out := make([]byte, 0, len(s))
	for {
		i := bytes.IndexByte(s, '\\')
		if i < 0 {
			return append(out, s...), nil
		}
		out = append(out, s[:i]...)
		if i+1 >= len(s) {
			return nil, errors.New("unfinished escape in JSON string")
		}
		switch c := s[i+1]; c {
		case '"', '\\', '/':
			out = append(out, c)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, n, ok := decodeUnicodeEscape(s[i:])
			if !ok {
				return nil, errors.New("invalid \\u escape in JSON string")
			}
			out = utf8.AppendRune(out, r)
			s = s[i+n:]
			continue
		default:
			return nil, errors.New("invalid escape in JSON string")
		}
		s = s[i+2:]
	}
}

// hasControl reports whether b holds a byte below 0x20, which JSON allows
// in a string only escaped; eight bytes at a time.
func hasControl(b []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for len(b) >= 8 {
		x := binary.LittleEndian.Uint64(b)
		if (x-ones*0x20)&^x&highs != 0 {
			return true
		}
		b = b[8:]
	}
	for _, c := range b {
		if c < 0x20 {
			return true
		}
	}
	return false
}

// decodeUnicodeEscape reads `\uXXXX`, or a surrogate pair `\uXXXX\uXXXX`,
// at the start of s and returns the rune and the bytes consumed.
func decodeUnicodeEscape(s []byte) (rune, int, bool) {
	r, ok := hex4(s)
	if !ok {
		return 0, 0, false
	}
	if !utf16.IsSurrogate(r) {
		return r, 6, true
	}
	if r2, ok := hex4(s[6:]); ok {
		if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
			return dec, 12, true
		}
	}
	return utf8.RuneError, 6, true
}

// hex4 reads `\uXXXX` at the start of s.
func hex4(s []byte) (rune, bool) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range s[2:6] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
