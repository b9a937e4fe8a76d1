package main

import "testing"

// The server's collection goal: Go's default up to serverHeadroom of live
// heap, then a quarter of it.
func TestHeadroomPercent(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{{0, 100}, {300 << 20, 100}, {512 << 20, 100}, {1 << 30, 50}, {2 << 30, 25}, {8 << 30, 25}} {
		if got := headroomPercent(c.live); got != c.want {
			t.Errorf("live %d MB: GOGC %d, want %d", c.live>>20, got, c.want)
		}
	}
}
