// gen: gen-op-interface-decls
// crash: argument #0 of interface method 'setWidth' is not a C++ type string; mlir-tblgen crashes on this
include "mlir/IR/Interfaces.td"

include "mlir/IR/CommonTypeConstraints.td"
def WidthOpInterface : OpInterface<"WidthOpInterface"> {
  let methods = [
    InterfaceMethod<"sets the width", "void", "setWidth", (ins «I32:$width»)>
  ];
}
