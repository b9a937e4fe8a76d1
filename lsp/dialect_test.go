package lsp

import (
	"os"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The editor features on attributes, types, enums, interfaces, passes and
// dialects, through the protocol, at places in MLIR's own files.

func wantAll(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, got)
		}
	}
}

func TestDialectEntityHoversInMLIR(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	cases := []struct {
		file, needle string
		delta        int
		want         []string
	}{
		// An attribute: syntax, C++ class, parameters with their C++ types
		// and accessors, builders.
		{"IR/BuiltinAttributes.td", "def Builtin_ArrayAttr", 6, []string{"**attribute** · `::mlir::ArrayAttr`",
			"| `value` | `::llvm::ArrayRef<Attribute>` | `::llvm::ArrayRef<Attribute> getValue()` |", "static ArrayAttr get(::mlir::MLIRContext *context, ::llvm::ArrayRef<Attribute> value)"}},
		// A type with a declarative format.
		{"Dialect/Transform/IR/TransformTypes.td", "def Transform_OperationType", 6, []string{"**type** `!transform.op`", "`::mlir::transform::OperationType`",
			"`operation_name`", "`::llvm::StringRef getOperationName()`", "Format: `!transform.op `<` $operation_name `>``"}},
		// Enums: the case table and the generated functions.
		{"Dialect/Arith/IR/ArithBase.td", "def Arith_CmpIPredicateAttr", 6, []string{"**enum** `::mlir::arith::CmpIPredicate` : `uint64_t`",
			"| `slt` | 2 | `slt` |", "::llvm::StringRef stringifyCmpIPredicate(CmpIPredicate);", "::std::optional<CmpIPredicate> symbolizeCmpIPredicate(::llvm::StringRef);"}},
		// An enum case def, and one written in the list.
		{"Dialect/Arith/IR/ArithBase.td", "def ATOMIC_RMW_KIND_ANDI", 6, []string{"**enum case** `::mlir::arith::AtomicRMWKind::andi` = 2, written `andi`"}},
		// An interface: each method's C++ signature, with its default.
		{"Interfaces/InferTypeOpInterface.td", "def InferTypeOpInterface", 6, []string{"**op interface** `::mlir::InferTypeOpInterface`",
			"static ::llvm::LogicalResult inferReturnTypes(::mlir::MLIRContext * context,", "::llvm::SmallVectorImpl<::mlir::Type>& returnTypes); // has a default", "static bool isCompatibleReturnTypes(::mlir::TypeRange lhs, ::mlir::TypeRange rhs); // implemented by the interface"}},
		// A pass: flag, options with their flags, types, defaults and
		// descriptions, statistics.
		{"Transforms/Passes.td", "def Canonicalizer", 6, []string{"**pass** `-canonicalize`", "`CanonicalizerBase` : `::mlir::OperationPass<>`",
			"| `max-iterations` | `int64_t` | `10` |", "| `disable-patterns` | list of `std::string` |"}},
		{"Transforms/Passes.td", "def CSE", 6, []string{"| `num-cse'd` | Number of operations CSE'd |"}},
		// A dialect.
		{"Dialect/Arith/IR/ArithBase.td", "def Arith_Dialect", 6, []string{"**dialect** `arith` · `::mlir::arith::ArithDialect`",
			"a `materializeConstant` declaration"}},
	}
	for _, c := range cases {
		h := s.hoverText(mlirAt(t, c.file, c.needle, 0, c.delta))
		wantAll(t, "hover at "+c.needle+" in "+c.file, h, c.want...)
	}
}

func TestDialectPartsInMLIR(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	types := "Dialect/Transform/IR/TransformTypes.td"
	// A `$parameter` in a type's assembly format: hover and definition.
	at := mlirAt(t, types, "$operation_name `>`", 0, 3)
	wantAll(t, "hover on $operation_name in the format", s.hoverText(at), "**parameter** `operation_name`: `::llvm::StringRef`",
		"::llvm::StringRef getOperationName() const;", "of type `Transform_OperationType`")
	var locs []protocol.Location
	if err := s.call("textDocument/definition", at, &locs); err != nil {
		t.Fatal(err)
	}
	text, _ := os.ReadFile(mlirFile(types))
	line, col := posOf(t, string(text), "$operation_name\n", 0, 0)
	if len(locs) != 1 || locs[0].URI != uri.File(mlirFile(types)) || locs[0].Range.Start.Line != uint32(line) || locs[0].Range.Start.Character != uint32(col) {
		t.Errorf("definition of $operation_name: %+v, want %s:%d:%d", locs, types, line, col)
	}

	// A method name in DeclareOpInterfaceMethods: hover and definition.
	at = mlirAt(t, "Dialect/Arith/IR/ArithOps.td", `["inferResultRanges"]`, 0, 3)
	wantAll(t, "hover on inferResultRanges", s.hoverText(at), "void inferResultRanges(::llvm::ArrayRef<::mlir::ConstantIntRanges> argRanges, ::mlir::SetIntRangeFn setResultRanges);",
		"of `::mlir::InferIntRangeInterface`")
	locs = nil
	if err := s.call("textDocument/definition", at, &locs); err != nil {
		t.Fatal(err)
	}
	iface := "Interfaces/InferIntRangeInterface.td"
	text, _ = os.ReadFile(mlirFile(iface))
	line, _ = posOf(t, string(text), `"inferResultRanges"`, 0, 0)
	if len(locs) != 1 || locs[0].URI != uri.File(mlirFile(iface)) || int(locs[0].Range.End.Line) < line || int(locs[0].Range.Start.Line) > line {
		t.Errorf("definition of inferResultRanges: %+v, want the method around %s:%d", locs, iface, line)
	}
}

const dialectUses = `include "mlir/Dialect/Arith/IR/ArithOps.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Transforms/Passes.td"

def IsLess : ConstantEnumCase<Arith_CmpIPredicateAttr, "sl">;
def Test_Op : Arith_Op<"test", [DeclareOpInterfaceMethods<InferIntRangeInterface, ["infer"]>]>;
def Test_BoxAttr : AttrDef<Arith_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int64_t":$width, "int64_t":$height);
  let assemblyFormat = "` + "`<`" + ` $ ` + "`>`" + `";
}
`

func TestDialectCompletionsAndSymbols(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{"uses.td": dialectUses}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("uses.td")
	complete := func(needle string, delta int) string {
		var list protocol.CompletionList
		if err := s.call("textDocument/completion", s.at("uses.td", needle, 0, delta), &list); err != nil {
			t.Fatal(err)
		}
		var labels []string
		for _, it := range list.Items {
			labels = append(labels, it.Label)
		}
		return strings.Join(labels, ",")
	}
	// The cases of arith's CmpIPredicate where ConstantEnumCase expects one.
	wantAll(t, "enum cases", complete(`"sl"`, 3), "slt", "sle")
	// The methods with a default of InferIntRangeInterface.
	wantAll(t, "interface methods", complete(`"infer"`, 6), "inferResultRangesFromOptional")
	// The parameters of the attribute in its format.
	wantAll(t, "format parameters", complete("$ `>`", 1), "$width", "$height")

	// Symbols by IR syntax, by pass flag, in the document and the workspace.
	var ws []protocol.SymbolInformation
	if err := s.call("workspace/symbol", map[string]any{"query": "-canonicalize"}, &ws); err != nil {
		t.Fatal(err)
	}
	if len(ws) == 0 || ws[0].Name != "-canonicalize" || ws[0].ContainerName != "Canonicalizer" || ws[0].Location.URI != uri.File(mlirFile("Transforms/Passes.td")) {
		t.Errorf("workspace/symbol -canonicalize: %+v", ws)
	}
	ws = nil
	if err := s.call("workspace/symbol", map[string]any{"query": "#arith.box"}, &ws); err != nil {
		t.Fatal(err)
	}
	if len(ws) == 0 || ws[0].Name != "#arith.box" || ws[0].ContainerName != "Test_BoxAttr" {
		t.Errorf("workspace/symbol #arith.box: %+v", ws)
	}
	var syms []protocol.DocumentSymbol
	passes := map[string]any{"textDocument": map[string]any{"uri": uri.File(mlirFile("Transforms/Passes.td"))}}
	s.evaluated(passes) // the symbols' details come from the records
	if err := s.call("textDocument/documentSymbol", passes, &syms); err != nil {
		t.Fatal(err)
	}
	details := map[string]string{}
	for _, sy := range syms {
		details[sy.Name] = sy.Detail
	}
	if details["Canonicalizer"] != "-canonicalize" || details["CSE"] != "-cse" {
		t.Errorf("pass symbols: Canonicalizer %q, CSE %q", details["Canonicalizer"], details["CSE"])
	}
	syms = nil
	types := map[string]any{"textDocument": map[string]any{"uri": uri.File(mlirFile("Dialect/Transform/IR/TransformTypes.td"))}}
	s.evaluated(types) // the symbols' details come from the records
	if err := s.call("textDocument/documentSymbol", types, &syms); err != nil {
		t.Fatal(err)
	}
	details = map[string]string{}
	for _, sy := range syms {
		details[sy.Name] = sy.Detail
	}
	if details["Transform_OperationType"] != "!transform.op" {
		t.Errorf("type symbol: %q", details["Transform_OperationType"])
	}
}

const brokenDialect = `include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}
def Test_RangeAttr : AttrDef<Test_Dialect, "Range"> {
  let mnemonic = "range";
  let parameters = (ins "int64_t":$lower, "int64_t":$upper);
  let assemblyFormat = "` + "`<` $lower `>`" + `";
}
def Test_Kind : I32Enum<"Kind", "a kind", [
  I32EnumCase<"Fast", 0>,
  I32EnumCase<"Slow", 0>
]> {
  let cppNamespace = "::test";
}
`

func TestDialectQuickFixes(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{"broken.td": brokenDialect}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	pub := s.open("broken.td")
	fixes := map[string]string{}
	for _, d := range pub.Diagnostics {
		for _, a := range s.codeActions("broken.td", d.Range, "quickfix") {
			if a.Edit == nil {
				continue
			}
			for _, edits := range a.Edit.Changes {
				fixes[a.Title] = applyEdits(brokenDialect, edits)
			}
		}
	}
	if got := fixes["Add $upper to the assembly format"]; !strings.Contains(got, "`<` $lower $upper `>`") {
		t.Errorf("the format fix gives:\n%s\n(fixes: %v)", got, keysOf(fixes))
	}
	if got := fixes["Remove the case Slow"]; !strings.Contains(got, "I32EnumCase<\"Fast\", 0>\n]") {
		t.Errorf("the enum fix gives:\n%s\n(fixes: %v)", got, keysOf(fixes))
	}
}

func keysOf(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
