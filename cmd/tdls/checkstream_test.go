package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"tdls/analysis"
	"tdls/analysis/report"
	"tdls/drr"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// checkWhole is checkFile's way through a unit before streaming: the whole
// unit parsed (tablegen.ParseUnit), then evaluated, then checked.
func checkWhole(set *tablegen.SourceSet, path string, cfg checkConfig) []tablegen.Diagnostic {
	data, err := tablegen.ReadInputFile(path)
	if err != nil {
		panic(err)
	}
	u := tablegen.ParseUnit(set, set.AddFile(path, data), tablegen.LexOptions{
		Loader: &tablegen.CommandLineLoader{IncludeDirs: cfg.includeDirs},
	})
	var pipeline analysis.Pipeline
	diags := append([]tablegen.Diagnostic(nil), pipeline.Syntax(u)...)
	if cfg.syntaxOnly {
		return diags
	}
	m := pipeline.Check(u, eval.Evaluate(u, eval.Options{}), nil)
	return append(diags, drr.Plain(m.Problems)...)
}

// On every MLIR .td file, accepted by llvm-tblgen or not, tdls check, which
// parses and evaluates a unit one statement at a time and keeps only the
// syntax the DRR model reads, reports exactly what the whole unit parsed,
// evaluated and checked reports: the same diagnostics in the same order,
// printed alike. The same for --syntax-only.
func TestCheckStreamedEqualsWhole(t *testing.T) {
	const include = "/usr/lib/llvm-22/include"
	if _, err := os.Stat(filepath.Join(include, "mlir")); err != nil {
		t.Skipf("LLVM 22 is not installed (%v)", err)
	}
	var roots []string
	filepath.WalkDir(filepath.Join(include, "mlir"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			roots = append(roots, p)
		}
		return nil
	})
	if len(roots) < 300 {
		t.Fatalf("only %d MLIR .td files found", len(roots))
	}
	withDiags := 0
	for _, root := range roots {
		for _, syntaxOnly := range []bool{false, true} {
			cfg := checkConfig{includeDirs: []string{include, filepath.Dir(root)}, syntaxOnly: syntaxOnly}
			set1, set2 := tablegen.NewSourceSet(), tablegen.NewSourceSet()
			got, want := checkFile(set1, root, cfg, nil, nil), checkWhole(set2, root, cfg)
			if !syntaxOnly && len(want) > 0 {
				withDiags++
			}
			var out1, out2 bytes.Buffer
			report.WriteText(&out1, set1, report.Ordered(set1, got))
			report.WriteText(&out2, set2, report.Ordered(set2, want))
			if !reflect.DeepEqual(got, want) || out1.String() != out2.String() {
				t.Errorf("%s (syntax only %v): streamed check differs from the whole unit's:\n%s\nwhole:\n%s", root, syntaxOnly, out1.String(), out2.String())
			}
		}
	}
	t.Logf("%d files compared, %d with diagnostics", len(roots), withDiags)
	if withDiags == 0 {
		t.Errorf("no file has a diagnostic: the comparison proves nothing about them")
	}
}
