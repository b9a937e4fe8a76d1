package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tdls/tablegen"
)

// TestFeatures evaluates each testdata/features file and compares the JSON
// with llvm-tblgen's, recorded next to it (and produced live when LLVM 22
// is installed).
func TestFeatures(t *testing.T) {
	live := haveLLVM(t)
	for _, path := range testdataFiles(t, "features") {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".td"), func(t *testing.T) {
			u, r := evalFile(t, path)
			for _, d := range append(u.Diags, r.Diagnostics...) {
				if d.Severity == tablegen.SeverityError {
					p := u.Set.Position(d.Range.Start)
					t.Errorf("%d:%d: %s [%s]", p.Line, p.Column, d.Message, d.Code)
				}
			}
			ours := jsonOf(t, r)
			golden, err := os.ReadFile(strings.TrimSuffix(path, ".td") + ".json")
			if err != nil {
				t.Fatal(err)
			}
			if d := jsonDiff(ours, golden); d != "" {
				t.Errorf("differs from recorded llvm-tblgen output: %s", d)
			}
			if live {
				out, stderr, ok := runLLVM(filepath.Dir(path), name)
				if !ok {
					t.Fatalf("llvm-tblgen rejects %s: %s", name, stderr)
				}
				if d := jsonDiff(ours, out); d != "" {
					t.Errorf("differs from live llvm-tblgen: %s", d)
				}
			}
		})
	}
}

// TestEveryBangOperatorCovered checks that the bang operator feature file
// uses every operator llvm-tblgen 22 accepts.
func TestEveryBangOperatorCovered(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "features", "bang.td"))
	if err != nil {
		t.Fatal(err)
	}
	for op := range tablegen.BangOperators {
		if !strings.Contains(string(src), "!"+op+"(") && !strings.Contains(string(src), "!"+op+"<") {
			t.Errorf("!%s is not exercised by testdata/features/bang.td", op)
		}
	}
}

// TestProvenance checks definition locations, instantiation chains and the
// source ranges of field values.
func TestProvenance(t *testing.T) {
	src := `def ops;
class C<int n> {
  dag d = (ops n);
  int v = n;
}
multiclass M { def _x : C<1>; }
defm m : M;
def plain : C<2> { let v = 3; }
`
	u, r := evalBytes("p.td", []byte(src))
	pos := func(p tablegen.Pos) string {
		x := u.Set.Position(p)
		return strings.Join([]string{itoa(int64(x.Line)), itoa(int64(x.Column))}, ":")
	}
	text := func(rg tablegen.Range) string {
		f := u.Set.File(rg.Start)
		if f == nil {
			return ""
		}
		return string(f.Content[f.Offset(rg.Start):f.Offset(rg.End)])
	}
	if len(r.Diagnostics) > 0 {
		t.Fatalf("unexpected diagnostics: %v", r.Diagnostics)
	}
	mx := r.Def("m_x")
	if mx == nil {
		t.Fatal("m_x not defined")
	}
	if len(mx.Locs()) != 2 || pos(mx.Locs()[0].Start) != "6:20" || pos(mx.Locs()[1].Start) != "7:10" {
		t.Errorf("m_x locs = %v", mx.Locs())
	}
	if len(mx.Chain()) != 1 || mx.Chain()[0].Via != "M" {
		t.Errorf("m_x chain = %+v", mx.Chain())
	}
	if d := mx.Field("d"); d == nil || text(d.Src) != "(ops n)" {
		t.Errorf("m_x.d comes from %q, want the dag in the class body", text(d.Src))
	}
	p := r.Def("plain")
	if v := p.Field("v"); text(v.Src) != "3" {
		t.Errorf("plain.v comes from %q, want the let", text(v.Src))
	}
	if sc := p.DirectSuperClasses(); len(sc) != 1 || text(sc[0].Range) != "C<2>" {
		t.Errorf("plain's superclass reference = %+v", sc)
	}
}
