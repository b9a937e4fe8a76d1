package corpustest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"tdls/tablegen"
)

const (
	llvmInclude = "/usr/lib/llvm-22/include"
	// mlirTdFiles is how many .td files LLVM 22 ships under include/mlir.
	mlirTdFiles = 313
)

// frontendCodes are the diagnostic codes the frontend must never report on
// LLVM's own files: each would be a file llvm-tblgen reads and we do not.
var frontendCodes = []string{"syntax", "lex", "preprocessor", "include"}

// mlirFiles lists every .td under include/mlir, or skips the test.
func mlirFiles(t testing.TB) []string {
	root := filepath.Join(llvmInclude, "mlir")
	if _, err := os.Stat(root); err != nil {
		fmt.Printf("SKIP: LLVM 22 is not installed (%v); run `make llvm`\n", err)
		t.Skipf("LLVM 22 is not installed (%v); run `make llvm`", err)
	}
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".td") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// parseRoot parses path with its include closure as llvm-tblgen does with
// `-I <llvm include> -I <the file's directory>`, and returns the frontend
// diagnostics it reports. The second -I stands for LLVM's build, which adds
// each file's directory: ArmSMEOps.td includes "ArmSME.td" beside it.
func parseRoot(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	set := tablegen.NewSourceSet()
	u := tablegen.ParseUnit(set, set.AddFile(path, data), tablegen.LexOptions{
		Loader: &tablegen.CommandLineLoader{IncludeDirs: []string{llvmInclude, filepath.Dir(path)}},
	})
	var bad []string
	for _, d := range u.Diags {
		for _, c := range frontendCodes {
			if strings.HasPrefix(d.Code, c) {
				p := set.Position(d.Range.Start)
				bad = append(bad, fmt.Sprintf("%s:%d:%d: %s [%s]", p.Filename, p.Line, p.Column, d.Message, d.Code))
				break
			}
		}
	}
	return bad, nil
}

// TestMLIRCorpusParses reads every MLIR .td file as a root, with its whole
// include closure, and expects no frontend diagnostic at all.
func TestMLIRCorpusParses(t *testing.T) {
	files := mlirFiles(t)
	failures := make([][]string, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				failures[i], errs[i] = parseRoot(files[i])
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()

	parsed := 0
	for i, f := range files {
		switch {
		case errs[i] != nil:
			t.Errorf("%s: %v", f, errs[i])
		case len(failures[i]) > 0:
			const shown = 5
			t.Errorf("%s: %d frontend diagnostics, first: %s", f, len(failures[i]),
				strings.Join(failures[i][:min(shown, len(failures[i]))], "\n\t"))
		default:
			parsed++
		}
	}
	score := fmt.Sprintf("parsed %d/%d", parsed, mlirTdFiles)
	fmt.Println(score)
	t.Log(score)
	if len(files) != mlirTdFiles {
		t.Errorf("found %d .td files under %s/mlir, want %d (is this LLVM 22?)", len(files), llvmInclude, mlirTdFiles)
	}
	if parsed < mlirTdFiles {
		t.Errorf("%s: every MLIR .td file must parse", score)
	}
}
