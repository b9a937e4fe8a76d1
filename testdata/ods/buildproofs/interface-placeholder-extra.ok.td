// code: ods-interface-placeholder
// proof: compile typeiface
include "mlir/IR/Interfaces.td"

def ShapedLike : TypeInterface<"ShapedLike"> {
  let cppNamespace = "::test";
  let methods = [InterfaceMethod<"the rank", "int64_t", "getRank">];
  let extraClassDeclaration = [{
    bool isScalar() { return getRank() == 0; }
  }];
}
