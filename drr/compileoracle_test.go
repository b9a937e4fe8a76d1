package drr

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"tdls/ods"
	"tdls/tablegen"
)

// The compile oracle: DRR patterns over upstream ops (arith, math, tensor,
// func) and over the custom builders of testdata/oracle/OracleOps.td,
// written by hand (testdata/oracle/Patterns.td) and generated for every op
// (as a root replacement, an auxiliary op, a nested op and a partially used
// multi-result op), are turned into C++ by mlir-tblgen --gen-rewriters and
// compiled with g++ -fsyntax-only against MLIR 22's headers. Every tdls
// warning that says the C++ will not compile must come with a compile
// failure of its pattern, and every compile failure of a pattern must come
// with a tdls error or warning on it.

const (
	oracleTblgen = "/usr/lib/llvm-22/bin/mlir-tblgen"
	oracleDir    = "testdata/oracle"
)

// oracleDialects are the upstream dialects the patterns use: the .td that
// defines their ops and the header that declares them.
var oracleDialects = []struct{ td, header string }{
	{"mlir/Dialect/Arith/IR/ArithOps.td", "mlir/Dialect/Arith/IR/Arith.h"},
	{"mlir/Dialect/Math/IR/MathOps.td", "mlir/Dialect/Math/IR/Math.h"},
	{"mlir/Dialect/Tensor/IR/TensorOps.td", "mlir/Dialect/Tensor/IR/Tensor.h"},
	{"mlir/Dialect/Func/IR/FuncOps.td", "mlir/Dialect/Func/IR/FuncOps.h"},
}

// claimsBrokenCxx reports a warning whose message says the generated C++
// does not compile.
func claimsBrokenCxx(d tablegen.Diagnostic) bool {
	return d.Severity == tablegen.SeverityWarning && strings.Contains(d.Message, "not compile")
}

// oraclePattern is one pattern of the corpus: its def as text.
type oraclePattern struct {
	name, text string
	// handwritten marks the patterns of Patterns.td, whose names say what
	// they do: Broken... do not compile, Rejected... mlir-tblgen rejects.
	handwritten bool
	// tdls's diagnostics on it.
	diags []tablegen.Diagnostic
}

func (p *oraclePattern) has(keep func(tablegen.Diagnostic) bool) bool {
	for _, d := range p.diags {
		if keep(d) {
			return true
		}
	}
	return false
}

func isError(d tablegen.Diagnostic) bool { return d.Severity == tablegen.SeverityError }
func isProblem(d tablegen.Diagnostic) bool {
	return d.Severity == tablegen.SeverityError || d.Severity == tablegen.SeverityWarning
}

func TestCompileOracle(t *testing.T) {
	needMLIR(t)
	gxx, err := exec.LookPath("g++")
	if err == nil {
		_, err = os.Stat(oracleTblgen)
	}
	if err == nil {
		_, err = os.Stat(filepath.Join(mlirInclude, "mlir/Dialect/Arith/IR/ArithOps.h.inc"))
	}
	if err != nil {
		msg := fmt.Sprintf("SKIP: compile oracle needs g++, mlir-tblgen 22 and MLIR's headers (%v): apt-get install g++ libmlir-22-dev mlir-22-tools", err)
		fmt.Println(msg)
		t.Skip(msg)
	}
	o := newOracle(t, gxx)
	prelude, handwritten := o.handwritten()
	patterns := append(handwritten, o.generated(prelude)...)
	o.check(prelude, patterns)

	// mlir-tblgen must reject exactly the patterns tdls reports errors on;
	// those are not compiled.
	var compiled []*oraclePattern
	rejected := 0
	for _, p := range patterns {
		if p.handwritten && strings.HasPrefix(p.name, "Rejected") != p.has(isError) {
			t.Errorf("%s: tdls errors %q", p.name, firstError(p.diags))
		}
		if p.has(isError) {
			rejected++
			if out, ok := o.tblgen(prelude, []*oraclePattern{p}); ok {
				t.Errorf("%s: tdls reports an error mlir-tblgen does not: %s\n%s", p.name, firstError(p.diags), out)
			}
			continue
		}
		compiled = append(compiled, p)
	}
	if out, ok := o.tblgen(prelude, compiled); !ok {
		t.Fatalf("mlir-tblgen rejects a pattern tdls reports no error on:\n%s", out)
	}

	failing := o.compileFailures(prelude, compiled)
	confirmed, claims, caught := 0, 0, 0
	for _, p := range compiled {
		why, fails := failing[p.name]
		if p.handwritten && strings.HasPrefix(p.name, "Broken") != fails {
			t.Errorf("%s: compile failure %v, not as its name says: %s", p.name, fails, why)
		}
		if p.has(claimsBrokenCxx) {
			claims++
			if fails {
				confirmed++
			} else {
				t.Errorf("%s: tdls says the C++ will not compile, but it compiles: %s\n%s", p.name, firstOf(p.diags, claimsBrokenCxx), p.text)
			}
		}
		if fails {
			if p.has(isProblem) {
				caught++
			} else {
				t.Errorf("%s: the C++ does not compile and tdls says nothing:\n%s\n%s", p.name, p.text, why)
			}
		}
	}
	score := fmt.Sprintf("compile oracle: warnings confirmed %d/%d, failures caught %d/%d", confirmed, claims, caught, len(failing))
	fmt.Println(score)
	t.Logf("%s (%d patterns compiled, %d rejected by mlir-tblgen and tdls alike)", score, len(compiled), rejected)
	if claims == 0 || len(failing) == 0 {
		t.Errorf("the corpus must exercise both warnings and compile failures")
	}
}

func firstError(ds []tablegen.Diagnostic) string { return firstOf(ds, isError) }

func firstOf(ds []tablegen.Diagnostic, keep func(tablegen.Diagnostic) bool) string {
	for _, d := range ds {
		if keep(d) {
			return d.Message + " [" + d.Code + "]"
		}
	}
	return ""
}

type oracle struct {
	t   *testing.T
	gxx string
	dir string // scratch
	// decls is the C++ the oracle dialect's ops are declared with.
	decls string
}

func newOracle(t *testing.T, gxx string) *oracle {
	o := &oracle{t: t, gxx: gxx, dir: t.TempDir()}
	if keep := os.Getenv("TDLS_ORACLE_DIR"); keep != "" {
		// Keep the .td, .inc, .cpp and g++ output there to look at.
		o.dir = keep
	}
	td, _ := filepath.Abs(filepath.Join(oracleDir, "OracleOps.td"))
	var decls []string
	for _, gen := range []string{"--gen-dialect-decls", "--gen-op-decls"} {
		out, err := exec.Command(oracleTblgen, gen, "-I", mlirInclude, td).CombinedOutput()
		if err != nil {
			t.Fatalf("mlir-tblgen %s %s: %v\n%s", gen, td, err, out)
		}
		decls = append(decls, string(out))
	}
	o.decls = "namespace oracle { using namespace ::mlir; }\n" + decls[0] + "#define GET_OP_CLASSES\n" + decls[1] + "#undef GET_OP_CLASSES\n"
	return o
}

// source is the .td the patterns are read from: every dialect, the
// prelude (helpers the hand-written patterns use) and the patterns.
func source(prelude string, ps []*oraclePattern) string {
	var b strings.Builder
	b.WriteString("include \"mlir/IR/PatternBase.td\"\n")
	for _, d := range oracleDialects {
		b.WriteString("include \"" + d.td + "\"\n")
	}
	b.WriteString("include \"OracleOps.td\"\n")
	b.WriteString(prelude)
	for _, p := range ps {
		b.WriteString(p.text + "\n")
	}
	return b.String()
}

// load takes src through every layer tdls checks.
func (o *oracle) load(src string) *loaded {
	abs, _ := filepath.Abs(oracleDir)
	return loadIn(abs, "corpus.td", src)
}

// handwritten splits testdata/oracle/Patterns.td into its patterns and
// the rest (the prelude).
func (o *oracle) handwritten() (string, []*oraclePattern) {
	text, err := os.ReadFile(filepath.Join(oracleDir, "Patterns.td"))
	if err != nil {
		o.t.Fatal(err)
	}
	l := o.load(source(string(text), nil))
	f := l.unit.Root
	type cut struct {
		from, to int
		name     string
	}
	var cuts []cut
	start := len(f.Content) - len(text)
	for _, p := range l.set.Patterns {
		if !f.Contains(p.Record.Decl.Start) {
			continue
		}
		cuts = append(cuts, cut{f.Offset(p.Record.Decl.Start), f.Offset(p.Record.Decl.End), p.Name})
	}
	sort.Slice(cuts, func(i, j int) bool { return cuts[i].from < cuts[j].from })
	var prelude strings.Builder
	var ps []*oraclePattern
	at := start
	for _, c := range cuts {
		prelude.Write(f.Content[at:c.from])
		ps = append(ps, &oraclePattern{name: c.name, text: string(f.Content[c.from:c.to]), handwritten: true})
		at = c.to
	}
	prelude.Write(f.Content[at:])
	return prelude.String(), ps
}

// generated writes, for every op of the oracle's dialects, a pattern
// replacing it by itself (types from the matched op), one creating it as
// an auxiliary op, one creating it nested in itself when it has a result
// and a first operand, and one using each result of a multi-result op
// separately ($x__N).
func (o *oracle) generated(prelude string) []*oraclePattern {
	l := o.load(source(prelude, nil))
	var ps []*oraclePattern
	add := func(name, text string) {
		ps = append(ps, &oraclePattern{name: name, text: "def " + name + " : " + text + ";"})
	}
	for _, op := range l.set.ODS.Ops {
		if !corpusOp(l.unit.Set, op) {
			continue
		}
		var args []string
		for i, a := range op.Args {
			args = append(args, fmt.Sprintf("$%c%d", "oap"[a.Kind], i))
		}
		call := "(" + op.Def.NameString()
		if len(args) > 0 {
			call += " " + strings.Join(args, ", ")
		}
		call += ")"
		named := func(name string) string {
			return "(" + op.Def.NameString() + ":$" + name + strings.TrimPrefix(call, "("+op.Def.NameString())
		}
		base := strings.ReplaceAll(op.Def.NameString(), "_", "")
		add("Root"+base, "Pat<"+call+", "+call+">")
		add("Aux"+base, "Pattern<"+call+", ["+named("made")+", "+call+"]>")
		if op.NumResults() == 1 && op.NumVariableLengthResults() == 0 && len(op.Args) > 0 &&
			op.Args[0].Kind == ods.Operand && !op.Args[0].Variadic && !op.Args[0].VariadicOfVariadic {
			nested := "(" + op.Def.NameString() + " " + call + strings.TrimPrefix(strings.Join(args, ", "), args[0]) + ")"
			add("Nested"+base, "Pat<"+call+", "+nested+">")
		}
		if op.NumResults() > 1 && op.NumVariableLengthResults() == 0 {
			var parts []string
			for i := range op.Results {
				parts = append(parts, named(fmt.Sprintf("part%d__%d", i, i)))
			}
			add("Partial"+base, "Pattern<"+call+", ["+strings.Join(parts, ", ")+"]>")
		}
	}
	return ps
}

// corpusOp selects the ops patterns are generated for: those defined in
// the files of the dialects the C++ declares.
func corpusOp(set *tablegen.SourceSet, op *ods.Op) bool {
	f := set.File(op.Def.Decl.Start)
	if f == nil || op.Def.Anonymous || !identifier.MatchString(op.Def.NameString()) {
		return false
	}
	if strings.HasSuffix(f.Name, "/OracleOps.td") {
		return true
	}
	for _, d := range oracleDialects {
		if strings.HasSuffix(f.Name, "/"+d.td) {
			return true
		}
	}
	return false
}

// check runs tdls on the corpus and gives each pattern its diagnostics;
// nothing but DRR may complain.
func (o *oracle) check(prelude string, ps []*oraclePattern) {
	l := o.load(source(prelude, ps))
	for _, d := range append(append([]tablegen.Diagnostic(nil), l.unit.Diags...), l.res.Diagnostics...) {
		if d.Severity == tablegen.SeverityError {
			p := l.unit.Set.Position(d.Range.Start)
			lines := strings.Split(source(prelude, ps), "\n")
			o.t.Fatalf("the corpus does not evaluate: %s:%d:%d: %s\n%s", p.Filename, p.Line, p.Column, d.Message, lines[p.Line-1])
		}
	}
	byName := map[string]*oraclePattern{}
	for _, p := range ps {
		byName[p.name] = p
	}
	for _, p := range l.set.Patterns {
		if op := byName[p.Name]; op != nil {
			op.diags = Plain(CheckPattern(p))
		}
	}
}

// tblgen runs mlir-tblgen --gen-rewriters on the patterns.
func (o *oracle) tblgen(prelude string, ps []*oraclePattern) (string, bool) {
	td := filepath.Join(o.dir, "corpus.td")
	if err := os.WriteFile(td, []byte(source(prelude, ps)), 0o644); err != nil {
		o.t.Fatal(err)
	}
	abs, _ := filepath.Abs(oracleDir)
	var out, errb bytes.Buffer
	cmd := exec.Command(oracleTblgen, "--gen-rewriters", "-I", abs, "-I", mlirInclude, td)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return errb.String(), false
	}
	return out.String(), true
}

var (
	identifier   = regexp.MustCompile(`^[A-Za-z_]\w*$`)
	structLine   = regexp.MustCompile(`^struct (\w+) : public ::mlir::RewritePattern \{$`)
	gxxLocation  = regexp.MustCompile(`(?:^|[\s/])rewriters\.inc:(\d+):`)
	gxxErrorLine = regexp.MustCompile(`: (?:fatal )?error: `)
)

// compileFailures compiles the patterns' C++ and returns the patterns
// whose code does not compile, with g++'s first error. An error g++ reports
// outside the pattern structs (in a shared matcher or constraint) is
// attributed by compiling each half of the patterns on its own.
func (o *oracle) compileFailures(prelude string, ps []*oraclePattern) map[string]string {
	failing := map[string]string{}
	if len(ps) == 0 {
		return failing
	}
	inc, ok := o.tblgen(prelude, ps)
	if !ok {
		o.t.Fatalf("mlir-tblgen rejects a subset of the accepted patterns:\n%s", inc)
	}
	errs := o.compile(inc)
	if len(errs) == 0 {
		return failing
	}

	// Map .inc lines to the pattern struct they are in.
	owner := make([]string, 1, strings.Count(inc, "\n")+2)
	cur := ""
	sc := bufio.NewScanner(strings.NewReader(inc))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := structLine.FindStringSubmatch(line); m != nil {
			cur = m[1]
		}
		if strings.HasPrefix(line, "[[maybe_unused]] void populateWithGenerated") {
			cur = ""
		}
		owner = append(owner, cur)
	}
	unattributed := false
	for _, e := range errs {
		if e.line > 0 && e.line < len(owner) && owner[e.line] != "" {
			if _, seen := failing[owner[e.line]]; !seen {
				failing[owner[e.line]] = e.text
			}
			continue
		}
		unattributed = true
	}
	if !unattributed {
		return failing
	}
	if len(ps) == 1 {
		failing[ps[0].name] = errs[0].text
		return failing
	}
	for k := range failing {
		delete(failing, k)
	}
	half := len(ps) / 2
	for k, v := range o.compileFailures(prelude, ps[:half]) {
		failing[k] = v
	}
	for k, v := range o.compileFailures(prelude, ps[half:]) {
		failing[k] = v
	}
	return failing
}

type gxxError struct {
	line int // in rewriters.inc; 0 when g++ names no line of it
	text string
}

// compile runs g++ -fsyntax-only on the rewriters in a translation unit
// that declares every op, and returns its errors, each with the line of
// rewriters.inc it is reported at or instantiated from.
func (o *oracle) compile(inc string) []gxxError {
	if err := os.WriteFile(filepath.Join(o.dir, "rewriters.inc"), []byte(inc), 0o644); err != nil {
		o.t.Fatal(err)
	}
	var b strings.Builder
	for _, h := range []string{
		"mlir/IR/Builders.h", "mlir/IR/BuiltinTypes.h", "mlir/IR/Dialect.h", "mlir/IR/OpDefinition.h",
		"mlir/IR/OpImplementation.h", "mlir/IR/PatternMatch.h", "mlir/Bytecode/BytecodeOpInterface.h",
		"mlir/Interfaces/InferTypeOpInterface.h", "mlir/Interfaces/SideEffectInterfaces.h",
	} {
		b.WriteString("#include \"" + h + "\"\n")
	}
	for _, d := range oracleDialects {
		b.WriteString("#include \"" + d.header + "\"\n")
	}
	b.WriteString(o.decls)
	b.WriteString("#include \"oracle_helpers.h\"\n")
	b.WriteString("namespace oracle_patterns {\nusing namespace ::mlir;\nusing namespace ::oracle_helpers;\n#include \"rewriters.inc\"\n}\n")
	cpp := filepath.Join(o.dir, "oracle.cpp")
	if err := os.WriteFile(cpp, []byte(b.String()), 0o644); err != nil {
		o.t.Fatal(err)
	}
	helpers, _ := filepath.Abs(oracleDir)
	cmd := exec.Command(o.gxx, "-std=c++17", "-fsyntax-only", "-fmax-errors=0", "-fno-diagnostics-show-caret",
		"-I", o.dir, "-I", helpers, "-I", mlirInclude, cpp)
	out, err := cmd.CombinedOutput()
	os.WriteFile(filepath.Join(o.dir, "g++.out"), out, 0o644)
	if err == nil {
		return nil
	}
	var errs []gxxError
	last := 0 // the latest rewriters.inc line g++ mentioned
	for _, line := range strings.Split(string(out), "\n") {
		m := gxxLocation.FindStringSubmatch(line)
		if m != nil {
			fmt.Sscan(m[1], &last)
		}
		if gxxErrorLine.MatchString(line) {
			if m == nil && strings.Contains(line, "rewriters.inc") {
				last = 0
			}
			errs = append(errs, gxxError{line: last, text: line})
			last = 0
			continue
		}
		if strings.HasPrefix(line, "In file included from") || strings.Contains(line, ": In member function") ||
			strings.Contains(line, ": In function") || strings.Contains(line, ": In instantiation of") ||
			strings.Contains(line, ": In static member function") {
			if m == nil {
				last = 0
			}
		}
	}
	if len(errs) == 0 {
		o.t.Fatalf("g++ fails without an error line:\n%s", out)
	}
	return errs
}
