package analysis

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tdls/tablegen"
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
	// ahead: an edit in the middle of the text evaluated last, whose
	// statements are evaluated ahead of the rest.
	edits := []struct {
		name, text string
		ahead      bool
	}{
		{"open", text, false},
		{"space at the end", text + " ", false},
		{"space in the middle", text[:mid] + " " + text[mid:], false},
		{"new def in the middle", text[:mid] + "\ndef tdlsExtra : Arith_Op<\"extra\">;\n" + text[mid:], false},
		{"broken statement", text[:mid] + "\ndef tdlsBroken : Arith_Op<\"x\"> { let y = ; }\n" + text[mid:], false},
		{"first def renamed", text[:quarter] + "\ndef tdlsFirst_" + text[quarter+len("\ndef "):], false},
		{"undefined class at the end", text + "\ndef tdlsBad : NoSuchClass;\n", false},
		{"back to the original", text, false},
		{"assert in the middle", text[:mid] + "\nassert 0, \"tdls-tag\";\n" + text[mid:], true},
		{"back to the original again", text, false},
		{"undefined class in the middle", text[:mid] + "\ndef tdlsBad : NoSuchClass;\n" + text[mid:], true},
		{"space at the end again", text + "  ", false},
	}
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	ctx := context.Background()
	for i, ed := range edits {
		snap := w.SetBuffer(path, int32(i+1), []byte(ed.text))
		u, err := snap.Unit(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		want := eval.Evaluate(u.TG, eval.Options{})
		if es, ok := u.evaluateEdited(context.Background()); ok {
			checkEdited(t, ed.name, u, es, want)
		} else if ed.ahead {
			t.Errorf("%s: the edited statements were not evaluated ahead", ed.name)
		}
		got, err := u.Evaluated(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := evalSummary(t, got), evalSummary(t, want); g != w {
			t.Errorf("%s: resumed evaluation differs from a full one", ed.name)
		}
		if ch, _ := w.evals.resume.chains.get(path); i > 0 && (ch == nil || len(ch.cps) < 2) {
			t.Errorf("%s: no checkpoints kept", ed.name)
		}
	}
}

// checkEdited checks the evaluation of an edit's statements ahead of the
// rest against a full evaluation: the same diagnostics in the span of the
// statements evaluated again, and none that the full one does not have.
func checkEdited(t *testing.T, name string, u *Unit, ed editedStatements, full *eval.Result) {
	t.Helper()
	key := func(d tablegen.Diagnostic) string {
		return fmt.Sprintf("%v %v %s %s", d.Range, d.Severity, d.Code, d.Message)
	}
	inFull := map[string]bool{}
	var wantInSpan []string
	for _, d := range full.Diagnostics {
		inFull[key(d)] = true
		if u.TG.Root.Contains(d.Range.Start) && d.Range.Start >= ed.span.Start && d.Range.End <= ed.span.End {
			wantInSpan = append(wantInSpan, key(d))
		}
	}
	got := map[string]bool{}
	for _, d := range ed.diags {
		got[key(d)] = true
		if !inFull[key(d)] {
			t.Errorf("%s: the edited statements report %q, which a full evaluation does not", name, key(d))
		}
	}
	for _, k := range wantInSpan {
		if !got[k] {
			t.Errorf("%s: the edited statements miss %q", name, k)
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
			fmt.Fprintf(&buf, "%s %v %v\n", rec.NameString(), rec.Locs(), rec.Decl)
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
	dir := writeTree(t, map[string]string{
		"base.td": "class Base<int n> { int v = n; }\ndef Shared : Base<1>;\n",
		"one.td":  "include \"base.td\"\ndef One : Base<2>;\n",
		"two.td":  "include \"base.td\"\n\n// a different root\ndef Two : Base<3>;\ndef Three : Base<4>;\n",
	})
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

// TestEditSequencesMatchFullEvaluation applies random edits to a root file,
// as typing, pasting and deleting do, and checks after each that the
// statements evaluated ahead of the rest (evaluateEdited) and then the
// whole unit, resumed from kept checkpoints, equal a full evaluation.
func TestEditSequencesMatchFullEvaluation(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: edit sequence test skipped")
	}
	path := filepath.Join(mlirInclude, "mlir/Dialect/Arith/IR/ArithOps.td")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("LLVM 22 with MLIR headers not installed: %v", err)
	}
	original := string(data)
	rng := rand.New(rand.NewPCG(17, 1))
	// statementStarts are the offsets of the lines that begin a top-level
	// statement of text.
	statementStarts := func(text string) []int {
		var out []int
		for off := 0; off < len(text); {
			for _, kw := range []string{"def ", "class ", "multiclass ", "defvar ", "let ", "assert ", "foreach "} {
				if strings.HasPrefix(text[off:], kw) {
					out = append(out, off)
					break
				}
			}
			nl := strings.IndexByte(text[off:], '\n')
			if nl < 0 {
				break
			}
			off += nl + 1
		}
		return out
	}
	edits := []func(text string, at int) string{
		func(text string, at int) string { // a failing assert
			return text[:at] + fmt.Sprintf("assert 0, \"tag-%d\";\n", rng.IntN(1000)) + text[at:]
		},
		func(text string, at int) string { // a new op
			return text[:at] + fmt.Sprintf("def tdlsNew%d : Arith_Op<\"new%d\">;\n", at, at) + text[at:]
		},
		func(text string, at int) string { // a space typed into a statement
			return text[:at+4] + " " + text[at+4:]
		},
		func(text string, at int) string { // a statement deleted (to the next one)
			next := strings.Index(text[at+1:], "\ndef ")
			if next < 0 {
				return text
			}
			return text[:at] + text[at+1+next+1:]
		},
		func(text string, at int) string { // a statement broken
			return text[:at] + "def tdlsBroken : Arith_Op<\"x\"> { let y = ; }\n" + text[at:]
		},
		func(text string, at int) string { // a class used later made unknown
			return text[:at] + "def tdlsBad : NoSuchClass;\n" + text[at:]
		},
		func(string, int) string { return original }, // undo everything
	}
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	ctx := context.Background()
	text := original
	ahead := 0
	const steps = 40
	for i := 0; i < steps; i++ {
		starts := statementStarts(text)
		kind := rng.IntN(len(edits))
		text = edits[kind](text, starts[rng.IntN(len(starts))])
		snap := w.SetBuffer(path, int32(i+1), []byte(text))
		u, err := snap.Unit(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		want := eval.Evaluate(u.TG, eval.Options{})
		name := fmt.Sprintf("edit %d (kind %d)", i, kind)
		if es, ok := u.evaluateEdited(context.Background()); ok {
			checkEdited(t, name, u, es, want)
			ahead++
		}
		got, err := u.Evaluated(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := evalSummary(t, got), evalSummary(t, want); g != w {
			t.Fatalf("%s: resumed evaluation differs from a full one", name)
		}
		// The weak pointers the unit's statements are named by, those
		// shared with the last version's taken over, are theirs.
		ws := u.caches.resume.weakStatements(u)
		if len(ws) != len(u.TG.Statements) {
			t.Fatalf("%s: %d weak pointers for %d statements", name, len(ws), len(u.TG.Statements))
		}
		for k, st := range u.TG.Statements {
			if ws[k].Value() != st {
				t.Fatalf("%s: the weak pointer of statement %d is another's", name, k)
			}
		}
	}
	if ahead < steps/4 {
		t.Errorf("only %d of %d edits had their statements evaluated ahead", ahead, steps)
	}
	t.Logf("%d edits, %d evaluated ahead of the rest", steps, ahead)
}

// TestEditsBetweenIncludesReplayTheRest edits SPIRVOps.td, a root made of
// includes, between its includes: the statements of the files included
// after the edit keep their syntax nodes, and the evaluation takes over
// those that read nothing the edit changed from the journal of the last
// one (eval.Journal). After each edit the result equals a full evaluation,
// and most statements are taken over.
func TestEditsBetweenIncludesReplayTheRest(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: include edit test skipped")
	}
	path := filepath.Join(mlirInclude, "mlir/Dialect/SPIRV/IR/SPIRVOps.td")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("LLVM 22 with MLIR headers not installed: %v", err)
	}
	original := string(data)
	rng := rand.New(rand.NewPCG(17, 2))
	includes := func(text string) []int {
		var out []int
		for off := 0; ; {
			i := strings.Index(text[off:], "\ninclude ")
			if i < 0 {
				return out
			}
			out = append(out, off+i+1)
			off += i + 1
		}
	}
	edits := []func(text string, at int) string{
		func(text string, at int) string { // a failing assert
			return text[:at] + fmt.Sprintf("assert 0, \"tag-%d\";\n", rng.IntN(1000)) + text[at:]
		},
		func(text string, at int) string { // a def that a later one duplicates
			return text[:at] + "def SPIRV_FAddOp : SPIRV_Op<\"FAdd\">;\n" + text[at:]
		},
		func(text string, at int) string { // an anonymous def: the numbering after it moves
			return text[:at] + "def : SPIRV_Op<\"anon\">;\n" + text[at:]
		},
		func(text string, at int) string { // an include removed
			nl := strings.IndexByte(text[at:], '\n')
			return text[:at] + text[at+nl+1:]
		},
		func(string, int) string { return original },
	}
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	ctx := context.Background()
	text := original
	replayed, total := 0, 0
	const steps = 12
	for i := 0; i < steps; i++ {
		if i > 0 {
			starts := includes(text)
			kind := rng.IntN(len(edits))
			text = edits[kind](text, starts[len(starts)/3+rng.IntN(len(starts)*2/3)])
		}
		snap := w.SetBuffer(path, int32(i+1), []byte(text))
		u, err := snap.Unit(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		want := eval.Evaluate(u.TG, eval.Options{})
		got, err := u.Evaluated(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := evalSummary(t, got), evalSummary(t, want); g != w {
			t.Fatalf("edit %d: the evaluation differs from a full one", i)
		}
		if i > 0 {
			replayed += got.Journal.Replayed()
			total += len(u.TG.Statements)
		}
	}
	if replayed < total/2 {
		t.Errorf("%d of %d statements taken over from the last evaluation", replayed, total)
	}
	t.Logf("%d edits: %d of %d statements taken over", steps-1, replayed, total)
}

// TestStatementAcrossAnIncludeEnd: llvm-tblgen lexes on from the end of an
// included file into its includer, so a def may open in one file and close
// in the next. The include prefix's key covers such a statement (it once
// sliced one file's text with the other's end and lost the unit's records).
func TestStatementAcrossAnIncludeEnd(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"lib.td":  "class C;\ndef X : C {\n  int a = 1;\n",
		"root.td": "include \"lib.td\"\n  int b = 2;\n}\ndef Y : C;\n",
	})
	w := NewWorkspace(Config{NoMLIRAutoDetect: true})
	ctx := context.Background()
	u, err := w.Snapshot().Unit(ctx, filepath.Join(dir, "root.td"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := u.Evaluated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 0 {
		t.Errorf("diagnostics on a unit llvm-tblgen accepts: %v", res.Diagnostics)
	}
	if x := res.Def("X"); x == nil || x.Value("a") == nil || x.Value("b") == nil || res.Def("Y") == nil {
		t.Errorf("records: X (with a and b) and Y expected")
	}
}

// A root's evaluations take turns, and one that no one waits for any more
// when its turn comes is not started (a burst of edits evaluates none of
// the versions typed past); the next caller starts it again.
func TestEvaluationsTakeTurnsAndAbandonedOnesDoNotRun(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.td": "class C<int n> { int x = n; }\ndef A : C<1>;\n"})
	path := filepath.Join(dir, "a.td")
	w := NewWorkspace(Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	u, err := w.Snapshot().Unit(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	// Another evaluation of the root holds the turn.
	release, _ := u.caches.turn(context.Background(), u.Root)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if res, err := u.Evaluated(ctx); err == nil || res != nil {
		t.Fatalf("evaluated while another evaluation of the root ran: %v %v", res, err)
	}
	release()
	// Its turn came with no one waiting: it gives the turn back unstarted.
	ev := u.evaluation()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(time.Millisecond) {
		ev.mu.Lock()
		started := ev.started
		ev.mu.Unlock()
		if !started {
			break
		}
		if time.Now().After(deadline) || u.EvaluatedIfReady() != nil {
			t.Fatal("an evaluation no one waited for ran")
		}
	}
	if u.EvaluatedIfReady() != nil {
		t.Fatal("an evaluation no one waited for ran")
	}
	res, err := u.Evaluated(context.Background())
	if err != nil || res == nil || res.Def("A") == nil {
		t.Fatalf("the next caller: %v %v", res, err)
	}
}

// TestStoppedEvaluationContinues stops an evaluation between spans of
// statements, as the next edit does once no one waits for it, and checks
// that it hands out nothing, that the checkpoints it made are kept, and
// that the next caller continues from them to what a whole evaluation
// gives.
func TestStoppedEvaluationContinues(t *testing.T) {
	var b strings.Builder
	b.WriteString("class C<int n> { int x = n; string s = \"v\" # n; }\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&b, "def R%d : C<%d>;\n", i, i)
		if i%500 == 0 {
			fmt.Fprintf(&b, "defvar v%d = R%d.x;\n", i, i)
		}
	}
	path := filepath.Join(t.TempDir(), "Many.td")
	w := NewWorkspace(Config{NoMLIRAutoDetect: true})
	u, err := w.SetBuffer(path, 1, []byte(b.String())).Unit(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	stopAfter := func(n int) func() bool {
		return func() bool { asked++; return asked > n }
	}
	if res, ok := u.caches.resume.evaluateResumable(u, stopAfter(5)); ok || res != nil {
		t.Fatalf("a stopped evaluation handed out a result (%v)", ok)
	}
	kept := u.caches.resume.reusable(u.Root, u.TG)
	if len(kept) < 5 {
		t.Fatalf("the stopped evaluation kept %d checkpoints, want 5 or more", len(kept))
	}
	if _, ok := u.caches.results.get(u.contentKey); ok {
		t.Fatal("a stopped evaluation's result was cached")
	}
	asked = 0
	got, err := u.Evaluated(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if g, w := evalSummary(t, got), evalSummary(t, eval.Evaluate(u.TG, eval.Options{})); g != w {
		t.Fatal("the evaluation continued after a stop differs from a whole one")
	}
}
