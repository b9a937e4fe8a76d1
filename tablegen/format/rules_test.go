package format

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRules formats each testdata/rules/NAME.before.td and compares it with
// NAME.after.td, which says what the rule does; the after file is its own
// format.
func TestRules(t *testing.T) {
	befores, _ := filepath.Glob("testdata/rules/*.before.td")
	if len(befores) == 0 {
		t.Fatal("no rule files")
	}
	for _, before := range befores {
		name := strings.TrimSuffix(filepath.Base(before), ".before.td")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(before)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.Replace(before, ".before.", ".after.", 1))
			if err != nil {
				t.Fatal(err)
			}
			got, err := Source(src, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s", Unified("want", "got", want, got))
			}
			again, err := Source(want, Options{})
			if err != nil || !bytes.Equal(again, want) {
				t.Errorf("after file is not formatted: %v\n%s", err, Unified("after", "formatted", want, again))
			}
		})
	}
}

// TestRefusesTokenChange checks the guard itself: an output whose tokens
// differ from its input's is refused.
func TestRefusesTokenChange(t *testing.T) {
	in, out := scan("def A : B;"), scan("def AB : B;")
	if err := sameTokens(in, out); err == nil {
		t.Fatal("a joined name passed the token check")
	}
	if err := sameTokens(in, scan("def  A:B ;")); err != nil {
		t.Fatalf("a whitespace change failed the token check: %v", err)
	}
}
