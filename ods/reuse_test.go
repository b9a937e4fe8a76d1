package ods

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// After a keystroke the evaluation resumes from a checkpoint and shares the
// records before the edit; BuildFrom then reuses their ops and builds the
// rest, and the model and its errors are those of a fresh Build.
func TestBuildFromReusesSharedOps(t *testing.T) {
	needMLIR(t)
	path := filepath.Join(mlirInclude, "mlir/Dialect/Arith/IR/ArithOps.td")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	parse := func(src []byte) *tablegen.Unit {
		set := tablegen.NewSourceSet()
		root := set.AddFile(path, src)
		return tablegen.ParseUnit(set, root, tablegen.LexOptions{
			Loader: &tablegen.CommandLineLoader{IncludeDirs: []string{filepath.Dir(path), mlirInclude}},
		})
	}
	before := parse(data)
	k := 0 // the middle of the root file's statements
	for k < len(before.Statements) && !before.Root.Contains(before.Statements[k].Range().Start) {
		k++
	}
	k = (k + len(before.Statements)) / 2
	cp := eval.EvaluatePrefix(before, k, eval.Options{})
	prev := Build(cp.Resume(before, k, eval.Options{}))

	// Change the summary of the first op after statement k, and break the
	// assembly format of the last one.
	from := before.Root.Offset(before.Statements[k].Range().Start)
	edited := append([]byte(nil), data...)
	i := from + bytes.Index(edited[from:], []byte(`let summary = "`)) + len(`let summary = "`)
	edited = append(edited[:i:i], append([]byte("EDITED "), edited[i:]...)...)
	j := bytes.LastIndex(edited, []byte(`let assemblyFormat = "`)) + len(`let assemblyFormat = "`)
	edited = append(edited[:j:j], append([]byte("$nosuch "), edited[j:]...)...)
	after := parse(edited)
	res := cp.Resume(after, k, eval.Options{})
	got, fresh := BuildFrom(res, prev), Build(res)

	if len(got.Ops) != len(fresh.Ops) || len(got.Dialects) != len(fresh.Dialects) {
		t.Fatalf("%d ops, %d dialects; fresh build: %d, %d", len(got.Ops), len(got.Dialects), len(fresh.Ops), len(fresh.Dialects))
	}
	reused, edits := 0, 0
	for i, op := range got.Ops {
		want := fresh.Ops[i]
		if op.Name != want.Name || op.Summary != want.Summary || len(op.Args) != len(want.Args) || op.AssemblyFormat != want.AssemblyFormat {
			t.Errorf("op %d: %s %q, fresh build: %s %q", i, op.Name, op.Summary, want.Name, want.Summary)
		}
		if op == prev.OpByRecord(op.Def) {
			reused++
		}
		if len(op.Summary) > 7 && op.Summary[:7] == "EDITED " {
			edits++
		}
	}
	if reused == 0 || reused == len(got.Ops) || edits != 1 {
		t.Errorf("%d of %d ops reused, %d edited summaries (want some reused, not all, and 1)", reused, len(got.Ops), edits)
	}
	diags := func(m *Model) string {
		var b bytes.Buffer
		for _, d := range Check(m, nil) {
			fmt.Fprintf(&b, "%d %s %s\n", d.Range.Start, d.Code, d.Message)
		}
		return b.String()
	}
	if g, w := diags(got), diags(fresh); g != w || w == "" {
		t.Errorf("errors differ from a fresh build's:\n%s\nfresh:\n%s", g, w)
	}
}
