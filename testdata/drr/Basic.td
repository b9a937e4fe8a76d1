//===- Basic.td - plain matching and replacement -----------*- tablegen -*-===//
//
// Op matching at several depths, operand and op bindings, replaceWithValue,
// named and anonymous patterns, result ops whose types come from the root.
//
//===----------------------------------------------------------------------===//

include "FixtureOps.td"

// One op to another, operands only.
def : Pat<(Fx_AOp $x, $a), (Fx_BOp $x)>;
def : Pat<(Fx_BOp $x), (Fx_NOp $x)>;
def : Pat<(Fx_NOp $x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp $input), (Fx_MOp $input)>;
def : Pat<(Fx_I64Op $x), (Fx_I64Op $x)>;
def : Pat<(Fx_TensorOp $t), (Fx_TensorOp $t)>;
def : Pat<(Fx_BinOp $a, $b), (Fx_BinOp $b, $a)>;
def : Pat<(Fx_Op3 $a, $b, $c), (Fx_Op3 $c, $b, $a)>;
def : Pat<(Fx_Op3 $a, $b, $c), (Fx_BinOp $a, $c)>;
def : Pat<(Fx_NoArgOp), (Fx_NoArgOp)>;

// replaceWithValue.
def : Pat<(Fx_BOp $x), (replaceWithValue $x)>;
def : Pat<(Fx_BinOp $a, $b), (replaceWithValue $b)>;
def : Pat<(Fx_Op3 $a, $_, $_), (replaceWithValue $a)>;
def : Pat<(Fx_UOp (Fx_UOp $x)), (replaceWithValue $x)>;
def : Pat<(Fx_NegOp (Fx_NegOp $x)), (replaceWithValue $x)>;
def : Pat<(Fx_BinOp $a, (Fx_UOp $b)), (Fx_BinOp $a, (replaceWithValue $b))>;

// Nested source patterns.
def : Pat<(Fx_BOp (Fx_BOp $x)), (Fx_BOp $x)>;
def : Pat<(Fx_BOp (Fx_AOp $x, $a)), (Fx_BOp $x)>;
def : Pat<(Fx_BOp (Fx_BOp (Fx_BOp $x))), (Fx_BOp $x)>;
def : Pat<(Fx_BinOp (Fx_UOp $x), (Fx_UOp $y)), (Fx_UOp (Fx_BinOp $x, $y))>;
def : Pat<(Fx_Op3 (Fx_UOp $a), $b, (Fx_NOp $c)), (Fx_Op3 $a, $b, $c)>;
def : Pat<(Fx_Op3 $a, (Fx_BinOp (Fx_UOp $b), $c), $d), (Fx_Op3 $a, $b, $d)>;
def : Pat<(Fx_UOp (Fx_BinOp (Fx_UOp (Fx_UOp $x)), $y)), (Fx_BinOp $x, $y)>;
def : Pat<(Fx_NegOp (Fx_AddOp $a, $b)), (Fx_AddOp (Fx_NegOp $a), (Fx_NegOp $b))>;
def : Pat<(Fx_AddOp (Fx_NegOp $a), (Fx_NegOp $b)), (Fx_NegOp (Fx_AddOp $a, $b))>;
def : Pat<(Fx_MixedOp (Fx_UOp $x), $n, (Fx_UOp $y), $l), (Fx_MixedOp $x, $n, $y, $l)>;

// Binding op results in the source.
def : Pat<(Fx_BOp:$outer (Fx_BOp:$inner $x)), (Fx_BinOp $outer, $inner)>;
def : Pat<(Fx_UOp:$u $x), (Fx_BinOp $u, $x)>;
def : Pat<(Fx_BinOp (Fx_UOp:$u $x), $y), (Fx_BinOp $y, $u)>;
def : Pat<(Fx_Op3:$r (Fx_DOp:$d $x), $y, $z), (Fx_Op3 $y, $z, $x)>;
def : Pat<(Fx_UOp (Fx_NoArgOp:$c)), (Fx_UOp $c)>;

// Nested result patterns (separate-parameter builders, operands only).
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_NOp $x))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_MOp (Fx_GOp $x)))>;
def : Pat<(Fx_BinOp $a, $b), (Fx_BinOp (Fx_UOp $a), (Fx_UOp $b))>;
def : Pat<(Fx_Op3 $a, $b, $c), (Fx_Op3 (Fx_BinOp $a, $b), (Fx_BinOp $b, $c), (Fx_BinOp $c, $a))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_UOp (Fx_UOp (Fx_UOp $x))))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_NoArgOp))>;

// Same-type and first-attribute result types.
def : Pat<(Fx_COp $a, $b), (Fx_COp (Fx_COp $a, $b), $b)>;
def : Pat<(Fx_COp $a, $b), (Fx_COp $b, $a)>;
def : Pat<(Fx_LOp $t, $x), (Fx_UOp (Fx_LOp $t, $x))>;
def : Pat<(Fx_LOp $t, $x), (Fx_LOp $t, (Fx_UOp $x))>;
def : Pat<(Fx_UOp $x), (Fx_NegOp (Fx_NegOp $x))>;
def : Pat<(Fx_AddOp $a, $b), (Fx_AddOp $b, $a)>;

// Naming: the struct gets the def's name.
def FoldDoubleU : Pat<(Fx_UOp (Fx_UOp $x)), (Fx_UOp $x)>;
def SwapBin : Pat<(Fx_BinOp $a, $b), (Fx_BinOp $b, $a)>;
def Plain_To_Under : Pat<(PlainOp $x), (_UnderOp $x)>;
def UnderToPlain : Pat<(_UnderOp $x), (PlainOp $x)>;
def SnakeCase : Pat<(Fx_snake_case_Op $v, $a, $p), (Fx_snake_case_Op $v, $a, $p)>;
def lowerFirst : Pat<(Fx_BOp $x), (Fx_BOp $x)>;
def Pattern10 : Pat<(Fx_NOp $x), (Fx_NOp $x)>;
def Pattern9 : Pat<(Fx_NOp $x), (Fx_NOp $x)>;
def Pattern009 : Pat<(Fx_NOp $x), (Fx_NOp $x)>;
