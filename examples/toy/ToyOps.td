//===- ToyOps.td - Operations of the toy dialect -----------*- tablegen -*-===//

#ifndef TOY_OPS
#define TOY_OPS

include "ToyDialect.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Toy_ConstantOp : Toy_Op<"constant", [Pure]> {
  let summary = "constant tensor";
  let arguments = (ins F64ElementsAttr:$value);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$value attr-dict `:` type($result)";
}

def Toy_AddOp : Toy_Op<"add", [Pure, Commutative, SameOperandsAndResultType]> {
  let summary = "element-wise addition";
  let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Toy_MulOp : Toy_Op<"mul", [Pure, Commutative, SameOperandsAndResultType]> {
  let summary = "element-wise multiplication";
  let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

// The result type is inferred from the operand, so patterns can build it
// without naming a type.
def Toy_NegOp : Toy_Op<"neg", [Pure, InferTypeOpAdaptor]> {
  let summary = "element-wise negation";
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Toy_ScaleOp : Toy_Op<"scale", [Pure, SameOperandsAndResultType]> {
  let summary = "multiply every element by a constant factor";
  let arguments = (ins F64Tensor:$input, F64Attr:$factor);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$input `by` $factor attr-dict `:` type($result)";
}

def Toy_ClampOp : Toy_Op<"clamp", [Pure, SameOperandsAndResultType]> {
  let summary = "clamp every element into [min, max]";
  let arguments = (ins F64Tensor:$input, F64Attr:$min, F64Attr:$max);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$input `between` $min `and` $max attr-dict `:` type($result)";
}

def Toy_TransposeOp : Toy_Op<"transpose", [Pure]> {
  let summary = "transpose a 2-D tensor";
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Toy_ReshapeOp : Toy_Op<"reshape", [Pure]> {
  let summary = "reshape to a statically shaped tensor";
  let arguments = (ins F64Tensor:$input);
  let results = (outs StaticShapeTensorOf<[F64]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Toy_PrintOp : Toy_Op<"print"> {
  let summary = "print a tensor";
  let arguments = (ins F64Tensor:$input);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

#endif // TOY_OPS
