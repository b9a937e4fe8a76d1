// Stand-ins for the rest of onnx-mlir, then two of its patterns.
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// src/Dialect/ONNX/ONNX.td declares these; LLVM 22 calls NoSideEffect Pure.
def ONNX_Dialect : Dialect {
  let name = "onnx";
  let cppNamespace = "::mlir";
}
class ONNX_Op<string mnemonic, list<Trait> traits = []> :
    Op<ONNX_Dialect, mnemonic, traits>;
def ShapeInferenceOpInterface : OpInterface<"ShapeInferenceOpInterface">;
defvar NoSideEffect = Pure;

include "ONNXOpsExcerpt.td"

// ONNXOps.td.inc's reductions, reduced to their arguments and result.
class Reduction<string mnemonic> : ONNX_Op<mnemonic, [NoSideEffect]> {
  let arguments = (ins AnyTensor:$data, AnyTypeOf<[TensorOf<[I64]>, NoneType]>:$axes,
                       DefaultValuedAttr<SI64Attr, "1">:$keepdims,
                       DefaultValuedAttr<SI64Attr, "0">:$noop_with_empty_axes);
  let results = (outs AnyTensor:$reduced);
}
def ONNXReduceL1Op : Reduction<"ReduceL1">;
def ONNXReduceSumOp : Reduction<"ReduceSum">;

// Verbatim from src/Dialect/ONNX/Transforms/Decompose.td at
// 06383c35375b239338c27fb5f322e6abcc10bad0: the nested ONNXAbsOp is built
// with its custom builder (Value X).
def ReduceL1OpPattern
    : Pat<(ONNXReduceL1Op $oprd, $axes, $keepdims, $noop),
          (ONNXReduceSumOp(ONNXAbsOp $oprd), $axes, $keepdims, $noop)>;

// In the manner of src/Dialect/ONNX/Rewrite.td's FuseAddConvPattern, which
// nests ONNXAddOp: built with its custom builder (Value A, Value B).
def NestedAddPattern
    : Pat<(ONNXAddOp (ONNXAddOp $a, $b), $c),
          (ONNXAddOp $a, (ONNXAddOp $b, $c))>;
