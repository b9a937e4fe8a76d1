package ods

import "testing"

// Every prefix of a dag literal scans without running off its end: a
// record's text may be cut inside a string or code literal.
func TestScanDagArgsTruncated(t *testing.T) {
	full := `(ins "int":$x, [{ code }]:$y, CArg<"int", "0">:$z)`
	for i := range len(full) {
		if spans := scanDagArgs([]byte(full[:i])); spans != nil {
			t.Errorf("prefix %q scans as a whole dag: %v", full[:i], spans)
		}
		findDagLiteral([]byte("X<"+full[:i]), "ins", 3)
	}
	if got := len(scanDagArgs([]byte(full))); got != 3 {
		t.Errorf("%d arguments, want 3", got)
	}
}
