package format

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzFormat: any input formats without a panic to an output with the
// same tokens (Source checks it), which formats to itself, and a range of
// it changes no other line.
func FuzzFormat(f *testing.F) {
	files, _ := filepath.Glob("testdata/rules/*.td")
	for _, p := range files {
		b, _ := os.ReadFile(p)
		f.Add(b, 2, 3)
	}
	f.Add([]byte("def A : B<(ins $x, >;\n#ifdef X\n  def C{}\n#endif\n\"open\n/* /* */"), 1, 4)
	f.Fuzz(func(t *testing.T, src []byte, first, n int) {
		out, err := Source(src, Options{})
		if err != nil {
			t.Fatalf("%v", err)
		}
		again, err := Source(out, Options{})
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("not idempotent (%v):\n%s", err, Unified("once", "twice", out, again))
		}
		if first < 1 || n < 0 || n > 50 {
			return
		}
		if _, err := Source(src, Options{Lines: []LineRange{{first, first + n}}}); err != nil {
			t.Fatalf("range: %v", err)
		}
	})
}
