package tablegen

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// A slab hands out zeroed nodes, never one kept, and after recycle the
// memory of those it took back.
func TestSlabRecycles(t *testing.T) {
	var a nodeArena
	s := &a.idents
	a.on()
	kept := alloc(s)
	kept.Name = "kept"
	a.keep()
	first := map[*Ident]bool{}
	for i := 0; i < 100; i++ { // past the first chunks
		id := alloc(s)
		if *id != (Ident{}) {
			t.Fatalf("node %d not zeroed: %+v", i, *id)
		}
		id.Name = "garbage"
		first[id] = true
	}
	a.recycle()
	for i := 0; i < 100; i++ {
		id := alloc(s)
		if !first[id] {
			t.Fatalf("node %d after recycle is new memory", i)
		}
		if *id != (Ident{}) {
			t.Fatalf("recycled node %d not zeroed: %+v", i, *id)
		}
		if id == kept {
			t.Fatal("a kept node was handed out again")
		}
	}
	if kept.Name != "kept" {
		t.Errorf("the kept node was overwritten: %q", kept.Name)
	}
	var off slab[Ident]
	if a, b := alloc(&off), alloc(&off); a == b || off.chunks != nil {
		t.Error("a slab that is off must allocate each node")
	}
}

// A unit streamed with each statement recycled as soon as it is compared
// gives, statement by statement, what ParseUnit gives, and builds the
// statements on the same memory again and again.
func TestRecycledStreamMatchesParseUnit(t *testing.T) {
	roots, _ := filepath.Glob("/usr/lib/llvm-22/include/mlir/Dialect/*/IR/*Ops.td")
	if len(roots) == 0 {
		t.Skip("LLVM 22 not installed")
	}
	opts := LexOptions{Loader: &CommandLineLoader{IncludeDirs: []string{"/usr/lib/llvm-22/include"}}}
	for _, path := range roots[:min(len(roots), 12)] {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		set1, set2 := NewSourceSet(), NewSourceSet()
		want := ParseUnit(set1, set1.AddFile(path, data), opts)
		s := StreamUnit(set2, set2.AddFile(path, data), opts)
		addrs := map[*Statement]bool{}
		n := 0
		for st := s.Next(); st != nil; st = s.Next() {
			if n >= len(want.Statements) || !reflect.DeepEqual(st, want.Statements[n]) {
				t.Fatalf("%s: statement %d differs from ParseUnit's", path, n)
			}
			addrs[st] = true
			n++
			s.Recycle()
		}
		if n != len(want.Statements) {
			t.Errorf("%s: %d statements streamed, ParseUnit has %d", path, n, len(want.Statements))
		}
		if n > 10 && len(addrs) > 2 {
			t.Errorf("%s: %d statements built at %d addresses: the nodes are not recycled", path, n, len(addrs))
		}
	}
}
