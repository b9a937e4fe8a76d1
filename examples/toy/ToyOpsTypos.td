//===- ToyOpsTypos.td - syntax mistakes, on purpose --------*- tablegen -*-===//
//
// Three ops with one typo each. llvm-tblgen stops at the first:
//
//   ToyOpsTypos.td:16:3: error: expected ';' after let expression
//
// tdls reports all three and still reads the ops in between.
//
//===----------------------------------------------------------------------===//

include "ToyOps.td"

// Missing `;` after the let.
def Toy_SubOp : Toy_Op<"sub", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs)
  let results = (outs F64Tensor:$result);
}

def Toy_DivOp : Toy_Op<"div", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs);
  let results = (outs F64Tensor:$result);
}

// The template argument list is never closed.
def Toy_AbsOp : Toy_Op<"abs", [Pure, SameOperandsAndResultType] {
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor:$result);
}

// There is no !concatenate; the operator is !strconcat.
def Toy_ExpOp : Toy_Op<!concatenate("ex", "p"), [Pure]> {
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor:$result);
}
