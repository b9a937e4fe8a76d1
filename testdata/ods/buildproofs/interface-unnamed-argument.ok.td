// code: ods-interface-unnamed-argument
// proof: compile opiface
include "mlir/IR/Interfaces.td"

def WidthOpInterface : OpInterface<"WidthOpInterface"> {
  let cppNamespace = "::test";
  let methods = [
    InterfaceMethod<"sets the width", "void", "setWidth", (ins "unsigned":$width)>
  ];
}
