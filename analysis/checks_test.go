package analysis

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tdls/tablegen"
)

const checkedOps = `include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def T_NegOp : Op<T_Dialect, "neg"> {
  let summary = "negation.";
  let arguments = (ins AnyInteger:$x);
  let results = (outs AnyInteger:$r);
}
`

// The ODS and DRR problems are published with the evaluation's, and a unit
// whose content was seen before reuses the models made for it.
func TestModelsFollowTheEvaluation(t *testing.T) {
	if _, err := os.Stat(filepath.Join(mlirInclude, "mlir/IR/OpBase.td")); err != nil {
		t.Skipf("SKIP: MLIR 22 headers not installed under %s", mlirInclude)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "a.td")
	ops := filepath.Join(dir, "ops.td")
	if err := os.WriteFile(ops, []byte(checkedOps), 0o644); err != nil {
		t.Fatal(err)
	}
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	bad := []byte("include \"ops.td\"\ndef P : Pat<(T_NegOp $a), (T_NegOp $b)>;\n")
	ctx := context.Background()
	codes := func(content []byte) (map[string]tablegen.Severity, *Models) {
		u, err := w.SetBuffer(path, 1, content).UnitFor(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		m, err := u.Models(ctx)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]tablegen.Severity{}
		for _, d := range u.EvaluationDiagnostics(path) {
			out[d.Code] = d.Severity
		}
		return out, m
	}
	got, first := codes(bad)
	if got["drr-unbound-symbol"] != tablegen.SeverityError {
		t.Errorf("DRR error missing: %v", got)
	}
	// The op's summary ends with a period, but the op is not in a.td.
	if _, ok := got["ods-summary-period"]; ok {
		t.Errorf("best-practice warning about an included file's op: %v", got)
	}
	if got, _ := codes([]byte("include \"ops.td\"\n")); len(got) != 0 {
		t.Errorf("diagnostics of a clean file: %v", got)
	}
	if _, again := codes(bad); again != first {
		t.Errorf("the same content built its models again")
	}

	u, err := w.SetBuffer(ops, 1, []byte(checkedOps)).UnitFor(ctx, ops)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := u.Evaluated(ctx); err != nil {
		t.Fatal(err)
	}
	var warned bool
	for _, d := range u.EvaluationDiagnostics(ops) {
		warned = warned || d.Code == "ods-summary-period" && d.Severity == tablegen.SeverityHint
	}
	if !warned {
		t.Errorf("no best-practice lint (a hint) for the file's own op")
	}
}

// The pipeline's stages report in the order Pipeline.Check runs them,
// whatever the order of the problems in the file: the evaluator's, then
// ODS's, the transform ops', DRR's and the pattern set's.
func TestPipelineStagesInOrder(t *testing.T) {
	if _, err := os.Stat(filepath.Join(mlirInclude, "mlir/IR/OpBase.td")); err != nil {
		t.Skipf("SKIP: MLIR 22 headers not installed under %s", mlirInclude)
	}
	src := checkedOps + `def L : Pat<(T_NegOp $a), (T_NegOp $a)>;
def P : Pat<(T_NegOp $a), (T_NegOp $b)>;
def T_DupOp : Op<T_Dialect, "dup"> {
  let arguments = (ins AnyType:$v);
  let results = (outs AnyType:$v);
}
def E { int x = !add(1, "a"); }
`
	path := filepath.Join(t.TempDir(), "a.td")
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	ctx := context.Background()
	u, err := w.SetBuffer(path, 1, []byte(src)).UnitFor(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := u.Models(ctx)
	if err != nil {
		t.Fatal(err)
	}
	stages := []string{"eval-", "ods-", "transform-", "drr-", "pattern-"}
	stageOf := func(code string) int {
		for i, p := range stages {
			if strings.HasPrefix(code, p) {
				return i
			}
		}
		t.Fatalf("a problem of no stage: %s", code)
		return 0
	}
	last, seen := 0, map[int]bool{}
	var codes []string
	for _, p := range m.Problems {
		s := stageOf(p.Code)
		if s < last {
			t.Errorf("%s reported after a %s problem", p.Code, stages[last])
		}
		last, seen[s] = s, true
		codes = append(codes, p.Code)
	}
	for _, s := range []int{0, 1, 3, 4} {
		if !seen[s] {
			t.Errorf("no %s problem in %v: the file no longer covers every stage", stages[s], codes)
		}
	}
}
