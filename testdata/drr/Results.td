//===- Results.td - multi-result, auxiliary, supplemental ---*- tablegen -*-===//
//
// Roots with zero, one and several results; auxiliary result patterns;
// `$name__N` to pick one result; supplemental patterns; erasing roots.
//
//===----------------------------------------------------------------------===//

include "FixtureOps.td"

def Notify3 : NativeCodeCallVoid<"notify3($0)">;

// Multi-result roots replaced by multi-result ops or by several values.
def : Pat<(Fx_DOp $x), (Fx_DOp $x)>;
def : Pat<(Fx_EOp $x, $y), (Fx_EOp $y, $x)>;
def : Pat<(Fx_KOp $x), (Fx_KOp $x)>;
def : Pattern<(Fx_DOp $x), [(Fx_UOp $x), (Fx_NOp $x)]>;
def : Pattern<(Fx_DOp $x), [(Fx_UOp:$u $x), (replaceWithValue $x)]>;
def : Pattern<(Fx_DOp $x), [(replaceWithValue $x), (replaceWithValue $x)]>;
def : Pattern<(Fx_KOp $x), [(Fx_DOp $x), (Fx_UOp $x)]>;
def : Pattern<(Fx_KOp $x), [(Fx_UOp $x), (Fx_DOp $x)]>;
def : Pattern<(Fx_KOp $x), [(Fx_UOp $x), (Fx_UOp $x), (Fx_UOp $x)]>;
def : Pattern<(Fx_EOp $x, $y), [(Fx_DOp:$d $x), (Fx_EOp $y, $x)]>;
def : Pattern<(Fx_EOp (Fx_UOp $x), $y), [(Fx_UOp $y), (Fx_BinOp $x, $y)]>;
def : Pattern<(Fx_SplitOp $x), [(Fx_SplitOp $x)]>;
def : Pattern<(Fx_VarResOp $x), [(Fx_VarResOp $x)]>;
def : Pattern<(Fx_UOp (Fx_DOp:$d $x)), [(Fx_BinOp $d__0, $d__1)]>;
def : Pattern<(Fx_UOp (Fx_KOp:$k $x)), [(Fx_Op3 $k__2, $k__1, $k__0)]>;
def : Pattern<(Fx_UOp (Fx_SplitOp:$s $x)), [(Fx_HeadTailOp $s__0, $s__1)]>;
def : Pattern<(Fx_BinOp (Fx_DOp:$d $x), $y), [(Fx_BinOp $d__1, $y)]>;

// Auxiliary results and `__N`.
def : Pattern<(Fx_UOp $x), [(Fx_DOp:$d $x), (Fx_BinOp $d__0, $d__1)]>;
def : Pattern<(Fx_UOp $x), [(Fx_DOp:$d__1 $x)]>;
def : Pattern<(Fx_UOp $x), [(Fx_KOp:$k__2 $x)]>;
def : Pattern<(Fx_DOp $x), [(Fx_KOp:$k $x), (replaceWithValue $k__0), (replaceWithValue $k__2)]>;
def : Pattern<(Fx_KOp $x), [(Fx_DOp:$d__1 $x, (location "named")), (Fx_DOp:$e $x), (replaceWithValue $e__1)]>;
def : Pattern<(Fx_DOp $x), [(Fx_DOp:$a $x), (Fx_DOp:$b $a__0), (replaceWithValue $b__1), (replaceWithValue $a__1)]>;
def : Pattern<(Fx_UOp $x), [(Fx_UOp:$a $x), (Fx_UOp:$b $a), (Fx_BinOp $a, $b)]>;
def : Pattern<(Fx_UOp $x), [(Fx_GOp:$g $x), (Fx_UOp $g)]>;
def : Pattern<(Fx_UOp $x), [(Fx_NoArgOp:$c), (Fx_BinOp $x, $c)]>;
def : Pattern<(Fx_DOp $x), [(Fx_DOp:$d $x), (replaceWithValue $d__1), (replaceWithValue $d__0)]>;
def : Pattern<(Fx_UOp $x), [(Fx_JOp $x), (Fx_UOp $x)]>;
def : Pattern<(Fx_UOp $x), [(Fx_JOp:$j $x), (Fx_UOp $x)]>;
def : Pattern<(Fx_UOp $x), [(Fx_SinkOp $x, (Fx_UOp $x)), (Fx_UOp $x)]>;

// Zero-result roots are erased after the result patterns run.
def : Pattern<(Fx_JOp $x), [(Fx_JOp $x)]>;
def : Pattern<(Fx_JOp (Fx_UOp $x)), [(Fx_SinkOp $x, $x)]>;
def : Pattern<(Fx_SinkOp $x, $y), [(Fx_JOp $x), (Fx_JOp $y)]>;
def : Pattern<(Fx_SinkOp $x, $y), [(Fx_UOp:$u $x), (Fx_SinkOp $u, $y)]>;
def : Pattern<(Fx_JOp:$j $x), [(Fx_JOp $x, (location $j))]>;

// Supplemental patterns.
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [], [(Fx_JOp $x)]>;
def : Pat<(Fx_UOp $x), (Fx_NOp $x), [], [(Fx_JOp $x), (Fx_SinkOp $x, $x)]>;
def : Pat<(Fx_UOp:$u $x), (Fx_UOp $x), [], [(Notify3 $x)]>;
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [], [(Fx_UOp (Fx_UOp $x))]>;
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [], [(Fx_UOp $x, (returnType $x))]>;
def : Pattern<(Fx_JOp $x), [(Fx_JOp $x)], [], [(Fx_SinkOp $x, $x)]>;
def : Pattern<(Fx_DOp $x), [(Fx_DOp:$d $x)], [], [(Fx_SinkOp $d__0, $d__1)]>;
def : Pat<(Fx_BinOp $a, $b), (Fx_BinOp $a, $b), [(HasOneUse $a)], [(Fx_JOp $a)], (addBenefit 3)>;


