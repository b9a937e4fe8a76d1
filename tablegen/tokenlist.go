package tablegen

import "sort"

// TokenList is tokens of one file held compactly: a kind, an offset and a
// length each, 9 bytes where a Token takes 24, and nothing the collector
// has to scan (a large file's tokens are the biggest part of its syntax:
// 18 million for a 50 MB file of defs). A token's text is the file's text
// at its offset, as the lexer takes it, so At gives the Token the lexer
// made. The offsets are relative to the file: a list serves the file at
// any base (Rebase). A slice of a list (Slice) shares its arrays; the
// lists are not written once made, except by appending to an unshared one.
type TokenList struct {
	text  string // the file's content
	base  Pos    // the position of text[0]
	kinds []TokenKind
	offs  []int32
	lens  []int32
}

// NewTokenList returns an empty list of tokens of text placed at base,
// with room for n tokens.
func NewTokenList(text string, base Pos, n int) TokenList {
	return TokenList{text: text, base: base, kinds: make([]TokenKind, 0, n), offs: make([]int32, 0, n), lens: make([]int32, 0, n)}
}

// TokenListOf returns toks, tokens of text placed at base, as a list.
func TokenListOf(text string, base Pos, toks []Token) TokenList {
	l := NewTokenList(text, base, len(toks))
	for _, t := range toks {
		l.Append(t)
	}
	return l
}

// Append adds t, which must be a token of the list's text at its place.
func (l *TokenList) Append(t Token) {
	l.kinds = append(l.kinds, t.Kind)
	l.offs = append(l.offs, int32(t.Pos-l.base))
	l.lens = append(l.lens, int32(len(t.Text)))
}

// AppendFrom adds the tokens [lo, hi) of src, a list of the same file
// whose text may differ from l's before them: each moves by d bytes.
func (l *TokenList) AppendFrom(src TokenList, lo, hi int, d int32) {
	l.kinds = append(l.kinds, src.kinds[lo:hi]...)
	n := len(l.offs)
	l.offs = append(l.offs, src.offs[lo:hi]...)
	if d != 0 {
		for i := n; i < len(l.offs); i++ {
			l.offs[i] += d
		}
	}
	l.lens = append(l.lens, src.lens[lo:hi]...)
}

// Clip drops the room left past the last token when it is more than a
// sixteenth of the list: the list is kept as long as the file's syntax.
func (l *TokenList) Clip() {
	if n := len(l.kinds); cap(l.kinds)-n > n/16+64 {
		l.kinds = append([]TokenKind(nil), l.kinds...)
		l.offs = append([]int32(nil), l.offs...)
		l.lens = append([]int32(nil), l.lens...)
	}
}

// Len is the number of tokens.
func (l TokenList) Len() int { return len(l.kinds) }

// At returns token i.
func (l TokenList) At(i int) Token {
	off := l.offs[i]
	return Token{Kind: l.kinds[i], Pos: l.base + Pos(off), Text: l.text[off : off+l.lens[i]]}
}

// Kind returns the kind of token i.
func (l TokenList) Kind(i int) TokenKind { return l.kinds[i] }

// Pos returns the position of token i.
func (l TokenList) Pos(i int) Pos { return l.base + Pos(l.offs[i]) }

// End returns the position just after token i.
func (l TokenList) End(i int) Pos { return l.base + Pos(l.offs[i]+l.lens[i]) }

// Text returns the text of token i.
func (l TokenList) Text(i int) string {
	off := l.offs[i]
	return l.text[off : off+l.lens[i]]
}

// Slice returns tokens [lo, hi), sharing l's storage.
func (l TokenList) Slice(lo, hi int) TokenList {
	l.kinds, l.offs, l.lens = l.kinds[lo:hi:hi], l.offs[lo:hi:hi], l.lens[lo:hi:hi]
	return l
}

// Rebase returns the same tokens placed at base, sharing l's storage.
func (l TokenList) Rebase(base Pos) TokenList {
	l.base = base
	return l
}

// Search returns the index of the first token at or after p (Len when
// none is).
func (l TokenList) Search(p Pos) int {
	off := p - l.base
	return sort.Search(len(l.offs), func(i int) bool { return Pos(l.offs[i]) >= off })
}

// SearchFrom is Search for a p known to be at or after token lo: it gallops
// from lo, so that finding ascending positions in turn costs the distance
// between them, not a search of the whole list each.
func (l TokenList) SearchFrom(lo int, p Pos) int {
	off := p - l.base
	hi, step := lo, 1
	for hi < len(l.offs) && Pos(l.offs[hi]) < off {
		lo, hi = hi+1, hi+step
		step *= 2
	}
	hi = min(hi, len(l.offs))
	return lo + sort.Search(hi-lo, func(i int) bool { return Pos(l.offs[lo+i]) >= off })
}

// Tokens returns tokens [lo, hi) as Tokens.
func (l TokenList) Tokens(lo, hi int) []Token {
	out := make([]Token, hi-lo)
	for i := range out {
		out[i] = l.At(lo + i)
	}
	return out
}
