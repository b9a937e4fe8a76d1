package toolchain

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// processStarters are the standard library's ways to start a process.
var processStarters = map[string]map[string]bool{
	"os/exec": {"Command": true, "CommandContext": true, "Cmd": true},
	"os":      {"StartProcess": true},
	"syscall": {"Exec": true, "ForkExec": true, "StartProcess": true},
}

// Every process tdls starts goes through Command, which takes the trust
// decision: no other file of the program calls exec.Command,
// exec.CommandContext, os.StartProcess or syscall's exec functions, or
// makes an exec.Cmd. Tests, the benchmarks (bench/) and the test client
// (lsp/lsptest), which start the LLVM tools and tdls itself, are not the
// program.
func TestOnlyCommandStartsProcesses(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"toolchain/trust.go": true}
	exempt := []string{"bench/", "lsp/lsptest/", "third_party/"}
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			for _, e := range exempt {
				if rel+"/" == e {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		imports := map[string]string{} // local name -> import path
		for _, imp := range f.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			if _, ok := processStarters[p]; !ok {
				continue
			}
			name := p[strings.LastIndex(p, "/")+1:]
			if imp.Name != nil {
				name = imp.Name.Name
			}
			imports[name] = p
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, ok := sel.X.(*ast.Ident)
			if !ok || !processStarters[imports[pkg.Name]][sel.Sel.Name] {
				return true
			}
			if sel.Sel.Name == "Cmd" && imports[pkg.Name] == "os/exec" {
				// The type may be named (a *exec.Cmd parameter); only a
				// composite literal makes one.
				return true
			}
			if !allowed[rel] {
				t.Errorf("%s: %s.%s starts a process: go through toolchain.Command, which takes the trust decision", rel, pkg.Name, sel.Sel.Name)
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if sel, ok := lit.Type.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && imports[pkg.Name] == "os/exec" && sel.Sel.Name == "Cmd" && !allowed[rel] {
					t.Errorf("%s: an exec.Cmd literal starts a process: go through toolchain.Command", rel)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d files checked: the walk did not see the module", checked)
	}
}
