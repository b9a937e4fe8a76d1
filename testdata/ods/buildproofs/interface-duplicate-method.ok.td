// code: ods-interface-duplicate-method
// proof: compile opiface
include "mlir/IR/Interfaces.td"

def WidthOpInterface : OpInterface<"WidthOpInterface"> {
  let cppNamespace = "::test";
  let methods = [
    InterfaceMethod<"sets the width", "void", "setWidth", (ins "unsigned":$width)>,
    InterfaceMethod<"sets the width from an attribute", "void", "setWidth", (ins "::mlir::IntegerAttr":$width)>
  ];
}
