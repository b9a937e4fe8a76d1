package drr

import (
	"sort"
	"strings"
	"testing"

	"tdls/tablegen"
)

// patternSetCases: each mistake is flagged on the patterns named in want
// (pattern name: code, related pattern names); each correct form is clean.
var patternSetCases = []struct {
	name, src string
	want      map[string]string // pattern -> "code related,related"
}{
	{"self-loop", `def Commute : Pat<(COp $a, $b), (COp $b, $a)>;`,
		map[string]string{"Commute": "pattern-self-loop Commute"}},
	{"self-loop-nested", `def Wrap : Pat<(BOp $x), (BOp (BOp $x))>;`,
		map[string]string{"Wrap": "pattern-self-loop Wrap"}},
	{"self-loop-through-bound-op", `def Keep : Pat<(COp (BOp:$b $x), $y), (COp $b, $y)>;`,
		map[string]string{"Keep": "pattern-self-loop Keep"}},
	{"constrained-commutation", `def Commute : Pat<(COp $a, $b), (COp $b, $a), [(C1 $a)]>;`, nil},
	{"commutation-of-constant", `def Commute : Pat<(COp (NOp $a), $b), (COp $b, (NOp $a))>;`, nil},
	{"fold", `def Fold : Pat<(BOp (BOp $x)), (BOp $x)>;`, nil},
	{"commutation-with-folder", `def Commute : Pat<(FoldOp $a, $b), (FoldOp $b, $a)>;`,
		map[string]string{"Commute": "pattern-self-loop Commute"}},
	{"folded-result", `def Recip : Pat<(FoldOp $x, (CstOp:$k)), (FoldOp $x, (FoldOp (CstOp), $k))>;`, nil},
	{"unfoldable-result", `def Recip : Pat<(COp $x, (CstOp:$k)), (COp $x, (COp (CstOp), $k))>;`,
		map[string]string{"Recip": "pattern-self-loop Recip"}},
	{"ping-pong", `def Push : Pat<(MOp (GOp $x)), (GOp (MOp $x))>;
def Pull : Pat<(GOp (MOp $x)), (MOp (GOp $x))>;`,
		map[string]string{"Push": "pattern-ping-pong Pull", "Pull": "pattern-ping-pong Push"}},
	{"ping-pong-constrained", `def Push : Pat<(MOp (GOp $x)), (GOp (MOp $x)), [(C1 $x)]>;
def Pull : Pat<(GOp (MOp $x)), (MOp (GOp $x))>;`, nil},
	{"shadowed", `def General : Pat<(COp $a, $b), (BOp $a)>;
def Specific : Pat<(COp (BOp $a), $b), (BOp $b), [], [], (addBenefit -1)>;`,
		map[string]string{"Specific": "pattern-shadowed General"}},
	{"shadowed-equal-benefit", `def A1 : Pat<(COp $a, $b), (BOp $a)>;
def A2 : Pat<(COp $x, $y), (BOp $y)>;`,
		map[string]string{"A2": "pattern-shadowed A1"}},
	{"more-specific-higher-benefit", `def General : Pat<(COp $a, $b), (BOp $a)>;
def Specific : Pat<(COp (BOp $a), $b), (BOp $b)>;`, nil},
	{"general-constrained", `def General : Pat<(COp $a, $b), (BOp $a), [(C1 $a)], [], (addBenefit 5)>;
def Specific : Pat<(COp (BOp $a), $b), (BOp $b)>;`, nil},
	{"repeated-name-is-a-constraint", `def Same : Pat<(COp $a, $a), (BOp $a), [], [], (addBenefit 5)>;
def Any : Pat<(COp $a, $b), (BOp $b)>;`, nil},
	{"typed-leaf", `def Typed : Pat<(COp I32:$a, $b), (BOp $a), [], [], (addBenefit 5)>;
def Any : Pat<(COp $a, $b), (BOp $b)>;`, nil},
	{"duplicate", `def First : Pat<(COp $a, $b), (BOp $a)>;
def Second : Pat<(COp $a, $b), (BOp $a)>;`,
		map[string]string{"Second": "pattern-duplicate First"}},
}

// foldOps are a binary op with a folder and a constant op, for the
// results the greedy driver folds before matching them.
const foldOps = `def FoldOp : T_Op<"fold"> { let arguments = (ins AnyType:$x, AnyType:$y); let results = (outs AnyType:$r); let hasFolder = 1; }
def CstOp : T_Op<"cst", [ConstantLike]> { let results = (outs AnyType:$r); }
`

func TestPatternSet(t *testing.T) {
	for _, c := range patternSetCases {
		t.Run(c.name, func(t *testing.T) {
			l := load(t, c.name+".td", "include \"base.td\"\n"+foldOps+c.src+"\n")
			for _, d := range Check(l.set) {
				if d.Severity == tablegen.SeverityError {
					t.Fatalf("DRR error in the case: %s", d.Message)
				}
			}
			got := map[string]string{}
			for _, d := range CheckPatternSet(l.set) {
				var owner string
				for _, p := range l.set.Patterns {
					if d.Range.Start >= p.Record.Decl.Start && d.Range.End <= p.Record.Decl.End {
						owner = p.Name
					}
				}
				var rel []string
				for _, r := range d.Related {
					for _, p := range l.set.Patterns {
						if r.Range == p.DefRange && strings.Contains(r.Message, p.Name) && !strings.HasPrefix(r.Message, "in pattern") {
							rel = append(rel, p.Name)
						}
					}
				}
				sort.Strings(rel)
				if got[owner] != "" {
					t.Errorf("%s flagged twice: %s and %s", owner, got[owner], d.Code)
				}
				got[owner] = d.Code + " " + strings.Join(rel, ",")
				// Only a duplicate holds under every driver; the rest are
				// information that names the greedy driver they assume.
				if want := tablegen.SeverityInfo; d.Code == "pattern-duplicate" && d.Severity != tablegen.SeverityWarning ||
					d.Code != "pattern-duplicate" && (d.Severity != want || !strings.HasPrefix(d.Message, "under a greedy rewrite driver")) {
					t.Errorf("%s: severity %v: %s", d.Code, d.Severity, d.Message)
				}
			}
			if len(got) != len(c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
			for p, w := range c.want {
				if got[p] != w {
					t.Errorf("%s: got %q, want %q", p, got[p], w)
				}
			}
		})
	}
}

func TestRootedAtOrder(t *testing.T) {
	l := load(t, "order.td", `include "base.td"
def Z : Pat<(COp $a, $b), (BOp $a)>;
def A : Pat<(COp $a, $b), (BOp $b)>;
def Nested : Pat<(COp (BOp $a), $b), (BOp $b)>;
def Boosted : Pat<(COp $a, $b), (BOp $a), [], [], (addBenefit 3)>;
def : Pat<(COp $a, $b), (BOp $b), [(C1 $a)]>;
def Other : Pat<(BOp $a), (BOp $a), [(C1 $a)]>;
`)
	var names []string
	for _, p := range l.set.RootedAt(l.set.ODS.OpByDef("COp")) {
		names = append(names, p.Name)
	}
	// Benefit 4, then 2, then the benefit-1 patterns in populate order
	// (record names compared as compare_numeric).
	want := "Boosted Nested A Z anonymous_"
	if got := strings.Join(names, " "); !strings.HasPrefix(got, want) || len(names) != 5 {
		t.Errorf("order %q, want %q…", got, want)
	}
}
