// multiclass, defm, nested multiclasses, NAME, defm inheriting classes,
// anonymous records and inline instantiation numbering.
class I<string s, int n = 0> { string S = s; int N = n; string Full = NAME; }
class Extra { int E = 1; }
multiclass M<int v> {
  def _a : I<"a", v>;
  def NAME#_b : I<"b">;
  def : I<"anon", v>;
  foreach k = [1, 2] in def _k#k : I<"k", k>;
}
defm m1 : M<1>;
defm m2 : M<2>, Extra;
multiclass Outer<int w> {
  defm _in : M<w>;
  def _own : I<"own", w>;
}
defm o : Outer<5>;
let N = 77 in defm lt : M<3>;
defm : M<4>;
class Holder<I i> { I held = i; }
def h1 : Holder<I<"x">>;
def h2 : Holder<I<"x">>;
def h3 { I a = I<"y", 1>; list<I> l = [I<"y", 1>, I<"z">]; }
multiclass Base2 { def _x : I<"x2">; }
multiclass Derived2 : Base2 { def _y : I<"y2">; }
defm dd : Derived2;
// A multiclass that inherits may end at ';': it is its parents' defs.
multiclass Derived3 : Base2, M<6>;
defm d3 : Derived3;
