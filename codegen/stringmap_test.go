package codegen

import "testing"

// XXH3's reference value for the empty input, and lengths that reach every
// branch of the function; the table order is checked against mlir-tblgen by
// the op-decls fixtures.
func TestXXH3(t *testing.T) {
	if got := xxh3(""); got != 0x2D06800538D394C2 {
		t.Errorf("xxh3(\"\") = %#x", got)
	}
	seen := map[uint64]bool{}
	buf := make([]byte, 0, 1200)
	for n := 0; n <= 1100; n++ {
		h := xxh3(string(buf))
		if seen[h] {
			t.Fatalf("xxh3 repeats at length %d", n)
		}
		seen[h] = true
		buf = append(buf, byte('a'+n%26))
	}
}
