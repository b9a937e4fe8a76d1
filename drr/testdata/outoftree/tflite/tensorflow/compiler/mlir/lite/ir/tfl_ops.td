// Stand-ins for the TensorFlow Lite ops tfl_canonicalize.td rewrites: their
// operands and attributes in TFLite's order, and the folders of tfl.div and
// tfl.mul (DivOp::fold and MulOp::fold constant-fold when the fused
// activation is NONE).
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TFL_Dialect : Dialect { let name = "tfl"; let cppNamespace = "::mlir::TFL"; }
class TFL_Op<string mnemonic, list<Trait> traits = []> : Op<TFL_Dialect, mnemonic, traits>;
def TFL_AFAttr : TypedStrAttr<AnyType>;
def TFL_AF_None : ConstantStrAttr<TFL_AFAttr, "NONE">;

def TFL_TransposeOp : TFL_Op<"transpose", [Pure]> {
  let arguments = (ins AnyTensor:$input, AnyTensor:$perm);
  let results = (outs AnyTensor:$output);
}
def TFL_ReshapeOp : TFL_Op<"reshape", [Pure]> {
  let arguments = (ins AnyTensor:$input, AnyTensor:$shape);
  let results = (outs AnyTensor:$output);
}
class TFL_Arith<string m> : TFL_Op<m, [Pure]> {
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs, TFL_AFAttr:$fused_activation_function);
  let results = (outs AnyTensor:$output);
  let hasFolder = 1;
}
def TFL_DivOp : TFL_Arith<"div">;
def TFL_MulOp : TFL_Arith<"mul">;
