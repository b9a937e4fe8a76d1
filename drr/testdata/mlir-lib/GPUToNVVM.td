// Transcribed from llvm/llvm-project mlir/lib/Conversion/GPUToNVVM/GPUToNVVM.td (GPU_BarrierOp has no operand in LLVM 22).
include "mlir/IR/PatternBase.td"
include "mlir/Dialect/GPU/IR/GPUOps.td"
include "mlir/Dialect/LLVMIR/NVVMOps.td"
def : Pat<(GPU_BarrierOp : $op), (NVVM_Barrier0Op)>;
