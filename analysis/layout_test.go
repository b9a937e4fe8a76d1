package analysis

import (
	"testing"

	"tdls/tablegen"
)

// A layout that runs out of positions fails the placement instead of
// wrapping around, and what it placed before stays where it was.
func TestLayoutStopsAtMaxSetSize(t *testing.T) {
	l := newLayout()
	big := tablegen.MaxSetSize / 2
	a, err := l.place("a.td", big)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.place("b.td", big); err == nil {
		t.Fatal("placing past tablegen.MaxSetSize succeeded")
	}
	if again, err := l.place("a.td", big); err != nil || again != a {
		t.Fatalf("a.td moved to %d (%v), was at %d", again, err, a)
	}
	c, err := l.place("c.td", 100)
	if err != nil {
		t.Fatalf("a small file no longer fits: %v", err)
	}
	if int64(c)+100 > tablegen.MaxSetSize {
		t.Fatalf("c.td placed at %d, past the end", c)
	}
}
