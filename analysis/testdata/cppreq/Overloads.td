// An op with two builders of one arity, each defined once in
// Overloads.cpp with its types spelled without namespaces and its
// parameters named otherwise, and a third alone of its arity.
include "mlir/IR/OpBase.td"

def Ov_Dialect : Dialect {
  let name = "ov";
  let cppNamespace = "::ov";
}

def Ov_LoadOp : Op<Ov_Dialect, "load"> {
  let arguments = (ins AnyType:$ptr, Optional<AnyType>:$mask);
  let results = (outs AnyType:$res);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::llvm::ArrayRef<int32_t>":$check)>,
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$mask)>,
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$mask, "::mlir::Value":$other)>,
  ];
}
