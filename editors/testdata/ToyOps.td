// A small dialect for the editor end-to-end tests.

#ifndef TOY_OPS
#define TOY_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Toy_Dialect : Dialect {
  let name = "toy";
  let cppNamespace = "::mlir::toy";
}

class Toy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Toy_Dialect, mnemonic, traits>;

def Toy_NegOp : Toy_Op<"neg", [Pure, InferTypeOpAdaptor]> {
  let summary = "element-wise negation";
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor:$result);
}

def Toy_AddOp : Toy_Op<"add", [Pure, SameOperandsAndResultType]> {
  let summary = "element-wise addition";
  let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs);
  let results = (outs F64Tensor:$result);
  let hasVerifier = 1;
}

#endif // TOY_OPS
