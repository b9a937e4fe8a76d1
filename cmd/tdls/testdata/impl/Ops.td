include "mlir/IR/OpBase.td"

def My_Dialect : Dialect {
  let name = "my";
  let cppNamespace = "::my";
}

def My_CheckedOp : Op<My_Dialect, "checked"> {
  let arguments = (ins I32:$x);
  let hasVerifier = 1;
  let hasFolder = 1;
}
