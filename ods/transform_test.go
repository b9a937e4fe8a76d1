package ods

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tdls/tablegen"
)

// transformOpFiles are the MLIR files that define transform ops: every
// *TransformOps.td, the transform dialect's extensions and the Linalg
// match ops.
func transformOpFiles(t *testing.T) []string {
	var files []string
	filepath.WalkDir(filepath.Join(mlirInclude, "mlir"), func(p string, d os.DirEntry, err error) error {
		base := filepath.Base(p)
		if err == nil && !d.IsDir() && (strings.HasSuffix(base, "TransformOps.td") || strings.HasSuffix(base, "ExtensionOps.td") || base == "LinalgMatchOps.td") {
			files = append(files, p)
		}
		return nil
	})
	return files
}

// TestMLIRTransformOpsAreClean: every transform op of MLIR's tree is
// registered and interpreted by MLIR's own tests, so none may get a
// transform diagnostic; nor may the transform tutorial's extensions
// (testdata/transform-tutorial) or real out-of-tree ones
// (testdata/outoftree).
func TestMLIRTransformOpsAreClean(t *testing.T) {
	needMLIR(t)
	examples, _ := filepath.Glob("testdata/transform-tutorial/*/MyExtension.td")
	outOfTree, _ := filepath.Glob("testdata/outoftree/*/*.td")
	for _, set := range []struct {
		what  string
		files []string
		floor int
	}{
		{"MLIR transform ops", transformOpFiles(t), 200},
		{"transform tutorial and out-of-tree transform ops", append(examples, outOfTree...), 25},
	} {
		seen := map[string]bool{}
		ops, diags := 0, 0
		for _, f := range set.files {
			m := loadFile(t, f)
			for _, op := range m.Ops {
				where := fmt.Sprint(m.Result.Set.Position(op.Range.Start))
				if seen[where] || op.Transform() == nil {
					continue
				}
				seen[where] = true
				ops++
			}
			for _, d := range CheckTransformOps(m) {
				diags++
				t.Errorf("%s: %v: %s [%s]", f, m.Result.Set.Position(d.Range.Start), d.Message, d.Code)
			}
		}
		fmt.Printf("%s: %d ops checked in %d files, %d transform diagnostics\n", set.what, ops, len(set.files), diags)
		if ops < set.floor {
			t.Errorf("%s: only %d transform ops reached", set.what, ops)
		}
	}
}

// transformPrelude is what a transform-dialect extension includes.
const transformPrelude = `include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Dialect/Transform/Interfaces/MatchInterfaces.td"
include "mlir/Dialect/Transform/IR/TransformTypes.td"
include "mlir/Dialect/PDL/IR/PDLTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
`

// applyToOne is the declaration TransformEachOpTrait calls.
const applyToOne = `let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter, ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];`

// transformCases pair each rule's mistakes (code set, at the text the
// diagnostic must cover) with forms that follow it (code empty: no
// transform diagnostic at all). mlir-tblgen accepts every one of them.
var transformCases = []struct {
	name, src, code, at string
}{
	// Rule 1: TransformOpInterface (or a descriptor) and MemoryEffectsOpInterface.
	{"no-transform-interface", `def A : Op<Transform_Dialect, "my.a", [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let arguments = (ins TransformHandleTypeInterface:$target); }`, "transform-op-interface", "A"},
	{"declared-interfaces", `def A : Op<Transform_Dialect, "my.change_call_target",
    [DeclareOpInterfaceMethods<TransformOpInterface>, DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let arguments = (ins TransformHandleTypeInterface:$call, StrAttr:$new_target);
  let results = (outs);
  let assemblyFormat = "$call ` + "`,`" + ` $new_target attr-dict ` + "`:`" + ` type($call)"; }`, "", ""},
	{"interface-through-base", `def A : Op<Transform_Dialect, "my.match", [SingleOpMatcher, MatchOpInterface, MemoryEffectsOpInterface]> {
  let arguments = (ins TransformHandleTypeInterface:$operand_handle);
}`, "", ""},
	{"pattern-descriptor", `def A : Op<Transform_Dialect, "apply_patterns.my.fold", [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let assemblyFormat = "attr-dict"; }`, "", ""},
	{"no-memory-effects", `def A : Op<Transform_Dialect, "my.a", [DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let arguments = (ins TransformHandleTypeInterface:$target); }`, "transform-memory-effects", "A"},
	{"terminator-no-memory-effects", `def Y : Op<Transform_Dialect, "my.yield", [Terminator]>;`, "transform-memory-effects", "Y"},
	{"terminator", `def Y : Op<Transform_Dialect, "my.yield", [Terminator, DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]>;`, "", ""},
	{"effect-decorators", `def A : Op<Transform_Dialect, "my.a", [DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let arguments = (ins Arg<TransformHandleTypeInterface, "", [MemRead]>:$target); }`, "", ""},

	// Rule 2: TransformEachOpTrait.
	{"each-two-operands", `def A : Op<Transform_Dialect, "my.a", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, TransformOpInterface, TransformEachOpTrait]> {
  let arguments = (ins TransformHandleTypeInterface:$target, TransformHandleTypeInterface:$other);
  ` + applyToOne + ` }`, "transform-each-operand", "(ins TransformHandleTypeInterface:$target, TransformHandleTypeInterface:$other)"},
	{"each-variadic-operand", `def A : Op<Transform_Dialect, "my.a", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, TransformOpInterface, TransformEachOpTrait]> {
  let arguments = (ins Variadic<TransformHandleTypeInterface>:$targets);
  ` + applyToOne + ` }`, "transform-each-operand", "Variadic<TransformHandleTypeInterface>:$targets"},
	{"each-declared-apply", `def A : Op<Transform_Dialect, "my.a", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, DeclareOpInterfaceMethods<TransformOpInterface>, TransformEachOpTrait]> {
  let arguments = (ins TransformHandleTypeInterface:$target);
  ` + applyToOne + ` }`, "transform-each-declared-apply", "DeclareOpInterfaceMethods<TransformOpInterface>"},
	{"each-no-apply-to-one", `def A : Op<Transform_Dialect, "my.a", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, TransformOpInterface, TransformEachOpTrait]> {
  let arguments = (ins TransformHandleTypeInterface:$target); }`, "transform-each-apply-to-one", "TransformEachOpTrait"},
	{"each-project-trait", `def MyEachTrait : NativeOpTrait<"MyEachTrait"> { let cppNamespace = "::my"; }
def A : Op<Transform_Dialect, "my.a", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, TransformOpInterface, TransformEachOpTrait, MyEachTrait]> {
  let arguments = (ins TransformHandleTypeInterface:$target); }`, "", ""},
	{"each-no-interface", `def A : Op<Transform_Dialect, "my.a", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, TransformEachOpTrait]> {
  let arguments = (ins TransformHandleTypeInterface:$target);
  ` + applyToOne + ` }`, "transform-each-interface", "TransformEachOpTrait"},
	{"each", `def A : Op<Transform_Dialect, "my.a", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, TransformOpInterface, TransformEachOpTrait]> {
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$transformed);
  ` + applyToOne + ` }`, "", ""},
	{"each-own-apply", `def A : Op<Transform_Dialect, "my.a", [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface, TransformEachOpTrait, TransformOpInterface]> {
  let arguments = (ins TransformHandleTypeInterface:$target);
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure apply(::mlir::transform::TransformRewriter &rewriter,
        ::mlir::transform::TransformResults &transformResults, ::mlir::transform::TransformState &state);
  }]; }`, "", ""},

	// Rule 3: the traits that implement getEffects.
	{"functional-style-no-interface", `def A : Op<Transform_Dialect, "my.a", [FunctionalStyleTransformOpTrait, DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let arguments = (ins TransformHandleTypeInterface:$target); }`, "transform-effects-interface", "FunctionalStyleTransformOpTrait"},
	{"param-producer-no-interface", `def A : Op<Transform_Dialect, "my.a", [ParamProducerTransformOpTrait, DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let arguments = (ins TransformHandleTypeInterface:$target); let results = (outs TransformParamTypeInterface:$p); }`, "transform-effects-interface", "ParamProducerTransformOpTrait"},
	{"navigation", `def A : Op<Transform_Dialect, "my.a", [NavigationTransformOpTrait, MemoryEffectsOpInterface, DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let arguments = (ins TransformHandleTypeInterface:$target); let results = (outs TransformHandleTypeInterface:$parent); }`, "", ""},

	// Rule 4: handles, values and parameters.
	{"payload-operand", `def A : Op<Transform_Dialect, "my.a", [DeclareOpInterfaceMethods<TransformOpInterface>, DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let arguments = (ins TransformHandleTypeInterface:$target, I64:$factor); }`, "transform-handle-type", "I64:$factor"},
	{"payload-result", `def A : Op<Transform_Dialect, "my.a", [DeclareOpInterfaceMethods<TransformOpInterface>, DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let arguments = (ins TransformHandleTypeInterface:$target); let results = (outs AnyTensor:$t); }`, "transform-handle-type", "AnyTensor:$t"},
	{"handle-kinds", `def A : Op<Transform_Dialect, "my.a", [DeclareOpInterfaceMethods<TransformOpInterface>, DeclareOpInterfaceMethods<MemoryEffectsOpInterface>, AttrSizedOperandSegments]> {
  let arguments = (ins Transform_AnyOpType:$target, Variadic<TransformParamTypeInterface>:$factors,
                       Optional<TransformValueHandleTypeInterface>:$value, PDL_Operation:$old, Transform_AnyHandleOrParamType:$any, I64Attr:$n);
  let results = (outs Transform_ParamType:$p, TransformAnyParamTypeOrAnyHandle:$h); }`, "", ""},
}

func TestTransformRules(t *testing.T) {
	needMLIR(t)
	_, err := os.Stat(mlirTblgen)
	live := err == nil
	dir := t.TempDir()
	for _, c := range transformCases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+".td")
			src := transformPrelude + c.src + "\n"
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			if live {
				if _, err := runTblgen(path, "--gen-op-decls"); err != nil {
					t.Fatalf("mlir-tblgen rejects the case: %v", err)
				}
			}
			m := loadSource(t, path, []byte(src))
			var got []string
			for _, d := range Check(m, nil) {
				if d.Severity == tablegen.SeverityError {
					t.Errorf("ODS error %s", d.Message)
				}
			}
			for _, d := range CheckTransformOps(m) {
				got = append(got, d.Code+" @ "+rangeText(m, d.Range))
				if d.Severity != tablegen.SeverityWarning || !strings.Contains(d.Message, "; ") {
					t.Errorf("%s: want a warning with its fix, got %v %q", d.Code, d.Severity, d.Message)
				}
			}
			want := []string(nil)
			if c.code != "" {
				want = []string{c.code + " @ " + c.at}
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}
