package drr

import (
	"strings"
	"testing"

	"tdls/tablegen"
)

// posOf returns the position of the n-th occurrence (0-based) of needle.
func (l *loaded) posOf(t *testing.T, needle string, n int) tablegen.Pos {
	t.Helper()
	f := l.unit.Root
	text := string(f.Content)
	off := -1
	for i := 0; i <= n; i++ {
		j := strings.Index(text[off+1:], needle)
		if j < 0 {
			t.Fatalf("%q occurrence %d not found", needle, n)
		}
		off += 1 + j
	}
	return f.Pos(off)
}

const querySrc = `include "base.td"
def Q : Pattern<(AOp:$a $x, $attr), [(DOp:$d $x), (BOp $d__1)], [(C1 $a)], [], (addBenefit 3)>;
`

func TestHoverAndReferences(t *testing.T) {
	l := load(t, "query.td", querySrc)
	cases := []struct {
		needle string
		nth    int
		want   string
	}{
		{"$x", 0, "operand #0 `x` of `t.a` : I32"},
		{"$attr", 0, "attribute `attr` of `t.a` : I32Attr"},
		{"$d__1", 0, "result 1 `r2` of `t.d` : AnyType"},
		{"$a", 2, "the matched `t.a` op (1 result)"},
	}
	for _, c := range cases {
		loc := l.set.At(l.posOf(t, c.needle, c.nth) + 1)
		if loc == nil {
			t.Fatalf("nothing at %s", c.needle)
		}
		if got := loc.Hover(); !strings.Contains(got, c.want) {
			t.Errorf("hover on %s #%d = %q, want it to contain %q", c.needle, c.nth, got, c.want)
		}
	}
	p := l.set.PatternByName("Q")
	h := p.Hover()
	for _, want := range []string{"root: `t.a`", "benefit: 4", "generates: `t.b`, `t.d`"} {
		if !strings.Contains(h, want) {
			t.Errorf("pattern hover %q lacks %q", h, want)
		}
	}
	refs := p.References("x")
	if len(refs) != 2 || l.text(refs[0]) != "$x" || refs[0].Start > refs[1].Start {
		t.Errorf("references of x: %v", refs)
	}
	edits := p.Rename("d", "dd")
	var got []string
	for _, e := range edits {
		got = append(got, l.text(e.Range)+"->"+e.NewText)
	}
	if strings.Join(got, " ") != "$d->$dd $d__1->$dd__1" {
		t.Errorf("rename edits: %v", got)
	}
	if p.Rename("d", "x") != nil {
		t.Error("rename onto a bound name must be refused")
	}
}

func TestInlayHintsAndCompletion(t *testing.T) {
	l := load(t, "hints.td", `include "base.td"
def H : Pat<(AOp $v, $attr), (COp $v, (BOp $v))>;
`)
	hints := l.set.InlayHints(tablegen.Range{Start: l.unit.Root.Pos(0), End: l.unit.Root.Pos(len(l.unit.Root.Content))})
	var got []string
	for _, h := range hints {
		got = append(got, h.Label)
	}
	if strings.Join(got, " ") != "x: x: y: x:" {
		t.Errorf("inlay hints %v", got)
	}
	items := l.set.Completion(l.posOf(t, "(BOp", 0))
	var labels []string
	for _, it := range items {
		labels = append(labels, it.Label)
	}
	all := strings.Join(labels, " ")
	for _, want := range []string{"$v", "$attr", "replaceWithValue", "returnType", "NativeBuild"} {
		if !strings.Contains(all, want) {
			t.Errorf("completion in result lacks %s: %v", want, labels)
		}
	}
	src := l.set.Completion(l.posOf(t, "$v", 0))
	if len(src) == 0 || src[0].Label != "either" {
		t.Errorf("completion in source: %v", src)
	}
}

// applyFix applies a fix's edits to the root file's text.
func (l *loaded) applyFix(f Fix) string {
	b := []byte(string(l.unit.Root.Content))
	for i := len(f.Edits) - 1; i >= 0; i-- {
		e := f.Edits[i]
		s, en := l.unit.Root.Offset(e.Range.Start), l.unit.Root.Offset(e.Range.End)
		b = append(b[:s:s], append([]byte(e.NewText), b[en:]...)...)
	}
	return string(b)
}

func TestFixes(t *testing.T) {
	cases := []struct{ src, code, want string }{
		{`def : Pat<(AOp $x, $a), (BOp $xx)>;`, "drr-unbound-symbol", `(BOp $x)`},
		{`def : Pat<(AOp $x), (BOp $x)>;`, "drr-arg-count", `(AOp $x, $_)`},
		{`def : Pat<(AOp $x, $a), (BOp $x, $a)>;`, "drr-arg-count", `(BOp $x)`},
		{`def : Pat<(BOp $x), (BOp (DOp $x))>;`, "drr-result-types", `(DOp $x, (returnType`},
		{`def : Pat<(BOp $x), (BOp $x, (returnType $x))>;`, "drr-return-type-root", `(BOp $x)>`},
	}
	for _, c := range cases {
		l := load(t, "fix.td", "include \"base.td\"\n"+c.src+"\n")
		var fixed string
		for _, d := range Check(l.set) {
			if d.Code == c.code && len(d.Fixes) > 0 {
				fixed = l.applyFix(d.Fixes[0])
			}
		}
		if !strings.Contains(fixed, c.want) {
			t.Errorf("%s on %s: fixed text %q lacks %q", c.code, c.src, fixed, c.want)
		}
	}
}
