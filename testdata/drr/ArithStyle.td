//===- ArithStyle.td - patterns over MLIR's own arith ops ---*- tablegen -*-===//
//
// Canonicalisation-style patterns written against the installed
// mlir/Dialect/Arith/IR/ArithOps.td, so real op definitions (overflow
// flags, fastmath, rounding modes, enum predicates) are exercised.
//
//===----------------------------------------------------------------------===//

include "mlir/IR/PatternBase.td"
include "mlir/Dialect/Arith/IR/ArithOps.td"

def GetZero : NativeCodeCall<"$_builder.getZeroAttr($0.getType())">;
def AddAttrs : NativeCodeCall<"addAttrs($_builder, $0, $1, $2)">;
def MergeFlags : NativeCodeCall<"mergeFlags($0, $1)">;
def Invert : NativeCodeCall<"invert($0)">;
def AsTyped : NativeCodeCall<"::mlir::cast<::mlir::TypedAttr>($0)">;
defvar NoOverflow = ConstantEnumCase<Arith_IntegerOverflowAttr, "none">;
def IsAllOnes : Constraint<And<[CPred<"succeeded(getValue($0))">,
                                CPred<"getValue($0)->isAllOnes()">]>>;
def Wider : Constraint<CPred<"width($0) > width($1)">, "wider">;

def AddAddConst :
    Pat<(Arith_AddIOp:$res
          (Arith_AddIOp $x, (ConstantLikeMatcher APIntAttr:$c0), $f1),
          (ConstantLikeMatcher APIntAttr:$c1), $f2),
        (Arith_AddIOp $x, (Arith_ConstantOp (AddAttrs $res, $c0, $c1)),
            (MergeFlags $f1, $f2))>;
def SubSubConst :
    Pat<(Arith_SubIOp:$res
          (Arith_SubIOp (ConstantLikeMatcher APIntAttr:$c0), $x, $f1),
          (ConstantLikeMatcher APIntAttr:$c1), $f2),
        (Arith_SubIOp (Arith_ConstantOp (AddAttrs $res, $c0, $c1)), $x,
            (MergeFlags $f1, $f2))>;
def AddMulMinusOne :
    Pat<(Arith_AddIOp $x, (Arith_MulIOp $y, (ConstantLikeMatcher AnyAttr:$c), $f1), $f2),
        (Arith_SubIOp $x, $y, NoOverflow),
        [(IsAllOnes $c)]>;
def MulCheckedTypes :
    Pat<(Arith_MulIOp:$res (Arith_MulIOp $x, (ConstantLikeMatcher APIntAttr:$c0), $f1),
          (ConstantLikeMatcher APIntAttr:$c1), $f2),
        (Arith_MulIOp $x, (Arith_ConstantOp (AddAttrs $res, $c0, $c1)), (MergeFlags $f1, $f2)),
        [(Constraint<CPred<"$0.getType() == cast<IntegerAttr>($1).getType()">> $res, $c0),
         (Constraint<CPred<"$0.getType() == cast<IntegerAttr>($1).getType()">> $res, $c1)]>;
def AddUIExtendedUnused :
    Pattern<(Arith_AddUIExtendedOp:$res $x, $y),
            [(Arith_AddIOp $x, $y, NoOverflow), (replaceWithValue $x)],
            [(Constraint<CPred<"$0.getUses().empty()">> $res__1)]>;
def MulSIExtendedOne :
    Pattern<(Arith_MulSIExtendedOp $x, (ConstantLikeMatcher AnyAttr:$c1)),
            [(replaceWithValue $x),
             (Arith_ExtSIOp (Arith_CmpIOp
                ConstantEnumCase<Arith_CmpIPredicateAttr, "slt">,
                $x, (Arith_ConstantOp (GetZero $x))))],
            [(IsAllOnes $c1)]>;
def XOrNotCmp :
    Pat<(Arith_XOrIOp (Arith_CmpIOp $pred, $a, $b),
          (ConstantLikeMatcher ConstantAttr<I1Attr, "1">)),
        (Arith_CmpIOp (Invert $pred), $a, $b)>;
def XOrExt :
    Pat<(Arith_XOrIOp (Arith_ExtUIOp $x), (Arith_ExtUIOp $y)),
        (Arith_ExtUIOp (Arith_XOrIOp $x, $y)),
        [(Constraint<CPred<"$0.getType() == $1.getType()">> $x, $y)]>;
def CmpExt :
    Pat<(Arith_CmpIOp $pred, (Arith_ExtSIOp $a), (Arith_ExtSIOp $b)),
        (Arith_CmpIOp $pred, $a, $b),
        [(Constraint<CPred<"$0.getType() == $1.getType()">> $a, $b),
         (Constraint<CPred<"$0.getValue() == arith::CmpIPredicate::eq">, "is eq"> $pred)]>;
def SelectNot :
    Pat<(SelectOp (Arith_XOrIOp $pred, (ConstantLikeMatcher APIntAttr:$ones)), $a, $b),
        (SelectOp $pred, $b, $a), [(IsAllOnes $ones)]>;
def SelectSame :
    Pat<(SelectOp $pred, (SelectOp $pred, $a, $b), $c), (SelectOp $pred, $a, $c)>;
def SelectToNot :
    Pat<(SelectOp $pred, (ConstantLikeMatcher ConstantAttr<I1Attr, "0">),
                  (ConstantLikeMatcher ConstantAttr<I1Attr, "1">)),
        (Arith_XOrIOp $pred, (Arith_ConstantOp ConstantAttr<I1Attr, "1">))>;
def CastCast :
    Pat<(Arith_IndexCastOp:$res (Arith_IndexCastOp $x)), (replaceWithValue $x),
        [(Constraint<CPred<"$0.getType() == $1.getType()">> $res, $x)]>;
def BitcastBitcast : Pat<(Arith_BitcastOp (Arith_BitcastOp $x)), (Arith_BitcastOp $x)>;
def TruncExt :
    Pat<(Arith_TruncIOp:$tr (Arith_ExtSIOp:$ext $x), $ovf),
        (Arith_ExtSIOp $x), [(Wider $ext, $tr), (Wider $tr, $x)]>;
def TruncShift :
    Pat<(Arith_TruncIOp:$tr (Arith_ShRSIOp $x, (ConstantLikeMatcher TypedAttrInterface:$c), $ex), $ovf),
        (Arith_TruncIOp (Arith_ShRUIOp $x, (Arith_ConstantOp (AsTyped $c)), $ex), $ovf)>;
def TruncFDefault :
    Pat<(Arith_TruncFOp:$tr (Arith_SIToFPOp:$fp $x), $rm, $fmf), (Arith_SIToFPOp $x),
        [(Constraint<CPred<"$0 == nullptr">, "default rounding mode"> $rm)]>;
def MulFNegNeg :
    Pat<(Arith_MulFOp (Arith_NegFOp $x, $_), (Arith_NegFOp $y, $_), $fmf),
        (Arith_MulFOp $x, $y, $fmf)>;
def AddFZero :
    Pat<(Arith_AddFOp $x, (ConstantLikeMatcher ConstF32Attr<"0.0">), $fmf), (replaceWithValue $x)>;
def MaxSame : Pat<(Arith_MaxSIOp $x, $x), (replaceWithValue $x)>;
def AndSame : Pat<(Arith_AndIOp $x, $x), (replaceWithValue $x)>;
def OrExt :
    Pat<(Arith_OrIOp (Arith_ExtUIOp $x), (Arith_ExtUIOp $y)),
        (Arith_ExtUIOp (Arith_OrIOp $x, $y))>;
def NegFNegF : Pat<(Arith_NegFOp (Arith_NegFOp $x, $f1), $f2), (replaceWithValue $x)>;
def CmpFSame : Pat<(Arith_CmpFOp ConstantEnumCase<Arith_CmpFPredicateAttr, "oeq">, $x, $x, $fmf),
                   (Arith_CmpFOp ConstantEnumCase<Arith_CmpFPredicateAttr, "ord">, $x, $x, $fmf)>;
def ConstToConst : Pat<(Arith_ConstantOp $v), (Arith_ConstantOp $v)>;
def ExtFTruncF : Pat<(Arith_ExtFOp (Arith_TruncFOp $x, $rm, $f1), $f2), (replaceWithValue $x)>;
def DivUIOne : Pat<(Arith_DivUIOp $x, (ConstantLikeMatcher ConstantAttr<I32Attr, "1">), $_), (replaceWithValue $x)>;
