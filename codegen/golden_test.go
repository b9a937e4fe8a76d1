package codegen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tdls/tablegen"
	"tdls/tablegen/eval"
	"tdls/toolchain"
)

const (
	mlirTblgen  = "/usr/lib/llvm-22/bin/mlir-tblgen"
	mlirInclude = "/usr/lib/llvm-22/include"
)

// machineTblgen is LLVM 22's mlir-tblgen as the machine has it.
var machineTblgen = toolchain.Tool{Path: mlirTblgen, Origin: toolchain.FromMachine}

// needMLIRTblgen skips, loudly, when the reference is not installed.
func needMLIRTblgen(t testing.TB) {
	if _, err := os.Stat(mlirTblgen); err != nil {
		fmt.Printf("SKIP: mlir-tblgen 22 is not installed (%v); run `make llvm`\n", err)
		t.Skipf("mlir-tblgen 22 is not installed (%v); run `make llvm`", err)
	}
}

// goldenInput is a DRR file with the include directories it needs.
type goldenInput struct {
	path     string
	includes []string
}

func goldenInputs(t testing.TB) []goldenInput {
	fixtures, err := filepath.Abs("../testdata/drr")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(fixtures, "*.td"))
	sort.Strings(files)
	var out []goldenInput
	for _, f := range files {
		out = append(out, goldenInput{f, []string{mlirInclude, fixtures}})
	}
	noProps := filepath.Join(fixtures, "noprops")
	out = append(out, goldenInput{filepath.Join(noProps, "NoProperties.td"), []string{mlirInclude, noProps}})
	toy, _ := filepath.Abs("../examples/toy")
	out = append(out, goldenInput{filepath.Join(toy, "ToyPatterns.td"), []string{mlirInclude, toy}})
	return out
}

func evaluate(t testing.TB, in goldenInput) *eval.Result {
	data, err := os.ReadFile(in.path)
	if err != nil {
		t.Fatal(err)
	}
	set := tablegen.NewSourceSet()
	u := tablegen.ParseUnit(set, set.AddFile(in.path, data), tablegen.LexOptions{
		Loader: &tablegen.CommandLineLoader{IncludeDirs: in.includes},
	})
	res := eval.Evaluate(u, eval.Options{})
	if d := append(u.Diags, res.Diagnostics...); d.HasErrors() {
		t.Fatalf("%s: %v", in.path, d[0].Message)
	}
	return res
}

func reference(t testing.TB, in goldenInput) (string, error) {
	args := []string{"--gen-rewriters"}
	for _, d := range in.includes {
		args = append(args, "-I", d)
	}
	cmd := exec.Command(mlirTblgen, append(args, in.path)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%v: %s", err, stderr.String())
	}
	return string(out), nil
}

// normalize trims trailing whitespace of every line, and blank lines at
// both ends of the text.
func normalize(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// firstDiff describes where two texts part.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  mlir-tblgen: %q\n  tdls:        %q", i+1, a, b)
		}
	}
	return "equal"
}

// TestWholeFileParity: tdls's output for each fixture file is
// mlir-tblgen's.
func TestWholeFileParity(t *testing.T) {
	needMLIRTblgen(t)
	same := 0
	inputs := goldenInputs(t)
	for _, in := range inputs {
		want, err := reference(t, in)
		if err != nil {
			t.Errorf("%s: mlir-tblgen rejects a fixture: %v", in.path, err)
			continue
		}
		got, err := Rewriters(evaluate(t, in), Options{InputName: in.path})
		if err != nil {
			t.Errorf("%s: %v", in.path, err)
			continue
		}
		if normalize(got) != normalize(want) {
			t.Errorf("%s differs at %s", filepath.Base(in.path), firstDiff(normalize(want), normalize(got)))
			continue
		}
		same++
	}
	fmt.Printf("whole-file parity %d/%d\n", same, len(inputs))
}

// TestRewriterParity: the native preview of each pattern is the piece of
// mlir-tblgen's output for that pattern.
func TestRewriterParity(t *testing.T) {
	needMLIRTblgen(t)
	total, same := 0, 0
	var misses []string
	for _, in := range goldenInputs(t) {
		want, err := reference(t, in)
		if err != nil {
			t.Errorf("%s: %v", in.path, err)
			continue
		}
		gen, err := NewGenerator(evaluate(t, in), Options{InputName: in.path})
		if err != nil {
			t.Errorf("%s: %v", in.path, err)
			continue
		}
		pieces := PatternPieces(want)
		for _, name := range StructNames(want) {
			total++
			piece := pieces[name]
			got, err := gen.Rewriter(name)
			switch {
			case err != nil:
				misses = append(misses, fmt.Sprintf("%s %s: %v", filepath.Base(in.path), name, err))
			case normalize(got) != normalize(piece):
				misses = append(misses, fmt.Sprintf("%s %s: %s", filepath.Base(in.path), name, firstDiff(normalize(piece), normalize(got))))
			default:
				same++
			}
		}
	}
	fmt.Printf("rewriter parity %d/%d\n", same, total)
	for _, m := range misses {
		fmt.Println("  miss:", m)
	}
	if total < 300 {
		t.Errorf("only %d fixture patterns; want at least 300", total)
	}
	if same*100 < total*99 {
		t.Errorf("rewriter parity %d/%d is below 99%%", same, total)
	}
}
