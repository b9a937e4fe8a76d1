package analysis

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// A unit large enough to have its declarations gathered in parts finds, for
// a name defined in several parts, the first def of it, and lists each
// name once, in order.
func TestDeclarationsGatheredInPartsKeepTheFirstDef(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	n := 4*recordsPart + 10
	var b strings.Builder
	b.WriteString("class C<int v> { int x = v; }\n")
	for i := range n {
		// D0 again in every part, and names nested in let and if.
		switch {
		case i%recordsPart == 7:
			fmt.Fprintf(&b, "let x = %d in { def D0 : C<%d>; }\n", i, i)
		case i%recordsPart == 9:
			fmt.Fprintf(&b, "if 1 then { def D1 : C<%d>; }\n", i)
		default:
			fmt.Fprintf(&b, "def D%d : C<%d>;\n", i, i)
		}
	}
	path := filepath.Join(t.TempDir(), "Many.td")
	w := NewWorkspace(Config{NoMLIRAutoDetect: true})
	w.SetBuffer(path, 1, []byte(b.String()))
	u, err := w.Snapshot().Unit(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	g := u.globals()
	if len(g.recordStmts) < 2 {
		t.Fatalf("%d statements gathered in %d part", n, len(g.recordStmts))
	}
	for _, name := range []string{"D0", "D1", "D8", fmt.Sprint("D", n-2)} {
		d := g.record(name)
		if d == nil {
			t.Fatalf("%s: no declaration", name)
		}
		want := strings.Index(b.String(), "def "+name+" ") + len("def ")
		if got := u.TG.Set.File(d.Range.Start).Offset(d.Range.Start); got != want {
			t.Errorf("%s declared at offset %d, want the first def at %d", name, got, want)
		}
	}
	seen := map[string]bool{}
	last := -1
	for _, d := range u.TopDecls(path) {
		if d.Kind != DeclRecord {
			continue
		}
		if seen[d.Name] {
			t.Fatalf("%s listed twice", d.Name)
		}
		seen[d.Name] = true
		if off := int(d.Range.Start); off < last {
			t.Fatalf("%s listed out of order", d.Name)
		}
		last = int(d.Range.Start)
	}
	if len(seen) != n-10 { // D7, D9, D(recordsPart+7), ... are not defined
		t.Errorf("%d records listed", len(seen))
	}
}
