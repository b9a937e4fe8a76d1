package analysis

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
)

// The source scan behind TestEveryRaisedCodeIsRegistered: every string
// literal of the module's Go sources (tests excluded) that is used as a
// diagnostic code, found by where it stands rather than by what it looks
// like, so that a code of a new prefix is found too.

// codeSite is where a code literal is written.
type codeSite struct {
	file string // relative to the module root, slash-separated
	line int
	pkg  string // the package directory, slash-separated
}

func (s codeSite) String() string { return s.file + ":" + strconv.Itoa(s.line) }

// scannedSources are the Go files of the module that raise or name
// diagnostics: everything but tests, testdata, benchmarks and editors.
func scannedSources(root string) (map[string][]string, error) {
	pkgs := map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			case rel == ".":
				return nil
			case d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || rel == "editors" || rel == "bench" || rel == "release" || strings.HasPrefix(rel, "lsp/stress") || rel == "lsp/lsptest":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			pkgs[filepath.ToSlash(filepath.Dir(rel))] = append(pkgs[filepath.ToSlash(filepath.Dir(rel))], p)
		}
		return nil
	})
	return pkgs, err
}

// scanCodeLiterals returns every code literal of the module rooted at root
// with the places it is written, the prefixes of code families tested with
// strings.HasPrefix, and every other string literal for the look-alike
// check.
func scanCodeLiterals(root string) (codes, prefixes, others map[string][]codeSite, err error) {
	pkgs, err := scannedSources(root)
	if err != nil {
		return nil, nil, nil, err
	}
	fset := token.NewFileSet()
	type parsed struct {
		pkg  string
		file *ast.File
	}
	var files []parsed
	// params maps a function's name to the parameter names of each of its
	// declarations (methods of several types share names: diag, add).
	params := map[string][][]string{}
	for pkg, paths := range pkgs {
		for _, p := range paths {
			src, err := os.ReadFile(p)
			if err != nil {
				return nil, nil, nil, err
			}
			f, err := parser.ParseFile(fset, p, src, 0)
			if err != nil {
				return nil, nil, nil, err
			}
			files = append(files, parsed{pkg, f})
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					params[n.Name.Name] = append(params[n.Name.Name], paramNames(n.Type))
				case *ast.AssignStmt:
					for i, rhs := range n.Rhs {
						if fl, ok := rhs.(*ast.FuncLit); ok && i < len(n.Lhs) {
							if id, ok := n.Lhs[i].(*ast.Ident); ok {
								params[id.Name] = append(params[id.Name], paramNames(fl.Type))
							}
						}
					}
				}
				return true
			})
		}
	}
	codes, prefixes, others = map[string][]codeSite{}, map[string][]codeSite{}, map[string][]codeSite{}
	for _, pf := range files {
		site := func(lit *ast.BasicLit) codeSite {
			pos := fset.Position(lit.Pos())
			rel, _ := filepath.Rel(root, pos.Filename)
			return codeSite{file: filepath.ToSlash(rel), line: pos.Line, pkg: pf.pkg}
		}
		isCode, prefixLit := map[*ast.BasicLit]bool{}, map[*ast.BasicLit]bool{}
		mark := func(e ast.Expr) {
			if lit := stringLit(e); lit != nil {
				isCode[lit] = true
			}
		}
		var inspect func(fn *ast.FuncDecl) func(ast.Node) bool
		inspect = func(fn *ast.FuncDecl) func(ast.Node) bool {
			return func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					ast.Inspect(n.Body, inspect(n))
					return false
				case *ast.KeyValueExpr:
					// Diagnostic{Code: "..."}, problem{code: "..."}
					if id, ok := n.Key.(*ast.Ident); ok && strings.EqualFold(id.Name, "code") {
						mark(n.Value)
					}
				case *ast.CallExpr:
					// strings.HasPrefix(d.Code, "ods-format"): a family of
					// codes, not one.
					if calleeName(n.Fun) == "HasPrefix" && len(n.Args) == 2 && namesCode(n.Args[0]) {
						if lit := stringLit(n.Args[1]); lit != nil {
							prefixLit[lit] = true
						}
						return true
					}
					// e.errorAt(r, "eval-...", msg): a parameter named code.
					name := calleeName(n.Fun)
					for _, decl := range params[name] {
						for i, arg := range n.Args {
							if i < len(decl) && decl[i] == "code" {
								mark(arg)
							}
						}
					}
				case *ast.ReturnStmt:
					// func (e *IncludeError) Code() string { return "include-..." }
					if fn != nil && strings.HasSuffix(fn.Name.Name, "Code") {
						for _, r := range n.Results {
							mark(r)
						}
					}
				case *ast.BinaryExpr:
					// d.Code == "..."
					if n.Op == token.EQL || n.Op == token.NEQ {
						if namesCode(n.X) {
							mark(n.Y)
						}
						if namesCode(n.Y) {
							mark(n.X)
						}
					}
				case *ast.SwitchStmt:
					// switch d.Code { case "...": }
					if n.Tag != nil && namesCode(n.Tag) {
						for _, s := range n.Body.List {
							for _, e := range s.(*ast.CaseClause).List {
								mark(e)
							}
						}
					}
				case *ast.AssignStmt:
					// code = "..." / code := "..."
					for i, lhs := range n.Lhs {
						if namesCode(lhs) && i < len(n.Rhs) {
							mark(n.Rhs[i])
						}
					}
				}
				return true
			}
		}
		ast.Inspect(pf.file, inspect(nil))
		ast.Inspect(pf.file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			v, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			switch {
			case isCode[lit]:
				codes[v] = append(codes[v], site(lit))
			case prefixLit[lit]:
				prefixes[v] = append(prefixes[v], site(lit))
			default:
				others[v] = append(others[v], site(lit))
			}
			return true
		})
	}
	for _, m := range []map[string][]codeSite{codes, prefixes, others} {
		for _, s := range m {
			sort.Slice(s, func(i, j int) bool { return s[i].String() < s[j].String() })
		}
	}
	return codes, prefixes, others, nil
}

func paramNames(ft *ast.FuncType) []string {
	var out []string
	for _, f := range ft.Params.List {
		if len(f.Names) == 0 {
			out = append(out, "")
		}
		for _, n := range f.Names {
			out = append(out, n.Name)
		}
	}
	return out
}

func calleeName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.IndexExpr:
		return calleeName(f.X)
	}
	return ""
}

// namesCode reports whether e is a code: `code`, `x.Code` or `x.code`.
func namesCode(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "code"
	case *ast.SelectorExpr:
		return strings.EqualFold(e.Sel.Name, "code")
	}
	return false
}

func stringLit(e ast.Expr) *ast.BasicLit {
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
		return lit
	}
	if p, ok := e.(*ast.ParenExpr); ok {
		return stringLit(p.X)
	}
	return nil
}
