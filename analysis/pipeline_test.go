package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"tdls/drr"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// describePatterns renders where each pattern's dags were traced to in the
// source: what the DRR checks and the editor features read of the syntax.
func describePatterns(set *tablegen.SourceSet, ps *drr.PatternSet) []string {
	at := func(r tablegen.Range) string {
		a, b := set.Position(r.Start), set.Position(r.End)
		return fmt.Sprintf("%s:%d-%d", filepath.Base(a.Filename), a.Offset, b.Offset)
	}
	var out []string
	var node func(indent string, n *drr.DagNode)
	node = func(indent string, n *drr.DagNode) {
		if n == nil {
			return
		}
		out = append(out, fmt.Sprintf("%sdag %s op %s name %s arg %s exact %v", indent, at(n.Range), at(n.OperatorRange), at(n.NameRange), at(n.ArgRange()), n.Exact))
		for _, a := range n.Args {
			switch a := a.(type) {
			case *drr.DagNode:
				node(indent+"  ", a)
			case *drr.DagLeaf:
				out = append(out, fmt.Sprintf("%s  leaf %s value %s name %s exact %v", indent, at(a.Range), at(a.ValueRange), at(a.NameRange), a.Exact))
			}
		}
	}
	for _, p := range ps.Patterns {
		out = append(out, "pattern "+p.Name+" at "+at(p.DefRange))
		node("  ", p.Source)
		for _, group := range [][]*drr.DagNode{p.Results, p.Constraints, p.Supplemental, {p.BenefitDelta}} {
			for _, n := range group {
				node("  ", n)
			}
		}
	}
	return out
}

// streamSources are the cases of TestEvaluateStreamedEqualsWhole beside the
// project's pattern files: patterns written in every kind of statement.
var streamSources = map[string]string{
	"kinds.td": `include "mlir/IR/PatternBase.td"
include "mlir/Dialect/Arith/IR/ArithOps.td"
defvar Lone = (Arith_AddIOp $x, $y);
class Twice<dag d> : Pat<d, (Arith_AddIOp $x, $x)>;
def T1 : Twice<(Arith_MulIOp $x, $y)>;
multiclass Both<string n> {
  def _a : Pat<(Arith_SubIOp $a, $b), (Arith_AddIOp $a, $b)>;
  def _b : Twice<(Arith_XOrIOp $a, $b)>;
}
defm M : Both<"m">;
multiclass Outer { defm N : Both<"n">; }
defm O : Outer;
foreach op = [Arith_AndIOp, Arith_OrIOp] in
  def : Pat<(op $p, $q), (op $q, $p)>;
let benefit = 2 in {
  def L : Pat<(Arith_MulIOp $u, $v), (Arith_MulIOp $v, $u), [], [], (addBenefit 1)>;
  defvar Inner = (Arith_DivSIOp $u, $v);
  def : Pat<Inner, Lone>;
}
defset list<Pattern> Set = {
  def S : Pat<(Arith_RemSIOp $s, $t), (Arith_RemSIOp $t, $s)>;
}
if 1 then { def I : Pat<(Arith_ShLIOp $i, $j), (Arith_ShLIOp $j, $i)>; }
def Bad : Pat<(Arith_AddIOp $x), (NoSuchOp $x)>;
`,
}

var patternFile = regexp.MustCompile(`\b(Pat|Pattern)<`)

// Pipeline.Evaluate streams a unit and keeps only the statements the DRR
// model reads: on every file of the project with patterns and on patterns
// written in each kind of statement, the records, the checks' problems (with
// their fixes) and the source ranges of every pattern's dags are those of
// the whole unit parsed and evaluated.
func TestEvaluateStreamedEqualsWhole(t *testing.T) {
	mlirFiles(t) // skips without MLIR
	var files []string
	filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			if src, err := os.ReadFile(p); err == nil && patternFile.Match(src) {
				files = append(files, p)
			}
		}
		return nil
	})
	type input struct {
		path string
		src  []byte
		dirs []string
	}
	var inputs []input
	for _, f := range files {
		src, _ := os.ReadFile(f)
		abs, _ := filepath.Abs(f)
		inputs = append(inputs, input{abs, src, []string{filepath.Dir(abs), mlirInclude}})
	}
	for name, src := range streamSources {
		inputs = append(inputs, input{filepath.Join(t.TempDir(), name), []byte(src), []string{mlirInclude}})
	}
	patterns := 0
	for _, in := range inputs {
		opts := tablegen.LexOptions{Loader: &tablegen.CommandLineLoader{IncludeDirs: in.dirs}}
		set1, set2 := tablegen.NewSourceSet(), tablegen.NewSourceSet()
		u1, res1 := Pipeline{}.Evaluate(set1, set1.AddFile(in.path, in.src), opts, eval.Options{})
		u2 := tablegen.ParseUnit(set2, set2.AddFile(in.path, in.src), opts)
		res2 := eval.Evaluate(u2, eval.Options{})
		m1, m2 := Pipeline{}.Check(u1, res1, nil), Pipeline{}.Check(u2, res2, nil)
		if len(res1.Defs) != len(res2.Defs) || !reflect.DeepEqual(u1.Diags, u2.Diags) {
			t.Errorf("%s: %d defs and %d syntax diagnostics streamed, %d and %d whole", in.path, len(res1.Defs), len(u1.Diags), len(res2.Defs), len(u2.Diags))
		}
		if !reflect.DeepEqual(m1.Problems, m2.Problems) {
			t.Errorf("%s: the checks' problems differ:\nstreamed %v\nwhole    %v", in.path, m1.Problems, m2.Problems)
		}
		p1, p2 := describePatterns(set1, m1.Patterns), describePatterns(set2, m2.Patterns)
		if !equalStrings(p1, p2) {
			t.Errorf("%s: the patterns' source ranges differ: %s", in.path, firstDiff(p1, p2))
		}
		patterns += len(m2.Patterns.Patterns)
		if len(u1.Statements) >= len(u2.Statements) && len(u2.Statements) > 0 {
			t.Errorf("%s: every statement kept (%d)", in.path, len(u1.Statements))
		}
	}
	t.Logf("%d files, %d patterns", len(inputs), patterns)
	if patterns < 500 {
		t.Errorf("only %d patterns compared", patterns)
	}
}
