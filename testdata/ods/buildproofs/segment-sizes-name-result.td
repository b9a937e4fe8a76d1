// code: ods-segment-sizes-name
// error: attribute 'resultSegmentSizes' is named as the segment sizes AttrSizedResultSegments keeps in the op's properties: the generated Properties declare it twice and do not compile; rename it
// proof: compile dialect op
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_SplitOp : Op<Test_Dialect, "split", [AttrSizedResultSegments]> {
  let arguments = (ins AnyType:$input, «I32Attr:$resultSegmentSizes»);
  let results = (outs Variadic<AnyType>:$low, Variadic<AnyType>:$high);
}
