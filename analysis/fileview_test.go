package analysis

import (
	"testing"

	"tdls/tablegen"
)

// TestTokenAtPrefersTheTokenUnderTheCursor: with the cursor on the first
// character of `Toy_AddOp` in `(Toy_AddOp`, the identifier is meant, not the
// `(` that ends there; at the end of a word with nothing after it, the word.
func TestTokenAtPrefersTheTokenUnderTheCursor(t *testing.T) {
	set := tablegen.NewSourceSet()
	src := "def P : X<(Toy_AddOp $x), y>;"
	f := set.AddFile("p.td", []byte(src))
	toks, _ := tablegen.LexFile(set, f)
	v := &FileView{File: f, toks: tablegen.TokenListOf(f.Text(), f.Base, toks[:len(toks)-1])}
	for _, tc := range []struct {
		off  int
		want string
	}{
		{11, "Toy_AddOp"}, // first character, right after '('
		{10, "("},
		{15, "Toy_AddOp"},
		{20, "Toy_AddOp"}, // just past the word, before a space
		{22, "$x"},        // on '$', right after a space
		{23, ")"},         // where $x ends, the ) starts
		{0, "def"},
	} {
		i := v.TokenAt(f.Pos(tc.off))
		if i < 0 || toks[i].Text != tc.want {
			got := "none"
			if i >= 0 {
				got = toks[i].Text
			}
			t.Errorf("TokenAt(%d) = %q, want %q", tc.off, got, tc.want)
		}
	}
}
