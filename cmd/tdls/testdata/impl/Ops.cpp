#include "Ops.h"

using namespace my;

void MyDialect::initialize() {}

::llvm::LogicalResult CheckedOp::verify() { return ::mlir::success(); }

#define GET_OP_CLASSES
#include "Ops.cpp.inc"
