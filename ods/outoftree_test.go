package ods

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// TestOutOfTreeDialects: on definitions of real out-of-tree projects that
// mlir-tblgen 22 accepts, tdls reports no error and no warning but style
// ones, and it reports the codes expect lists for a file (each a true
// problem of the file under MLIR 22; ods-dialect-asm-hooks as information,
// since the triton-2022 project generates that dialect class).
func TestOutOfTreeDialects(t *testing.T) {
	needMLIR(t)
	live := liveTblgen(t)
	roots := map[string][]string{
		"mlir-aie/AIEAttrs.td":                                {"--gen-attrdef-decls", "--gen-attrdef-defs", "--gen-enum-decls", "--gen-enum-defs"},
		"triton/Passes.td":                                    {"--gen-pass-decls"},
		"triton/TritonOpInterfaces.td":                        {"--gen-op-interface-decls", "--gen-op-interface-defs"},
		"triton-2022/triton/Dialect/Triton/IR/TritonTypes.td": {"--gen-typedef-decls", "--gen-typedef-defs", "--gen-dialect-decls"},
	}
	expect := map[string][]string{
		"triton-2022/triton/Dialect/Triton/IR/TritonTypes.td": {"ods-dialect-asm-hooks"},
	}
	names := make([]string, 0, len(roots))
	for n := range roots {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			project := strings.SplitN(name, "/", 2)[0]
			dir, _ := filepath.Abs(filepath.Join("../testdata/ods/outoftree", project))
			path, _ := filepath.Abs(filepath.Join("../testdata/ods/outoftree", name))
			if live {
				for _, gen := range roots[name] {
					if _, err := runTblgen(path, gen, "-I", dir); err != nil {
						t.Fatalf("mlir-tblgen %s rejects it: %v", gen, err)
					}
				}
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			set := tablegen.NewSourceSet()
			root := set.AddFile(path, data)
			u := tablegen.ParseUnit(set, root, tablegen.LexOptions{
				Loader: &tablegen.CommandLineLoader{IncludeDirs: []string{dir, mlirInclude}},
			})
			res := eval.Evaluate(u, eval.Options{})
			var got []string
			diags := append(append(u.Diags, res.Diagnostics...), Check(Build(res), root)...)
			for _, d := range diags {
				if d.Severity == tablegen.SeverityInfo && containsString(expect[name], d.Code) {
					got = append(got, d.Code)
				}
				if d.Severity == tablegen.SeverityError || (d.Severity == tablegen.SeverityWarning && !IsStyle(d.Code)) {
					got = append(got, d.Code)
					if !containsString(expect[name], d.Code) {
						t.Errorf("%v: %s [%s]", set.Position(d.Range.Start), d.Message, d.Code)
					}
				}
			}
			for _, c := range expect[name] {
				if !containsString(got, c) {
					t.Errorf("no %s, which the file's dialect deserves", c)
				}
			}
		})
	}
}
