package tablegen

import (
	"math/rand"
	"testing"
)

// SearchFrom finds what Search finds, from any start at or before it.
func TestSearchFromAgreesWithSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for n := range 70 {
		l := NewTokenList("", 100, n)
		at := Pos(100)
		for range n {
			at += Pos(1 + rng.Intn(5))
			l.Append(Token{Kind: TokIdent, Pos: at})
		}
		for p := Pos(95); p <= at+3; p++ {
			want := l.Search(p)
			for lo := 0; lo <= want; lo++ {
				if got := l.SearchFrom(lo, p); got != want {
					t.Fatalf("%d tokens: SearchFrom(%d, %d) = %d, Search = %d", n, lo, p, got, want)
				}
			}
		}
	}
}
