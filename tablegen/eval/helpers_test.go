package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"tdls/tablegen"
)

const (
	llvmTblgen  = "/usr/lib/llvm-22/bin/llvm-tblgen"
	mlirInclude = "/usr/lib/llvm-22/include"
)

// haveLLVM reports whether llvm-tblgen 22 is installed, saying so loudly
// when it is not.
func haveLLVM(t testing.TB) bool {
	if _, err := os.Stat(llvmTblgen); err != nil {
		t.Logf("LLVM 22 not installed (%s): live comparison with llvm-tblgen skipped", llvmTblgen)
		return false
	}
	return true
}

// evalFile parses and evaluates path with llvm-tblgen's include policy.
func evalFile(t testing.TB, path string, includes ...string) (*tablegen.Unit, *Result) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return evalBytes(path, data, includes...)
}

func evalBytes(name string, data []byte, includes ...string) (*tablegen.Unit, *Result) {
	set := tablegen.NewSourceSet()
	root := set.AddFile(name, data)
	u := tablegen.ParseUnit(set, root, tablegen.LexOptions{Loader: &tablegen.CommandLineLoader{IncludeDirs: includes}})
	return u, Evaluate(u, Options{})
}

func jsonOf(t testing.TB, r *Result) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// runLLVM runs llvm-tblgen --dump-json in dir; it returns stdout, stderr
// and whether it succeeded.
func runLLVM(dir, file string, includes ...string) ([]byte, []byte, bool) {
	args := []string{"--dump-json"}
	for _, i := range includes {
		args = append(args, "-I", i)
	}
	args = append(args, file)
	cmd := exec.Command(llvmTblgen, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return out.Bytes(), errb.Bytes(), err == nil
}

// jsonDiff compares two JSON documents as parsed values and returns the
// first differing path, or "".
func jsonDiff(ours, theirs []byte) string {
	var a, b any
	if err := json.Unmarshal(ours, &a); err != nil {
		return "tdls output is not JSON: " + err.Error()
	}
	if err := json.Unmarshal(theirs, &b); err != nil {
		return "llvm-tblgen output is not JSON: " + err.Error()
	}
	return diffValues("", a, b)
}

func diffValues(path string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: tdls has an object, llvm-tblgen %s", path, short(b))
		}
		keys := make([]string, 0, len(x)+len(y))
		for k := range x {
			keys = append(keys, k)
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			xv, xok := x[k]
			yv, yok := y[k]
			switch {
			case !xok:
				return path + "/" + k + ": missing in tdls"
			case !yok:
				return path + "/" + k + ": not in llvm-tblgen"
			}
			if d := diffValues(path+"/"+k, xv, yv); d != "" {
				return d
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok {
			return fmt.Sprintf("%s: tdls has a list, llvm-tblgen %s", path, short(b))
		}
		for i := 0; i < len(x) && i < len(y); i++ {
			if d := diffValues(fmt.Sprintf("%s[%d]", path, i), x[i], y[i]); d != "" {
				return d
			}
		}
		if len(x) != len(y) {
			return fmt.Sprintf("%s: %d elements in tdls, %d in llvm-tblgen", path, len(x), len(y))
		}
		return ""
	}
	if a != b {
		return fmt.Sprintf("%s: tdls %s, llvm-tblgen %s", path, short(a), short(b))
	}
	return ""
}

func short(v any) string {
	s := fmt.Sprintf("%#v", v)
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}

// firstError returns the first error diagnostic as FILE:LINE:COL.
func firstError(u *tablegen.Unit, r *Result) (string, tablegen.Diagnostic, bool) {
	all := append(append(tablegen.Diagnostics(nil), u.Diags...), r.Diagnostics...)
	// Lexing and parsing happen before evaluation in tdls but interleave
	// with it in llvm-tblgen: the first error is the earliest in the stream.
	best := -1
	for i, d := range all {
		if d.Severity != tablegen.SeverityError {
			continue
		}
		if best < 0 || before(u, d, all[best]) {
			best = i
		}
	}
	if best < 0 {
		return "", tablegen.Diagnostic{}, false
	}
	p := u.Set.Position(all[best].Range.Start)
	return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column), all[best], true
}

// before orders diagnostics by their place in the token stream.
func before(u *tablegen.Unit, a, b tablegen.Diagnostic) bool {
	return tokenIndex(u, a.Range.Start) < tokenIndex(u, b.Range.Start)
}

// tokenIndex finds the token at p; positions of included files are not
// ordered like the stream, so the search is linear.
func tokenIndex(u *tablegen.Unit, p tablegen.Pos) int {
	toks := u.Lex.Tokens
	for j := range toks {
		if toks[j].Pos <= p && p < toks[j].End() || toks[j].Pos == p {
			return j
		}
	}
	// Not at a token (an include directive, which the lexer consumes): the
	// first later token of the same file.
	f := u.Set.File(p)
	for j := range toks {
		if toks[j].Pos >= p && f != nil && f.Contains(toks[j].Pos) {
			return j
		}
	}
	return len(toks)
}

func testdataFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", dir, "*.td"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files in testdata/%s: %v", dir, err)
	}
	return files
}
