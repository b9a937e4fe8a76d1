package ide_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The files that may look at what is at a position: the classifier, the
// scanners it shares, and completion's context (which asks about the gap
// between tokens, not about a name).
var lookupCallers = map[string]bool{"classify.go": true, "scan.go": true, "completion.go": true}

// positionLookups are the methods that answer what is at or around a
// position: the file view's token lookups and the resolver's, and the op
// and pattern models' (PatternSet.At, Model.OpAt). Every function declared
// in scan.go is a scanner and joins them.
var positionLookups = map[string]bool{"TokenAt": true, "TokenFrom": true, "EnclosingBody": true, "RefAt": true, "TargetAt": true, "OpAt": true}

// A position is classified once, in classify.go: no feature of
// analysis/ide calls a token lookup or scanner for itself.
func TestTokenLookupsOnlyInClassifier(t *testing.T) {
	files := parseIDE(t)
	scanners := map[string]bool{}
	for _, d := range files["scan.go"].Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil {
			scanners[fn.Name.Name] = true
		}
	}
	if !scanners["dagContextAt"] || !scanners["includeAt"] {
		t.Fatalf("scan.go declares %v: the scanners are not where the rule says", keys(scanners))
	}
	violations, calls := lookupViolations(files, scanners)
	for _, v := range violations {
		t.Error(v)
	}
	// The rule is not vacuous: the classifier does call them.
	if calls["classify.go"] < 8 {
		t.Errorf("classify.go calls %d lookups; the classifier should be where positions are looked at", calls["classify.go"])
	}
}

// The rule's check finds a feature that scans for itself.
func TestTokenLookupRuleCatchesAFeature(t *testing.T) {
	src := `package ide
func Hover(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) {
	_ = v.TokenAt(p)
	_ = dagContextAt(v, p)
	_ = m.Patterns.At(p)
}`
	f, err := parser.ParseFile(token.NewFileSet(), "hover.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	violations, _ := lookupViolations(map[string]*ast.File{"hover.go": f}, map[string]bool{"dagContextAt": true})
	if len(violations) != 3 {
		t.Errorf("found %d violations in a feature calling three lookups: %v", len(violations), violations)
	}
}

func parseIDE(t *testing.T) map[string]*ast.File {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*ast.File{}
	for _, e := range entries {
		n := e.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(".", n), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		out[n] = f
	}
	return out
}

// lookupViolations lists the calls of a lookup or scanner outside the
// allowed files, and counts the calls per file.
func lookupViolations(files map[string]*ast.File, scanners map[string]bool) ([]string, map[string]int) {
	var out []string
	calls := map[string]int{}
	for name, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			what := ""
			switch fn := c.Fun.(type) {
			case *ast.Ident:
				if scanners[fn.Name] {
					what = fn.Name
				}
			case *ast.SelectorExpr:
				switch {
				case positionLookups[fn.Sel.Name]:
					what = fn.Sel.Name
				case fn.Sel.Name == "At":
					if x, ok := fn.X.(*ast.SelectorExpr); ok && x.Sel.Name == "Patterns" {
						what = "Patterns.At"
					}
				}
			}
			if what == "" {
				return true
			}
			calls[name]++
			if !lookupCallers[name] {
				out = append(out, name+" calls "+what+": ask Classify (classify.go) what the position is")
			}
			return true
		})
	}
	sort.Strings(out)
	return out, calls
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
