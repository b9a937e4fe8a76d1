package analysis

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"tdls/drr"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

var codeShape = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)+$`)

// registryOf is where a code raised in a package directory is declared.
func registryOf(pkg string) string {
	switch {
	case pkg == "tablegen", pkg == "tablegen/eval", pkg == "ods", pkg == "drr":
		return pkg + "/codes.go"
	case strings.HasPrefix(pkg, "tablegen/"):
		return "tablegen/codes.go"
	}
	return "analysis/codes.go (or the codes.go of the lowest layer that raises it: tablegen/, tablegen/eval/, ods/, drr/)"
}

// Every code raised anywhere in the sources is declared in the registry,
// and every declared code is raised somewhere: the list `tdls codes` and
// docs/diagnostics.md show is complete and has nothing stale.
func TestEveryRaisedCodeIsRegistered(t *testing.T) {
	raised, families, others, err := scanCodeLiterals("..")
	if err != nil {
		t.Fatal(err)
	}
	registered := map[string]string{}
	for _, g := range CodeGroups() {
		for _, c := range g.Codes {
			registered[c.Code] = g.Layer
		}
	}
	var missing []string
	for code, sites := range raised {
		if !codeShape.MatchString(code) {
			continue // a message passed where another function of the same name takes a code
		}
		if _, ok := registered[code]; !ok {
			missing = append(missing, fmt.Sprintf("%s (raised at %s): declare it in %s, with a one-line summary and an example .td file that raises it",
				code, sites[0], registryOf(sites[0].pkg)))
		}
	}
	// A literal shaped like a code of a known prefix that the scan did not
	// see in a code position: a code raised in a way the scan misses.
	prefixes := map[string]bool{}
	for code := range registered {
		prefixes[code[:strings.IndexByte(code, '-')]] = true
	}
	notCodes := map[string]bool{
		"attr-dict":   true, // an assemblyFormat directive (ods/format_lexer.go)
		"prop-dict":   true, // an assemblyFormat directive
		"syntax-only": true, // tdls check --syntax-only
		"include-dir": true, // the option -I, --include-dir
		"input-style": true, // tblgen-lsp-server's option, accepted by tdls serve
		"drr-helper":  true, // a Requirement's Kind (cpprequire.go)
	}
	for lit, sites := range others {
		if _, ok := registered[lit]; ok || notCodes[lit] || !codeShape.MatchString(lit) || !prefixes[lit[:strings.IndexByte(lit, '-')]] {
			continue
		}
		if _, seen := raised[lit]; seen {
			continue
		}
		missing = append(missing, fmt.Sprintf("%s (written at %s) looks like a diagnostic code: if it is one, declare it in %s; if not, list it in notCodes in analysis/codes_test.go",
			lit, sites[0], registryOf(sites[0].pkg)))
	}
	for prefix, sites := range families {
		found := false
		for code := range registered {
			found = found || strings.HasPrefix(code, prefix)
		}
		if !found {
			missing = append(missing, fmt.Sprintf("%s* (tested at %s): no registered code has this prefix", prefix, sites[0]))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("unregistered diagnostic code %s", m)
	}
	var stale []string
	for code, layer := range registered {
		if _, ok := raised[code]; !ok {
			stale = append(stale, code+" (declared in "+layer+"/codes.go)")
		}
	}
	sort.Strings(stale)
	for _, s := range stale {
		t.Errorf("the registry declares %s, which no source raises: remove it, or raise it", s)
	}
}

// The registry is well formed: each code once, kebab-case, a summary of one
// line, and an example or the situation that raises it.
func TestCodeRegistryShape(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Codes() {
		switch {
		case seen[c.Code]:
			t.Errorf("%s is declared twice", c.Code)
		case !codeShape.MatchString(c.Code):
			t.Errorf("%q is not a kebab-case code", c.Code)
		case c.Summary == "" || strings.Contains(c.Summary, "\n"):
			t.Errorf("%s: the summary must be one line", c.Code)
		case (c.Example == "") == (c.Situation == ""):
			t.Errorf("%s: give an example .td file, or (only when no single file raises it) the situation that does", c.Code)
		case c.Severity < tablegen.SeverityError || c.Severity > tablegen.SeverityHint:
			t.Errorf("%s: no severity", c.Code)
		case c.Severity == tablegen.SeverityWarning && !c.Style && c.Proof == "":
			t.Errorf("%s: a warning needs its proof (a compile-oracle or build-proof test, a run, or where MLIR enforces it), or it is information", c.Code)
		}
		seen[c.Code] = true
	}
	if len(seen) < 150 {
		t.Errorf("only %d codes declared", len(seen))
	}
}

// The tests a warning's proof names exist: each TestX is a test function
// of the repository, and each TestBuildProblemProofs/NAME a build-proof
// fixture (testdata/ods/buildproofs/NAME.td).
func TestProofsNameRealTests(t *testing.T) {
	var src strings.Builder
	filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, "_test.go") {
			data, _ := os.ReadFile(p)
			src.Write(data)
		}
		return nil
	})
	named := regexp.MustCompile(`\b(Test[A-Za-z0-9]+)((?:/[a-z0-9-]+)?)`)
	for _, c := range Codes() {
		for _, m := range named.FindAllStringSubmatch(c.Proof, -1) {
			if !strings.Contains(src.String(), "func "+m[1]+"(") {
				t.Errorf("%s: the proof names %s, which is no test", c.Code, m[1])
			}
			if m[1] == "TestBuildProblemProofs" && m[2] != "" {
				if _, err := os.Stat(filepath.Join("../testdata/ods/buildproofs", m[2][1:]+".td")); err != nil {
					t.Errorf("%s: the proof names the build proof %s, which has no fixture", c.Code, m[2])
				}
			}
		}
	}
}

// Each example, checked as `tdls check -I <MLIR include dir> example.td`
// checks it, raises its code with the declared severity.
func TestCodeExamplesRaiseTheirCode(t *testing.T) {
	if _, err := os.Stat(filepath.Join(mlirInclude, "mlir/IR/OpBase.td")); err != nil {
		t.Skipf("SKIP: MLIR 22 headers not installed under %s", mlirInclude)
	}
	dir := t.TempDir()
	n := 0
	for _, c := range Codes() {
		if c.Example == "" {
			continue
		}
		n++
		path := filepath.Join(dir, c.Code+".td")
		if err := os.WriteFile(path, []byte(c.Prelude+c.Example), 0o644); err != nil {
			t.Fatal(err)
		}
		got := checkExample(path)
		found := false
		var all []string
		for _, d := range got {
			all = append(all, d.Code+" ("+d.Severity.String()+"): "+d.Message)
			if d.Code == c.Code && d.Severity == c.Severity {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: the example does not raise it as %s; it raises:\n\t%s\nexample:\n%s", c.Code, c.Severity, strings.Join(all, "\n\t"), c.Example)
		}
	}
	t.Logf("%d examples checked", n)
}

// The preludes the examples build on raise nothing themselves.
func TestCodePreludesAreClean(t *testing.T) {
	if _, err := os.Stat(filepath.Join(mlirInclude, "mlir/IR/OpBase.td")); err != nil {
		t.Skipf("SKIP: MLIR 22 headers not installed under %s", mlirInclude)
	}
	dir := t.TempDir()
	seen := map[string]bool{}
	for _, c := range Codes() {
		if seen[c.Prelude] {
			continue
		}
		seen[c.Prelude] = true
		path := filepath.Join(dir, fmt.Sprintf("prelude%d.td", len(seen)))
		if err := os.WriteFile(path, []byte(c.Prelude), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, d := range checkExample(path) {
			t.Errorf("the prelude of %s raises %s: %s", c.Code, d.Code, d.Message)
		}
	}
}

// Each example of an error is rejected by LLVM 22's tools too: llvm-tblgen
// for the frontend and the evaluator, an mlir-tblgen generator for ODS and
// DRR. (Errors whose generated C++ does not compile, BreaksBuild, are
// proven with g++ by their layer's tests.)
func TestCodeExamplesOfErrorsFailInLLVM(t *testing.T) {
	const bin = "/usr/lib/llvm-22/bin/"
	if _, err := os.Stat(bin + "mlir-tblgen"); err != nil {
		t.Skipf("SKIP: LLVM 22 is not installed (%v)", err)
	}
	dir := t.TempDir()
	// The tools that read what each layer checks; an example counts as
	// rejected when one of its layer's fails.
	tools := map[string][][]string{
		"tablegen": {{"llvm-tblgen"}}, "tablegen/eval": {{"llvm-tblgen"}},
		"ods": {{"mlir-tblgen", "--gen-op-decls"}, {"mlir-tblgen", "--gen-op-defs"}, {"mlir-tblgen", "--gen-attrdef-decls"},
			{"mlir-tblgen", "--gen-attrdef-defs"}, {"mlir-tblgen", "--gen-enum-decls"}, {"mlir-tblgen", "--gen-enum-defs"},
			{"mlir-tblgen", "--gen-op-interface-decls"}, {"mlir-tblgen", "--gen-pass-decls"}},
		"drr": {{"mlir-tblgen", "--gen-rewriters"}},
	}
	type job struct {
		c     tablegen.CodeInfo
		path  string
		tools [][]string
		// prelude is a job whose file must be accepted: an example's
		// prelude alone.
		prelude bool
	}
	// What LLVM's tools must do with a job's file: reject an error's
	// example; accept a prelude, and the example of an error they let
	// through to a C++ build that fails (BreaksBuild).
	wantAccepted := func(j job) bool { return j.prelude || j.c.BreaksBuild }
	var jobs []job
	preludes := map[string]bool{}
	for _, g := range CodeGroups() {
		for _, c := range g.Codes {
			if c.Example == "" || c.Severity != tablegen.SeverityError {
				continue
			}
			if tools[g.Layer] == nil {
				t.Fatalf("%s: no LLVM tool judges the examples of %s", c.Code, g.Layer)
			}
			path := filepath.Join(dir, c.Code+".td")
			if err := os.WriteFile(path, []byte(c.Prelude+c.Example), 0o644); err != nil {
				t.Fatal(err)
			}
			jobs = append(jobs, job{c: c, path: path, tools: tools[g.Layer]})
			if !preludes[g.Layer+c.Prelude] {
				preludes[g.Layer+c.Prelude] = true
				path := filepath.Join(dir, fmt.Sprintf("prelude%d.td", len(preludes)))
				if err := os.WriteFile(path, []byte(c.Prelude), 0o644); err != nil {
					t.Fatal(err)
				}
				jobs = append(jobs, job{c: c, path: path, tools: tools[g.Layer], prelude: true})
			}
		}
	}
	accepted := make([]bool, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	accepts := func(j job) bool {
		for _, tool := range j.tools {
			args := append(append([]string(nil), tool[1:]...), "-I", mlirInclude, j.path, "-o", os.DevNull)
			if exec.Command(bin+tool[0], args...).Run() != nil {
				return false
			}
		}
		return true
	}
	for range 2 {
		wg.Go(func() {
			for i := range next {
				accepted[i] = accepts(jobs[i])
				// Some errors mlir-tblgen meets by reading past an array
				// (drr-index-range): it crashes, but may read on by
				// chance. Such an example must be accepted thrice.
				for try := 0; try < 2 && accepted[i] && !wantAccepted(jobs[i]); try++ {
					accepted[i] = accepts(jobs[i])
				}
			}
		})
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	rejected, passed := 0, 0
	for i, j := range jobs {
		switch {
		case accepted[i] == wantAccepted(j) && j.prelude:
		case accepted[i] == wantAccepted(j) && j.c.BreaksBuild:
			passed++
		case accepted[i] == wantAccepted(j):
			rejected++
		case j.prelude:
			t.Errorf("LLVM 22 rejects the prelude of the examples of %s itself", j.c.Code)
		case j.c.BreaksBuild:
			t.Errorf("%s: LLVM 22 rejects its example, though the code says mlir-tblgen accepts it and the C++ fails:\n%s", j.c.Code, j.c.Example)
		default:
			t.Errorf("%s: LLVM 22 accepts its example:\n%s", j.c.Code, j.c.Example)
		}
	}
	t.Logf("examples of errors: %d rejected by LLVM 22, %d accepted by it for a C++ build that fails", rejected, passed)
}

// checkExample runs every check on one file as `tdls check` does.
func checkExample(path string) tablegen.Diagnostics {
	set := tablegen.NewSourceSet()
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	u := tablegen.ParseUnit(set, set.AddFile(path, data), tablegen.LexOptions{
		Loader: &tablegen.CommandLineLoader{IncludeDirs: []string{mlirInclude, filepath.Dir(path)}},
	})
	var p Pipeline
	out := append(tablegen.Diagnostics(nil), p.Syntax(u)...)
	m := p.Check(u, eval.Evaluate(u, eval.Options{}), nil)
	return append(out, drr.Plain(m.Problems)...)
}
