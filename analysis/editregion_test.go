package analysis

import (
	"math/rand"
	"testing"
)

// TestEditRegion checks the block-wise comparison against a byte loop.
func TestEditRegion(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		old := make([]byte, r.Intn(400))
		for j := range old {
			old[j] = "ab\n"[r.Intn(3)]
		}
		a := r.Intn(len(old) + 1)
		b := a + r.Intn(len(old)-a+1)
		ins := make([]byte, r.Intn(5))
		for j := range ins {
			ins[j] = "ab\n"[r.Intn(3)]
		}
		cur := append(append(append([]byte(nil), old[:a]...), ins...), old[b:]...)
		wa := 0
		for wa < min(len(old), len(cur)) && old[wa] == cur[wa] {
			wa++
		}
		wo, wn := len(old), len(cur)
		for wo > wa && wn > wa && old[wo-1] == cur[wn-1] {
			wo, wn = wo-1, wn-1
		}
		if ga, go_, gn := editRegion(old, cur); ga != wa || go_ != wo || gn != wn {
			t.Fatalf("editRegion(%q, %q) = %d %d %d, want %d %d %d", old, cur, ga, go_, gn, wa, wo, wn)
		}
	}
}
