package analysis

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// TestTableGenDefinitions goes from names in a .cpp back to the .td: the
// op class, a member the .td requires, accessors inside a member (its
// class's only) and on a value of any op, and nothing for a name the .td
// does not declare.
func TestTableGenDefinitions(t *testing.T) {
	if _, err := os.Stat(filepath.Join(mlirInclude, "mlir/IR/OpBase.td")); err != nil {
		t.Skipf("SKIP: MLIR 22 headers not installed under %s", mlirInclude)
	}
	td, _ := filepath.Abs("testdata/cppnav/NavOps.td")
	cc, _ := filepath.Abs("testdata/cppnav/NavOps.cpp")
	tdSrc, _ := os.ReadFile(td)
	src, _ := os.ReadFile(cc)
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	w.SetBuffer(td, 1, tdSrc)
	other, _ := filepath.Abs("testdata/cppnav/OtherOps.td")
	otherSrc, _ := os.ReadFile(other)
	snap := w.SetBuffer(other, 1, otherSrc)
	// at is the offset of the n-th (0-based) occurrence of word in src.
	at := func(word string, n int) int {
		k := -1
		for i := 0; i <= n; i++ {
			j := bytes.Index(src[k+1:], []byte(word))
			if j < 0 {
				t.Fatalf("%q not in the fixture", word)
			}
			k += 1 + j
		}
		return k + 1
	}
	tests := []struct {
		word string
		n    int
		want []string // the .td text at each location
	}{
		{"MulOp", 0, []string{"Nav_MulOp"}}, // in namespace nav: not other::MulOp
		{"verify", 0, []string{"hasVerifier"}},
		{"getLhs", 0, []string{"I32:$lhs"}},                         // inside MulOp::verify: MulOp's only
		{"getRhsValue", 0, []string{"I32:$rhs_value"}},              // snake_case entry
		{"getLhs", 1, []string{"I32:$lhs", "I32:$lhs", "I32:$lhs"}}, // op.getLhs() at file scope: every op with one
		{"NegOp", 0, []string{"Nav_NegOp"}},
		{"emitOpError", 0, nil},
		{"success", 0, nil},
	}
	for _, tc := range tests {
		locs := snap.TableGenDefinitions(context.Background(), cc, src, at(tc.word, tc.n))
		var got []string
		for _, l := range locs {
			got = append(got, string(l.File.Slice(l.Range)))
		}
		sort.Strings(got)
		if len(got) != len(tc.want) || (len(got) > 0 && !equalStrings(got, tc.want)) {
			t.Errorf("%s #%d: got %q, want %q", tc.word, tc.n, got, tc.want)
		}
	}
}
