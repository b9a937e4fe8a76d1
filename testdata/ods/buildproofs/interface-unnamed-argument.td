// code: ods-interface-unnamed-argument
// error: argument #0 of interface method 'setWidth' has no name; the generated forwarding calls pass the arguments by name and do not compile
// proof: compile opiface
include "mlir/IR/Interfaces.td"

def WidthOpInterface : OpInterface<"WidthOpInterface"> {
  let cppNamespace = "::test";
  let methods = [
    InterfaceMethod<"sets the width", "void", "setWidth", (ins «"unsigned"»)>
  ];
}
