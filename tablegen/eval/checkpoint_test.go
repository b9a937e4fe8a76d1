package eval

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"tdls/tablegen"
)

// resumable covers what a resumed evaluation must see of its checkpoint:
// classes, multiclasses, defvars, deftypes, defsets, inline instantiations
// made before and after the split, anonymous numbering, !instances, a
// duplicate of an earlier def, and a class declared early and defined late.
const resumable = `
class Late;
class Base<int n> { int N = n; list<Base> self = []; }
class Holder<int n> { Base b = Base<n>; }
deftype Num = int;
defvar width = 4;
multiclass M<int k> {
  def _a : Base<k>;
  def _b : Holder<!add(k, width)>;
}
def : Base<1>;
def first : Holder<2>;
defm m1 : M<3>;
defset list<Base> Zeros = {
  def z0 : Base<0>;
  def : Base<0>;
}
defvar seven = !cast<Num>(7);
def uses : Holder<7> { list<Base> all = !instances<Base>(); }
def : Holder<2>;
defm m2 : M<9>;
def first : Base<5>;
class Late { int x = 1; }
def late : Late, Base<!size(Zeros)>;
def inst { list<Base> zs = !instances<Base>("z.*"); Base b = Base<3>; }
foreach i = [1, 2] in def "loop"#i : Holder<i>;
`

func parseBytes(name string, data []byte, includes ...string) *tablegen.Unit {
	set := tablegen.NewSourceSet()
	root := set.AddFile(name, data)
	return tablegen.ParseUnit(set, root, tablegen.LexOptions{Loader: &tablegen.CommandLineLoader{IncludeDirs: includes}})
}

// snapshotOf is everything a Result says, positions included (the JSON of
// llvm-tblgen has none).
func snapshotOf(t testing.TB, r *Result) string {
	var sb strings.Builder
	sb.Write(jsonOf(t, r))
	for _, list := range [][]*Record{r.Classes, r.Defs} {
		for _, rec := range list {
			fmt.Fprintf(&sb, "%s %v %v %v\n", rec.NameString(), rec.Locs(), rec.Decl, rec.Chain())
			for _, s := range rec.Supers {
				fmt.Fprintf(&sb, " super %s %v\n", s.Class.NameString(), s.Range)
			}
			for _, v := range rec.Values {
				fmt.Fprintf(&sb, " %s %v %v = %v\n", v.Name, v.Decl, v.Src, v.Value)
			}
			if rec.IsClass && r.Class(rec.NameString()) != rec {
				fmt.Fprintf(&sb, " not found by name\n")
			}
		}
	}
	for _, d := range r.Diagnostics {
		fmt.Fprintf(&sb, "diag %v %v %s %s %v\n", d.Range, d.Severity, d.Code, d.Message, d.Related)
	}
	return sb.String()
}

func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(i-80, 0)
	return fmt.Sprintf("at byte %d: evaluate %q, resume %q", i, a[lo:min(i+80, len(a))], b[lo:min(i+80, len(b))])
}

func TestResumeEqualsEvaluateAtEverySplit(t *testing.T) {
	u := parseBytes("resumable.td", []byte(resumable))
	if u.Diags.HasErrors() {
		t.Fatalf("test source does not parse: %v", u.Diags)
	}
	want := snapshotOf(t, Evaluate(u, Options{}))
	if !strings.Contains(want, "def already exists: first") || !strings.Contains(want, "anonymous_") {
		t.Fatalf("test source no longer exercises duplicates and anonymous defs:\n%s", want)
	}
	for k := 0; k <= len(u.Statements); k++ {
		cp := EvaluatePrefix(u, k, Options{})
		if got := snapshotOf(t, cp.Resume(u, k, Options{})); got != want {
			t.Errorf("split at statement %d: %s", k, firstDiff(want, got))
		}
		// Resuming twice from one checkpoint must not see the first resume.
		if got := snapshotOf(t, cp.Resume(u, k, Options{})); got != want {
			t.Errorf("second resume at statement %d: %s", k, firstDiff(want, got))
		}
	}
}

func TestResumePrefixChainsCheckpoints(t *testing.T) {
	u := parseBytes("resumable.td", []byte(resumable))
	want := snapshotOf(t, Evaluate(u, Options{}))
	n := len(u.Statements)
	for step := 1; step <= 4; step++ {
		cp := EvaluatePrefix(u, 0, Options{})
		for k := 0; k < n; k += step {
			next, ok := cp.ResumePrefix(u, k, min(k+step, n), Options{})
			if !ok {
				// The class declared early is defined here: start over.
				next = EvaluatePrefix(u, min(k+step, n), Options{})
			}
			cp = next
			if got := snapshotOf(t, cp.Resume(u, cp.N, Options{})); got != want {
				t.Fatalf("step %d, checkpoint at %d: %s", step, cp.N, firstDiff(want, got))
			}
		}
	}
}

// TestChainCheckpointsStayAsTaken advances one chain through the file and
// resumes from each checkpoint it took only at the end: the checkpoints
// share the chain's name tables, which its later spans added to, and must
// not see those additions. A chain forked from each checkpoint must not
// disturb the others either.
func TestChainCheckpointsStayAsTaken(t *testing.T) {
	u := parseBytes("resumable.td", []byte(resumable))
	want := snapshotOf(t, Evaluate(u, Options{}))
	n := len(u.Statements)
	for step := 1; step <= 3; step++ {
		cps := []*Checkpoint{EvaluatePrefix(u, 0, Options{})}
		chain := cps[0].Chain(u, 0, Options{})
		refused := false
		for k := step; k < n+step; k += step {
			next, ok := chain.Advance(min(k, n))
			if !ok {
				// The class declared early is defined here: the chain
				// refuses, as a resume from its last checkpoint would.
				refused = true
				next = EvaluatePrefix(u, min(k, n), Options{})
				chain = next.Chain(u, next.N, Options{})
			}
			cps = append(cps, next)
		}
		if !refused {
			t.Errorf("step %d: the late class definition was not refused", step)
		}
		for _, cp := range cps {
			if got := snapshotOf(t, cp.Resume(u, cp.N, Options{})); got != want {
				t.Fatalf("step %d, checkpoint at %d: %s", step, cp.N, firstDiff(want, got))
			}
			if cp.N+1 < n {
				if fork, ok := cp.ResumePrefix(u, cp.N, cp.N+1, Options{}); ok {
					if got := snapshotOf(t, fork.Resume(u, fork.N, Options{})); got != want {
						t.Fatalf("step %d, fork at %d: %s", step, cp.N, firstDiff(want, got))
					}
				}
			}
		}
		// Forks did not disturb the checkpoints they started from.
		for _, cp := range cps {
			if got := snapshotOf(t, cp.Resume(u, cp.N, Options{})); got != want {
				t.Fatalf("step %d, checkpoint at %d after the forks: %s", step, cp.N, firstDiff(want, got))
			}
		}
	}
}

// TestTrimKeepsWhatCheckpointsSee drops the later checkpoints of a chain,
// as an edit does, and trims the rest: they no longer hold the names only
// the dropped ones saw, and evaluations resumed from them are unchanged.
func TestTrimKeepsWhatCheckpointsSee(t *testing.T) {
	var b strings.Builder
	b.WriteString("class C<int n> { int x = n; }\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&b, "def R%d : C<%d>;\n", i, i)
	}
	u := parseBytes("many.td", []byte(b.String()))
	want := snapshotOf(t, Evaluate(u, Options{}))
	cps := []*Checkpoint{EvaluatePrefix(u, 1, Options{})}
	chain := cps[0].Chain(u, 1, Options{})
	for k := 101; k < len(u.Statements); k += 100 {
		next, ok := chain.Advance(k)
		if !ok {
			t.Fatalf("chain refused at %d", k)
		}
		cps = append(cps, next)
	}
	for _, n := range []int{1, 4, 9, len(cps)} {
		kept := Trim(cps[:n:n])
		last := kept[n-1]
		held := 0
		for _, v := range last.defs {
			held += len(v.t.cur)
		}
		if n < len(cps)/2 && held > last.nDefs {
			t.Errorf("%d checkpoints kept: their tables hold %d defs, they see %d", n, held, last.nDefs)
		}
		for i, cp := range kept {
			if got := snapshotOf(t, cp.Resume(u, cp.N, Options{})); got != want {
				t.Fatalf("%d kept, checkpoint %d at %d: %s", n, i, cp.N, firstDiff(want, got))
			}
		}
		// What the untrimmed ones see is unchanged.
		if got := snapshotOf(t, cps[n-1].Resume(u, cps[n-1].N, Options{})); got != want {
			t.Fatalf("untrimmed checkpoint at %d: %s", cps[n-1].N, firstDiff(want, got))
		}
	}
}

// rootStart is the index of the first statement of the root file: the
// statements before it come from the include prefix.
func rootStart(u *tablegen.Unit) int {
	for i, s := range u.Statements {
		if u.Root.Contains(s.Range().Start) {
			return i
		}
	}
	return len(u.Statements)
}

func TestResumeEqualsEvaluateOnMLIR(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: MLIR resume test skipped")
	}
	files := mlirFiles(t)
	if len(files) == 0 {
		t.Skip("MLIR headers not installed: MLIR resume test skipped")
	}
	big := map[string]bool{"ArithOps.td": true, "LLVMOps.td": true, "SPIRVOps.td": true, "NVVMOps.td": true}
	checked := 0
	for i, rel := range files {
		if i%6 != 0 && !big[filepath.Base(rel)] {
			continue
		}
		path := filepath.Join(mlirInclude, rel)
		data := readFile(t, path)
		u := parseBytes(path, data, mlirInclude)
		want := snapshotOf(t, Evaluate(u, Options{}))
		n := len(u.Statements)
		pre := rootStart(u)
		for _, k := range []int{pre, (pre + n) / 2, n - 1} {
			k = max(k, 0)
			got := snapshotOf(t, EvaluatePrefix(u, k, Options{}).Resume(u, k, Options{}))
			if got != want {
				t.Errorf("%s, split at %d of %d: %s", rel, k, n, firstDiff(want, got))
			}
		}
		checked++
	}
	t.Logf("resume equals evaluate on %d MLIR files, 3 splits each", checked)
}

// TestResumeEqualsEvaluateAtEveryRootSplit resumes ArithOps.td after each
// of its own top-level statements, from checkpoints chained one statement
// at a time as the server keeps them, and compares records, values and
// diagnostics with a full evaluation.
func TestResumeEqualsEvaluateAtEveryRootSplit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every-split MLIR resume test skipped")
	}
	path := filepath.Join(mlirInclude, "mlir/Dialect/Arith/IR/ArithOps.td")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("MLIR headers not installed: %v", err)
	}
	u := parseBytes(path, readFile(t, path), mlirInclude)
	want := snapshotOf(t, Evaluate(u, Options{}))
	pre, n := rootStart(u), len(u.Statements)
	cp := EvaluatePrefix(u, pre, Options{})
	for k := pre; k <= n; k++ {
		if k > pre {
			next, ok := cp.ResumePrefix(u, k-1, k, Options{})
			if !ok {
				t.Fatalf("split at %d: ResumePrefix refused", k)
			}
			cp = next
		}
		if got := snapshotOf(t, cp.Resume(u, k, Options{})); got != want {
			t.Fatalf("split at %d of %d: %s", k, n, firstDiff(want, got))
		}
	}
	t.Logf("resume equals evaluate at each of the %d splits of ArithOps.td's own statements", n-pre+1)
}

// TestConcurrentResumes resumes from one checkpoint on several goroutines;
// run with -race, it shows that resumes only read the checkpoint.
func TestConcurrentResumes(t *testing.T) {
	type source struct {
		name string
		data []byte
		inc  []string
	}
	sources := []source{{"resumable.td", []byte(resumable), nil}}
	arith := filepath.Join(mlirInclude, "mlir/Dialect/Arith/IR/ArithOps.td")
	if data, err := os.ReadFile(arith); err == nil && !testing.Short() {
		sources = append(sources, source{arith, data, []string{mlirInclude}})
	}
	for _, src := range sources {
		u := parseBytes(src.name, src.data, src.inc...)
		want := snapshotOf(t, Evaluate(u, Options{}))
		splits := []int{rootStart(u)}
		if src.inc == nil {
			// After the classes; in the middle, with defs that the rest
			// reads through !instances.
			splits = []int{3, len(u.Statements) / 2}
		}
		for _, k := range splits {
			cp := EvaluatePrefix(u, k, Options{})
			var wg sync.WaitGroup
			got := make([]string, 4)
			for g := range got {
				wg.Add(1)
				go func() {
					defer wg.Done()
					got[g] = snapshotOf(t, cp.Resume(u, k, Options{}))
				}()
			}
			wg.Wait()
			for g, s := range got {
				if s != want {
					t.Errorf("%s, split %d, resume %d: %s", src.name, k, g, firstDiff(want, s))
				}
			}
		}
	}
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
