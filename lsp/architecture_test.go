package lsp

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The rules of ARCHITECTURE.md that the code can be checked against.

// moduleRoot is the repository root, from lsp/.
const moduleRoot = ".."

// goFiles parses the imports (or the whole) of the Go files of a
// directory, tests included when tests is set.
func goFiles(t *testing.T, dir string, mode parser.Mode, tests bool) []*ast.File {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var out []*ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || (!tests && strings.HasSuffix(n, "_test.go")) {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, mode)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

// packageDirs lists the module's directories that hold Go files, relative
// to the root, skipping hidden and node_modules directories and nested
// modules.
func packageDirs(t *testing.T) []string {
	var dirs []string
	err := filepath.WalkDir(moduleRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != moduleRoot && (strings.HasPrefix(n, ".") || n == "node_modules" || n == "testdata") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil && p != moduleRoot {
				return filepath.SkipDir // another module (third_party), not ours
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") {
			rel, _ := filepath.Rel(moduleRoot, filepath.Dir(p))
			if len(dirs) == 0 || dirs[len(dirs)-1] != rel {
				dirs = append(dirs, rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

func importPaths(f *ast.File) []string {
	var out []string
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		out = append(out, p)
	}
	return out
}

// Only lsp/ imports go.lsp.dev: the protocol's types stop at the protocol
// layer (tests included).
func TestOnlyLSPImportsTheProtocol(t *testing.T) {
	for _, dir := range packageDirs(t) {
		if dir == "lsp" || strings.HasPrefix(dir, "lsp"+string(filepath.Separator)) {
			continue
		}
		for _, f := range goFiles(t, filepath.Join(moduleRoot, dir), parser.ImportsOnly, true) {
			for _, p := range importPaths(f) {
				if strings.HasPrefix(p, "go.lsp.dev/") {
					t.Errorf("%s imports %s; only lsp/ may", filepath.Join(dir, f.Name.Name), p)
				}
			}
		}
	}
}

// Dependencies point down: each package imports only packages of lower
// rank. analysis (the workspace model, which runs the ODS and DRR checks)
// is above codegen: what an entity requires in C++ is what codegen
// declares (analysis/cpprequire.go). analysis/ide is above analysis,
// never below: analysis never imports it. cpp, the C++ scanner, imports
// nothing of tdls.
func TestDependenciesPointDown(t *testing.T) {
	rank := map[string]int{
		"tdls/tablegen": 0, "tdls/toolchain": 0, "tdls/cpp": 0, "tdls/tablegen/eval": 1, "tdls/analysis/report": 1, "tdls/tablegen/format": 1,
		"tdls/ods": 2, "tdls/drr": 3, "tdls/codegen": 4, "tdls/analysis": 5,
		"tdls/analysis/ide": 6, "tdls/lsp": 7, "tdls/lsp/lsptest": 7, "tdls/cmd/tdls": 8,
	}
	seen := map[string]bool{}
	for _, dir := range packageDirs(t) {
		pkg := "tdls/" + filepath.ToSlash(dir)
		r, ok := rank[pkg]
		if !ok {
			continue // bench, release, test corpora: leaves nobody imports
		}
		seen[pkg] = true
		for _, f := range goFiles(t, filepath.Join(moduleRoot, dir), parser.ImportsOnly, false) {
			for _, p := range importPaths(f) {
				if !strings.HasPrefix(p, "tdls/") {
					continue
				}
				pr, known := rank[p]
				if !known || pr >= r {
					t.Errorf("%s imports %s, which is not below it", pkg, p)
				}
			}
		}
	}
	for pkg := range rank {
		if !seen[pkg] {
			t.Errorf("no package %s: update the ranks", pkg)
		}
	}
}

// Each LSP request handler decodes, asks analysis/ide one question (one
// ide function) and converts the answer. The protocol's own requests
// (initialize, shutdown) ask none.
func TestEachHandlerCallsOneIDEFunction(t *testing.T) {
	files := goFiles(t, ".", 0, false)
	funcs := map[string]*ast.FuncDecl{} // functions and methods by name
	for _, f := range files {
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil {
				funcs[fn.Name.Name] = fn
			}
		}
	}
	// The handlers registered with handle(method, fn).
	handlers := map[string]string{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 2 {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "handle" {
				return true
			}
			fn, ok := call.Args[1].(*ast.Ident)
			if !ok {
				t.Errorf("handle with %T: register a named function", call.Args[1])
				return true
			}
			method := fn.Name
			switch m := call.Args[0].(type) {
			case *ast.BasicLit:
				method, _ = strconv.Unquote(m.Value)
			case *ast.Ident:
				method = m.Name
			}
			handlers[method] = fn.Name
			return true
		})
	}
	if len(handlers) < 15 {
		t.Fatalf("found %d handlers", len(handlers))
	}
	// The ide package's functions (a call of an ide type is a conversion).
	ideFuncs := map[string]bool{}
	for _, f := range goFiles(t, filepath.Join(moduleRoot, "analysis", "ide"), 0, false) {
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.IsExported() {
				ideFuncs[fn.Name.Name] = true
			}
		}
	}
	// tdls/memoryUsage is about the process, not the workspace.
	protocolOnly := map[string]bool{"initialize": true, "shutdown": true, "tdls/memoryUsage": true}
	for method, name := range handlers {
		calls := ideCalls(funcs, name, map[string]bool{})
		for c := range calls {
			if !ideFuncs[c] {
				delete(calls, c)
			}
		}
		want := 1
		if protocolOnly[method] {
			want = 0
		}
		if len(calls) != want {
			var names []string
			for c := range calls {
				names = append(names, "ide."+c)
			}
			sort.Strings(names)
			t.Errorf("%s (%s) calls %d ide functions %v, want %d", method, name, len(calls), names, want)
		}
	}
}

// ideCalls returns the ide functions fn calls, directly or through the
// package's own functions and methods.
func ideCalls(funcs map[string]*ast.FuncDecl, name string, visited map[string]bool) map[string]bool {
	out := map[string]bool{}
	fn := funcs[name]
	if fn == nil || visited[name] {
		return out
	}
	visited[name] = true
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		switch f := call.Fun.(type) {
		case *ast.SelectorExpr:
			if x, ok := f.X.(*ast.Ident); ok && x.Name == "ide" {
				out[f.Sel.Name] = true
			} else {
				for c := range ideCalls(funcs, f.Sel.Name, visited) {
					out[c] = true
				}
			}
		case *ast.Ident:
			for c := range ideCalls(funcs, f.Name, visited) {
				out[c] = true
			}
		}
		return true
	})
	return out
}

// One file of analysis/ide per editor request, with one exported function:
// no file of it exports two (helpers are unexported, or methods of the
// answers' types).
func TestIDEOneFunctionPerFile(t *testing.T) {
	dir := filepath.Join(moduleRoot, "analysis", "ide")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	requests := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		var exported []string
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.IsExported() {
				exported = append(exported, fn.Name.Name)
			}
		}
		if len(exported) > 1 {
			t.Errorf("analysis/ide/%s exports %v: one editor request, one function, one file", e.Name(), exported)
		}
		requests += len(exported)
	}
	if requests < 15 {
		t.Errorf("found %d ide request functions", requests)
	}
}

// Positions have one shape per reach in the answers of analysis/ide: a
// tablegen.Range within the viewed file, an analysis.Location anywhere
// else. No exported function or type of ide answers with analysis's
// cross-unit Occurrence (a path and byte offsets) or with bare offsets.
func TestIDEAnswersInOnePositionShape(t *testing.T) {
	dir := filepath.Join(moduleRoot, "analysis", "ide")
	var problems []string
	check := func(where string, e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "analysis" && sel.Sel.Name == "Occurrence" {
					problems = append(problems, where+" answers with analysis.Occurrence")
				}
			}
			return true
		})
	}
	answers := 0
	for _, f := range goFiles(t, dir, 0, false) {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil || !d.Name.IsExported() || d.Type.Results == nil {
					continue
				}
				answers++
				for _, r := range d.Type.Results.List {
					check("ide."+d.Name.Name, r.Type)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok || !ts.Name.IsExported() {
						continue
					}
					check("ide."+ts.Name.Name, ts.Type)
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					for _, fld := range st.Fields.List {
						for _, name := range fld.Names {
							if n := strings.ToLower(name.Name); name.IsExported() && (n == "start" || n == "end" || n == "offset") {
								if id, ok := fld.Type.(*ast.Ident); ok && id.Name == "int" {
									problems = append(problems, "ide."+ts.Name.Name+"."+name.Name+" is a bare offset")
								}
							}
						}
					}
				}
			}
		}
	}
	if answers < 15 {
		t.Fatalf("found %d ide functions", answers)
	}
	for _, p := range problems {
		t.Error(p)
	}
}
