package codegen

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// mlirRoots lists MLIR's .td files.
func mlirRoots(t testing.TB) []string {
	var files []string
	filepath.WalkDir(filepath.Join(mlirInclude, "mlir"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	if len(files) == 0 {
		t.Skip("no MLIR .td files under " + mlirInclude)
	}
	return files
}

// runGenerator runs mlir-tblgen with a generator on a file; ok is false
// when mlir-tblgen rejects it.
func runGenerator(gen, file string, includes ...string) (string, bool) {
	args := []string{gen}
	for _, d := range includes {
		args = append(args, "-I", d)
	}
	out, err := exec.Command(mlirTblgen, append(args, file)...).Output()
	return string(out), err == nil
}

// evaluateFile parses and evaluates a file with the command line's include
// policy; ok is false when it has errors.
func evaluateFile(t testing.TB, path string, includes ...string) (*eval.Result, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	set := tablegen.NewSourceSet()
	u := tablegen.ParseUnit(set, set.AddFile(path, data), tablegen.LexOptions{
		Loader: &tablegen.CommandLineLoader{IncludeDirs: includes},
	})
	res := eval.Evaluate(u, eval.Options{})
	return res, !append(u.Diags, res.Diagnostics...).HasErrors()
}

// TestOpDeclsParity: on every MLIR .td root mlir-tblgen accepts, the native
// op declarations equal mlir-tblgen 22's, per op section and per file.
func TestOpDeclsParity(t *testing.T) {
	needMLIRTblgen(t)
	files := mlirRoots(t)
	results := make([]opDeclsResult, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = compareOpDecls(t, files[i])
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	var roots, same, ops, opsSame int
	var misses []string
	for _, r := range results {
		if !r.accepted {
			continue
		}
		roots++
		ops += r.ops
		opsSame += r.opsSame
		if r.fileSame {
			same++
		}
		misses = append(misses, r.misses...)
	}
	fmt.Printf("op-decls parity: ops %d/%d, files %d/%d\n", opsSame, ops, same, roots)
	for i, m := range misses {
		if i == 40 {
			fmt.Printf("  ... %d more\n", len(misses)-i)
			break
		}
		fmt.Println("  miss:", m)
	}
	if roots < 200 || ops < 2500 {
		t.Errorf("only %d roots with %d op sections; MLIR 22 has 228 roots and over 2,900 sections", roots, ops)
	}
	if opsSame != ops || same != roots {
		t.Errorf("op-decls parity: ops %d/%d, files %d/%d", opsSame, ops, same, roots)
	}
}

// opDeclsResult is the comparison on one root.
type opDeclsResult struct {
	accepted, fileSame bool
	ops, opsSame       int
	misses             []string
}

func compareOpDecls(t *testing.T, file string, includes ...string) (r opDeclsResult) {
	includes = append([]string{mlirInclude}, includes...)
	want, ok := runGenerator("--gen-op-decls", file, includes...)
	if !ok {
		return r
	}
	r.accepted = true
	rel, _ := filepath.Rel(mlirInclude, file)
	if strings.HasPrefix(rel, "..") {
		rel = filepath.Base(file)
	}
	wantSections := OpSections(want)
	r.ops = len(wantSections)
	res, ok := evaluateFile(t, file, includes...)
	if !ok {
		r.misses = append(r.misses, rel+": tdls fails to evaluate a file mlir-tblgen accepts")
		return r
	}
	got, err := OpDecls(res, Options{InputName: file})
	if err != nil {
		r.misses = append(r.misses, fmt.Sprintf("%s: %v", rel, err))
		return r
	}
	r.fileSame = got == want
	gotSections := OpSections(got)
	for i, w := range wantSections {
		if i < len(gotSections) && gotSections[i] == w {
			r.opsSame++
			continue
		}
		g := ""
		if i < len(gotSections) {
			g = gotSections[i].Text
		}
		r.misses = append(r.misses, fmt.Sprintf("%s %s: %s", rel, w.QualClass, firstDiff(w.Text, g)))
	}
	if !r.fileSame && r.opsSame == r.ops {
		r.misses = append(r.misses, fmt.Sprintf("%s (whole file): %s", rel, firstDiff(want, got)))
	}
	return r
}

// TestOpDeclsFixtures: the op declarations of the fixtures, which exercise
// what MLIR's own ops leave out, equal mlir-tblgen's.
func TestOpDeclsFixtures(t *testing.T) {
	needMLIRTblgen(t)
	dir, _ := filepath.Abs("../testdata/opdecls")
	files, _ := filepath.Glob(filepath.Join(dir, "*.td"))
	ops, same := 0, 0
	for _, f := range files {
		r := compareOpDecls(t, f, dir)
		if !r.accepted {
			t.Errorf("%s: mlir-tblgen rejects a fixture", f)
			continue
		}
		ops += r.ops
		same += r.opsSame
		for _, m := range r.misses {
			t.Error(m)
		}
	}
	fmt.Printf("op-decls fixtures: ops %d/%d\n", same, ops)
}
