package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// needMLIR skips a test that reads MLIR 22's .td files when they are not
// installed.
func needMLIR(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(llvmInclude, "mlir/IR/OpBase.td")); err != nil {
		t.Skipf("SKIP: MLIR 22 headers not installed under %s (make llvm)", llvmInclude)
	}
}

func mlirFile(rel string) string { return filepath.Join(llvmInclude, "mlir", rel) }

// posOf returns the 0-based line and byte column of the nth (0-based)
// occurrence of needle in text, plus delta bytes.
func posOf(t *testing.T, text, needle string, nth, delta int) (int, int) {
	t.Helper()
	off := -1
	for i := 0; i <= nth; i++ {
		j := strings.Index(text[off+1:], needle)
		if j < 0 {
			t.Fatalf("occurrence %d of %q not found", nth, needle)
		}
		off += 1 + j
	}
	off += delta
	line := strings.Count(text[:off], "\n")
	return line, off - (strings.LastIndex(text[:off], "\n") + 1)
}

// fileAt is a text document position in any file (MLIR's included).
func fileAt(path string, line, char int) map[string]any {
	return map[string]any{
		"textDocument": map[string]any{"uri": uri.File(path)},
		"position":     map[string]any{"line": line, "character": char},
	}
}

// mlirAt is fileAt on an MLIR file, at the nth needle plus delta.
func mlirAt(t *testing.T, rel, needle string, nth, delta int) map[string]any {
	t.Helper()
	b, err := os.ReadFile(mlirFile(rel))
	if err != nil {
		t.Fatal(err)
	}
	line, col := posOf(t, string(b), needle, nth, delta)
	return fileAt(mlirFile(rel), line, col)
}

// hoverText is the hover at params once the file's unit is evaluated.
func (s *session) hoverText(params map[string]any) string {
	s.t.Helper()
	s.evaluated(params)
	var h *protocol.Hover
	if err := s.call("textDocument/hover", params, &h); err != nil {
		s.t.Fatal(err)
	}
	if h == nil {
		return ""
	}
	return h.Contents.Value
}

// at places a position in a workspace file by needle.
func (s *session) at(name, needle string, nth, delta int) map[string]any {
	s.t.Helper()
	b, err := os.ReadFile(s.path(name))
	if err != nil {
		s.t.Fatal(err)
	}
	line, col := posOf(s.t, string(b), needle, nth, delta)
	return docAt(s, name, line, col)
}

const arithPatterns = `include "mlir/Dialect/Arith/IR/ArithOps.td"
include "mlir/IR/PatternBase.td"

def SwapAdd : Pat<(Arith_AddIOp $a, $b, $ovf), (Arith_AddIOp $b, $a, $ovf)>;
def MulToAdd : Pat<(Arith_MulIOp $x, $y, $f), (Arith_AddIOp $x, $y, $f)>;
`

func TestOpHoverAndDefinitionFromPatterns(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{"pats.td": arithPatterns}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("pats.td")

	for _, nth := range []int{0, 1, 2} { // source, result, another pattern's result
		h := s.hoverText(s.at("pats.td", "Arith_AddIOp", nth, 3))
		for _, want := range []string{"`arith.addi`", "`::mlir::arith::AddIOp`", "integer addition operation", "| `lhs` | operand |", "overflowFlags"} {
			if !strings.Contains(h, want) {
				t.Errorf("hover on Arith_AddIOp #%d lacks %q:\n%s", nth, want, h)
			}
		}
	}
	var locs []protocol.Location
	if err := s.call("textDocument/definition", s.at("pats.td", "Arith_AddIOp", 1, 2), &locs); err != nil {
		t.Fatal(err)
	}
	arith, _ := os.ReadFile(mlirFile("Dialect/Arith/IR/ArithOps.td"))
	line, col := posOf(t, string(arith), "def Arith_AddIOp", 0, 4)
	if len(locs) != 1 || locs[0].URI != uri.File(mlirFile("Dialect/Arith/IR/ArithOps.td")) ||
		locs[0].Range.Start.Line != uint32(line) || locs[0].Range.Start.Character != uint32(col) {
		t.Fatalf("definition of Arith_AddIOp in a pattern: %+v, want ArithOps.td:%d:%d", locs, line, col)
	}
}

func TestOpHoverAtDefinitionsInMLIRDialects(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	cases := []struct {
		file, needle string
		want         []string
	}{
		{"Dialect/Arith/IR/ArithOps.td", "def Arith_AddIOp", []string{"`arith.addi`", "::mlir::arith::AddIOp", "Commutative"}},
		{"Dialect/LLVMIR/LLVMOps.td", "def LLVM_AddOp", []string{"`llvm.add`", "::mlir::LLVM::AddOp"}},
		// A fragment, analysed inside SPIRVOps.td.
		{"Dialect/SPIRV/IR/SPIRVArithmeticOps.td", "def SPIRV_IAddOp", []string{"`spirv.IAdd`", "::mlir::spirv::IAddOp", "| `operand1` | operand |"}},
	}
	for _, c := range cases {
		h := s.hoverText(mlirAt(t, c.file, c.needle, 0, 6))
		for _, w := range c.want {
			if !strings.Contains(h, w) {
				t.Errorf("hover at %s in %s lacks %q:\n%s", c.needle, c.file, w, h)
			}
		}
	}
}

func TestHoverOnOpArgumentShowsAccessors(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	h := s.hoverText(mlirAt(t, "Dialect/Arith/IR/ArithOps.td", "Arith_CmpIPredicateAttr:$predicate", 0, len("Arith_CmpIPredicateAttr:$p")))
	for _, want := range []string{"attribute", "`predicate`", "Arith_CmpIPredicateAttr", "getPredicate()", "getPredicateAttr()", "setPredicate", "of `arith.cmpi`"} {
		if !strings.Contains(h, want) {
			t.Errorf("hover on $predicate lacks %q:\n%s", want, h)
		}
	}
	// An operand declared in a class body: every op made from it shares it.
	h = s.hoverText(mlirAt(t, "Dialect/Arith/IR/ArithOps.td", "SignlessIntegerOrIndexLike:$lhs", 0, len("SignlessIntegerOrIndexLike:$l")))
	for _, want := range []string{"operand", "`lhs`", "SignlessIntegerOrIndexLike", "getLhs()", "getLhsMutable()"} {
		if !strings.Contains(h, want) {
			t.Errorf("hover on $lhs lacks %q:\n%s", want, h)
		}
	}
}

func TestOpReferencesAcrossOpenFiles(t *testing.T) {
	needMLIR(t)
	other := "include \"mlir/Dialect/Arith/IR/ArithOps.td\"\ninclude \"mlir/IR/PatternBase.td\"\n" +
		"multiclass Swap<Op op> {\n  def : Pat<(op $a, $b, $f), (op $b, $a, $f)>;\n}\ndefm : Swap<Arith_AddIOp>;\n"
	s := start(t, map[string]string{"pats.td": arithPatterns, "other.td": other}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("pats.td")
	s.open("other.td")
	var locs []protocol.Location
	params := s.at("pats.td", "Arith_AddIOp", 0, 1)
	params["context"] = map[string]any{"includeDeclaration": true}
	if err := s.call("textDocument/references", params, &locs); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, l := range locs {
		got[filepath.Base(string(l.URI))]++
	}
	// Three uses in pats.td; in other.td the template argument and the
	// operators of the pattern the defm stamps out; the def in ArithOps.td.
	if got["pats.td"] != 3 || got["other.td"] != 3 || got["ArithOps.td"] < 1 {
		t.Fatalf("references of Arith_AddIOp by file: %v (%+v)", got, locs)
	}

	// The op passed to a class: hover shows it.
	if h := s.hoverText(s.at("other.td", "Swap<Arith_AddIOp>", 0, 7)); !strings.Contains(h, "`arith.addi`") {
		t.Errorf("hover on an op passed as a template argument: %q", h)
	}
	// An operator that is a template argument: the op, then the argument.
	if err := s.call("textDocument/definition", s.at("other.td", "(op $a", 0, 1), &locs); err != nil {
		t.Fatal(err)
	}
	if len(locs) != 2 || filepath.Base(string(locs[0].URI)) != "ArithOps.td" || locs[1].Range.Start.Line != 2 {
		t.Errorf("definition of a template-argument operator: %+v", locs)
	}
	// Its references: the op's, and the argument's declaration and uses.
	params = s.at("other.td", "(op $a", 0, 1)
	params["context"] = map[string]any{"includeDeclaration": true}
	if err := s.call("textDocument/references", params, &locs); err != nil {
		t.Fatal(err)
	}
	inOther := map[protocol.Position]bool{}
	for _, l := range locs {
		if filepath.Base(string(l.URI)) == "other.td" {
			inOther[l.Range.Start] = true
		}
	}
	for _, want := range []protocol.Position{{Line: 2, Character: 19}, {Line: 3, Character: 13}, {Line: 3, Character: 30}} {
		if !inOther[want] {
			t.Errorf("references of a template-argument operator lack other.td:%d:%d: %+v", want.Line+1, want.Character+1, locs)
		}
	}
}

func TestWorkspaceSymbolFindsOpsByOpName(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{"pats.td": arithPatterns}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("pats.td")
	var syms []protocol.SymbolInformation
	if err := s.call("workspace/symbol", map[string]any{"query": "arith.addi"}, &syms); err != nil {
		t.Fatal(err)
	}
	if len(syms) == 0 || syms[0].Name != "arith.addi" || syms[0].ContainerName != "Arith_AddIOp" ||
		syms[0].Location.URI != uri.File(mlirFile("Dialect/Arith/IR/ArithOps.td")) {
		t.Fatalf("workspace/symbol arith.addi: %+v", syms)
	}
}

func TestDocumentSymbolsShowOpNames(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	var syms []protocol.DocumentSymbol
	arith := map[string]any{"textDocument": map[string]any{"uri": uri.File(mlirFile("Dialect/Arith/IR/ArithOps.td"))}}
	s.evaluated(arith) // op names come from the records
	if err := s.call("textDocument/documentSymbol", arith, &syms); err != nil {
		t.Fatal(err)
	}
	details := map[string]string{}
	var walk func([]protocol.DocumentSymbol)
	walk = func(ss []protocol.DocumentSymbol) {
		for _, sy := range ss {
			details[sy.Name] = sy.Detail
			walk(sy.Children)
		}
	}
	walk(syms)
	if details["Arith_AddIOp"] != "arith.addi" || details["Arith_CmpIOp"] != "arith.cmpi" {
		t.Fatalf("op symbols' details: addi %q, cmpi %q", details["Arith_AddIOp"], details["Arith_CmpIOp"])
	}
}

func completionLabels(t *testing.T, s *session, params map[string]any) map[string]string {
	t.Helper()
	var list protocol.CompletionList
	if err := s.call("textDocument/completion", params, &list); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, it := range list.Items {
		out[it.Label] = it.Detail
	}
	return out
}

func TestOpCompletions(t *testing.T) {
	needMLIR(t)
	text := `include "mlir/Dialect/Arith/IR/ArithOps.td"
include "mlir/IR/PatternBase.td"

def My_Dialect : Dialect { let name = "my"; }
def My_FooOp : Op<My_Dialect, "foo", [Pu, De]> {
  let arguments = (ins I3, AnyI);
  let results = (outs I3);
}
def P : Pat<(Arith_Ad $a, $b, $f), (replaceWithValue $a)>;
class My_BaseOp<string m, list<Trait> traits = []> : Op<My_Dialect, m, traits> {
  let arguments = (ins AnyInteger:$x);
}
`
	s := start(t, map[string]string{"ops.td": text}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("ops.td")

	ops := completionLabels(t, s, s.at("ops.td", "(Arith_Ad", 0, len("(Arith_Ad")))
	if d := ops["Arith_AddIOp"]; !strings.Contains(d, "arith.addi") || !strings.Contains(d, "integer addition operation") {
		t.Errorf("op completion at a dag operator: Arith_AddIOp detail %q (%d items)", d, len(ops))
	}
	dirs := completionLabels(t, s, s.at("ops.td", "(replaceWithValue", 0, len("(repl")))
	if _, ok := dirs["replaceWithValue"]; !ok {
		t.Errorf("directives missing at a pattern's dag operator")
	}

	ins := completionLabels(t, s, s.at("ops.td", "(ins I3", 0, len("(ins I3")))
	if _, ok := ins["I32"]; !ok {
		t.Errorf("type constraint I32 not proposed in (ins: %d items", len(ins))
	}
	if _, ok := ins["I32Attr"]; !ok {
		t.Errorf("attribute constraint I32Attr not proposed in (ins")
	}
	if _, ok := ins["def"]; ok {
		t.Errorf("keywords proposed in (ins")
	}
	for _, at := range []string{"(ins I3", "(ins AnyInteger"} {
		if _, ok := completionLabels(t, s, s.at("ops.td", at, 0, 1))["Arith_AddIOp"]; ok {
			t.Errorf("ops proposed as the operator of an op definition's dag at %s", at)
		}
	}
	ins = completionLabels(t, s, s.at("ops.td", "AnyI)", 0, len("AnyI")))
	if _, ok := ins["AnyInteger"]; !ok {
		t.Errorf("AnyInteger not proposed after a comma in (ins")
	}
	outs := completionLabels(t, s, s.at("ops.td", "(outs I3", 0, len("(outs I3")))
	if _, ok := outs["I32"]; !ok {
		t.Errorf("I32 not proposed in (outs")
	}
	if _, ok := outs["I32Attr"]; ok {
		t.Errorf("attribute constraint proposed in (outs")
	}

	traits := completionLabels(t, s, s.at("ops.td", "[Pu,", 0, len("[Pu")))
	if _, ok := traits["Pure"]; !ok {
		t.Errorf("Pure not proposed in a trait list (%d items)", len(traits))
	}
	traits = completionLabels(t, s, s.at("ops.td", "De]", 0, len("De")))
	for _, want := range []string{"DeclareOpInterfaceMethods"} {
		if _, ok := traits[want]; !ok {
			t.Errorf("%s not proposed in a trait list (%d items)", want, len(traits))
		}
	}
	if _, ok := traits["I32"]; ok {
		t.Errorf("a type constraint proposed in a trait list")
	}
}
