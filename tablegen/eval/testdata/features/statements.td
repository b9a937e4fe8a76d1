// defvar, defset, deftype, foreach, if, top-level let, assert, dump.
class C<int n> { int N = n; string Tag = ""; }
defvar G = 10;
deftype IntList = list<int>;
defset list<C> Set = {
  def s0 : C<0>;
  foreach i = [1, 2] in
    def s#i : C<!add(i, G)>;
}
def setSize { int n = !size(Set); IntList l = [1]; }
foreach i = 0-2 in {
  defvar sq = !mul(i, i);
  def sq#i : C<sq>;
}
foreach i = {3, 5...6} in def r#i : C<i>;
foreach name = ["a", "b"] in def n_#name : C<1>;
let Tag = "outer" in {
  def l0 : C<1>;
  let N = 42, Tag = "inner" in
    def l1 : C<1>;
}
if !eq(G, 10) then {
  def ifTrue : C<1>;
} else {
  def ifFalse : C<1>;
}
if 0 then def never : C<0>;
assert !eq(G, 10), "G is ten";
def withAssert : C<3> { assert !gt(N, 0), "positive"; }
foreach i = [1, 2] in { def : C<i>; }
def : C<9>;
