// Transcribed from llvm/llvm-project mlir/lib/Conversion/GPUToROCDL/GPUToROCDL.td (GPU_BarrierOp has no operand in LLVM 22).
include "mlir/IR/PatternBase.td"
include "mlir/Dialect/GPU/IR/GPUOps.td"
include "mlir/Dialect/LLVMIR/ROCDLOps.td"
def : Pat<(GPU_BarrierOp : $op), (ROCDL_BarrierOp)>;
