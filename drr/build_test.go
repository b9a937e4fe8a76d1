package drr

import (
	"testing"
)

func TestRangesOfLiteralDags(t *testing.T) {
	l := load(t, "ranges.td", `include "base.td"
def P1 : Pat<(AOp:$a (BOp $x), I32Attr:$attr), (COp (BOp $x), $x), [(C1 $a)]>;
class Wrap<dag res> : Pat<(BOp $y), res>;
def P2 : Wrap<(NOp $y)>;
multiclass M<dag src> { def _m : Pat<src, (BOp $z)>; }
defm P3 : M<(BOp $z)>;
foreach op = [BOp, GOp] in def P4_#op : Pat<(op $w), (BOp $w)>;
`)
	p := l.set.PatternByName("P1")
	if p == nil {
		t.Fatal("P1 not found")
	}
	checks := []struct{ got, want string }{
		{l.text(p.Source.Range), "(AOp:$a (BOp $x), I32Attr:$attr)"},
		{l.text(p.Source.OperatorRange), "AOp"},
		{l.text(p.Source.NameRange), "$a"},
		{l.text(p.Source.Child(0).Range), "(BOp $x)"},
		{l.text(p.Source.Leaf(1).Range), "I32Attr:$attr"},
		{l.text(p.Source.Leaf(1).ValueRange), "I32Attr"},
		{l.text(p.Source.Leaf(1).NameRange), "$attr"},
		{l.text(p.Results[0].Range), "(COp (BOp $x), $x)"},
		{l.text(p.Results[0].Child(0).Range), "(BOp $x)"},
		{l.text(p.Constraints[0].Range), "(C1 $a)"},
	}
	p2 := l.set.PatternByName("P2")
	checks = append(checks,
		struct{ got, want string }{l.text(p2.Source.Range), "(BOp $y)"},
		struct{ got, want string }{l.text(p2.Results[0].Range), "(NOp $y)"})
	p3 := l.set.PatternByName("P3_m")
	if p3 == nil {
		t.Fatal("P3_m not found")
	}
	checks = append(checks,
		struct{ got, want string }{l.text(p3.Source.Range), "(BOp $z)"},
		struct{ got, want string }{l.text(p3.Results[0].Range), "(BOp $z)"})
	p4 := l.set.PatternByName("P4_GOp")
	if p4 == nil {
		t.Fatal("P4_GOp not found")
	}
	checks = append(checks, struct{ got, want string }{l.text(p4.Source.Range), "(op $w)"})
	for i, c := range checks {
		if c.got != c.want {
			t.Errorf("check %d: range covers %q, want %q", i, c.got, c.want)
		}
	}
	if p.Symbols.Lookup("x") == nil || p.Symbols.Lookup("attr").Kind != SymAttr || p.Symbols.Lookup("a").Kind != SymResult {
		t.Errorf("symbols: %+v", p.Symbols.Names())
	}
}
