// Template arguments a class or multiclass never names: llvm-tblgen 22
// warns of each once the definition is parsed. args.warnings is what it
// prints.
def ins;
class P<int width> { int w = width; }

// Named: in the body, a parent's arguments, a later argument's default,
// an assert, a defvar, a paste, a bit, a !cond, a nested class reference.
class UsedInBody<int a> { int x = a; }
class UsedInParent<int a> : P<a>;
class UsedInDefault<int a, int b = a> { int x = b; }
class UsedInAssert<int a, string m> { assert !gt(a, 0), "m" # m; }
class UsedInDefvar<int a> { defvar v = a; }
class UsedInLet<int a> : P<1> { let w = a; }
class UsedInBit<int a> { bits<4> b; let b{0} = a; }
class UsedInDag<dag d> { dag e = (ins d); }
class UsedInCond<int a> { int k = !cond(!eq(a, 1) : 1, true : 0); }
class UsedInRef<int a> { int k = P<a>.w; }

// Never named.
class Declared<int a>;
class Unused<int a, int b> { int x = a; }
class OnlyAsArgName<int width> : P<width = 3>;
class OnlyAssert<int a> { assert 1, "m"; }
class LetConstant<int a> : P<1> { let w = 2; }
// A !foldl or !foreach variable of the same name is not the argument.
class FoldVar<int acc> { int s = !foldl(0, [1], acc, e, !add(acc, e)); }
class ForeachVar<int e> { list<int> s = !foreach(e, [1], e); }

// Multiclasses: named in a def's parents, name, body, a defm, a let, an
// if, a foreach list; or never.
multiclass UsedInDef<int a, int unused> { def _x : P<a>; }
multiclass UsedInName<string s> { def NAME # s; }
multiclass UsedInDefm<int a> { defm _y : UsedInDef<a, 1>; }
multiclass UsedInMCLet<int a> { let w = a in def _z : P<1>; }
multiclass UsedInIf<int a> { if !eq(a, 1) then def _q; }
multiclass UsedInDefBody<int a> { def _s { int k = a; } }
multiclass UsedInForeach<int a> { foreach i = [a] in def _t # i; }
multiclass ForeachOwnVar<int a> { foreach i = [1] in def _u # i : P<i>; }
multiclass InheritsOnly<int a, int b> : UsedInDef<a, 2>;
multiclass InheritsConstant<int a> : UsedInDef<1, 2>;
