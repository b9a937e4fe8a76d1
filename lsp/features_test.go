package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"tdls/lsp/lsptest"
)

const sample = `// Doc for Base.
class Base<int w, string s = "x"> {
  int width = w;
  string name = s;
}
def Plain : Base<1>;
multiclass Pair<int n> {
  def _a : Base<n>;
  def _b : Base<n> { let width = !add(n, 1); }
}
defm P : Pair<2>;
let name = "y" in {
  def Q : Base<3>;
}
defvar V = [{ code
  block }];
def R { dag d = (op $lhs, $rhs); }
`

func TestDocumentSymbolsHierarchical(t *testing.T) {
	s := start(t, map[string]string{"a.td": sample}, Options{}, nil, nil)
	s.open("a.td")
	var syms []protocol.DocumentSymbol
	if err := s.call("textDocument/documentSymbol", doc(s, "a.td"), &syms); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, sy := range syms {
		names = append(names, sy.Name)
	}
	if got := strings.Join(names, ","); got != "Base,Plain,Pair,P,let name = \"y\" in,V,R" {
		t.Fatalf("top-level symbols: %s", got)
	}
	base := syms[0]
	if base.Kind != protocol.SymbolKindClass || len(base.Children) != 4 || base.Children[0].Name != "w" || base.Children[2].Name != "width" {
		t.Fatalf("class children: %+v", base.Children)
	}
	if base.SelectionRange.Start.Line != 1 || base.SelectionRange.Start.Character != 6 {
		t.Errorf("selection of Base: %+v", base.SelectionRange)
	}
	if mc := syms[2]; mc.Kind != protocol.SymbolKindModule || len(mc.Children) != 3 || mc.Children[1].Name != "_a" {
		t.Fatalf("multiclass children: %+v", mc.Children)
	}
	if let := syms[4]; len(let.Children) != 1 || let.Children[0].Name != "Q" {
		t.Fatalf("let block children: %+v", let.Children)
	}
}

func TestFoldingRanges(t *testing.T) {
	s := start(t, map[string]string{"a.td": "/* a\n b */\n" + sample}, Options{}, nil, nil)
	s.open("a.td")
	var folds []protocol.FoldingRange
	if err := s.call("textDocument/foldingRange", doc(s, "a.td"), &folds); err != nil {
		t.Fatal(err)
	}
	want := map[[2]uint32]protocol.FoldingRangeKind{
		{0, 1}:   protocol.CommentFoldingRange, // the block comment
		{3, 6}:   protocol.RegionFoldingRange,  // class Base
		{8, 11}:  protocol.RegionFoldingRange,  // multiclass
		{16, 17}: protocol.RegionFoldingRange,  // the code block
	}
	got := map[[2]uint32]protocol.FoldingRangeKind{}
	for _, f := range folds {
		got[[2]uint32{f.StartLine, f.EndLine}] = f.Kind
	}
	for k, kind := range want {
		if got[k] != kind {
			t.Errorf("fold %v: got %q want %q (all: %v)", k, got[k], kind, got)
		}
	}
}

// Links and hovers on includes name the resolved absolute file, never a
// path relative to the server's working directory (B1).
func TestDocumentLinksAndIncludeHover(t *testing.T) {
	s := start(t, map[string]string{"main.td": "include \"sub/inc.td\"\n", "sub/inc.td": "class I;\n"}, Options{}, nil, nil)
	s.open("main.td")
	var links []protocol.DocumentLink
	if err := s.call("textDocument/documentLink", doc(s, "main.td"), &links); err != nil {
		t.Fatal(err)
	}
	if len(links) != 1 || links[0].Target != uri.File(s.path("sub/inc.td")) || links[0].Range.Start.Character != 8 || links[0].Range.End.Character != 20 {
		t.Fatalf("links: %+v", links)
	}
	var h protocol.Hover
	if err := s.call("textDocument/hover", docAt(s, "main.td", 0, 12), &h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Contents.Value, s.path("sub/inc.td")) {
		t.Fatalf("hover on include: %q", h.Contents.Value)
	}
}

func TestHoverOnBangOperator(t *testing.T) {
	s := start(t, map[string]string{"a.td": sample}, Options{}, nil, nil)
	s.open("a.td")
	var h protocol.Hover
	if err := s.call("textDocument/hover", docAt(s, "a.td", 8, 35), &h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Contents.Value, "!add(a, b, ...)") || !strings.Contains(h.Contents.Value, "sum of integers") {
		t.Fatalf("hover on !add: %q", h.Contents.Value)
	}
	var none *protocol.Hover
	if err := s.call("textDocument/hover", docAt(s, "a.td", 0, 3), &none); err != nil || none != nil {
		t.Fatalf("hover in a comment: %v %+v", err, none)
	}
}

type decoded struct {
	line, col, length uint32
	typ               string
	mods              uint32
}

func decodeTokens(data []uint32) []decoded {
	var out []decoded
	var line, col uint32
	for i := 0; i+4 < len(data); i += 5 {
		if data[i] > 0 {
			line += data[i]
			col = data[i+1]
		} else {
			col += data[i+1]
		}
		out = append(out, decoded{line, col, data[i+2], tokenTypes()[data[i+3]], data[i+4]})
	}
	return out
}

func TestSemanticTokensByRole(t *testing.T) {
	s := start(t, map[string]string{"a.td": sample}, Options{}, nil, nil)
	s.open("a.td")
	var res protocol.SemanticTokens
	if err := s.call("textDocument/semanticTokens/full", doc(s, "a.td"), &res); err != nil {
		t.Fatal(err)
	}
	toks := decodeTokens(res.Data)
	at := map[[2]uint32]decoded{}
	for _, d := range toks {
		at[[2]uint32{d.line, d.col}] = d
	}
	check := func(line, col uint32, typ string) {
		t.Helper()
		if d, ok := at[[2]uint32{line, col}]; !ok || d.typ != typ {
			t.Errorf("%d:%d: got %+v, want %s", line, col, d, typ)
		}
	}
	check(1, 0, "keyword")        // class
	check(1, 6, "class")          // Base (declaration)
	check(1, 11, "type")          // int
	check(1, 15, "typeParameter") // w
	check(2, 2, "type")           // int width
	check(2, 6, "property")       // width
	check(2, 14, "typeParameter") // = w
	check(1, 29, "string")        // "x"
	check(5, 4, "variable")       // def Plain
	check(5, 12, "class")         // : Base
	check(5, 17, "number")        // 1
	check(8, 33, "function")      // !add
	check(8, 38, "typeParameter") // n, the multiclass argument
	check(16, 20, "parameter")    // $lhs
	check(14, 11, "string")       // code block, first line
	check(15, 0, "string")        // code block, second line (split per line)
	for i := 1; i < len(toks); i++ {
		if toks[i].line == toks[i-1].line && toks[i].col < toks[i-1].col+toks[i-1].length {
			t.Fatalf("overlapping tokens %+v %+v", toks[i-1], toks[i])
		}
	}
}

func TestCompletion(t *testing.T) {
	s := start(t, map[string]string{
		"a.td":          "class Alpha;\ndef X : A\n!su\ninclude \"li\nincl",
		"lib/one.td":    "",
		"lib/two.td":    "",
		"lib/notes.txt": "",
		"other/skip.td": "",
	}, Options{}, nil, nil)
	s.open("a.td")
	complete := func(line, char int) []protocol.CompletionItem {
		var list protocol.CompletionList
		if err := s.call("textDocument/completion", docAt(s, "a.td", line, char), &list); err != nil {
			t.Fatal(err)
		}
		return list.Items
	}
	labels := func(items []protocol.CompletionItem) string {
		var b []string
		for _, it := range items {
			b = append(b, it.Label)
		}
		return strings.Join(b, ",")
	}
	// Classes after ':'.
	if got := labels(complete(1, 9)); !strings.HasPrefix(got, "Alpha") {
		t.Errorf("after ':': %s", got)
	}
	// Bang operators with snippets.
	items := complete(2, 3)
	if got := labels(items); got != "!sub,!subst,!substr" {
		t.Errorf("after '!su': %s", got)
	}
	for _, it := range items {
		if it.Label == "!sub" {
			if it.InsertTextFormat != protocol.InsertTextFormatSnippet || it.TextEdit == nil || it.TextEdit.NewText != "!sub(${1:a}, ${2:b})$0" {
				t.Errorf("!sub snippet: %+v %+v", it, it.TextEdit)
			}
			if it.TextEdit.Range.Start.Character != 0 || it.TextEdit.Range.End.Character != 3 {
				t.Errorf("!sub replaces %+v", it.TextEdit.Range)
			}
		}
	}
	// Include paths.
	if got := labels(complete(3, 11)); got != "lib/" {
		t.Errorf("include \"li: %s", got)
	}
	s.change("a.td", "include \"lib/")
	if got := labels(complete(0, 13)); got != "one.td,two.td" {
		t.Errorf("include \"lib/: %s", got)
	}
	// Keywords.
	s.change("a.td", "class Alpha;\nincl")
	if got := labels(complete(1, 4)); got != "include" {
		t.Errorf("keyword: %s", got)
	}
}

// Fragment files (no include of their own) are analysed inside the file
// that includes them: here completion in the fragment sees the class the
// includer brings in.
func TestFragmentAnalysedInsideIncluder(t *testing.T) {
	s := start(t, map[string]string{
		"Target.td":    "include \"Base.td\"\ninclude \"Frag.td\"\n",
		"Base.td":      "class FromBase;\n",
		"Frag.td":      "def F : FromBase;\n",
		"Unrelated.td": "class Other;\n",
	}, Options{}, nil, nil)
	if p := s.open("Frag.td"); len(p.Diagnostics) != 0 {
		t.Fatalf("fragment: %s", messages(p))
	}
	var list protocol.CompletionList
	if err := s.call("textDocument/completion", docAt(s, "Frag.td", 0, 9), &list); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, it := range list.Items {
		if it.Label == "FromBase" {
			found = true
		}
		if it.Label == "Other" {
			t.Errorf("class of an unrelated file offered")
		}
	}
	if !found {
		t.Fatalf("fragment not analysed in its includer: %+v", list.Items)
	}
}

// A file with includes of its own whose base class comes from the file
// that includes it (a dialect's ops split over files, each including the
// interfaces it uses) is a fragment too: llvm-tblgen builds Ops.td, and
// fails on SplitOps.td alone, which the build never evaluates. A mistake
// of such a file is still an error: its includer has it too.
func TestFragmentWithIncludesAnalysedInsideIncluder(t *testing.T) {
	s := start(t, map[string]string{
		"Ops.td":      "include \"Base.td\"\ninclude \"SplitOps.td\"\ninclude \"Wrong.td\"\n",
		"Base.td":     "class Dialect_Op<string n> { string mnemonic = n; }\n",
		"Iface.td":    "class Iface;\n",
		"SplitOps.td": "include \"Iface.td\"\ndef A : Dialect_Op<\"a\">, Iface;\n",
		"Wrong.td":    "include \"Iface.td\"\ndef B : Dialect_Opp<\"b\">, Iface;\n",
		"Alone.td":    "include \"Iface.td\"\ndef C : Dialect_Op<\"c\">, Iface;\n",
	}, Options{}, nil, nil)
	if p := s.open("SplitOps.td"); len(p.Diagnostics) != 0 {
		t.Errorf("split op file: %s", messages(p))
	}
	var defs []protocol.Location
	if err := s.call("textDocument/definition", docAt(s, "SplitOps.td", 1, 10), &defs); err != nil {
		t.Fatal(err)
	}
	if len(defs) != 1 || !strings.HasSuffix(string(defs[0].URI), "Base.td") {
		t.Errorf("definition of the includer's class: %+v", defs)
	}
	if p := s.open("Wrong.td"); !strings.Contains(messages(p), "Dialect_Opp") {
		t.Errorf("a mistake of the file itself: %q", messages(p))
	}
	// Included by nothing, a file is its own root, with its errors.
	if p := s.open("Alone.td"); !strings.Contains(messages(p), "Dialect_Op") {
		t.Errorf("a root that misses a class: %q", messages(p))
	}
}

// Positions are UTF-16: a diagnostic after non-ASCII text on the same line
// counts an emoji as two units and an accented letter as one.
func TestUTF16Positions(t *testing.T) {
	text := "def A { string s = \"é😀\"; int x = ; }\n"
	s := start(t, map[string]string{"a.td": text}, Options{}, nil, nil)
	p := s.open("a.td")
	if len(p.Diagnostics) == 0 {
		t.Fatal("no diagnostic")
	}
	// The error is at ';' after "int x = ": byte column 36, UTF-16 column 34.
	if c := p.Diagnostics[0].Range.Start.Character; c != 34 {
		t.Fatalf("UTF-16 column %d, want 34 (%+v)", c, p.Diagnostics[0])
	}
	// Hover at a UTF-16 position after the emoji finds the right token.
	var h *protocol.Hover
	s.change("a.td", "defvar s = \"😀\"; defvar y = !add(1, 2);\n")
	if err := s.call("textDocument/hover", docAt(s, "a.td", 0, 30), &h); err != nil || h == nil || !strings.Contains(h.Contents.Value, "!add") {
		t.Fatalf("hover after emoji: %v %+v", err, h)
	}
}

// A client that takes LSP 3.17's item defaults gets the replaced range once
// for the list, and the snippet of an item as its textEditText; nothing is
// proposed where a new name is being declared.
func TestCompletionItemDefaults(t *testing.T) {
	s := startClient(t, map[string]string{"a.td": "class Alpha;\ndef X : A\n!su\ndef A\n"}, Options{}, nil, nil,
		func(c *lsptest.Client) { c.CompletionItemDefaults = []string{"editRange", "insertTextFormat"} })
	s.open("a.td")
	type list struct {
		ItemDefaults struct {
			EditRange *protocol.Range `json:"editRange"`
		} `json:"itemDefaults"`
		Items []struct {
			Label        string             `json:"label"`
			TextEdit     *protocol.TextEdit `json:"textEdit"`
			TextEditText string             `json:"textEditText"`
		} `json:"items"`
	}
	complete := func(line, char int) list {
		var l list
		if err := s.call("textDocument/completion", docAt(s, "a.td", line, char), &l); err != nil {
			t.Fatal(err)
		}
		return l
	}
	l := complete(1, 9) // def X : A|
	want := protocol.Range{Start: protocol.Position{Line: 1, Character: 8}, End: protocol.Position{Line: 1, Character: 9}}
	if l.ItemDefaults.EditRange == nil || *l.ItemDefaults.EditRange != want || len(l.Items) == 0 || l.Items[0].Label != "Alpha" {
		t.Fatalf("after ':': %+v", l)
	}
	for _, it := range l.Items {
		if it.TextEdit != nil || it.TextEditText != "" {
			t.Errorf("%s: per-item edit %+v %q", it.Label, it.TextEdit, it.TextEditText)
		}
	}
	l = complete(2, 3) // !su|
	for _, it := range l.Items {
		if it.Label == "!sub" && it.TextEditText != "!sub(${1:a}, ${2:b})$0" {
			t.Errorf("!sub: %+v", it)
		}
	}
	if l := complete(3, 5); len(l.Items) != 0 { // def A|
		t.Errorf("at a def's name: %+v", l.Items)
	}
}
