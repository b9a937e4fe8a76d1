package analysis

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tdls/cpp"
)

// requirementsOf evaluates a fixture .td with its .cpp indexed.
func requirementsOf(t *testing.T, td string, cppFiles ...string) ([]Requirement, string) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(mlirInclude, "mlir/IR/OpBase.td")); err != nil {
		t.Skipf("SKIP: MLIR 22 headers not installed under %s", mlirInclude)
	}
	abs, _ := filepath.Abs(td)
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	ctx := context.Background()
	u, err := w.Snapshot().UnitFor(ctx, abs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := u.Models(ctx); err != nil {
		t.Fatal(err)
	}
	x := cpp.NewIndex()
	for _, c := range cppFiles {
		c, _ = filepath.Abs(c)
		src, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		x.Update(cpp.Scan(c, src))
	}
	return Requirements(u, x), abs
}

// summary is "Entity.member@name-token -> file:line,..." for each requirement.
func summary(qs []Requirement, tdSrc []byte) []string {
	var out []string
	for _, q := range qs {
		var where []string
		for _, d := range q.Defs {
			where = append(where, filepath.Base(d.File)+":"+itoa(d.Line))
		}
		out = append(out, q.Entity+"::"+q.Member+"/"+itoa(q.Params)+"@"+string(tdSrc[q.Start:q.End])+" -> "+strings.Join(where, ","))
	}
	sort.Strings(out)
	return out
}

// summaryOf is the summary of the requirements of td (with cppFiles)
// that keep accepts.
func summaryOf(t *testing.T, keep func(Requirement) bool, td string, cppFiles ...string) []string {
	t.Helper()
	qs, path := requirementsOf(t, td, cppFiles...)
	src, _ := os.ReadFile(path)
	var kept []Requirement
	for _, q := range qs {
		if keep(q) {
			kept = append(kept, q)
		}
	}
	return summary(kept, src)
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	s := ""
	for {
		s = string(rune('0'+n%10)) + s
		n /= 10
		if n == 0 {
			return s
		}
	}
}

// TestRequirementsOfOps: each member an op's, attribute's, dialect's or
// pass's fields declare, named at its field, found only where the
// definition is that member of that class.
func TestRequirementsOfOps(t *testing.T) {
	qs, td := requirementsOf(t, "testdata/cppreq/FooOps.td", "testdata/cppreq/FooOps.cpp")
	src, _ := os.ReadFile(td)
	got := summary(qs, src)
	want := []string{
		"::FooPass::FooPass/-1@FooPass -> FooOps.cpp:23",
		"::FooPass::createFooPass/0@constructor -> FooOps.cpp:28",
		"::FooPass::runOnOperation/0@FooPass -> FooOps.cpp:24",
		"::mlir::foo::AddOp::build/3@OpBuilder -> FooOps.td:24",
		"::mlir::foo::AddOp::fold/1@hasFolder -> FooOps.cpp:10",
		"::mlir::foo::AddOp::verify/0@hasVerifier -> FooOps.cpp:6",
		"::mlir::foo::FooDialect::initialize/0@Foo_Dialect -> FooOps.cpp:14",
		"::mlir::foo::FooDialect::materializeConstant/4@hasConstantMaterializer -> ",
		"::mlir::foo::RangeAttr::parse/2@hasCustomAssemblyFormat -> ",
		"::mlir::foo::RangeAttr::print/1@hasCustomAssemblyFormat -> ",
		"::mlir::foo::RangeAttr::verify/3@genVerifyDecl -> FooOps.cpp:17",
		"::mlir::foo::SubOp::getCanonicalizationPatterns/2@hasCanonicalizer -> ",
		"::mlir::foo::SubOp::inferReturnTypes/7@InferTypeOpInterface -> ",
		"::mlir::foo::SubOp::parse/2@hasCustomAssemblyFormat -> ",
		"::mlir::foo::SubOp::print/1@hasCustomAssemblyFormat -> ",
		"::mlir::foo::SubOp::verify/0@hasVerifier -> ",
	}
	sameLines(t, "requirements", got, want)
	for _, q := range qs {
		if (q.Member == "inferReturnTypes") != (q.Kind == "interface") {
			t.Errorf("%s::%s is of kind %s", q.Entity, q.Member, q.Kind)
		}
		if q.Kind == "op" && q.Member == "verify" && q.Signature != "::llvm::LogicalResult verify();" {
			t.Errorf("verify's signature %q", q.Signature)
		}
		if q.Kind == "op" && q.Member == "verify" && q.Stub != "::llvm::LogicalResult "+strings.TrimPrefix(q.Entity, "::mlir::foo::")+"::verify() {\n  return ::mlir::success();\n}\n" {
			t.Errorf("verify's stub %q", q.Stub)
		}
	}
}

// TestRequirementsOfPatternHelpers: the functions a pattern's native
// calls and predicates call, each found where a function of that name and
// arity is defined; MLIR's API is not a helper.
func TestRequirementsOfPatternHelpers(t *testing.T) {
	qs, td := requirementsOf(t, "testdata/cppreq/Patterns.td", "testdata/cppreq/Patterns.cpp", "testdata/cppreq/Other.cpp")
	src, _ := os.ReadFile(td)
	var helpers []Requirement
	for _, q := range qs {
		if q.Kind == "drr-helper" {
			if q.File != td {
				t.Errorf("%s named in %s", q.Member, q.File)
				continue
			}
			helpers = append(helpers, q)
		}
	}
	got := summary(helpers, src)
	want := []string{
		"helpers::isSmall::helpers::isSmall/1@isSmall -> Patterns.cpp:10",
		"isWide::isWide/2@isWide -> Patterns.cpp:6",
		"makeZero::makeZero/3@makeZero -> Patterns.cpp:4",
		"missingHelper::missingHelper/1@missingHelper -> ",
	}
	sameLines(t, "helpers", got, want)
}

// TestRequirementsOfTransformOps: TransformEachOpTrait's applyToOne, with
// the class's own declaration as its signature.
func TestRequirementsOfTransformOps(t *testing.T) {
	qs, td := requirementsOf(t, "testdata/cppreq/Transform.td", "testdata/cppreq/Transform.cpp")
	src, _ := os.ReadFile(td)
	var got []string
	for _, q := range qs {
		if q.Kind == "transform" {
			got = append(got, summary([]Requirement{q}, src)...)
			if !strings.Contains(q.Signature, "applyToOne(::mlir::transform::TransformRewriter &rewriter, ::mlir::Operation *target") {
				t.Errorf("signature %q", q.Signature)
			}
		}
	}
	want := []string{"::my::MyEachOp::applyToOne/-1@TransformEachOpTrait -> Transform.cpp:5"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// BenchmarkRequirements: the requirements of a large dialect (torch-mlir's
// generated ops, when the corpus is on the machine), matched to its C++.
func BenchmarkRequirements(b *testing.B) {
	root := "/work/corpus/torch-mlir"
	td := filepath.Join(root, "include/torch-mlir/Dialect/Torch/IR/TorchOps.td")
	if _, err := os.Stat(td); err != nil {
		b.Skip("SKIP: no torch-mlir corpus")
	}
	w := NewWorkspace(Config{IncludeDirs: []string{filepath.Join(root, "include"), mlirInclude}, NoMLIRAutoDetect: true})
	ctx := context.Background()
	u, err := w.Snapshot().UnitFor(ctx, td)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := u.Models(ctx); err != nil {
		b.Fatal(err)
	}
	x := cpp.NewIndex()
	ScanCppFiles(ctx, x, CppFiles([]string{root}))
	b.ResetTimer()
	n := 0
	for range b.N {
		n = len(Requirements(u, x))
	}
	b.ReportMetric(float64(n), "requirements")
}

// TestRequirementsDefinedByNativeTraits: a member a native trait's code
// defines in the op's generated class is found there, at the line of the
// trait's code that defines it; one no trait defines is not found.
func TestRequirementsDefinedByNativeTraits(t *testing.T) {
	qs, td := requirementsOf(t, "testdata/cppreq/Terminators.td")
	src, _ := os.ReadFile(td)
	got := summary(qs, src)
	// ReturnLike's code, where the installation writes it
	cf, err := os.ReadFile(filepath.Join(mlirInclude, "mlir/Interfaces/ControlFlowInterfaces.td"))
	if err != nil {
		t.Fatal(err)
	}
	at := strings.Index(string(cf), "$cppClass::getMutableSuccessorOperands(")
	if at < 0 {
		t.Fatal("ControlFlowInterfaces.td no longer defines getMutableSuccessorOperands in ReturnLike")
	}
	returnLike := itoa(strings.Count(string(cf[:at]), "\n") + 1)
	sized := itoa(strings.Count(string(src[:strings.Index(string(src), "$cppClass::getMutableSuccessorOperands(")]), "\n") + 1)
	want := []string{
		"::term::SizedOp::getMutableSuccessorOperands/1@RegionBranchTerminatorOpInterface -> Terminators.td:" + sized,
		"::term::TermDialect::initialize/0@Term_Dialect -> ",
		"::term::YieldOp::getMutableSuccessorOperands/1@YieldOp -> ControlFlowInterfaces.td:" + returnLike,
	}
	sameLines(t, "requirements", got, want)
}

// TestPassConstructorLookedUpWhereRegistered: an unqualified constructor
// is looked up from the namespace the pass file's .h.inc is included in,
// as the generated registration code calls it.
func TestPassConstructorLookedUpWhereRegistered(t *testing.T) {
	qs, td := requirementsOf(t, "testdata/cppreq/Passes.td", "testdata/cppreq/PassRegistration.h", "testdata/cppreq/Thing.cpp")
	src, _ := os.ReadFile(td)
	var got []string
	for _, s := range summary(qs, src) {
		if strings.Contains(s, "createThingPass") {
			got = append(got, s)
		}
	}
	want := "::ThingPass::createThingPass/0@constructor -> Thing.cpp:9"
	sameLines(t, "constructor", got, []string{want})
}

// TestPassConstructorDefaultArguments: a constructor called with fewer
// arguments than its definition's parameters (the header's declaration
// gives the defaults) is found; an exact overload is preferred to it.
func TestPassConstructorDefaultArguments(t *testing.T) {
	got := summaryOf(t, func(q Requirement) bool { return q.Kind == "pass" && strings.HasPrefix(q.Member, "create") },
		"testdata/cppreq/DefaultArgPasses.td", "testdata/cppreq/DefaultArg.cpp")
	want := []string{
		"impl::SplitPassBase::createSplitPass/0@constructor -> DefaultArg.cpp:4",
		"impl::TrimPassBase::createTrimPass/0@constructor -> DefaultArg.cpp:8",
	}
	sameLines(t, "constructors", got, want)
}

// TestBuilderOverloadsOfOneArity: of definitions of one arity, a builder
// gets the one whose parameter types are spelled as it declares them.
func TestBuilderOverloadsOfOneArity(t *testing.T) {
	qs, td := requirementsOf(t, "testdata/cppreq/Overloads.td", "testdata/cppreq/Overloads.cpp")
	src, _ := os.ReadFile(td)
	var got []string
	for _, q := range qs {
		if q.Member != "build" {
			continue
		}
		var where []string
		for _, d := range q.Defs {
			where = append(where, filepath.Base(d.File)+":"+itoa(d.Line))
		}
		line := strings.Count(string(src[:q.Start]), "\n") + 1
		got = append(got, "Overloads.td:"+itoa(line)+" -> "+strings.Join(where, ","))
	}
	sort.Strings(got)
	want := []string{
		"Overloads.td:15 -> Overloads.cpp:7",
		"Overloads.td:16 -> Overloads.cpp:10",
		"Overloads.td:17 -> Overloads.cpp:4",
	}
	sameLines(t, "builders", got, want)
}

// TestHelperNotAMemberInItsClass: an unqualified DRR helper call does not
// reach a member function defined in a class body.
func TestHelperNotAMemberInItsClass(t *testing.T) {
	got := summaryOf(t, func(q Requirement) bool { return q.Kind == "drr-helper" },
		"testdata/cppreq/MemberHelper.td", "testdata/cppreq/MemberHelper.cpp")
	want := "makeOne::makeOne/2@makeOne -> MemberHelper.cpp:6"
	sameLines(t, "helpers", got, []string{want})
}

// sameLines fails the test when got is not want, line by line.
func sameLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\n got %s\nwant %s", what, strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
}
