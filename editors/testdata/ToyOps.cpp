// The C++ half of the Toy dialect for the editor end-to-end tests.
#include "ToyOps.h"

using namespace mlir;
using namespace mlir::toy;

::llvm::LogicalResult AddOp::verify() {
  if (getLhs().getType() != getRhs().getType())
    return emitOpError("operands of different types");
  return success();
}

#define GET_OP_CLASSES
#include "ToyOps.cpp.inc"
