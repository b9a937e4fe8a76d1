include "mlir/IR/OpBase.td"

def Nav_Dialect : Dialect {
  let name = "nav";
  let cppNamespace = "::nav";
}

def Nav_MulOp : Op<Nav_Dialect, "mul"> {
  let arguments = (ins I32:$lhs, I32:$rhs_value);
  let results = (outs I32:$res);
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Nav_NegOp : Op<Nav_Dialect, "neg"> {
  let arguments = (ins I32:$lhs);
  let hasVerifier = 1;
}
