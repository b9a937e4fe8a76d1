package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// myDialect is a two-op dialect for the anchors' B6 patterns.
const myDialect = `include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def My_Dialect : Dialect { let name = "my"; }
def My_AddOp : Op<My_Dialect, "add"> {
  let arguments = (ins AnyInteger:$lhs, AnyInteger:$rhs);
  let results = (outs AnyInteger:$res);
}
def My_NegOp : Op<My_Dialect, "neg"> {
  let arguments = (ins AnyInteger:$input);
  let results = (outs AnyInteger:$res);
}
`

// b6 is anchors.md §2.1 B6: tblgen-lsp-server gives no diagnostics here;
// mlir-tblgen rejects both patterns.
const b6 = myDialect + `
def BadArity : Pat<(My_AddOp $a, (My_NegOp $b, $c)), (My_AddOp $a, $b)>;
def Unbound : Pat<(My_NegOp $x), (My_NegOp $y)>;
`

func diagnosticWithCode(p protocol.PublishDiagnosticsParams, code string) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for _, d := range p.Diagnostics {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
}

func rangeText(text string, r protocol.Range) string {
	lines := strings.Split(text, "\n")
	if r.Start.Line != r.End.Line {
		return ""
	}
	return lines[r.Start.Line][r.Start.Character:r.End.Character]
}

func TestDRRDiagnosticsInEditorB6(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{"b6.td": b6}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	pub := s.open("b6.td")
	arity := diagnosticWithCode(pub, "drr-arg-count")
	if len(arity) != 1 || rangeText(b6, arity[0].Range) != "(My_NegOp $b, $c)" || arity[0].Severity != protocol.DiagnosticSeverityError {
		t.Fatalf("arity error: %+v (all: %s)", arity, messages(pub))
	}
	if !strings.Contains(arity[0].Message, "'my.neg' argument number mismatch: 2 in pattern vs. 1 in definition") ||
		!strings.Contains(arity[0].Message, "(ins AnyInteger:$input)") {
		t.Errorf("arity message: %q", arity[0].Message)
	}
	var related []string
	for _, r := range arity[0].RelatedInformation {
		related = append(related, rangeText(b6, r.Location.Range)+": "+r.Message)
	}
	sort.Strings(related)
	if len(related) != 2 || !strings.HasPrefix(related[0], "BadArity: in pattern") || !strings.HasPrefix(related[1], "My_NegOp: 'my.neg' is defined here") {
		t.Errorf("related information: %q", related)
	}
	unbound := diagnosticWithCode(pub, "drr-unbound-symbol")
	if len(unbound) != 1 || rangeText(b6, unbound[0].Range) != "$y" || !strings.Contains(unbound[0].Message, "referencing unbound symbol 'y'") {
		t.Fatalf("unbound symbol: %+v", unbound)
	}

	// Fixing the file clears them; what is left is the pattern set's
	// warning that Unbound, now (My_NegOp $x) -> (My_NegOp $x), rewrites
	// its own result forever.
	fixed := strings.Replace(strings.Replace(b6, "(My_NegOp $b, $c)", "(My_NegOp $b)", 1), "(My_NegOp $y)", "(My_NegOp $x)", 1)
	if pub := s.change("b6.td", fixed); len(pub.Diagnostics) != 1 || pub.Diagnostics[0].Code != "pattern-self-loop" {
		t.Fatalf("diagnostics after the fix: %s", messages(pub))
	}
}

func TestODSDiagnosticsInEditor(t *testing.T) {
	needMLIR(t)
	text := myDialect + `
def My_BadOp : Op<My_Dialect, "bad"> {
  let summary = "ends with a period.";
  let arguments = (ins AnyInteger:$x);
  let assemblyFormat = "$x $y attr-dict";
}
`
	s := start(t, map[string]string{"ops.td": text}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	pub := s.open("ops.td")
	var format, period bool
	for _, d := range pub.Diagnostics {
		code, _ := d.Code.(string)
		switch {
		case strings.HasPrefix(code, "ods-format") && rangeText(text, d.Range) == "$y":
			format = d.Severity == protocol.DiagnosticSeverityError
		case code == "ods-summary-period":
			period = d.Severity == protocol.DiagnosticSeverityHint
		}
	}
	if !format || !period {
		t.Fatalf("want an assemblyFormat error at $y and a summary hint (a style lint): %s", messages(pub))
	}
}

func (s *session) codeActions(name string, r protocol.Range, only ...string) []protocol.CodeAction {
	s.t.Helper()
	params := map[string]any{"textDocument": map[string]any{"uri": uri.File(s.path(name))}, "range": r, "context": map[string]any{"diagnostics": []any{}}}
	if len(only) > 0 {
		params["context"] = map[string]any{"diagnostics": []any{}, "only": only}
	}
	var out []protocol.CodeAction
	if err := s.call("textDocument/codeAction", params, &out); err != nil {
		s.t.Fatal(err)
	}
	return out
}

// applyEdits applies one file's edits (ASCII text).
func applyEdits(text string, edits []protocol.TextEdit) string {
	off := func(p protocol.Position) int {
		lines := strings.SplitAfter(text, "\n")
		o := 0
		for i := 0; i < int(p.Line); i++ {
			o += len(lines[i])
		}
		return o + int(p.Character)
	}
	sort.Slice(edits, func(i, j int) bool { return off(edits[i].Range.Start) > off(edits[j].Range.Start) })
	for _, e := range edits {
		text = text[:off(e.Range.Start)] + e.NewText + text[off(e.Range.End):]
	}
	return text
}

func TestDRRQuickFixes(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{"b6.td": b6}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	pub := s.open("b6.td")
	text := b6
	u := uri.File(s.path("b6.td"))
	for _, code := range []string{"drr-unbound-symbol", "drr-arg-count"} {
		ds := diagnosticWithCode(pub, code)
		if len(ds) != 1 {
			t.Fatalf("no %s: %s", code, messages(pub))
		}
		var fix *protocol.CodeAction
		for _, a := range s.codeActions("b6.td", ds[0].Range) {
			if a.Kind == protocol.QuickFix && len(a.Diagnostics) == 1 && a.Diagnostics[0].Code == code {
				fix = &a
				break
			}
		}
		if fix == nil || fix.Edit == nil || len(fix.Edit.Changes[u]) == 0 {
			t.Fatalf("no quick fix for %s: %+v", code, fix)
		}
		text = applyEdits(text, fix.Edit.Changes[u])
		pub = s.change("b6.td", text)
	}
	if !strings.Contains(text, "(My_NegOp $x)>;") || !strings.Contains(text, "(My_NegOp $b)") {
		t.Errorf("text after the fixes:\n%s", text)
	}
	if len(pub.Diagnostics) != 1 || pub.Diagnostics[0].Code != "pattern-self-loop" {
		t.Errorf("diagnostics after the fixes (only Unbound's self-loop expected): %s", messages(pub))
	}
	// A nested op whose result types cannot be deduced: a warning, fixed by
	// a (returnType ...) placeholder.
	nested := myDialect + "\ndef Nested : Pat<(My_NegOp $x), (My_AddOp (My_NegOp $x), $x)>;\n"
	pub = s.change("b6.td", nested)
	ds := diagnosticWithCode(pub, "drr-result-types")
	if len(ds) != 1 || ds[0].Severity != protocol.DiagnosticSeverityWarning || rangeText(nested, ds[0].Range) != "My_NegOp" {
		t.Fatalf("result types warning: %+v (all: %s)", ds, messages(pub))
	}
	var rt *protocol.CodeAction
	for _, a := range s.codeActions("b6.td", ds[0].Range, "quickfix") {
		if strings.Contains(a.Title, "returnType") {
			rt = &a
		}
	}
	if rt == nil || rt.Edit == nil {
		t.Fatalf("no returnType fix")
	}
	if got := applyEdits(nested, rt.Edit.Changes[u]); !strings.Contains(got, "(My_NegOp $x, (returnType ") {
		t.Errorf("after the returnType fix:\n%s", got)
	}

	// Only quick fixes when asked for them.
	for _, a := range s.codeActions("b6.td", protocol.Range{}, "quickfix") {
		if a.Kind != protocol.QuickFix {
			t.Errorf("action of kind %q with only=quickfix", a.Kind)
		}
	}
}

// toyFiles copies the toy example into a test workspace.
func toyFiles(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, n := range []string{"ToyDialect.td", "ToyOps.td", "ToyPatterns.td", "ToyPatternsBroken.td"} {
		b, err := os.ReadFile(filepath.Join("..", "examples", "toy", n))
		if err != nil {
			t.Fatal(err)
		}
		out[n] = string(b)
	}
	return out
}

func TestToyBrokenPatternsEachAtItsSubDag(t *testing.T) {
	needMLIR(t)
	files := toyFiles(t)
	s := start(t, files, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	text := files["ToyPatternsBroken.td"]
	pub := s.open("ToyPatternsBroken.td")
	want := map[string]string{ // code -> text of the range, one each
		"drr-arg-count":        "(Toy_AddOp $x)",
		"drr-unbound-symbol":   "$high",
		"drr-bound-twice":      "$x",
		"drr-expected-operand": "F64Attr",
	}
	got := map[string][]string{}
	for _, d := range pub.Diagnostics {
		code, _ := d.Code.(string)
		got[code] = append(got[code], rangeText(text, d.Range))
	}
	for code, r := range want {
		found := false
		for _, g := range got[code] {
			found = found || g == r
		}
		if !found {
			t.Errorf("%s at %q not reported; got %v", code, r, got)
		}
	}
	if n := len(got["drr-arg-count"]) + len(got["drr-unbound-symbol"]); n != 4 {
		t.Errorf("want 2 arity and 2 unbound-symbol errors, got %v", got)
	}
}

const symbolPattern = `include "mlir/Dialect/Arith/IR/ArithOps.td"
include "mlir/IR/PatternBase.td"

def Swap : Pat<(Arith_AddIOp:$sum $a, (Arith_MulIOp $b, $c, $f), $ovf),
               (Arith_AddIOp (Arith_MulIOp $b, $c, $f), $a, $ovf),
               [(Constraint<CPred<"true">> $a)], [], (addBenefit 2)>;
def : Pat<(Arith_MulIOp $x, $y, $f), (Arith_MulIOp $y, $x, $f)>;
`

func TestPatternSymbolNavigation(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{"p.td": symbolPattern}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("p.td")
	text := symbolPattern
	pos := func(needle string, nth int) (uint32, uint32) {
		l, c := posOf(t, text, needle, nth, 1)
		return uint32(l), uint32(c - 1)
	}

	var locs []protocol.Location
	if err := s.call("textDocument/definition", s.at("p.td", "$a", 1, 1), &locs); err != nil {
		t.Fatal(err)
	}
	l, c := pos("$a", 0)
	if len(locs) != 1 || locs[0].Range.Start.Line != l || locs[0].Range.Start.Character != c {
		t.Fatalf("definition of the use $a: %+v, want %d:%d", locs, l, c)
	}

	refs := map[string]any{}
	for k, v := range s.at("p.td", "$a", 2, 1) {
		refs[k] = v
	}
	refs["context"] = map[string]any{"includeDeclaration": true}
	if err := s.call("textDocument/references", refs, &locs); err != nil {
		t.Fatal(err)
	}
	if len(locs) != 3 {
		t.Fatalf("references of $a: %+v", locs)
	}

	var hl []protocol.DocumentHighlight
	if err := s.call("textDocument/documentHighlight", s.at("p.td", "$b", 0, 1), &hl); err != nil {
		t.Fatal(err)
	}
	if len(hl) != 2 || hl[0].Kind != protocol.DocumentHighlightKindWrite || hl[1].Kind != protocol.DocumentHighlightKindRead {
		t.Fatalf("highlight of $b: %+v", hl)
	}

	var prep struct {
		Range       protocol.Range `json:"range"`
		Placeholder string         `json:"placeholder"`
	}
	if err := s.call("textDocument/prepareRename", s.at("p.td", "$c", 1, 2), &prep); err != nil {
		t.Fatal(err)
	}
	if prep.Placeholder != "c" || rangeText(text, prep.Range) != "$c" {
		t.Fatalf("prepareRename on $c: %+v", prep)
	}
	params := s.at("p.td", "$c", 1, 2)
	params["newName"] = "rhs"
	var we protocol.WorkspaceEdit
	if err := s.call("textDocument/rename", params, &we); err != nil {
		t.Fatal(err)
	}
	renamed := applyEdits(text, we.Changes[uri.File(s.path("p.td"))])
	if strings.Count(renamed, "$rhs") != 2 || strings.Contains(renamed, "$c,") {
		t.Fatalf("after renaming $c:\n%s", renamed)
	}
	params["newName"] = "a"
	if err := s.call("textDocument/rename", params, &we); err == nil || !strings.Contains(err.Error(), "already bound") {
		t.Fatalf("renaming onto a bound name: %v", err)
	}
}

func TestPatternHover(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{"p.td": symbolPattern}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("p.td")
	cases := []struct {
		needle string
		nth    int
		want   []string
	}{
		{"$a", 0, []string{"operand #0 `lhs` of `arith.addi`", "SignlessIntegerOrIndexLike"}},
		{"$ovf", 1, []string{"attribute `overflowFlags` of `arith.addi`"}},
		{"$sum", 0, []string{"the matched `arith.addi` op (1 result)"}},
		{"Swap", 0, []string{"root: `arith.addi`", "benefit: 4", "generates: `arith.addi`, `arith.muli`"}},
		{"def : Pat", 0, []string{"pattern (anonymous", "root: `arith.muli`", "benefit: 1"}},
	}
	for _, c := range cases {
		h := s.hoverText(s.at("p.td", c.needle, c.nth, 1))
		for _, w := range c.want {
			if !strings.Contains(h, w) {
				t.Errorf("hover on %s #%d lacks %q: %q", c.needle, c.nth, w, h)
			}
		}
	}
}

type drrHint struct {
	Position protocol.Position `json:"position"`
	Label    string            `json:"label"`
}

func (s *session) inlayHints(name string, text string) []drrHint {
	s.t.Helper()
	lines := strings.Count(text, "\n")
	var hints []drrHint
	if err := s.call("textDocument/inlayHint", map[string]any{
		"textDocument": map[string]any{"uri": uri.File(s.path(name))},
		"range":        protocol.Range{End: protocol.Position{Line: uint32(lines + 1)}},
	}, &hints); err != nil {
		s.t.Fatal(err)
	}
	return hints
}

func TestDRRArgumentInlayHints(t *testing.T) {
	needMLIR(t)
	s := start(t, map[string]string{"p.td": symbolPattern}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("p.td")
	// Template argument hints (`pattern:`) come from the record layer.
	ods := map[string]bool{"lhs:": true, "rhs:": true, "overflowFlags:": true}
	var got []string
	for _, h := range s.inlayHints("p.td", symbolPattern) {
		if ods[h.Label] {
			got = append(got, rangeText(symbolPattern, protocol.Range{Start: h.Position, End: protocol.Position{Line: h.Position.Line, Character: h.Position.Character + 2}})+"="+h.Label)
		}
	}
	want := "$a=lhs: (A=rhs: $b=lhs: $c=rhs: $f=overflowFlags: $o=overflowFlags: (A=lhs: $b=lhs: $c=rhs: $f=overflowFlags: $a=rhs: $o=overflowFlags: " +
		"$x=lhs: $y=rhs: $f=overflowFlags: $y=lhs: $x=rhs: $f=overflowFlags:"
	if strings.Join(got, " ") != want {
		t.Errorf("DRR inlay hints:\n got %s\nwant %s", strings.Join(got, " "), want)
	}

	off := start(t, map[string]string{"p.td": symbolPattern}, Options{ExtraDirs: []string{llvmInclude}},
		map[string]any{"inlayHints": map[string]any{"drrArguments": false}}, nil)
	off.open("p.td")
	for _, h := range off.inlayHints("p.td", symbolPattern) {
		if ods[h.Label] {
			t.Errorf("hint %+v with tdls.inlayHints.drrArguments off", h)
		}
	}
}

func TestPatternCompletionAndSignatureWhileTyping(t *testing.T) {
	needMLIR(t)
	text := `include "mlir/Dialect/Arith/IR/ArithOps.td"
include "mlir/IR/PatternBase.td"

def P : Pat<(Arith_AddIOp $left, $right, $ovf), (Arith_AddIOp $right, $left, $ovf)>;
def Q : Pat<(Arith_MulIOp $m, $n, $g), (Arith_AddIOp $m, `
	s := start(t, map[string]string{"p.td": text}, Options{ExtraDirs: []string{llvmInclude}}, nil, nil)
	s.open("p.td")
	items := completionLabels(t, s, s.at("p.td", "$left, $ovf", 0, 1))
	for _, w := range []string{"$left", "$right", "$ovf"} {
		if _, ok := items[w]; !ok {
			t.Errorf("%s not proposed in a result pattern: %v", w, items)
		}
	}
	if d := items["$right"]; !strings.Contains(d, "operand #1 `rhs` of `arith.addi`") {
		t.Errorf("detail of $right: %q", d)
	}
	if _, ok := items["$m"]; ok {
		t.Errorf("a symbol of another pattern proposed")
	}

	// Q does not parse yet: its own $names still complete.
	line, col := posOf(t, text, "$m, ", 1, len("$m, "))
	items = completionLabels(t, s, docAt(s, "p.td", line, col))
	if len(items) != 0 {
		if _, ok := items["$n"]; ok {
			t.Errorf("$n proposed without a $ typed")
		}
	}
	var sh struct {
		Signatures []struct {
			Label      string            `json:"label"`
			Parameters []json.RawMessage `json:"parameters"`
		} `json:"signatures"`
		ActiveParameter int `json:"activeParameter"`
	}
	if err := s.call("textDocument/signatureHelp", docAt(s, "p.td", line, col), &sh); err != nil {
		t.Fatal(err)
	}
	if len(sh.Signatures) != 1 || !strings.HasPrefix(sh.Signatures[0].Label, "(Arith_AddIOp SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs, ") ||
		len(sh.Signatures[0].Parameters) != 3 || sh.ActiveParameter != 1 {
		t.Fatalf("signature help in an unfinished dag: %+v", sh)
	}
	s.change("p.td", text+"$")
	line, col = posOf(t, text+"$", "$m, $", 1, len("$m, $"))
	items = completionLabels(t, s, docAt(s, "p.td", line, col))
	if _, ok := items["$n"]; !ok {
		t.Errorf("$n not proposed in an unfinished pattern: %v", items)
	}
}
