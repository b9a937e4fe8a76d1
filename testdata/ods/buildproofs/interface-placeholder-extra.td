// code: ods-interface-placeholder
// error: $_type is not substituted in `extraClassDeclaration` of type interface ShapedLike (nothing is); the generated C++ keeps it and does not compile
// proof: compile typeiface
include "mlir/IR/Interfaces.td"

def ShapedLike : TypeInterface<"ShapedLike"> {
  let cppNamespace = "::test";
  let methods = [InterfaceMethod<"the rank", "int64_t", "getRank">];
  let extraClassDeclaration = [{
    bool isScalar() { return «$_type».getRank() == 0; }
  }];
}
