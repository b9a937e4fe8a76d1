package ods

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"tdls/tablegen"
)

// buildProblemCodes are the checks of what mlir-tblgen accepts but breaks
// the C++ build or the program at run time. Each has fixtures in
// testdata/ods/buildproofs: NAME.td, which tdls flags and whose generated
// C++ fails (g++ rejects it, or the program built from it fails), and
// NAME.ok.td, the correct form, which tdls leaves alone and whose C++
// compiles or runs cleanly.
var buildProblemCodes = []string{
	"ods-enum-duplicate-symbol", "ods-enum-duplicate-value", "ods-enum-duplicate-string", "ods-enum-value-range",
	"ods-enum-attr-class", "ods-enum-format-duplicate-case",
	"ods-interface-unnamed-argument", "ods-interface-duplicate-method", "ods-interface-placeholder",
	"ods-declare-unknown-method",
	"ods-pass-option-default", "ods-pass-list-default", "ods-pass-duplicate-member", "ods-pass-duplicate-option",
	"ods-pass-duplicate-argument", "ods-pass-dependent-dialect", "ods-pass-option-flags", "ods-pass-option-type",
	"ods-dialect-name", "ods-dialect-namespace", "ods-dialect-asm-hooks", "ods-segment-sizes-name",
}

// proofFixture is a file of testdata/ods/buildproofs. Its header says what
// tdls reports (`// error:`, `// warning:` or `// info:`, absent in an
// .ok fixture)
// and the proof: `// proof: compile FAMILY...` runs g++ -fsyntax-only on
// mlir-tblgen's output for the families (dialect, enum, attr, type, op,
// opiface, attriface, typeiface, pass), `// proof: run FAMILY...` builds a
// program with it against libMLIR and runs it. C++ to add after the
// generated code (a pass class, a main) is in a /* cpp ... */ comment.
type proofFixture struct {
	name, path, src string
	code, msg       string
	sev             tablegen.Severity
	ok              bool
	run             bool
	families        []string
	cpp             string
	start, end      int
}

func readProofFixture(t *testing.T, path string) proofFixture {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := proofFixture{path: path, name: strings.TrimSuffix(filepath.Base(path), ".td")}
	f.ok = strings.HasSuffix(f.name, ".ok")
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "// error: "):
			f.sev, f.msg = tablegen.SeverityError, strings.TrimPrefix(line, "// error: ")
		case strings.HasPrefix(line, "// warning: "):
			f.sev, f.msg = tablegen.SeverityWarning, strings.TrimPrefix(line, "// warning: ")
		case strings.HasPrefix(line, "// info: "):
			f.sev, f.msg = tablegen.SeverityInfo, strings.TrimPrefix(line, "// info: ")
		case strings.HasPrefix(line, "// code: "):
			f.code = strings.TrimPrefix(line, "// code: ")
		case strings.HasPrefix(line, "// proof: "):
			fields := strings.Fields(strings.TrimPrefix(line, "// proof: "))
			f.run = fields[0] == "run"
			f.families = fields[1:]
		}
	}
	s := string(data)
	if i := strings.Index(s, "/* cpp\n"); i >= 0 {
		j := strings.Index(s[i:], "*/")
		f.cpp = s[i+len("/* cpp\n") : i+j]
	}
	f.start = strings.Index(s, "«")
	s = strings.Replace(s, "«", "", 1)
	f.end = strings.Index(s, "»")
	f.src = strings.Replace(s, "»", "", 1)
	if f.code == "" || len(f.families) == 0 || (!f.ok && (f.msg == "" || f.start < 0 || f.end < f.start)) {
		t.Fatalf("%s: needs `// code:`, `// proof:`, and unless .ok, a message and a «» range", path)
	}
	return f
}

// proofPrelude is what every generated file needs before it.
const proofPrelude = `#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
`

// buildProof generates the C++ of the fixture's families with mlir-tblgen
// and compiles it (and for a run proof, links and runs it); it returns
// nil when all succeeds, else what failed.
func buildProof(dir string, f proofFixture) error {
	td := filepath.Join(dir, "x.td")
	if err := os.WriteFile(td, []byte(f.src), 0o644); err != nil {
		return err
	}
	gen := func(backend, out string) (string, error) {
		text, err := runTblgen(td, "--"+backend)
		if err != nil {
			return "", fmt.Errorf("mlir-tblgen --%s: %v", backend, err)
		}
		return text, os.WriteFile(filepath.Join(dir, out), []byte(text), 0o644)
	}
	has := map[string]bool{}
	for _, fam := range f.families {
		has[fam] = true
	}
	var decls, defs strings.Builder
	decls.WriteString(proofPrelude)
	steps := []struct {
		family, backend, out, decl, def string
	}{
		{"dialect", "gen-dialect-decls", "dialect.h.inc", `#include "dialect.h.inc"`, ""},
		{"dialect", "gen-dialect-defs", "dialect.cpp.inc", "", `#include "dialect.cpp.inc"`},
		{"enum", "gen-enum-decls", "enum.h.inc", `#include "enum.h.inc"`, ""},
		{"enum", "gen-enum-defs", "enum.cpp.inc", "", `#include "enum.cpp.inc"`},
		{"opiface", "gen-op-interface-decls", "opiface.h.inc", `#include "opiface.h.inc"`, ""},
		{"opiface", "gen-op-interface-defs", "opiface.cpp.inc", "", `#include "opiface.cpp.inc"`},
		{"attriface", "gen-attr-interface-decls", "attriface.h.inc", `#include "attriface.h.inc"`, ""},
		{"attriface", "gen-attr-interface-defs", "attriface.cpp.inc", "", `#include "attriface.cpp.inc"`},
		{"typeiface", "gen-type-interface-decls", "typeiface.h.inc", `#include "typeiface.h.inc"`, ""},
		{"typeiface", "gen-type-interface-defs", "typeiface.cpp.inc", "", `#include "typeiface.cpp.inc"`},
		{"attr", "gen-attrdef-decls", "attr.h.inc", "#define GET_ATTRDEF_CLASSES\n#include \"attr.h.inc\"", ""},
		{"attr", "gen-attrdef-defs", "attr.cpp.inc", "", "#define GET_ATTRDEF_CLASSES\n#include \"attr.cpp.inc\""},
		{"type", "gen-typedef-decls", "type.h.inc", "#define GET_TYPEDEF_CLASSES\n#include \"type.h.inc\"", ""},
		{"type", "gen-typedef-defs", "type.cpp.inc", "", "#define GET_TYPEDEF_CLASSES\n#include \"type.cpp.inc\""},
		{"op", "gen-op-decls", "op.h.inc", "#define GET_OP_CLASSES\n#include \"op.h.inc\"", ""},
		{"op", "gen-op-defs", "op.cpp.inc", "", "#define GET_OP_CLASSES\n#include \"op.cpp.inc\""},
	}
	for _, s := range steps {
		if !has[s.family] {
			continue
		}
		if _, err := gen(s.backend, s.out); err != nil {
			return err
		}
		if s.decl != "" {
			decls.WriteString(s.decl + "\n")
		}
		if s.def != "" {
			defs.WriteString(s.def + "\n")
		}
	}
	if has["pass"] {
		text, err := gen("gen-pass-decls", "pass.h.inc")
		if err != nil {
			return err
		}
		decls.WriteString("#define GEN_PASS_DECL\n#define GEN_PASS_REGISTRATION\n")
		for _, m := range regexp.MustCompile(`#ifdef (GEN_PASS_DEF_\w+)`).FindAllStringSubmatch(text, -1) {
			decls.WriteString("#define " + m[1] + "\n")
		}
		decls.WriteString("#include \"pass.h.inc\"\n")
	}
	wrapper := filepath.Join(dir, "proof.cpp")
	if err := os.WriteFile(wrapper, []byte(decls.String()+defs.String()+f.cpp), 0o644); err != nil {
		return err
	}
	args := []string{"-std=c++17", "-I" + mlirInclude, "-I" + dir, wrapper}
	if f.run {
		args = append(args, "-o", filepath.Join(dir, "proof"), "-L/usr/lib/llvm-22/lib", "-lMLIR", "-lLLVM-22", "-Wl,-rpath,/usr/lib/llvm-22/lib")
	} else {
		args = append(args, "-fsyntax-only")
	}
	var stderr bytes.Buffer
	cc := exec.Command("g++", args...)
	cc.Stderr = &stderr
	if err := cc.Run(); err != nil {
		return fmt.Errorf("g++: %s", firstCompileError(stderr.String()))
	}
	if !f.run {
		return nil
	}
	stderr.Reset()
	prog := exec.Command(filepath.Join(dir, "proof"))
	prog.Stderr = &stderr
	if err := prog.Run(); err != nil {
		return fmt.Errorf("the program fails (%v): %s", err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

func firstCompileError(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, ": error: ") {
			return line[strings.LastIndex(line, "/")+1:]
		}
	}
	return strings.TrimSpace(out)
}

// TestBuildProblemProofs: every build-problem check of tdls is shown true
// (the C++ mlir-tblgen generates fails to compile, or the program fails at
// run time) and its correct form clean (tdls says nothing, the C++ builds
// and runs).
func TestBuildProblemProofs(t *testing.T) {
	needMLIR(t)
	if testing.Short() {
		t.Skip("-short: the compile oracle takes minutes")
	}
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("g++ not installed: the compile oracle is unavailable")
	}
	if !liveTblgen(t) {
		t.Skip("mlir-tblgen 22 not installed")
	}
	paths, _ := filepath.Glob("../testdata/ods/buildproofs/*.td")
	var fixtures []proofFixture
	for _, p := range paths {
		fixtures = append(fixtures, readProofFixture(t, p))
	}
	// The compiler is the slow part: two at a time.
	proofs := make([]error, len(fixtures))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				dir, err := os.MkdirTemp("", "tdls-proof-")
				if err != nil {
					proofs[i] = err
					continue
				}
				proofs[i] = buildProof(dir, fixtures[i])
				os.RemoveAll(dir)
			}
		}()
	}
	for i := range fixtures {
		next <- i
	}
	close(next)
	wg.Wait()

	proven, clean := map[string]bool{}, map[string]bool{}
	dir := t.TempDir()
	for i, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			path := filepath.Join(dir, f.name+".td")
			diags, file := checkFile(t, path, []byte(f.src))
			if f.ok {
				for _, d := range diags {
					if d.Severity == tablegen.SeverityError || (d.Severity == tablegen.SeverityWarning && !IsStyle(d.Code)) || d.Code == f.code {
						t.Errorf("tdls reports %q [%s] on the correct form", d.Message, d.Code)
					}
				}
				if proofs[i] != nil {
					t.Errorf("the correct form does not build: %v", proofs[i])
				} else if !t.Failed() {
					clean[f.code] = true
				}
				return
			}
			var found *tablegen.Diagnostic
			for k := range diags {
				if diags[k].Code == f.code && diags[k].Message == f.msg {
					found = &diags[k]
				}
			}
			switch {
			case found == nil:
				var got []string
				for _, d := range diags {
					got = append(got, d.Message+" ["+d.Code+"]")
				}
				t.Errorf("tdls does not report %q [%s]; it reports %q", f.msg, f.code, got)
			case found.Severity != f.sev:
				t.Errorf("severity %v, want %v", found.Severity, f.sev)
			case spanText(file, found.Range) != f.src[f.start:f.end]:
				t.Errorf("reported at %q, want at %q", spanText(file, found.Range), f.src[f.start:f.end])
			}
			if proofs[i] == nil {
				t.Errorf("no proof: the generated C++ builds and runs")
			} else {
				t.Logf("proof: %v", proofs[i])
				if !t.Failed() {
					proven[f.code] = true
				}
			}
		})
	}
	var missing []string
	for _, c := range buildProblemCodes {
		if !proven[c] || !clean[c] {
			missing = append(missing, c)
		}
	}
	fmt.Printf("build problems: %d/%d checks proven, each with its correct form clean\n", len(buildProblemCodes)-len(missing), len(buildProblemCodes))
	sort.Strings(missing)
	for _, c := range missing {
		t.Errorf("%s: proven %v, correct form clean %v", c, proven[c], clean[c])
	}
}
