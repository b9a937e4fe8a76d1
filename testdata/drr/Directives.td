//===- Directives.td - either, variadic, location, returnType ---*- tablegen -*-===//
//
// The DRR directives: `either` (commutative matching), `variadic` in source
// and result, `location` (named, from a symbol, fused), `returnType` (a
// string, a symbol, a native call), and variadic/optional operands.
//
//===----------------------------------------------------------------------===//

include "FixtureOps.td"

def Wrap2 : NativeCodeCall<"wrap2($0, $1)">;
def Fx_TypeAttrOf : NativeCodeCall<"::mlir::TypeAttr::get($0.getType())">;

// either
def : Pat<(Fx_BinOp (either $a, $b)), (Fx_BinOp $b, $a)>;
def : Pat<(Fx_BinOp (either (Fx_UOp $x), $y)), (Fx_BinOp $x, $y)>;
def : Pat<(Fx_BinOp (either (Fx_UOp $x), (Fx_NOp $y))), (Fx_BinOp $x, $y)>;
def : Pat<(Fx_AddOp (either (Fx_NegOp $a), $b)), (Fx_AddOp $a, $b)>;
def : Pat<(Fx_Op3 (either $a, $b), $c), (Fx_Op3 $c, $a, $b)>;
def : Pat<(Fx_Op3 $a, (either $b, (Fx_UOp $c))), (Fx_Op3 $a, $b, $c)>;
def : Pat<(Fx_Op3 (either $a, I32:$b), $c), (Fx_BinOp $a, $c)>;
def : Pat<(Fx_BinOp (either (Fx_BinOp (either $a, $b)), $c)), (Fx_Op3 $a, $b, $c)>;
def : Pat<(Fx_UOp (Fx_BinOp (either $a, (Fx_UOp $b)))), (Fx_BinOp $a, $b)>;
def : Pat<(Fx_BinOp (either $x, $x)), (Fx_UOp $x)>;
def : Pat<(Fx_BinOp:$r (either (Fx_UOp:$u $x), $_)), (Fx_BinOp $u, $r)>;
def : Pat<(Fx_SinkOp (either (Fx_UOp $x), $y)), (Fx_SinkOp $y, $x)>;

// variadic in the source
def : Pat<(Fx_FOp (variadic $a, $b)), (Fx_BinOp $a, $b)>;
def : Pat<(Fx_FOp (variadic $a)), (Fx_UOp $a)>;
def : Pat<(Fx_FOp (variadic)), (Fx_NoArgOp)>;
def : Pat<(Fx_FOp (variadic:$all (Fx_UOp $a), $b)), (Fx_FOp $all)>;
def : Pat<(Fx_FOp (variadic (Fx_UOp $a), (Fx_NOp $b), $c)), (Fx_Op3 $a, $b, $c)>;
def : Pat<(Fx_FOp (variadic $a, $a)), (Fx_UOp $a)>;
def : Pat<(Fx_FOp (variadic $_, $b)), (Fx_UOp $b)>;
def : Pat<(Fx_HeadTailOp $h, (variadic $t0, $t1)), (Fx_Op3 $h, $t0, $t1)>;
def : Pat<(Fx_HeadTailOp (Fx_UOp $h), (variadic:$t $t0)), (Fx_HeadTailOp $h, $t)>;
def : Pat<(Fx_SameVarOp (variadic $a0, $a1), (variadic $b0, $b1)), (Fx_Op3 $a0, $b0, $b1)>;
def : Pat<(Fx_UOp (Fx_FOp (variadic $a, (Fx_UOp $b)))), (Fx_BinOp $b, $a)>;

// variadic and optional operands passed through
def : Pat<(Fx_FOp $xs), (Fx_FOp $xs)>;
def : Pat<(Fx_UOp (Fx_FOp $xs)), (Fx_FOp $xs)>;
def : Pat<(Fx_FOp $xs), (Fx_UOp (Fx_FOp $xs))>;
def : Pat<(Fx_OptOp $x, $y), (Fx_OptOp $x, $y)>;
def : Pat<(Fx_OptOp $x, $y), (Fx_BinOp $x, $y)>;
def : Pat<(Fx_OptOp $x, $y), (Fx_UOp (Fx_OptOp $x, $y))>;
def : Pat<(Fx_HeadTailOp $h, $t), (Fx_HeadTailOp $h, $t)>;
def : Pat<(Fx_HeadTailOp $h, $t), (Fx_FOp $t)>;
def : Pat<(Fx_SegOp $a, $b, $c), (Fx_SegOp $c, $b, $a)>;
def : Pat<(Fx_SegOp $a, $b, $c), (Fx_UOp (Fx_SegOp $a, $b, $c))>;
def : Pat<(Fx_SameVarOp $a, $b), (Fx_SameVarOp $b, $a)>;
def : Pat<(Fx_TwoVarOp $l, $n, $r), (Fx_TwoVarOp $r, $n, $l)>;
def : Pat<(Fx_UOp (Fx_SegOp $a, (Fx_UOp $b), $c)), (Fx_SegOp $a, $b, $c)>;

// variadic in the result
def : Pat<(Fx_BinOp $a, $b), (Fx_FOp (variadic $a, $b))>;
def : Pat<(Fx_BinOp $a, $b), (Fx_FOp (variadic $b, (Fx_UOp $a), $b))>;
def : Pat<(Fx_UOp $x), (Fx_FOp (variadic))>;
def : Pat<(Fx_FOp (variadic $a, $b)), (Fx_FOp (variadic $b, $a))>;
def : Pat<(Fx_Op3 $a, $b, $c), (Fx_HeadTailOp $a, (variadic $b, $c))>;
def : Pat<(Fx_Op3 $a, $b, $c), (Fx_SegOp (variadic $a), $b, (variadic $c, $c))>;
def : Pat<(Fx_BinOp $a, $b), (Fx_UOp (Fx_FOp (variadic $a, $b)))>;
def : Pat<(Fx_BinOp $a, $b), (Fx_SameVarOp (variadic $a), (variadic $b))>;
def : Pat<(Fx_BinOp $a, $b), (Fx_FOp (variadic (Wrap2 $a, $b)))>;

// location
def : Pat<(Fx_UOp $x), (Fx_UOp $x, (location "named"))>;
def : Pat<(Fx_UOp:$u $x), (Fx_UOp $x, (location $u))>;
def : Pat<(Fx_UOp (Fx_NOp:$n $x)), (Fx_UOp $x, (location $n))>;
def : Pat<(Fx_BinOp:$b (Fx_UOp:$u $x), $y), (Fx_BinOp $x, $y, (location $u, $b))>;
def : Pat<(Fx_BinOp:$b (Fx_UOp:$u $x), $y), (Fx_BinOp $x, $y, (location $b, "fused", $u))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_NOp $x, (location "inner")), (location "outer"))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_NOp $x), (location $x))>;
def : Pat<(Fx_AOp:$a $x, $attr), (Fx_AOp $x, $attr, (location $a))>;
def : Pat<(Fx_COp:$c $a, $b), (Fx_COp $a, $b, (location $c, "same"))>;
def : Pattern<(Fx_DOp:$d $x), [(Fx_UOp:$u $x, (location "aux")), (Fx_DOp $u, (location $d))]>;

// returnType
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_UOp $x, (returnType "$_builder.getI32Type()")))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_UOp $x, (returnType $x)))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_UOp $x, (returnType (TypeOfFirst $x))))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_UOp $x, (returnType (I32Type))))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_DOp $x, (returnType $x, "$_builder.getF32Type()")))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_KOp $x, (returnType $x, (TypeOfFirst $x), "::mlir::IndexType::get($_builder.getContext())")))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_COp $x, $x, (returnType $x)))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_LOp (Fx_TypeAttrOf $x), $x, (returnType $x)))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_UOp $x, (returnType $x), (location "both")))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_UOp $x, (location "both2"), (returnType "$_builder.getIndexType()")))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_JOp $x, (returnType)))>;
def : Pattern<(Fx_UOp $x), [(Fx_UOp:$aux $x, (returnType $x)), (Fx_BinOp $aux, $x)]>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_FOp (variadic $x, $x), (returnType $x)))>;
def : Pat<(Fx_AOp $x, $a), (Fx_UOp (Fx_AOp $x, $a, (returnType "$_builder.getI32Type()")))>;
def : Pat<(Fx_POp $p, $x), (Fx_UOp (Fx_POp $p, $x, (returnType $x)))>;
