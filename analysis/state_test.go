package analysis

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoPackageState enforces ARCHITECTURE.md's rule that analysis and the
// packages below it in the tree (ide, report) keep no package-level mutable
// state: caches live on the Workspace, memos on the Unit. A package-level
// var is allowed only as a table fixed at init: not exported (other
// packages could change it), not of a sync or atomic type, not a pointer,
// channel or make/new result, and never assigned, incremented, deleted
// from, cleared or had its address taken by the package's code.
func TestNoPackageState(t *testing.T) {
	for _, dir := range []string{".", "ide", "report"} {
		for _, problem := range packageState(t, dir) {
			t.Error(problem)
		}
	}
}

func packageState(t *testing.T, dir string) []string {
	fset := token.NewFileSet()
	var files []*ast.File
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatalf("no Go files in %s", dir)
	}
	var problems []string
	report := func(n ast.Node, format string, args ...any) {
		problems = append(problems, fset.Position(n.Pos()).String()+": "+fmt.Sprintf(format, args...))
	}
	// The package-level vars and their specs.
	vars := map[string]*ast.ValueSpec{}
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for _, name := range vs.Names {
					if name.Name == "_" {
						continue
					}
					vars[name.Name] = vs
					if name.IsExported() {
						report(name, "exported package-level var %s: any importer can change it", name.Name)
					}
				}
				if vs.Type != nil && mutableType(vs.Type) {
					report(vs, "package-level var %s has a mutable type", vs.Names[0].Name)
				}
				for _, v := range vs.Values {
					if mutableValue(v) {
						report(v, "package-level var %s holds mutable state", vs.Names[0].Name)
					}
				}
			}
		}
	}
	// isVar reports whether id names one of vars: declared in another file
	// (unresolved here) or resolved to the package-level spec itself.
	isVar := func(id *ast.Ident) bool {
		vs, ok := vars[id.Name]
		if !ok {
			return false
		}
		if id.Obj == nil {
			return true
		}
		return id.Obj.Decl == vs
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				var targets []ast.Expr
				switch x := n.(type) {
				case *ast.AssignStmt:
					if x.Tok != token.DEFINE {
						targets = x.Lhs
					}
				case *ast.IncDecStmt:
					targets = []ast.Expr{x.X}
				case *ast.UnaryExpr:
					if x.Op == token.AND {
						targets = []ast.Expr{x.X}
					}
				case *ast.CallExpr:
					if id, ok := x.Fun.(*ast.Ident); ok && (id.Name == "delete" || id.Name == "clear") && len(x.Args) > 0 {
						targets = []ast.Expr{x.Args[0]}
					}
				}
				for _, e := range targets {
					if id := rootIdent(e); id != nil && isVar(id) {
						report(e, "%s changes package-level var %s", fn.Name.Name, id.Name)
					}
				}
				return true
			})
		}
	}
	return problems
}

// rootIdent is the variable an expression writes to: x in x, x[i], x.f, *x.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.IndexExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// mutableType reports a pointer, channel, or a type of sync or sync/atomic.
func mutableType(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.StarExpr, *ast.ChanType:
			found = true
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && (id.Name == "sync" || id.Name == "atomic") {
				found = true
			}
		}
		return !found
	})
	return found
}

// mutableValue reports an initializer that makes shared mutable state: the
// address of a value, new, make, or a value of sync or sync/atomic.
func mutableValue(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.UnaryExpr:
		return x.Op == token.AND
	case *ast.CallExpr:
		if id, ok := x.Fun.(*ast.Ident); ok && (id.Name == "new" || id.Name == "make") {
			return true
		}
	case *ast.CompositeLit:
		return x.Type != nil && mutableType(x.Type)
	}
	return false
}
