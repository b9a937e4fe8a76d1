package analysis

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"testing"

	"tdls/tablegen"
)

// refAtInFile is RefAt over the whole file's resolved names: what RefAt
// answered before it resolved only the statements around the position.
func refAtInFile(u *Unit, path string, p tablegen.Pos) (Ref, bool) {
	refs := u.Refs(path)
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
			for _, tok := range v.Tokens() {
				at = append(at, tok.Pos, tok.End())
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
