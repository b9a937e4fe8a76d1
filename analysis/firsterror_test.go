package analysis

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
)

// A name used before the unit's first syntax error or missing include is
// reported (llvm-tblgen's first error), in the root and in a file included
// before it; after it, the complaint is left out as a likely consequence.
func TestNameErrorsBeforeTheFirstError(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"Root.td": "include \"Inc.td\"\n" +
			"def A : C<Unknown>;\n" + // before: reported
			"include \"missing.td\"\n" +
			"def B : D<X>;\n" + // after: left out
			"def E : C<1 2>;\n",
		"Inc.td": "class C<int n> { int x = n; }\ndef I : C<Nope>;\n",
	})
	root := filepath.Join(dir, "Root.td")
	w := NewWorkspace(Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	ctx := context.Background()
	u, err := w.Snapshot().UnitFor(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := u.Evaluated(ctx); err != nil {
		t.Fatal(err)
	}
	lines := func(path string) []int {
		var out []int
		for _, d := range u.EvaluationDiagnostics(path) {
			if consequential[d.Code] {
				out = append(out, d.File.Position(d.File.Offset(d.Range.Start)).Line)
			}
		}
		slices.Sort(out)
		return out
	}
	if got := lines(root); !slices.Equal(got, []int{2}) {
		t.Errorf("name errors reported in Root.td on lines %v, want [2]", got)
	}
	if got := lines(filepath.Join(dir, "Inc.td")); !slices.Equal(got, []int{2}) {
		t.Errorf("name errors reported in Inc.td on lines %v, want [2]", got)
	}
}
