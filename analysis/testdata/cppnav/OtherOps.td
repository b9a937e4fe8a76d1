include "mlir/IR/OpBase.td"

// An op of the same C++ class name as NavOps.td's, in another namespace.
def Other_Dialect : Dialect {
  let name = "other";
  let cppNamespace = "::other";
}

def Other_MulOp : Op<Other_Dialect, "mul"> {
  let arguments = (ins I32:$lhs);
}
