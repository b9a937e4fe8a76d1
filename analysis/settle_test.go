package analysis

import (
	"testing"
	"time"
)

// TestSettleDelay: a round waits an eighth of what its changed files last
// took to build, the slowest of them, and never more than maxSettleDelay;
// not at all when that is under minSettleDelay.
func TestSettleDelay(t *testing.T) {
	for _, c := range []struct {
		costs []time.Duration
		want  time.Duration
	}{
		{nil, 0},
		{[]time.Duration{0}, 0},
		{[]time.Duration{time.Millisecond}, 0},
		{[]time.Duration{1999 * time.Microsecond}, 0},
		{[]time.Duration{2 * time.Millisecond}, 250 * time.Microsecond},
		{[]time.Duration{8 * time.Millisecond}, time.Millisecond},
		{[]time.Duration{8 * time.Millisecond, 800 * time.Millisecond}, 100 * time.Millisecond},
		{[]time.Duration{10 * time.Second}, maxSettleDelay},
	} {
		if got := settleDelay(c.costs); got != c.want {
			t.Errorf("settleDelay(%v) = %v, want %v", c.costs, got, c.want)
		}
	}
}
