package analysis

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"tdls/tablegen/eval"
)

// TestSnapshotsAreImmutable enforces ARCHITECTURE.md's rule that a snapshot
// never changes: the edits after it, and the analysis of the snapshots they
// make (which reparse incrementally from its parser passes, resume its
// evaluation from its checkpoints and build models from its records), leave
// everything it answers as it was: the same unit, tokens, names, records,
// models and diagnostics.
func TestSnapshotsAreImmutable(t *testing.T) {
	fragText := "class Base<int w> { int width = w; }\n"
	lines := []string{`include "Frag.td"`}
	for i := 0; i < 40; i++ {
		lines = append(lines, fmt.Sprintf("def D%d : Base<%d> { int twice = !mul(width, 2); }", i, i))
	}
	lines = append(lines, "def Bad : Missing;")
	rootText := strings.Join(lines, "\n") + "\n"
	dir := writeTree(t, map[string]string{"Root.td": rootText, "Frag.td": fragText})
	root, frag := filepath.Join(dir, "Root.td"), filepath.Join(dir, "Frag.td")
	ctx := context.Background()
	w := NewWorkspace(Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	first := w.SetBuffer(root, 1, []byte(rootText))
	u, err := first.UnitFor(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	want := snapshotAnswers(t, ctx, first, u, root, frag)

	// Edits in the middle, at the end and in the included file, each
	// snapshot analysed in full before the next edit.
	edit := func(i int, text string) string {
		ls := strings.Split(text, "\n")
		ls[i] = fmt.Sprintf("def E%d : Base<%d>; %s", i, 100+i, ls[i])
		return strings.Join(ls, "\n")
	}
	text := rootText
	version := int32(1)
	took := false // some unit took over parser passes of an earlier one
	for _, at := range []int{20, 20, 41, 1, 30} {
		text = edit(at, text)
		version++
		s := w.SetBuffer(root, version, []byte(text))
		nu, err := s.UnitFor(ctx, root)
		if err != nil {
			t.Fatal(err)
		}
		if got := snapshotAnswers(t, ctx, s, nu, root, frag); got == want {
			t.Fatalf("an edit at line %d changed none of the answers", at+1)
		}
		took = took || !nu.FullParse && nu.Reparsed < len(nu.Tokens())
	}
	if !took {
		t.Errorf("no edit reparsed incrementally: the test shares nothing between snapshots")
	}
	s := w.SetBuffer(frag, 1, []byte("class Base<int w> { int width = w; int extra = 1; }\n"))
	nu, err := s.UnitFor(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	snapshotAnswers(t, ctx, s, nu, root, frag)
	w.CloseBuffer(frag)

	again, err := first.UnitFor(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	if again != u {
		t.Errorf("the first snapshot made a new unit after later edits")
	}
	if got := snapshotAnswers(t, ctx, first, again, root, frag); got != want {
		t.Errorf("the first snapshot's answers changed after later edits:\n%s", firstDifference(want, got))
	}
}

// snapshotAnswers is what a snapshot's unit answers, as text: the buffer,
// the tokens and their text, the resolved names, the records as
// llvm-tblgen's JSON, the models, and every diagnostic.
func snapshotAnswers(t *testing.T, ctx context.Context, s *Snapshot, u *Unit, paths ...string) string {
	t.Helper()
	var b strings.Builder
	for _, p := range paths {
		if o := s.Overlay(p); o != nil {
			fmt.Fprintf(&b, "buffer %s v%d %q\n", filepath.Base(p), o.Version, o.Content)
		}
	}
	for _, tok := range u.Tokens() {
		fmt.Fprintf(&b, "%d %q\n", tok.Pos, u.Text(tok.Range()))
	}
	res, err := u.Evaluated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := eval.WriteJSON(&b, res); err != nil {
		t.Fatal(err)
	}
	m, err := u.Models(ctx)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "\nmodels: %d records, %d ops, %d patterns, %d problems\n",
		len(m.Records.Defs), len(m.Ops.Ops), len(m.Patterns.Patterns), len(m.Problems))
	for _, p := range paths {
		refs, err := u.Refs(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range refs {
			fmt.Fprintf(&b, "ref %s %v %q -> %s %v\n", filepath.Base(p), r.Range, u.Text(r.Range), r.Decl.Name, r.Decl.Kind)
		}
		for _, d := range u.Diagnostics(p) {
			fmt.Fprintf(&b, "diag %s %v %s %s\n", filepath.Base(p), d.Range, d.Code, d.Message)
		}
		for _, d := range u.EvaluationDiagnostics(p) {
			fmt.Fprintf(&b, "eval diag %s %v %s %s\n", filepath.Base(p), d.Range, d.Code, d.Message)
		}
	}
	return b.String()
}

func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d: was %s\nnow %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("was %d lines, now %d", len(al), len(bl))
}
