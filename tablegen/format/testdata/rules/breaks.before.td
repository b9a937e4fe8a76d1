def AddIOp : Arith_Op<"addi"> {
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs, UnitAttr:$flag);
  let summary = "a summary that is long enough to pass the column limit of eighty";
}
def : Pat<(AddIOp (AddIOp $x, (ConstantOp $c0)), (ConstantOp $c1)), (AddIOp $x, (ConstantOp (AddConst $c0, $c1)))>;
def Long : Op<"long", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>, SameOperandsAndResultType]>;
// A header with no other break is broken after its ':'.
def IsEnableScalarBcastBinary: Constraint<CPred<"isEnableScalarBcastBinary()">>;
// A class's header is broken after its ':' first, then in its parents;
// its template arguments last.
class ShapeType<string name, string typeMnemonic> : TypeDef<ShapeDialect, name> {}
class WideIntrOp<string mnemonic, Type AB, Type CD> : IntrOp<mnemonic, [0], [1], [], 1, 0, 0, 0, [0, 2, 5], ["signA", "signB", "clamp"]>;
class LongHeader<string mnemonic,
                 Type ab>
    : IntrOp<mnemonic, [0], [1], [], 1, 0, 0, 0, [0, 2, 5], ["signA", "signB", "clamp"]>;
// A Pat's first dag that does not fit after its '<' goes on a line of its
// own when it fits there, and the Pat's lines are indented one level.
def ExpOp_ComplexElementType_Expander : Pat<(StableHLO_ExpOp ComplexElementType:$z, $acc),
  (StableHLO_ComplexOp $z, $acc)>;
// Not before a '#' that ends its line: it would be left alone on one.
def Check : PredOpTrait<acc # "accumulator type must match the operands' types" #
  " operands.">;
// Not after a ':' that starts its line: it would be left alone on one.
def HLO_SpeculatableIfAllInputsStaticAndShapeConstantImplTrait
  : HLO_NativeOpTrait<"SpeculatableIfAllInputsStaticAndShapeConstantImplTrait">;
// Nor before an opening bracket that ends its line.
def SPIRV_LinkageTypeAttr :
    SPIRV_I32EnumAttr<"LinkageType", "valid SPIR-V LinkageType", "linkage_type", [
      SPIRV_LT_Export, SPIRV_LT_Import, SPIRV_LT_LinkOnceODR
    ]>;
