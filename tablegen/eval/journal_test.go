package eval

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"tdls/tablegen"
)

// replayable is resumable with its class defined where it is declared (a
// class declared by one statement and defined by another is not tracked),
// followed by statements the edits insert: a failing assert, a def that
// duplicates a later one, another def that !instances finds, an anonymous
// def that shifts the numbering, a defvar and a class that later
// statements name, a def and a class whose statements fail, and the
// statements that use them (silent after them, errors before).
var replayable = strings.Replace(strings.Replace(resumable, "class Late;\n", "class Late { int x = 1; }\n", 1),
	"class Late { int x = 1; }\ndef late", "def late", 1) + `
assert 0, "tag";
def uses : Base<4>;
def z7 : Base<0>;
def : Base<8>;
defvar seven = 8;
class Holder2<int n> : Holder<n>;
foreach j = [3, 4] in def "loop"#j : Holder<j>;
def broken : Base<1, 2>;
def reader { Base b = broken; }
class Cracked : Nowhere;
def fromCracked : Cracked;
`

// insertions splits replayable into the statements of the unit and those
// that the edits insert.
func insertions(t *testing.T) (*tablegen.Unit, []*tablegen.Statement, []*tablegen.Statement) {
	u := parseBytes("replayable.td", []byte(replayable))
	if u.Diags.HasErrors() {
		t.Fatalf("test source does not parse: %v", u.Diags)
	}
	n := len(u.Statements) - 11
	return u, u.Statements[:n:n], u.Statements[n:]
}

func withStatements(u *tablegen.Unit, stmts []*tablegen.Statement) *tablegen.Unit {
	v := *u
	v.Statements = stmts
	return &v
}

// replayEqualsEvaluate evaluates u with the journal prev and compares the
// result with a full evaluation; it returns the new journal.
func replayEqualsEvaluate(t *testing.T, what string, u *tablegen.Unit, prev *Journal) *Journal {
	t.Helper()
	want := snapshotOf(t, Evaluate(u, Options{}))
	res := Evaluate(u, Options{Replay: prev})
	if got := snapshotOf(t, res); got != want {
		t.Fatalf("%s: %s", what, firstDiff(want, got))
	}
	return res.Journal
}

// edit makes one random edit of stmts: it deletes a statement, inserts one
// of extra, or puts a copy of a statement in its place (the same text,
// evaluated again).
func edit(r *rand.Rand, stmts, extra []*tablegen.Statement) ([]*tablegen.Statement, string) {
	i := r.Intn(len(stmts) + 1)
	out := append([]*tablegen.Statement(nil), stmts[:i]...)
	switch k := r.Intn(3); {
	case k == 0 && i < len(stmts):
		return append(out, stmts[i+1:]...), "delete " + itoa(int64(i))
	case k == 1 && i < len(stmts):
		c := *stmts[i]
		return append(append(out, &c), stmts[i+1:]...), "copy " + itoa(int64(i))
	default:
		return append(append(out, extra[r.Intn(len(extra))]), stmts[i:]...), "insert at " + itoa(int64(i))
	}
}

// TestReplayEqualsEvaluateAtEverySplit deletes, copies or inserts a
// statement at each place of a unit and evaluates it with the journal of
// the unit before the edit: records, values and diagnostics equal a full
// evaluation's, and the statements the edit did not reach are taken over.
func TestReplayEqualsEvaluateAtEverySplit(t *testing.T) {
	u, stmts, extra := insertions(t)
	base := Evaluate(withStatements(u, stmts), Options{Track: true})
	if base.Journal == nil {
		t.Fatal("a tracked evaluation made no journal")
	}
	replayed := 0
	for i := 0; i <= len(stmts); i++ {
		edits := map[string][]*tablegen.Statement{}
		for j, x := range extra {
			edits["insert "+itoa(int64(j))] = append(append(append([]*tablegen.Statement(nil), stmts[:i]...), x), stmts[i:]...)
		}
		if i < len(stmts) {
			edits["delete"] = append(append([]*tablegen.Statement(nil), stmts[:i]...), stmts[i+1:]...)
			c := *stmts[i]
			edits["copy"] = append(append(append([]*tablegen.Statement(nil), stmts[:i]...), &c), stmts[i+1:]...)
		}
		for what, e := range edits {
			j := replayEqualsEvaluate(t, what+" at statement "+itoa(int64(i)), withStatements(u, e), base.Journal)
			replayed += j.Replayed()
		}
	}
	if replayed == 0 {
		t.Fatal("no statement was taken over from the journal")
	}
	t.Logf("%d statements taken over in %d edits", replayed, (len(stmts)+1)*len(extra)+2*len(stmts))
}

// TestReplayEqualsEvaluateAfterRandomEdits applies random edit sequences,
// each evaluation replaying the journal of the one before.
func TestReplayEqualsEvaluateAfterRandomEdits(t *testing.T) {
	u, stmts, extra := insertions(t)
	r := rand.New(rand.NewSource(17))
	for seq := 0; seq < 40; seq++ {
		cur := stmts
		j := Evaluate(withStatements(u, cur), Options{Track: true}).Journal
		var log []string
		for step := 0; step < 12; step++ {
			var what string
			cur, what = edit(r, cur, extra)
			log = append(log, what)
			j = replayEqualsEvaluate(t, "sequence "+itoa(int64(seq))+": "+strings.Join(log, ", "), withStatements(u, cur), j)
		}
	}
}

// TestReplayThroughCheckpoints replays a journal in an evaluation resumed
// from checkpoints a few statements apart, as the server keeps them.
func TestReplayThroughCheckpoints(t *testing.T) {
	u, stmts, extra := insertions(t)
	j := Evaluate(withStatements(u, stmts), Options{Track: true}).Journal
	for i := 0; i <= len(stmts); i++ {
		e := withStatements(u, append(append(append([]*tablegen.Statement(nil), stmts[:i]...), extra[0]), stmts[i:]...))
		want := snapshotOf(t, Evaluate(e, Options{}))
		opts := Options{Replay: j}
		cp := EvaluatePrefix(e, 0, opts)
		for cp.N+3 < len(e.Statements) {
			next, ok := cp.ResumePrefix(e, cp.N, cp.N+3, opts)
			if !ok {
				t.Fatalf("insert at %d: ResumePrefix refused", i)
			}
			cp = next
		}
		res := cp.Resume(e, cp.N, opts)
		if got := snapshotOf(t, res); got != want {
			t.Fatalf("insert at %d: %s", i, firstDiff(want, got))
		}
		if res.Journal == nil || res.Journal.Replayed() == 0 && i < len(stmts) {
			t.Fatalf("insert at %d: journal %v, nothing taken over", i, res.Journal)
		}
	}
}

// TestReplayFallsBackOnLateClassDefinition: a class declared by one
// statement and defined by another is evaluated untracked, and equal.
func TestReplayFallsBackOnLateClassDefinition(t *testing.T) {
	u := parseBytes("resumable.td", []byte(resumable))
	res := Evaluate(u, Options{Track: true})
	if got, want := snapshotOf(t, res), snapshotOf(t, Evaluate(u, Options{})); got != want {
		t.Fatal(firstDiff(want, got))
	}
	if res.Journal != nil {
		t.Fatal("a journal for a unit that defines a declared class")
	}
}

// TestReplayEqualsEvaluateOnMLIR deletes and copies each top-level
// statement of MLIR roots' own files (every split of ArithOps.td, every
// few of the larger ones) and replays the journal of the whole file:
// records, values and diagnostics equal a full evaluation's. Concurrent
// replays of one journal run under -race.
func TestReplayEqualsEvaluateOnMLIR(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: MLIR replay test skipped")
	}
	roots := []struct {
		rel   string
		every int
	}{
		{"mlir/Dialect/Arith/IR/ArithOps.td", 1},
		{"mlir/Dialect/LLVMIR/LLVMOps.td", 40},
		{"mlir/Dialect/SPIRV/IR/SPIRVOps.td", 700},
		{"mlir/Dialect/LLVMIR/NVVMOps.td", 250},
	}
	for _, root := range roots {
		path := filepath.Join(mlirInclude, root.rel)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Skipf("MLIR headers not installed: %v", err)
		}
		u := parseBytes(path, data, mlirInclude)
		base := Evaluate(u, Options{Track: true})
		if base.Journal == nil {
			t.Fatalf("%s: no journal", root.rel)
		}
		stmts := u.Statements
		from := rootStart(u)
		if from == len(stmts) {
			from = 0 // a file of includes: split among the included statements
		}
		edits, replayed := 0, 0
		for i := from; i < len(stmts); i += root.every {
			c := *stmts[i]
			for what, e := range map[string][]*tablegen.Statement{
				"delete": append(append([]*tablegen.Statement(nil), stmts[:i]...), stmts[i+1:]...),
				"copy":   append(append(append([]*tablegen.Statement(nil), stmts[:i]...), &c), stmts[i+1:]...),
			} {
				eu := withStatements(u, e)
				want := snapshotOf(t, Evaluate(eu, Options{}))
				// Two replays of the journal, and a reader of the records
				// they share, at once.
				var wg sync.WaitGroup
				got := make([]*Result, 2)
				for g := range got {
					wg.Add(1)
					go func() {
						defer wg.Done()
						got[g] = Evaluate(eu, Options{Replay: base.Journal})
					}()
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					snapshotOf(t, base)
				}()
				wg.Wait()
				for _, res := range got {
					if s := snapshotOf(t, res); s != want {
						t.Fatalf("%s: %s statement %d: %s", root.rel, what, i, firstDiff(want, s))
					}
				}
				edits++
				replayed += got[0].Journal.Replayed()
			}
		}
		if replayed == 0 {
			t.Fatalf("%s: nothing taken over", root.rel)
		}
		t.Logf("%s: %d edits equal a full evaluation, %d of %d statements taken over on average", root.rel, edits, replayed/edits, len(stmts))
	}
}

// BenchmarkTracking evaluates the large MLIR roots untracked, tracked (the
// cost of the journal), and with the journal of an evaluation of the same
// statements (everything taken over), in one run.
func BenchmarkTracking(b *testing.B) {
	for _, key := range []string{"NVVM", "SPIRV", "LLVM", "Linalg"} {
		path := filepath.Join(mlirInclude, benchFiles[key])
		data, err := os.ReadFile(path)
		if err != nil {
			b.Skipf("LLVM 22 not installed: %v", err)
		}
		u := parseBytes(path, data, mlirInclude)
		j := Evaluate(u, Options{Track: true}).Journal
		for _, c := range []struct {
			name string
			opts Options
		}{{"untracked", Options{}}, {"tracked", Options{Track: true}}, {"replayed", Options{Replay: j}}} {
			b.Run(key+"/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					Evaluate(u, c.opts)
				}
			})
		}
	}
}
