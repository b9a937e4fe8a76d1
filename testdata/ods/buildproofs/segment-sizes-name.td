// code: ods-segment-sizes-name
// error: property 'operandSegmentSizes' is named as the segment sizes AttrSizedOperandSegments keeps in the op's properties: the generated Properties declare it twice and do not compile; rename it
// proof: compile dialect op
include "mlir/IR/OpBase.td"
include "mlir/IR/Properties.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_CatOp : Op<Test_Dialect, "cat", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<AnyType>:$lhs, Variadic<AnyType>:$rhs,
                       «I32Prop:$operandSegmentSizes»);
  let results = (outs AnyType:$result);
}
