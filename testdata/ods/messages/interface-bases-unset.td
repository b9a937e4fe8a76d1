// gen: gen-attr-interface-decls
// crash: `baseInterfaces` is not a list; mlir-tblgen crashes on this
include "mlir/IR/Interfaces.td"

def RangeAttrLike : AttrInterface<"RangeAttrLike"> {
  let baseInterfaces = «?»;
}
