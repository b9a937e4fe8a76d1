// Stand-ins for the TensorFlow ops canonicalize.td rewrites: the operands
// and attributes the patterns bind, in TensorFlow's order (the ops of
// tf_generated_ops.td have more traits and summaries, which the patterns
// do not read).
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TF_Dialect : Dialect { let name = "tf"; let cppNamespace = "::mlir::TF"; }
class TF_Op<string mnemonic, list<Trait> traits = []> : Op<TF_Dialect, mnemonic, traits>;
def TF_Tensor : TensorOf<[AnyType]>;
def TF_NumberTensor : TensorOf<[AnyInteger, AnyFloat, AnyComplex]>;

class TF_Unary<string m> : TF_Op<m, [Pure]> {
  let arguments = (ins TF_Tensor:$x);
  let results = (outs TF_Tensor:$y);
}
class TF_Binary<string m> : TF_Op<m, [Pure]> {
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$y);
  let results = (outs TF_Tensor:$z);
}
class TF_Compare<string m> : TF_Op<m, [Pure]> {
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$y, DefaultValuedAttr<BoolAttr, "true">:$incompatible_shape_error);
  let results = (outs TF_Tensor:$z);
}
class TF_MatMulLike<string m> : TF_Op<m, [Pure]> {
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$y,
                   DefaultValuedAttr<BoolAttr, "false">:$adj_x, DefaultValuedAttr<BoolAttr, "false">:$adj_y);
  let results = (outs TF_Tensor:$output);
}

def TF_AddOp : TF_Binary<"Add">;
def TF_AddV2Op : TF_Binary<"AddV2">;
def TF_SubOp : TF_Binary<"Sub">;
def TF_MulOp : TF_Binary<"Mul">;
def TF_MulNoNanOp : TF_Binary<"MulNoNan">;
def TF_DivOp : TF_Binary<"Div">;
def TF_RealDivOp : TF_Binary<"RealDiv">;
def TF_TruncateDivOp : TF_Binary<"TruncateDiv">;
def TF_XdivyOp : TF_Binary<"Xdivy">;
def TF_SquaredDifferenceOp : TF_Binary<"SquaredDifference">;
def TF_GreaterOp : TF_Binary<"Greater">;
def TF_GreaterEqualOp : TF_Binary<"GreaterEqual">;
def TF_LessOp : TF_Binary<"Less">;
def TF_LessEqualOp : TF_Binary<"LessEqual">;
def TF_EqualOp : TF_Compare<"Equal">;
def TF_NotEqualOp : TF_Compare<"NotEqual">;
def TF_NegOp : TF_Unary<"Neg">;
def TF_SqrtOp : TF_Unary<"Sqrt">;
def TF_RsqrtOp : TF_Unary<"Rsqrt">;
def TF_BitcastOp : TF_Unary<"Bitcast">;
def TF_ConjOp : TF_Unary<"Conj">;
def TF_InvertOp : TF_Unary<"Invert">;
def TF_LogOp : TF_Unary<"Log">;
def TF_SoftmaxOp : TF_Unary<"Softmax">;
def TF_LogSoftmaxOp : TF_Unary<"LogSoftmax">;
def TF_LogicalNotOp : TF_Unary<"LogicalNot">;
def TF_ReciprocalOp : TF_Unary<"Reciprocal">;
def TF_SquareOp : TF_Unary<"Square">;
def TF_CastOp : TF_Op<"Cast", [Pure]> {
  let arguments = (ins TF_Tensor:$x, DefaultValuedAttr<BoolAttr, "false">:$Truncate);
  let results = (outs TF_Tensor:$y);
}
def TF_BatchMatMulOp : TF_MatMulLike<"BatchMatMul">;
def TF_BatchMatMulV2Op : TF_MatMulLike<"BatchMatMulV2">;
def TF_MatMulOp : TF_Op<"MatMul", [Pure]> {
  let arguments = (ins TF_Tensor:$a, TF_Tensor:$b,
                   DefaultValuedAttr<BoolAttr, "false">:$transpose_a, DefaultValuedAttr<BoolAttr, "false">:$transpose_b);
  let results = (outs TF_Tensor:$product);
}
