def A : B<"x", [C, D]> { let x = 1; let y = [{  keep   me  }]; }
class P<int a = 0> : Q<a>;
def : Pat<(Foo $a, $b), (Bar $a)>;
def C { let x = !cond(!eq(a, 1) : "one", true : "other"); }
def X { bits<4> Inst; let Inst{3-0} = 0b0101; }
foreach i = 0-3 in def R # i : S<i>;
def T : U<!cast<Foo>(x), !strconcat("a", "b") # "c">;
def V : W<[1, -2]>, Y<?>; // trailing
def Z : W<[A /*why*/, B /*why*/], C /*c*/>; // none before a comma or closer
