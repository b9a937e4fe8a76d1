package main

import (
	"runtime/debug"
	"testing"
)

// The server's collection goal: Go's default up to serverHeadroom of live
// heap, then a quarter of it.
func TestHeadroomPercent(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{{0, 100}, {300 << 20, 100}, {384 << 20, 100}, {512 << 20, 75}, {1 << 30, 37}, {1536 << 20, 25}, {2 << 30, 25}, {8 << 30, 25}} {
		if got := headroomPercent(c.live); got != c.want {
			t.Errorf("live %d MB: GOGC %d, want %d", c.live>>20, got, c.want)
		}
	}
}

// A large syntax made anew: the policy collects, moves the goal past what
// the parse will make, keeps it there through collections while the parse
// runs, and sets it from the live heap at the first collection after.
func TestHeapPolicyWhileReplacingSyntax(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	goal := func() int {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p
	}
	h := &heapPolicy{percent: 100}
	const tokens = 20 << 20 // a 50 MB file's, more than any test heap
	parsed := h.replacing(tokens)
	live := liveHeap()
	building := goal()
	if min := int(tokens * syntaxBytesPerToken * 100 / live); building < min {
		t.Fatalf("GOGC %d while a syntax of %d tokens is built on %d MB live, want at least %d", building, tokens, live>>20, min)
	}
	h.collected()
	if got := goal(); got != building {
		t.Errorf("a collection during the parse set GOGC %d, want %d kept", got, building)
	}
	parsed()
	h.collected()
	if got, want := goal(), headroomPercent(liveHeap()); got != want {
		t.Errorf("after the parse, a collection set GOGC %d, want %d", got, want)
	}
}
