// code: ods-interface-duplicate-method
// error: interface method 'setWidth' is declared twice with the same argument types; the interface class cannot overload `void setWidth(unsigned bits)`
// proof: compile opiface
include "mlir/IR/Interfaces.td"

def WidthOpInterface : OpInterface<"WidthOpInterface"> {
  let cppNamespace = "::test";
  let methods = [
    InterfaceMethod<"sets the width", "void", "setWidth", (ins "unsigned":$width)>,
    «InterfaceMethod<"sets the width in bits", "void", "setWidth", (ins "unsigned":$bits)>»
  ];
}
