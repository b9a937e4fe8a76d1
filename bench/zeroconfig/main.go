// Command zeroconfig measures how tdls does on real projects opened as a
// new user opens them: the repository as the only workspace folder, no
// build, no compile database, no .tdls.yaml, no settings but the machine's
// MLIR. For each project under -corpus it finds the roots mlir-tblgen
// accepts with the project's right include directories (those its CMake or
// Bazel files state, the table below or -dirs), then opens each root in a
// fresh analysis.Workspace with nothing configured and counts it clean when
// it shows no error and its records equal those with the right flags
// (json parity, against tdls with the right flags and against mlir-tblgen).
//
//	go run ./bench/zeroconfig [-corpus /work/corpus] [-dirs name=a:b]... [project...]
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"tdls/analysis"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// rightDirs are the include directories each project's build gives
// mlir-tblgen (besides the including file's own directory, which LLVM's
// CMake adds to every call, and the MLIR install), relative to the
// repository, as its CMake include_directories or Bazel td_library
// includes state them.
var rightDirs = map[string][]string{
	"circt":           {"include", "examples/circt-standalone/include"},        // CIRCT_MAIN_INCLUDE_DIR; the standalone example's own
	"torch-mlir":      {"include"},                                             // include_directories(${TORCH_MLIR_SOURCE_DIR}/include)
	"iree":            {"compiler/src"},                                        // iree_tablegen_library: ${IREE_SOURCE_DIR}/compiler/src
	"stablehlo":       {"."},                                                   // td_library includes = ["."]
	"onnx-mlir":       {".", "src/Accelerators/NNPA"},                          // ONNX_MLIR_SRC_ROOT; NNPA_SRC_ROOT
	"shardy":          {"."},                                                   // td_library includes = ["."] (Bazel)
	"heir":            {"."},                                                   // Bazel workspace-root includes
	"Enzyme-JAX":      {"."},                                                   // Bazel workspace-root includes
	"tt-mlir":         {"include", "include/ttmlir/Dialect/EmitPy/Interfaces"}, // PROJECT_SOURCE_DIR/include; EmitPy/IR/CMakeLists.txt adds the interfaces directory
	"mlir-hlo":        {".", "stablehlo"},                                      // MLIR_HLO_SOURCE_DIR; its stablehlo copy
	"buddy-mlir":      {"midend/include/Dialect", "midend/include"},            // BUDDY_MLIR_INCLUDE_DIR/Dialect
	"catalyst":        {"mlir/include"},                                        // include_directories(${PROJECT_SOURCE_DIR}/include) of mlir/
	"mlir-air":        {"mlir/include"},                                        // AIR_SOURCE_DIR/mlir/include
	"mlir-tutorial":   {"."},                                                   // Bazel workspace-root includes
	"mlir-extensions": {"include"},                                             // include_directories(${PROJECT_SOURCE_DIR}/include)
	"jax":             {"."},                                                   // Bazel workspace-root includes
	"iree-amd-aie":    {"runtime/src", "compiler/plugins/target/AMD-AIE"},      // iree_tablegen_library roots of the runtime and the plugin
	"plaidml":         {"."},                                                   // Bazel workspace-root includes
	"eudsl":           {"."},                                                   // the repository root
}

type projectResult struct {
	name                      string
	files, roots, clean, errs int
	parity, llvmParity        int
	failures                  []string
}

func main() {
	corpus := flag.String("corpus", "/work/corpus", "directory of projects, one per subdirectory")
	tblgen := flag.String("mlir-tblgen", "/usr/lib/llvm-22/bin/mlir-tblgen", "mlir-tblgen binary")
	llvmTblgen := flag.String("llvm-tblgen", "/usr/lib/llvm-22/bin/llvm-tblgen", "llvm-tblgen binary (for --dump-json)")
	mlirInc := flag.String("include", "/usr/lib/llvm-22/include", "the machine's MLIR include directory")
	verbose := flag.Bool("v", false, "print each root that is not clean")
	var extra multi
	flag.Var(&extra, "dirs", "name=dir1:dir2: the right include directories of a project not in the table")
	flag.Parse()
	for _, e := range extra {
		name, dirs, _ := strings.Cut(e, "=")
		rightDirs[name] = strings.Split(dirs, ":")
	}
	if _, err := os.Stat(*tblgen); err != nil {
		fmt.Fprintf(os.Stderr, "SKIP: %v (install LLVM 22)\n", err)
		return
	}
	names := flag.Args()
	if len(names) == 0 {
		ents, _ := os.ReadDir(*corpus)
		for _, e := range ents {
			if e.IsDir() {
				names = append(names, e.Name())
			}
		}
	}
	var total projectResult
	for _, name := range names {
		dirs, ok := rightDirs[name]
		if !ok {
			fmt.Printf("%s: skipped (no right include directories known: -dirs %s=...)\n", name, name)
			continue
		}
		r := measure(filepath.Join(*corpus, name), dirs, *tblgen, *llvmTblgen, *mlirInc)
		r.name = name
		fmt.Printf("%-14s zero-config: roots clean %d/%d (json parity %d/%d, = mlir-tblgen %d/%d; %d .td files; %d roots with the same errors under the right flags)\n",
			name, r.clean, r.roots, r.parity, r.roots, r.llvmParity, r.roots, r.files, r.errs)
		if *verbose {
			for _, f := range r.failures {
				fmt.Println("   ", f)
			}
		}
		total.roots += r.roots
		total.clean += r.clean
		total.parity += r.parity
		total.llvmParity += r.llvmParity
		total.errs += r.errs
	}
	if total.roots > 0 {
		fmt.Printf("%-14s zero-config: roots clean %d/%d (%.1f%%), json parity %d/%d, = mlir-tblgen %d/%d; %d roots with the same errors under the right flags\n", "all",
			total.clean, total.roots, 100*float64(total.clean)/float64(total.roots), total.parity, total.roots, total.llvmParity, total.roots, total.errs)
	}
}

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(v string) error { *m = append(*m, v); return nil }

func measure(repo string, rel []string, tblgen, llvmTblgen, mlirInc string) projectResult {
	repo, _ = filepath.Abs(repo)
	var files []string
	_ = filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".td") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	var dirs []string
	for _, d := range rel {
		dirs = append(dirs, filepath.Join(repo, d))
	}
	// The judge: mlir-tblgen with the right flags, two at a time.
	llvmJSON := make([][]byte, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				args := []string{"-I", filepath.Dir(files[i])}
				for _, d := range dirs {
					args = append(args, "-I", d)
				}
				args = append(args, "-I", mlirInc, files[i])
				if exec.Command(tblgen, append(args, "--print-records", "-o", os.DevNull)...).Run() != nil {
					continue // not a root mlir-tblgen accepts
				}
				// mlir-tblgen has no --dump-json; llvm-tblgen's front end is the same.
				var out bytes.Buffer
				cmd := exec.Command(llvmTblgen, append(args, "--dump-json")...)
				cmd.Stdout = &out
				if cmd.Run() == nil {
					llvmJSON[i] = out.Bytes()
				}
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()

	r := projectResult{files: len(files)}
	ctx := context.Background()
	// As a new user opens it: the repository as the only folder, nothing else.
	zero := analysis.NewWorkspace(analysis.Config{Folders: []string{repo}})
	right := analysis.NewWorkspace(analysis.Config{Folders: []string{repo}, IncludeDirs: append(append([]string(nil), dirs...), mlirInc), NoMLIRAutoDetect: true})
	for i, f := range files {
		if llvmJSON[i] == nil {
			continue
		}
		r.roots++
		errs, records := open(ctx, zero, f)
		rightErrs, want := open(ctx, right, f)
		if len(rightErrs) > 0 && strings.Join(rightErrs, "\n") == strings.Join(errs, "\n") {
			r.errs++ // tdls finds the same errors with the right flags: not the configuration's doing
		}
		rel, _ := filepath.Rel(repo, f)
		switch {
		case len(errs) > 0:
			r.failures = append(r.failures, rel+": "+errs[0])
		case !bytes.Equal(records, want):
			r.failures = append(r.failures, rel+": records differ from those with the right flags")
		default:
			r.clean++
		}
		if bytes.Equal(records, want) {
			r.parity++
		}
		if bytes.Equal(bytes.TrimSpace(records), bytes.TrimSpace(llvmJSON[i])) {
			r.llvmParity++
		}
	}
	return r
}

// open checks root as the server does when it is opened: the errors it
// would publish in the file, and the unit's records as --dump-json.
func open(ctx context.Context, w *analysis.Workspace, root string) (errs []string, records []byte) {
	u, err := w.Snapshot().Unit(ctx, root)
	if err != nil {
		return []string{err.Error()}, nil
	}
	res, err := u.Evaluated(ctx)
	if err != nil {
		return []string{err.Error()}, nil
	}
	for _, d := range append(u.Diagnostics(root), u.EvaluationDiagnostics(root)...) {
		if d.Severity == tablegen.SeverityError {
			errs = append(errs, fmt.Sprintf("%s %s", d.Code, d.Message))
		}
	}
	var b bytes.Buffer
	_ = eval.WriteJSON(&b, res)
	return errs, b.Bytes()
}
