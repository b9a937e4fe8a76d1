package tablegen

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestSourceSetRefusesPastMaxSetSize(t *testing.T) {
	set := NewSourceSet()
	top := Pos(MaxSetSize - 10)
	f := set.AddFileAt("last.td", []byte("0123456789"), top)
	if f.Pos(10) != MaxSetSize {
		t.Fatalf("EOF position of the last file = %d, want %d", f.Pos(10), MaxSetSize)
	}
	if g, ok := set.TryAddFile("more.td", nil); ok || g != nil {
		t.Fatalf("TryAddFile past MaxSetSize = %v, %v; want nil, false", g, ok)
	}
}

// An include that no longer fits the set's positions is reported at the
// include, and the rest of the unit is lexed and parsed as usual.
func TestIncludePastMaxSetSizeIsADiagnostic(t *testing.T) {
	set := NewSourceSet()
	src := "include \"big.td\"\ndef A;\n"
	root := set.AddFileAt("root.td", []byte(src), Pos(MaxSetSize-len(src)-8))
	loader := memLoader{"big.td": strings.Repeat("def B;\n", 4)}
	u := ParseUnit(set, root, LexOptions{Loader: loader})
	if len(u.Diags) != 1 || u.Diags[0].Code != "include-too-large" {
		t.Fatalf("diagnostics = %v, want one include-too-large", u.Diags)
	}
	if got := string(root.Slice(u.Diags[0].Range)); got != `"big.td"` {
		t.Errorf("reported at %q, want the file name", got)
	}
	if len(u.Statements) != 1 || u.Statements[0].Def() == nil {
		t.Errorf("statements = %d, want def A alone", len(u.Statements))
	}
}

type memLoader map[string]string

func (m memLoader) Include(name, _ string) (string, []byte, error) {
	if s, ok := m[name]; ok {
		return filepath.Join("/mem", name), []byte(s), nil
	}
	return "", nil, &IncludeError{Name: name}
}

// Adopt moves diagnostics into another set: same files, lines and columns,
// one file in the target however many units report in it.
func TestAdoptKeepsPlacesAndSharesFiles(t *testing.T) {
	inc := "class C;\ndef X : D;\n"
	report := NewSourceSet()
	var all []Diagnostic
	for _, root := range []string{"a.td", "b.td"} {
		set := NewSourceSet()
		set.AddFile("pad.td", []byte(strings.Repeat("x", len(root)*7))) // different bases per unit
		f := set.AddFile(root, []byte("include \"inc.td\"\n"))
		u := ParseUnit(set, f, LexOptions{Loader: memLoader{"inc.td": inc}})
		if len(u.Diags) != 0 {
			t.Fatalf("%s: %v", root, u.Diags)
		}
		g := u.Lex.Files[1]
		d := Diagnostic{Range: Range{g.Pos(15), g.Pos(18)}, Severity: SeverityError, Code: "x", Message: "m",
			Related: []Related{{Range: Range{f.Pos(9), f.Pos(15)}, Message: "n"}}}
		all = append(all, report.Adopt(set, []Diagnostic{d})...)
	}
	files := map[*File]bool{}
	for _, d := range all {
		g := report.File(d.Range.Start)
		files[g] = true
		if g == nil || g.Name != "/mem/inc.td" || string(g.Slice(d.Range)) != ": D" {
			t.Fatalf("adopted range %v resolves to %v", d.Range, g)
		}
		if r := report.File(d.Related[0].Range.Start); r == nil || string(r.Slice(d.Related[0].Range)) != "inc.td" {
			t.Errorf("related range resolves to %v", r)
		}
	}
	if len(files) != 1 {
		t.Errorf("inc.td is %d files in the report set, want 1", len(files))
	}
}
