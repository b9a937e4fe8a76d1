package analysis

import (
	"reflect"
	"testing"

	"tdls/tablegen"
)

// An entry hands the parser its tokens and the lexer's EOF token, lexed in
// place or placed at another base, after an edit too; the statements are
// those of the tokens copied with an EOF appended.
func TestEntryTokensToEOF(t *testing.T) {
	src := []byte("class C<int n> { int x = n; }\ndef A : C<1>;\ndef B { let y = 2; }\n")
	edited := []byte("class C<int n> { int x = n; }\ndef A : C<12>;\ndef B { let y = 2; }\n")
	fl := lexOne("a.td", src, 1, nil, scanDirectives(src), nil)
	relexed := lexOne("a.td", edited, 1, nil, scanDirectives(edited), fl)
	for name, c := range map[string]struct {
		fl   *fileLex
		base tablegen.Pos
		src  []byte
	}{
		"in place": {fl, 1, src}, "placed": {fl, 1000, src}, "relexed": {relexed, 1, edited},
	} {
		e := newFileEntry("a.td", c.fl, c.base, c.src)
		toks := e.tokensToEOF()
		if toks.Len() != e.tokens.Len()+1 {
			t.Errorf("%s: %d tokens to EOF, %d without", name, toks.Len(), e.tokens.Len())
		}
		if last := toks.At(toks.Len() - 1); last.Kind != tablegen.TokEOF || last.Pos != e.eof {
			t.Errorf("%s: last token %v, want EOF at %d", name, last, e.eof)
		}
		set1, set2 := tablegen.NewSourceSet(), tablegen.NewSourceSet()
		set1.AddFileAt("a.td", c.src, c.base)
		set2.AddFileAt("a.td", c.src, c.base)
		copied := append(e.tokens.Tokens(0, e.tokens.Len()), tablegen.Token{Kind: tablegen.TokEOF, Pos: e.eof})
		got, _ := tablegen.ParseListOrStop(set1, toks, func() bool { return false })
		if want := tablegen.Parse(set2, copied); !reflect.DeepEqual(got.Statements, want.Statements) || len(got.Statements) != 3 {
			t.Errorf("%s: %d statements parsed, %d from a copy", name, len(got.Statements), len(want.Statements))
		}
	}
}
