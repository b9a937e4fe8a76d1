package analysis

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tdls/tablegen/eval"
)

// TestResumedEvaluationMatchesFull edits a root file in the ways an editor
// does and checks after each edit that evaluating from kept checkpoints
// gives what evaluating the whole unit gives.
func TestResumedEvaluationMatchesFull(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: resumed evaluation test skipped")
	}
	path := filepath.Join(mlirInclude, "mlir/Dialect/Arith/IR/ArithOps.td")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("LLVM 22 with MLIR headers not installed: %v", err)
	}
	text := string(data)
	mid := len(text) / 2
	mid += strings.IndexByte(text[mid:], '\n')
	quarter := strings.Index(text, "\ndef ")
	edits := []struct{ name, text string }{
		{"open", text},
		{"space at the end", text + " "},
		{"space in the middle", text[:mid] + " " + text[mid:]},
		{"new def in the middle", text[:mid] + "\ndef tdlsExtra : Arith_Op<\"extra\">;\n" + text[mid:]},
		{"broken statement", text[:mid] + "\ndef tdlsBroken : Arith_Op<\"x\"> { let y = ; }\n" + text[mid:]},
		{"first def renamed", text[:quarter] + "\ndef tdlsFirst_" + text[quarter+len("\ndef "):]},
		{"undefined class at the end", text + "\ndef tdlsBad : NoSuchClass;\n"},
		{"space at the end again", text + "  "},
	}
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	ctx := context.Background()
	for i, ed := range edits {
		snap := w.SetBuffer(path, int32(i+1), []byte(ed.text))
		u, err := snap.Unit(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := u.Evaluated(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := eval.Evaluate(u.TG, eval.Options{})
		if g, w := evalSummary(t, got), evalSummary(t, want); g != w {
			t.Errorf("%s: resumed evaluation differs from a full one", ed.name)
		}
		if ch, _ := w.evals.resume.chains.get(path); i > 0 && (ch == nil || len(ch.cps) < 2) {
			t.Errorf("%s: no checkpoints kept", ed.name)
		}
	}
}

func evalSummary(t *testing.T, r *eval.Result) string {
	var buf bytes.Buffer
	if err := eval.WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	for _, list := range [][]*eval.Record{r.Classes, r.Defs} {
		for _, rec := range list {
			fmt.Fprintf(&buf, "%s %v %v\n", rec.NameString(), rec.Locs, rec.Decl)
		}
	}
	for _, d := range r.Diagnostics {
		fmt.Fprintf(&buf, "%v %v %s %s\n", d.Range, d.Severity, d.Code, d.Message)
	}
	return buf.String()
}

// Two units that start with the same includes share the evaluation of that
// prefix: every file has one place in the workspace's position space, so
// the prefix is the same text at the same positions in both.
func TestUnitsShareTheirIncludePrefix(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"base.td": "class Base<int n> { int v = n; }\ndef Shared : Base<1>;\n",
		"one.td":  "include \"base.td\"\ndef One : Base<2>;\n",
		"two.td":  "include \"base.td\"\n\n// a different root\ndef Two : Base<3>;\ndef Three : Base<4>;\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w := NewWorkspace(Config{NoMLIRAutoDetect: true})
	ctx := context.Background()
	evaluate := func(name string) *eval.Result {
		u, err := w.Snapshot().Unit(ctx, filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		res, err := u.Evaluated(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	one, two := evaluate("one.td"), evaluate("two.td")
	if one.Def("Shared") == nil || one.Def("Shared") != two.Def("Shared") || one.Class("Base") != two.Class("Base") {
		t.Errorf("the include prefix was evaluated twice")
	}
	if one.Def("One") == nil || two.Def("Three") == nil || two.Def("One") != nil {
		t.Errorf("the units' own records are wrong")
	}
}
