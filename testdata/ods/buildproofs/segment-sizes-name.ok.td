// code: ods-segment-sizes-name
// proof: compile dialect op
include "mlir/IR/OpBase.td"
include "mlir/IR/Properties.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_CatOp : Op<Test_Dialect, "cat", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<AnyType>:$lhs, Variadic<AnyType>:$rhs,
                       I32Prop:$width);
  let results = (outs AnyType:$result);
}
