package drr

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"tdls/tablegen"
)

// patternFile is a file that defines DRR patterns.
var patternFile = regexp.MustCompile(`\b(Pat|Pattern)\s*<`)

// TestPatternSetsInUse: the pattern sets MLIR and real projects use build
// and converge under the greedy driver, so none may get a pattern-set
// warning: MLIR's lib/ DRR files (testdata/mlir-lib), the out-of-tree
// excerpts (testdata/outoftree), the toy example's patterns.
func TestPatternSetsInUse(t *testing.T) {
	needMLIR(t)
	files, _ := filepath.Glob("testdata/mlir-lib/*.td")
	more, _ := filepath.Glob("testdata/outoftree/*/*.td")
	files = append(append(files, more...), "../examples/toy/ToyPatterns.td")
	var nFiles, nPatterns, warnings int
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !patternFile.Match(src) {
			continue
		}
		abs, _ := filepath.Abs(f)
		l := loadIn(filepath.Dir(abs), filepath.Base(abs), string(src))
		nFiles++
		for _, p := range l.set.Patterns {
			if l.set.Result.Set.File(p.DefRange.Start) == l.unit.Root {
				nPatterns++
			}
		}
		for _, d := range Check(l.set) {
			if d.Severity == tablegen.SeverityError {
				t.Errorf("%s: %v: %s [%s]", f, l.unit.Set.Position(d.Range.Start), d.Message, d.Code)
			}
		}
		for _, d := range CheckPatternSet(l.set) {
			warnings++
			t.Errorf("%s: %v: %s [%s]", f, l.unit.Set.Position(d.Range.Start), d.Message, d.Code)
		}
	}
	fmt.Printf("pattern sets in use: %d files, %d patterns, %d pattern-set warnings\n", nFiles, nPatterns, warnings)
	if nFiles < 7 {
		t.Errorf("only %d pattern files read", nFiles)
	}
}
