package format

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzFormat: any input formats without a panic to an output with the
// same tokens (Source checks it), which formats to itself, and a range of
// it changes no other line; written with \r\n line breaks, it formats to
// the output written with them.
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
		// An input with \n line breaks and no \r has a CRLF twin (one
		// without a line break is written with \n).
		twin := !bytes.ContainsRune(src, '\r') && bytes.ContainsRune(src, '\n')
		if twin {
			if got, err := Source([]byte(crlf(string(src))), Options{}); err != nil || string(got) != crlf(string(out)) {
				t.Fatalf("with \\r\\n: %q (%v), want %q", got, err, crlf(string(out)))
			}
		}
		if first < 1 || n < 0 || n > 50 {
			return
		}
		lines := Options{Lines: []LineRange{{first, first + n}}}
		ranged, err := Source(src, lines)
		if err != nil {
			t.Fatalf("range: %v", err)
		}
		if twin {
			if got, err := Source([]byte(crlf(string(src))), lines); err != nil || string(got) != crlf(string(ranged)) {
				t.Fatalf("range with \\r\\n: %q (%v), want %q", got, err, crlf(string(ranged)))
			}
		}
	})
}
