// gen: gen-op-interface-decls
// error: 'verifyTrait' method cannot be specified as interface method for 'CheckedOpInterface'; use the 'verify' field instead
include "mlir/IR/Interfaces.td"

def CheckedOpInterface : OpInterface<"CheckedOpInterface"> {
  let methods = [
    «InterfaceMethod<"checks the op", "::llvm::LogicalResult", "verifyTrait">»
  ];
}
