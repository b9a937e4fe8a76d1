// Template arguments with defaults, multiple inheritance, field merging,
// body let, field, late binding, NAME.
class Base<int x, string s = "dflt", int y = !add(x, 1)> {
  int X = x;
  string S = s;
  int Y = y;
  int Late = !mul(X, 10);
  string Name = NAME;
  field int F = 3;
}
class Mixin { int X = 100; bit M = true; list<int> L = []; }
class Derived<int v> : Base<v, "derived">, Mixin { let X = !add(v, 1000); int Z = Late; }
def d0 : Base<1>;
def d1 : Derived<2>;
def d2 : Derived<3> { let S = "overridden"; let Late = 7; }
def d3 : Base<4, y = 9>;
class Redecl : Base<5> { int X; let X = 8; }
def d4 : Redecl;
class Fwd;
class Fwd { int a = 1; }
def d5 : Fwd;
class Self { string me = !cast<string>(NAME); }
def d6 : Self;
