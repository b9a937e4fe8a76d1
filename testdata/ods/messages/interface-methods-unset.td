// gen: gen-type-interface-decls
// crash: `methods` is not a list; mlir-tblgen crashes on this
include "mlir/IR/Interfaces.td"

def ShapedTypeLike : TypeInterface<"ShapedTypeLike"> {
  let methods = «?»;
}
