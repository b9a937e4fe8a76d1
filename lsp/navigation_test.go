package lsp

import (
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// navSample exercises names of every kind. Lines (0-based) matter to the
// tests below.
const navSample = `include "lib.td"
// A base with a width.
class Base<int w, string s = "x"> {
  int width = w;
  string name = s;
}
class Mid<int m> : Base<m> {
  let width = !add(m, 1);
}
def Plain : Base<1> { let name = "p"; }
def Other : Mid<2>;
defvar V = Plain.width;
def Use { int x = Other.width; int y = V; }
multiclass MC<int n> {
  def _a : Base<n>;
}
defm P : MC<3>;
def Q { Base b = P_a; }
`

func (s *session) defAt(name string, line, char int) []protocol.Location {
	s.t.Helper()
	var locs []protocol.Location
	if err := s.call("textDocument/definition", docAt(s, name, line, char), &locs); err != nil {
		s.t.Fatal(err)
	}
	return locs
}

func at(l protocol.Location) [2]uint32 { return [2]uint32{l.Range.Start.Line, l.Range.Start.Character} }

func TestDefinitionOfEveryKind(t *testing.T) {
	s := start(t, map[string]string{"a.td": navSample, "lib.td": "class Lib;\n"}, Options{}, nil, nil)
	s.open("a.td")
	cases := []struct {
		line, char int
		file       string
		want       [][2]uint32 // first the declaration, then the overriding lets
	}{
		{6, 19, "a.td", [][2]uint32{{2, 6}}},          // Base in a parent list -> class
		{6, 24, "a.td", [][2]uint32{{6, 14}}},         // m in Base<m> -> template arg
		{3, 14, "a.td", [][2]uint32{{2, 15}}},         // w in the body -> template arg
		{7, 6, "a.td", [][2]uint32{{3, 6}}},           // let width in Mid -> field
		{9, 26, "a.td", [][2]uint32{{4, 9}}},          // let name in a def -> field
		{11, 17, "a.td", [][2]uint32{{3, 6}}},         // Plain.width -> field
		{11, 11, "a.td", [][2]uint32{{9, 4}}},         // Plain -> def
		{12, 24, "a.td", [][2]uint32{{3, 6}, {7, 6}}}, // Other.width -> field, then Mid's let
		{12, 39, "a.td", [][2]uint32{{11, 7}}},        // V -> defvar
		{14, 16, "a.td", [][2]uint32{{13, 18}}},       // n -> multiclass template arg
		{16, 9, "a.td", [][2]uint32{{13, 11}}},        // MC in defm -> multiclass
		{17, 17, "a.td", [][2]uint32{{14, 6}}},        // P_a -> the def the defm made (evaluation)
		{0, 10, "lib.td", [][2]uint32{{0, 0}}},        // include -> file
	}
	for _, c := range cases {
		locs := s.defAt("a.td", c.line, c.char)
		var got [][2]uint32
		for _, l := range locs {
			got = append(got, at(l))
		}
		if len(locs) == 0 || locs[0].URI != uri.File(s.path(c.file)) || !equalPositions(got, c.want) {
			t.Errorf("definition at %d:%d: got %v %v, want %s %v", c.line, c.char, got, locs, c.file, c.want)
		}
	}
}

func equalPositions(a, b [][2]uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestReferencesOfAFieldIncludeEveryOverride(t *testing.T) {
	s := start(t, map[string]string{"a.td": navSample, "lib.td": "class Lib;\n",
		"other.td": "include \"a.td\"\ndef Z : Base<5> { let width = 6; }\n"}, Options{}, nil, nil)
	s.open("a.td")
	s.open("other.td")
	var locs []protocol.Location
	params := docAt(s, "a.td", 3, 7) // int width
	params["context"] = map[string]any{"includeDeclaration": true}
	if err := s.call("textDocument/references", params, &locs); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, l := range locs {
		got[strings.TrimPrefix(string(l.URI), string(uri.File(s.dir))+"/")+":"+jsonPos(l.Range.Start)] = true
	}
	for _, want := range []string{"a.td:3:6", "a.td:7:6", "a.td:11:17", "a.td:12:24", "other.td:1:22"} {
		if !got[want] {
			t.Errorf("references of width lack %s; got %v", want, got)
		}
	}
	var hl []protocol.DocumentHighlight
	if err := s.call("textDocument/documentHighlight", docAt(s, "a.td", 7, 7), &hl); err != nil {
		t.Fatal(err)
	}
	if len(hl) != 4 {
		t.Errorf("highlights of width in a.td: %d, want 4: %+v", len(hl), hl)
	}
}

func jsonPos(p protocol.Position) string {
	b, _ := json.Marshal([]uint32{p.Line, p.Character})
	return strings.Trim(strings.ReplaceAll(string(b), ",", ":"), "[]")
}

func TestHoverOnRecordsAndFields(t *testing.T) {
	s := start(t, map[string]string{"a.td": navSample, "lib.td": "class Lib;\n"}, Options{}, nil, nil)
	s.open("a.td")
	hover := func(line, char int) string {
		var h *protocol.Hover
		if err := s.call("textDocument/hover", docAt(s, "a.td", line, char), &h); err != nil || h == nil {
			t.Fatalf("hover %d:%d: %v", line, char, err)
		}
		return h.Contents.Value
	}
	if h := hover(10, 5); !strings.Contains(h, "def Other : Mid") || !strings.Contains(h, "int width = 3;") {
		t.Errorf("hover on a def lacks parents or resolved fields:\n%s", h)
	}
	if h := hover(2, 7); !strings.Contains(h, "class Base<int w, string s = \"x\">") || !strings.Contains(h, "A base with a width.") {
		t.Errorf("hover on a class lacks signature or doc comment:\n%s", h)
	}
	if h := hover(7, 7); !strings.Contains(h, "int Base::width") || !strings.Contains(h, "value in `Mid`") {
		t.Errorf("hover on a field:\n%s", h)
	}
}

func TestWorkspaceSymbolRenameInlaySignature(t *testing.T) {
	s := start(t, map[string]string{"a.td": navSample, "lib.td": "class Lib;\n"}, Options{}, nil, nil)
	s.open("a.td")
	var syms []protocol.SymbolInformation
	if err := s.call("workspace/symbol", map[string]any{"query": "pln"}, &syms); err != nil {
		t.Fatal(err)
	}
	if len(syms) == 0 || syms[0].Name != "Plain" {
		t.Errorf("workspace/symbol pln: %+v", syms)
	}

	var ws protocol.WorkspaceEdit
	params := docAt(s, "a.td", 2, 16) // w
	params["newName"] = "bits"
	if err := s.call("textDocument/rename", params, &ws); err == nil {
		t.Errorf("rename to a keyword accepted: %+v", ws)
	}
	params["newName"] = "wd"
	if err := s.call("textDocument/rename", params, &ws); err != nil {
		t.Fatal(err)
	}
	if edits := ws.Changes[uri.File(s.path("a.td"))]; len(edits) != 2 {
		t.Errorf("rename of template arg w: %+v", ws.Changes)
	}

	var hints []map[string]any
	if err := s.call("textDocument/inlayHint", map[string]any{"textDocument": doc(s, "a.td")["textDocument"],
		"range": map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 20, "character": 0}}}, &hints); err != nil {
		t.Fatal(err)
	}
	labels := []string{}
	for _, h := range hints {
		labels = append(labels, h["label"].(string))
	}
	if got := strings.Join(labels, " "); got != "w: w: m: w: n:" {
		t.Errorf("inlay hints: %q", got)
	}

	var sig map[string]any
	if err := s.call("textDocument/signatureHelp", docAt(s, "a.td", 6, 24), &sig); err != nil {
		t.Fatal(err)
	}
	if sig == nil || !strings.Contains(string(mustJSON(sig)), `Base\u003cint w, string s = \"x\"\u003e`) {
		t.Errorf("signature help in Base<m>: %v", sig)
	}
	// A retrigger, as VS Code sends it while typing, carries the last
	// answer back, parameter labels as offsets included.
	retrigger := docAt(s, "a.td", 6, 24)
	retrigger["context"] = map[string]any{"triggerKind": 3, "isRetrigger": true, "activeSignatureHelp": sig}
	var again map[string]any
	if err := s.call("textDocument/signatureHelp", retrigger, &again); err != nil {
		t.Fatalf("signature help retriggered with the last answer: %v", err)
	}
	if string(mustJSON(again)) != string(mustJSON(sig)) {
		t.Errorf("retriggered signature help: %v, want %v", again, sig)
	}
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }

func TestRenameRefusedInLibraries(t *testing.T) {
	lib := t.TempDir()
	writeFiles(t, lib, map[string]string{"lib.td": "class Lib<int k>;\n"})
	s := start(t, map[string]string{"a.td": "include \"lib.td\"\ndef X : Lib<1>;\n"}, Options{ExtraDirs: []string{lib}}, nil, nil)
	s.open("a.td")
	var res any
	err := s.call("textDocument/prepareRename", docAt(s, "a.td", 1, 9), &res)
	if err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("prepareRename of a library class: %v %v", res, err)
	}
}

func TestCompletionOfFieldsAndScope(t *testing.T) {
	s := start(t, map[string]string{"a.td": navSample, "lib.td": "class Lib;\n"}, Options{}, nil, nil)
	text := navSample + "def R : Base<4> { let  }\ndef S { int z = Plain.; }\n"
	s.open("a.td", text)
	labels := func(line, char int) string {
		var list protocol.CompletionList
		if err := s.call("textDocument/completion", docAt(s, "a.td", line, char), &list); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, it := range list.Items {
			if it.Kind == protocol.CompletionItemKindField {
				out = append(out, it.Label)
			}
		}
		return strings.Join(out, ",")
	}
	if got := labels(18, 22); got != "width,name" {
		t.Errorf("after let: %q", got)
	}
	if got := labels(19, 22); got != "width,name" {
		t.Errorf("after Plain.: %q", got)
	}
	if got := labels(3, 15); !strings.Contains(got, "w") {
		t.Errorf("template args in scope: %q", got)
	}
}
