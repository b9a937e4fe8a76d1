package analysis

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tdls/tablegen"
)

// refAtInFile is RefAt over the whole file's resolved names: what RefAt
// answered before it resolved only the statements around the position.
func refAtInFile(u *Unit, path string, p tablegen.Pos) (Ref, bool) {
	refs, _ := u.Refs(context.Background(), path)
	i := sort.Search(len(refs), func(i int) bool { return refs[i].Range.End >= p })
	for ; i < len(refs) && refs[i].Range.Start <= p; i++ {
		if refs[i].Range.End >= p {
			return refs[i], true
		}
	}
	return Ref{}, false
}

func describeRef(r Ref, ok bool) string {
	if !ok {
		return "none"
	}
	d := r.Decl
	return fmt.Sprintf("%v %d via %q -> %v %q %v owner %q placed %v", r.Range, r.Role, r.Via, d.Kind, d.Name, d.Range, d.Owner, d.Placed())
}

// RefAt resolves only the statements around the position, and must answer
// what resolving the whole file answers, at every token start and end of
// every file of the unit: on MLIR's files, and on units with a file
// included twice, an include inside a statement, a statement crossing
// files, and syntax errors.
func TestRefAtMatchesTheWholeFile(t *testing.T) {
	files := mlirFiles(t)
	var roots []string
	for i := 0; i < len(files); i += 5 { // a spread of dialects
		roots = append(roots, files[i])
	}
	ctx := context.Background()
	compare := func(t *testing.T, cfg Config, root string, allFiles bool) *Unit {
		t.Helper()
		local, err := NewWorkspace(cfg).Snapshot().Unit(ctx, root)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := NewWorkspace(cfg).Snapshot().Unit(ctx, root)
		if err != nil {
			t.Fatal(err)
		}
		for path := range local.Files {
			if !allFiles && path != root {
				continue
			}
			v := local.View(path)
			var at []tablegen.Pos
			toks := v.Tokens()
			for i := range toks.Len() {
				at = append(at, toks.Pos(i), toks.End(i))
			}
			got := make([]string, len(at))
			for i, p := range at {
				got[i] = describeRef(v.RefAt(p))
			}
			if _, resolved := local.refs.peek(filepath.Clean(path)); resolved && !local.FullParse {
				t.Fatalf("%s: RefAt resolved the whole file", path)
			}
			for i, p := range at {
				if want := describeRef(refAtInFile(whole, path, p)); got[i] != want {
					t.Errorf("%s at %v: RefAt %s, the whole file %s", filepath.Base(path), whole.TG.Set.Position(p), got[i], want)
					break
				}
			}
		}
		return local
	}
	for _, root := range roots {
		compare(t, Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true}, root, false)
	}

	dir := writeTree(t, map[string]string{
		"Twice.td": "#ifdef SECOND\ndef InSecond : Base<2>;\n#else\ndef InFirst : Base<1> { int y = w; }\n#endif\n",
		"Root.td": `class Base<int w> { int width = w; list<int> l = [w]; }
include "Twice.td"
#define SECOND
include "Twice.td"
defvar g = 3;
multiclass M<int n> { def _a : Base<n> { let width = !add(n, g); } }
defm X : M<4>;
let width = 7 in { def Y : Base<1>; foreach i = [1, 2] in def Z#i : Base<i>; }
def U { int f = !foldl(0, [1, 2], acc, e, !add(acc, e)); list<int> m = !foreach(x, Y.l, !mul(x, 2)); }
def V : Base<Y.width> { int q = X_a.width; bits<2> b = { 0, 1 }; }
def Broken : Base< { int = ; }
def After : Base<5>;`,
		"Inside.td": "def InsideA { int v = 1; }\n",
		"Stream.td": "class K { int v; }\nlet v = 2 in {\ninclude \"Inside.td\"\n}\ndef S : K;\n",
		"Open.td":   "def Q : K { int u = v;\n",
		"Cross.td":  "class K { int v; }\ninclude \"Open.td\"\n  let v = 3; }\ndef S : K;\n",
	})
	cfg := Config{Folders: []string{dir}, NoMLIRAutoDetect: true}
	if u := compare(t, cfg, filepath.Join(dir, "Root.td"), true); u.FullParse || len(u.Files) != 2 {
		t.Errorf("Root.td: a unit of %d files parsed as one stream: %v", len(u.Files), u.FullParse)
	}
	for _, root := range []string{"Stream.td", "Cross.td"} {
		if u := compare(t, cfg, filepath.Join(dir, root), true); !u.FullParse {
			t.Errorf("%s was parsed file by file", root)
		}
	}
}

// cancelAfter is a context whose Err reports cancellation from its n-th
// call on: work that watches its context stops at a known point.
type cancelAfter struct {
	context.Context
	n int
}

func (c *cancelAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// Resolving a file's names stops when the request's context ends, keeps
// nothing of the cut work, and the next request resolves the file in full.
func TestResolvingStopsWhenCancelled(t *testing.T) {
	var b strings.Builder
	b.WriteString("class C<int n> { int x = n; }\n")
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "def R%d : C<%d> { let x = !add(%d, 1); }\n", i, i, i)
	}
	dir := writeTree(t, map[string]string{"Big.td": b.String()})
	path := filepath.Join(dir, "Big.td")
	cfg := Config{Folders: []string{dir}, NoMLIRAutoDetect: true}
	u, err := NewWorkspace(cfg).Snapshot().Unit(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := &cancelAfter{Context: context.Background(), n: 2}
	if refs, err := u.Refs(ctx, path); err == nil || refs != nil {
		t.Fatalf("cancelled after 512 statements: %d names, %v", len(refs), err)
	}
	if _, kept := u.refs.peek(path); kept {
		t.Fatal("the cut work was kept")
	}
	got, err := u.Refs(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	fresh, _ := NewWorkspace(cfg).Snapshot().Unit(context.Background(), path)
	want, _ := fresh.Refs(context.Background(), path)
	if len(got) != len(want) || len(want) < 3000*3 {
		t.Fatalf("after a cancelled resolution: %d names, a fresh unit %d", len(got), len(want))
	}
	for i := range want {
		if describeRef(got[i], true) != describeRef(want[i], true) {
			t.Fatalf("name %d: %s, a fresh unit %s", i, describeRef(got[i], true), describeRef(want[i], true))
		}
	}
}

// A caller waiting for work another caller does takes the work over when
// that caller's context ends, and one whose own context ends stops waiting.
func TestJobMapHandsOverCancelledWork(t *testing.T) {
	var m jobMap[string, int]
	started, release := make(chan struct{}, 2), make(chan struct{})
	first, cancelFirst := context.WithCancel(context.Background())
	compute := func(ctx context.Context) (int, error) {
		started <- struct{}{}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-release:
			return 7, nil
		}
	}
	firstDone := make(chan error, 1)
	go func() { _, err := m.get(first, "k", compute); firstDone <- err }()
	<-started
	waiter, cancelWaiter := context.WithCancel(context.Background())
	cancelWaiter()
	if _, err := m.get(waiter, "k", compute); err == nil {
		t.Fatal("a cancelled waiter kept waiting and got a value")
	}
	second := make(chan int, 1)
	go func() { v, _ := m.get(context.Background(), "k", compute); second <- v }()
	cancelFirst()
	if err := <-firstDone; err == nil {
		t.Fatal("the cancelled caller got no error")
	}
	<-started // the waiter took the work over
	close(release)
	if v := <-second; v != 7 {
		t.Fatalf("the waiter got %d", v)
	}
	if v, ok := m.peek("k"); !ok || v != 7 {
		t.Fatalf("kept %d %v", v, ok)
	}
}

// A request whose context ends while another request resolves the file
// gets no names and an error, from every reader of the resolution: the
// waiting side of jobMap hands out no value, and Refs and Calls must not
// read one (the inlay hints of a cancelled request once dereferenced it).
func TestCancelledWaiterReadsNoResolution(t *testing.T) {
	var b strings.Builder
	b.WriteString("class C<int n> { int x = n; }\n")
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "def R%d : C<%d> { let x = !add(%d, 1); }\n", i, i, i)
	}
	dir := writeTree(t, map[string]string{"Big.td": b.String()})
	path := filepath.Join(dir, "Big.td")
	cfg := Config{Folders: []string{dir}, NoMLIRAutoDetect: true}
	u, err := NewWorkspace(cfg).Snapshot().Unit(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	// The resolution in progress, held by a job no one finishes.
	f := u.File(path)
	j := &job[*fileRefs]{done: make(chan struct{}), err: errJobFailed}
	u.refs.m = map[string]*job[*fileRefs]{f.Name: j}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if calls, err := u.Calls(ctx, path); err == nil || calls != nil {
		t.Fatalf("Calls while cancelled: %d calls, %v", len(calls), err)
	}
	if refs, err := u.Refs(ctx, path); err == nil || refs != nil {
		t.Fatalf("Refs while cancelled: %d names, %v", len(refs), err)
	}
	if occ := u.UnitOccurrences(ctx, DeclKey{}); occ != nil {
		t.Fatalf("occurrences while cancelled: %d", len(occ))
	}
	u.refs.mu.Lock()
	delete(u.refs.m, f.Name) // cut short, as jobMap.run leaves it: the next caller resolves
	u.refs.mu.Unlock()
	close(j.done)
	if calls, err := u.Calls(context.Background(), path); err != nil || len(calls) != 3000 {
		t.Fatalf("after the cut work: %d calls, %v", len(calls), err)
	}
}

// A memo whose computation panicked is computed again by the next caller,
// not handed out as its zero value.
func TestOnceForgetsAPanickedComputation(t *testing.T) {
	var o once[*int]
	func() {
		defer func() { _ = recover() }()
		o.get(func() *int { panic("boom") })
	}()
	seven := 7
	if v := o.get(func() *int { return &seven }); v == nil || *v != 7 {
		t.Fatalf("after a panic: %v", v)
	}
}
