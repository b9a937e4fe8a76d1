package eval

import (
	"strings"
	"testing"
)

// A statement that fails leaves what it was to define poisoned: the
// statements that use it fail without an error of their own (llvm-tblgen
// would have stopped at the first), whether the name is a def's, a global
// defvar's or a class's, and so do the statements that use theirs.
func TestFailedStatementsPoisonTheirNames(t *testing.T) {
	src := `
class Res<string n> { string name = n; }
class Op<list<Res> rs> { list<Res> res = rs; }
def early : Op<[Later]>;
def Shared : Res<"a", "b">;
defvar SharedRead = [Shared];
def Load : Op<SharedRead>;
def Store : Op<[Shared]>;
class Kind : Missing<1>;
class SubKind : Kind;
def k : SubKind { let field = 1; }
def Later : Res<"ok">;
def typo : Op<[Latr]>;
def fine : Op<[Later]>;
`
	res := Evaluate(parseBytes("poison.td", []byte(src)), Options{})
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.Code+" "+d.Message)
	}
	want := []string{
		"eval-undefined Variable not defined: 'Later'", // used before it is defined: its own error
		"eval-too-many-args Too many template arguments: 2",
		"eval-unknown-class Couldn't find class 'Missing'",
		"eval-undefined Variable not defined: 'Latr'", // a typo: nothing failed defined it
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var defs []string
	for _, r := range res.Defs {
		defs = append(defs, r.NameString())
	}
	if strings.Join(defs, " ") != "Later fine" {
		t.Errorf("defs %v, want [Later fine]", defs)
	}
}

// A class defined twice fails at its second definition; the first stays
// whole, and what derives from it is evaluated and reported as before.
func TestRedefinedClassDoesNotPoisonTheFirst(t *testing.T) {
	src := `
class A { int x = 1; }
class A { int y = 2; }
def d : A { let x = 3; }
`
	res := Evaluate(parseBytes("redefined.td", []byte(src)), Options{})
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Code != "eval-class-redefined" {
		t.Errorf("diagnostics %v, want the redefinition only", res.Diagnostics)
	}
	if len(res.Defs) != 1 || res.Defs[0].NameString() != "d" {
		t.Errorf("defs %v, want d", res.Defs)
	}
}
