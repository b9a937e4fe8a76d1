// code: ods-segment-sizes-name
// proof: compile dialect op
include "mlir/IR/OpBase.td"
include "mlir/IR/Properties.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_SplitOp : Op<Test_Dialect, "split", [AttrSizedResultSegments]> {
  let arguments = (ins AnyType:$input, I32Prop:$split);
  let results = (outs Variadic<AnyType>:$low, Variadic<AnyType>:$high);
}
