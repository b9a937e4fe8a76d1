package lsp

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// transformExtension is a transform-dialect extension in the three styles
// MLIR's own ops use: methods declared with DeclareOpInterfaceMethods,
// TransformEachOpTrait with FunctionalStyleTransformOpTrait, and handle
// effects stated by decorators on the operands.
const transformExtension = `include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Dialect/Transform/Interfaces/MatchInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def ChangeCallTargetOp : Op<Transform_Dialect, "my.change_call_target",
    [DeclareOpInterfaceMethods<TransformOpInterface>,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let arguments = (ins TransformHandleTypeInterface:$call, StrAttr:$new_target);
  let results = (outs);
}

def HoistOp : Op<Transform_Dialect, "my.hoist",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     TransformOpInterface, TransformEachOpTrait]> {
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$hoisted);
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::func::FuncOp target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def TransformMappingResource : Resource<"::mlir::transform::TransformMappingResource">;
def TransformMappingRead : MemRead<TransformMappingResource>;
def TransformMappingFree : MemFree<TransformMappingResource>;

def FuseOp : Op<Transform_Dialect, "my.fuse", [DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let arguments = (ins
    Arg<TransformHandleTypeInterface, "", [TransformMappingRead, TransformMappingFree]>:$producer,
    Arg<TransformHandleTypeInterface, "", [TransformMappingRead]>:$consumer);
}

def MatchRankOp : Op<Transform_Dialect, "my.match.rank",
    [SingleOpMatcher, MatchOpInterface, MemoryEffectsOpInterface, ParamProducerTransformOpTrait]> {
  let arguments = (ins TransformHandleTypeInterface:$operand_handle);
  let results = (outs TransformParamTypeInterface:$rank);
  let extraClassDeclaration = SingleOpMatcher.extraDeclaration;
}
`

func TestTransformOpHover(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{"ext.td": transformExtension}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("ext.td")
	applyParams := "(::mlir::transform::TransformRewriter &rewriter, ::mlir::transform::TransformResults &transformResults, ::mlir::transform::TransformState &state)"
	effectsParams := "(::llvm::SmallVectorImpl<::mlir::SideEffects::EffectInstance<::mlir::MemoryEffects::Effect>> &effects)"
	cases := []struct {
		op   string
		want []string
	}{
		{"ChangeCallTargetOp", []string{
			"**Transform op**",
			"::mlir::DiagnosedSilenceableFailure mlir::transform::ChangeCallTargetOp::apply" + applyParams + " {}",
			"void mlir::transform::ChangeCallTargetOp::getEffects" + effectsParams + " {}",
			"`getEffects` is yours",
			"| `call` | consumed or only read | your getEffects: `consumesHandle` or `onlyReadsHandle` on `getCallMutable()` |",
		}},
		{"HoistOp", []string{
			"`apply` is TransformEachOpTrait's",
			"::mlir::DiagnosedSilenceableFailure mlir::transform::HoistOp::applyToOne(::mlir::transform::TransformRewriter &rewriter, ::mlir::func::FuncOp target, ::mlir::transform::ApplyToEachResultList &results, ::mlir::transform::TransformState &state) {}",
			"`getEffects` is FunctionalStyleTransformOpTrait's.",
			"| `target` | consumed | FunctionalStyleTransformOpTrait |",
		}},
		{"FuseOp", []string{
			"::mlir::DiagnosedSilenceableFailure mlir::transform::FuseOp::apply" + applyParams + " {}",
			"`getEffects` is generated from the operands' and results' effect decorators.",
			"| `producer` | consumed | its effect decorators (MemFree on the transform mapping) |",
			"| `consumer` | only read | its effect decorators (MemRead on the transform mapping) |",
		}},
		{"MatchRankOp", []string{
			"`apply` is SingleOpMatcher's: it calls `matchOperation`, which extraClassDeclaration declares:",
			"::mlir::DiagnosedSilenceableFailure mlir::transform::MatchRankOp::matchOperation(::mlir::Operation *current, ::mlir::transform::TransformResults &results, ::mlir::transform::TransformState &state) {}",
			"`getEffects` is ParamProducerTransformOpTrait's.",
			"| `operand_handle` | only read | ParamProducerTransformOpTrait |",
		}},
	}
	for _, c := range cases {
		h := s.hoverText(s.at("ext.td", "def "+c.op, 0, 5))
		for _, w := range c.want {
			if !strings.Contains(h, w) {
				t.Errorf("hover on %s lacks %q:\n%s", c.op, w, h)
			}
		}
		if c.op == "FuseOp" && strings.Contains(h, "getEffects(") {
			t.Errorf("hover on FuseOp asks for a getEffects mlir-tblgen generates:\n%s", h)
		}
	}

	// The declarations are mlir-tblgen's: each parameter list the hover
	// shows is the one --gen-op-decls declares.
	if _, err := os.Stat(mlirTblgenBin); err != nil {
		t.Logf("%s not installed: the declarations are not compared live", mlirTblgenBin)
		return
	}
	out, err := exec.Command(mlirTblgenBin, "--gen-op-decls", "-I", llvmInclude, filepath.Join(s.dir, "ext.td")).Output()
	if err != nil {
		t.Fatal(err)
	}
	decls := string(out)
	for _, d := range []string{"::mlir::DiagnosedSilenceableFailure apply" + applyParams + ";", "void getEffects" + effectsParams + ";"} {
		if !strings.Contains(decls, d) {
			t.Errorf("mlir-tblgen does not declare %q", d)
		}
	}
}

// rootedPatterns has four patterns rooted at t.add: the applicator tries
// Boosted (benefit 4), Nested (2), then Alpha and Zed (1), Alpha first in
// populateWithGenerated's order.
const rootedPatterns = `include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def T_AddOp : Op<T_Dialect, "add"> { let arguments = (ins AnyType:$a, AnyType:$b); let results = (outs AnyType:$r); }
def T_NegOp : Op<T_Dialect, "neg"> { let arguments = (ins AnyType:$a); let results = (outs AnyType:$r); }
def C1 : Constraint<CPred<"true">>;
def Zed : Pat<(T_AddOp $a, $b), (T_NegOp $a), [(C1 $a)]>;
def Alpha : Pat<(T_AddOp $a, $b), (T_NegOp $b), [(C1 $b)]>;
def Nested : Pat<(T_AddOp (T_NegOp $a), $b), (T_NegOp $b)>;
def Boosted : Pat<(T_AddOp $a, $b), (T_NegOp $a), [(C1 $a)], [], (addBenefit 3)>;
`

func TestRootedPatternsHoverAndCodeLens(t *testing.T) {
	needMLIR(t)
	s, shown := startShowing(t, map[string]string{"pats.td": rootedPatterns}, nil)
	s.open("pats.td")
	u := uri.File(s.path("pats.td"))
	defLine := func(name string) int { l, _ := posOf(t, rootedPatterns, "def "+name+" ", 0, 0); return l }
	order := []string{"Boosted", "Nested", "Alpha", "Zed"}
	benefit := map[string]string{"Boosted": "4", "Nested": "2", "Alpha": "1", "Zed": "1"}

	// Hover on the op's def and on a pattern's root operator: the list, in
	// order, each a link to the pattern's def.
	link := regexp.MustCompile(`(\d+)\. \[(\w+)\]\(([^)#]+)#L(\d+),(\d+)\) · benefit (\d+)`)
	for _, at := range []map[string]any{s.at("pats.td", "def T_AddOp", 0, 5), s.at("pats.td", "(T_AddOp (T_NegOp", 0, 2)} {
		h := s.hoverText(at)
		items := link.FindAllStringSubmatch(h, -1)
		if len(items) != len(order) {
			t.Fatalf("hover lists %d patterns, want %d:\n%s", len(items), len(order), h)
		}
		for i, it := range items {
			if it[2] != order[i] || it[3] != string(u) || it[4] != strconv.Itoa(defLine(order[i])+1) || it[5] != "5" || it[6] != benefit[order[i]] {
				t.Errorf("item %d: %q, want %s at line %d, benefit %s", i+1, it[0], order[i], defLine(order[i])+1, benefit[order[i]])
			}
		}
	}
	// On a pattern's def, the same list with the pattern marked.
	if h := s.hoverText(s.at("pats.td", "def Alpha", 0, 5)); !strings.Contains(h, "[Alpha]") || !strings.Contains(h, "benefit 1 ← this pattern") {
		t.Errorf("hover on Alpha does not mark it:\n%s", h)
	}

	// Code lenses: above the op's def, one per pattern in order; a click
	// opens the pattern.
	var lenses []protocol.CodeLens
	if err := s.call("textDocument/codeLens", doc(s, "pats.td"), &lenses); err != nil {
		t.Fatal(err)
	}
	at := map[int][]protocol.CodeLens{}
	for _, l := range lenses {
		at[int(l.Range.Start.Line)] = append(at[int(l.Range.Start.Line)], l)
	}
	ls := at[defLine("T_AddOp")]
	if len(ls) != len(order) {
		t.Fatalf("%d lenses on T_AddOp, want %d", len(ls), len(order))
	}
	for i, l := range ls {
		if l.Command == nil || !strings.Contains(l.Command.Title, order[i]+" · benefit "+benefit[order[i]]) || l.Command.Command != showLocationCommand {
			t.Errorf("T_AddOp lens %d: %+v", i, l.Command)
		}
	}
	// Above a pattern: its place, and the patterns tried around it.
	var titles []string
	for _, l := range at[defLine("Nested")] {
		titles = append(titles, l.Command.Title)
	}
	if got := strings.Join(titles, " | "); got != "2/4 patterns on t.add · benefit 2 | tried after Boosted | before Alpha" {
		t.Errorf("lenses on Nested: %q", got)
	}
	if n := len(at[defLine("T_NegOp")]); n != 0 {
		t.Errorf("%d lenses on T_NegOp, which roots no pattern", n)
	}
	first := at[defLine("T_AddOp")][0].Command
	var loc protocol.Location
	if err := s.call("workspace/executeCommand", map[string]any{"command": first.Command, "arguments": first.Arguments}, &loc); err != nil {
		t.Fatal(err)
	}
	if loc.URI != u || int(loc.Range.Start.Line) != defLine("Boosted") {
		t.Errorf("the first lens opens %v, want Boosted's def", loc)
	}
	if got := shown(); len(got) != 1 || got[0] != u {
		t.Errorf("documents shown: %v", got)
	}
}
