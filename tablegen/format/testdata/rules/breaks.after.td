def AddIOp : Arith_Op<"addi"> {
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs,
                       SignlessIntegerOrIndexLike:$rhs,
                       UnitAttr:$flag);
  let summary =
    "a summary that is long enough to pass the column limit of eighty";
}
def : Pat<(AddIOp (AddIOp $x, (ConstantOp $c0)), (ConstantOp $c1)),
          (AddIOp $x, (ConstantOp (AddConst $c0, $c1)))>;
def Long : Op<"long",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>,
     SameOperandsAndResultType]>;
// A header with no other break is broken after its ':'.
def IsEnableScalarBcastBinary :
    Constraint<CPred<"isEnableScalarBcastBinary()">>;
