//===- Attributes.td - attributes and properties -----------*- tablegen -*-===//
//
// Attribute and property capture, constraint and construction: optional and
// default-valued attributes, ConstantAttr and enum cases in source and
// result, properties with and without constraints, ConstantProp.
//
//===----------------------------------------------------------------------===//

include "FixtureOps.td"

// Capturing and passing attributes through.
def : Pat<(Fx_AOp $x, $a), (Fx_AOp $x, $a)>;
def : Pat<(Fx_AOp (Fx_BOp $x), $a), (Fx_AOp $x, $a)>;
def : Pat<(Fx_AOp $x, $_), (Fx_BOp $x)>;
def : Pat<(Fx_FloatOp $x, $f), (Fx_FloatOp $x, $f)>;
def : Pat<(Fx_StrOp $n, $x), (Fx_StrOp $n, $x)>;
def : Pat<(Fx_MixedOp $x, $n, $y, $l), (Fx_MixedOp $y, $n, $x, $l)>;
def : Pat<(Fx_FlagOp $x, $e, $f), (Fx_FlagOp $x, $e, $f)>;
def : Pat<(Fx_ArrOp $x, $d, $n), (Fx_ArrOp $x, $d, $n)>;
def : Pat<(Fx_ConstOp $v), (Fx_ConstOp $v)>;
def : Pat<(Fx_ElemOp $x, $v, $k), (Fx_ElemOp $x, $v, $k)>;
def : Pat<(Fx_CmpOp $p, $a, $b), (Fx_CmpOp $p, $b, $a)>;
def : Pat<(Fx_ModeOp $x, $m), (Fx_ModeOp $x, $m)>;
def : Pat<(Fx_UOp (Fx_AOp $x, $a)), (Fx_UOp (Fx_AOp $x, $a))>;
def : Pat<(Fx_UOp (Fx_LOp $t, $x)), (Fx_LOp $t, $x)>;

// Attribute constraints in the source.
def : Pat<(Fx_AOp $x, I32Attr:$a), (Fx_BOp $x)>;
def : Pat<(Fx_AOp $x, PosAttr:$a), (Fx_BOp $x)>;
def : Pat<(Fx_AOp $x, IsZeroAttr:$a), (replaceWithValue $x)>;
def : Pat<(Fx_AOp $x, IsZeroAttr), (replaceWithValue $x)>;
def : Pat<(Fx_MixedOp $x, I64Attr:$n, $y, StrAttr:$l), (Fx_BinOp $x, $y)>;
def : Pat<(Fx_ArrOp $x, I64ArrayAttr:$d, $n), (Fx_UOp $x)>;
def : Pat<(Fx_BOp (Fx_AOp $x, PosAttr:$a)), (Fx_AOp $x, $a)>;
def : Pat<(Fx_FloatOp $x, F32Attr:$f), (Fx_FloatOp $x, $f)>;
def : Pat<(Fx_ElemOp $x, ElementsAttr:$v, $k), (Fx_UOp $x)>;

// Optional and default-valued attributes.
def : Pat<(Fx_IOp $x, $o, $d), (Fx_IOp $x, $o, $d)>;
def : Pat<(Fx_IOp $x, $_, $_), (Fx_UOp $x)>;
def : Pat<(Fx_IOp $x, PosAttr:$o, $d), (Fx_IOp $x, $o, $d)>;
def : Pat<(Fx_IOp $x, $o, PosAttr:$d), (Fx_IOp $x, $o, $d)>;
def : Pat<(Fx_IOp $x, I32Attr:$o, I32Attr:$d), (Fx_UOp $x)>;
def : Pat<(Fx_ArrOp $x, $d, StrAttr:$n), (Fx_ArrOp $x, $d, $n)>;
def : Pat<(Fx_ElemOp $x, $v, StrAttr:$k), (Fx_ElemOp $x, $v, $k)>;
def : Pat<(Fx_FlagOp $x, BoolAttr:$e, UnitAttr:$f), (Fx_FlagOp $x, $e, $f)>;

// Constant attributes: matching and building.
def : Pat<(Fx_AOp $x, ConstOne), (replaceWithValue $x)>;
def : Pat<(Fx_AOp $x, ConstZero:$z), (Fx_AOp $x, $z)>;
def : Pat<(Fx_AOp $x, $a), (Fx_AOp $x, ConstOne)>;
def : Pat<(Fx_AOp $x, ConstOne), (Fx_AOp $x, ConstZero)>;
def : Pat<(Fx_MixedOp $x, ConstTwoI64, $y, $l), (Fx_MixedOp $y, ConstTwoI64, $x, ConstHello)>;
def : Pat<(Fx_FloatOp $x, ConstHalf), (Fx_FloatOp $x, ConstF32Attr<"2.0">)>;
def : Pat<(Fx_StrOp ConstHello, $x), (Fx_StrOp ConstantStrAttr<StrAttr, "bye">, $x)>;
def : Pat<(Fx_FlagOp $x, ConstBoolAttrTrue, $f), (Fx_FlagOp $x, ConstBoolAttrFalse, $f)>;
def : Pat<(Fx_FlagOp $x, $e, ConstUnitAttr), (Fx_FlagOp $x, $e, ConstUnitAttr)>;
def : Pat<(Fx_IOp $x, ConstOne, $d), (Fx_IOp $x, ConstZero, ConstOne)>;
def : Pat<(Fx_UOp (Fx_AOp $x, ConstOne)), (Fx_UOp (Fx_AOp $x, ConstZero))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_AOp $x, ConstantAttr<I32Attr, "42">))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_MixedOp $x, ConstTwoI64, $x, ConstHello))>;

// Enum cases.
def : Pat<(Fx_CmpOp Fx_Pred_EQ, $a, $b), (Fx_CmpOp Fx_Pred_NE, $a, $b)>;
def : Pat<(Fx_CmpOp Fx_Pred_LT, $a, $a), (Fx_CmpOp Fx_Pred_GE, $a, $a)>;
def : Pat<(Fx_CmpOp Fx_Pred_GE:$p, $a, $b), (Fx_CmpOp $p, $b, $a)>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_CmpOp Fx_Pred_EQ, $x, $x))>;
def : Pat<(Fx_ModeOp $x, ConstantEnumCase<Fx_ModeAttr, "fast">),
          (Fx_ModeOp $x, ConstantEnumCase<Fx_ModeAttr, "safe">)>;
def : Pat<(Fx_CmpOp ConstantEnumCase<Fx_PredicateAttr, "ne">, $a, $b),
          (Fx_CmpOp ConstantEnumCase<Fx_PredicateAttr, "eq">, $a, $b)>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_ModeOp $x, ConstantEnumCase<Fx_ModeAttr, "safe">))>;

// Properties.
def : Pat<(Fx_POp $p, $x), (Fx_POp $p, $x)>;
def : Pat<(Fx_POp $_, $x), (Fx_UOp $x)>;
def : Pat<(Fx_POp NonNegI32Prop:$p, $x), (Fx_POp $p, $x)>;
def : Pat<(Fx_POp NonNegProp:$p, $x), (Fx_POp $p, $x)>;
def : Pat<(Fx_POp I32Prop:$p, $x), (Fx_POp $p, $x)>;
def : Pat<(Fx_POp PropSeven, $x), (replaceWithValue $x)>;
def : Pat<(Fx_POp $p, $x), (Fx_POp PropSeven, $x)>;
def : Pat<(Fx_POp $p, $x), (Fx_UOp (Fx_POp PropSeven, $x))>;
def : Pat<(Fx_POp $p, $x), (Fx_UOp (Fx_POp $p, $x))>;
def : Pat<(Fx_POp $p, $x), (Fx_POp ConstantProp<I32Prop, "-1">, $x)>;
def : Pat<(Fx_SPOp $s, $x), (Fx_SPOp $s, $x)>;
def : Pat<(Fx_SPOp PropName, $x), (Fx_SPOp PropName, $x)>;
def : Pat<(Fx_SPOp $s, $x), (Fx_UOp (Fx_SPOp $s, $x))>;
def : Pat<(Fx_DefPropOp $x, $c, $f), (Fx_DefPropOp $x, $c, $f)>;
def : Pat<(Fx_DefPropOp $x, NonNegProp:$c, $f), (Fx_UOp $x)>;
def : Pat<(Fx_DefPropOp $x, $c, ConstantProp<BoolProp, "true">),
          (Fx_DefPropOp $x, ConstantProp<I64Prop, "0">, ConstantProp<BoolProp, "false">)>;
def : Pat<(Fx_snake_case_Op $v, PosAttr:$a, NonNegProp:$p), (Fx_snake_case_Op $v, $a, $p)>;
def : Pat<(Fx_UOp (Fx_POp $p, (Fx_SPOp $s, $x))), (Fx_POp $p, (Fx_SPOp $s, $x))>;
