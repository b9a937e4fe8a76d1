#include "nav/NavOps.h"

namespace nav {

::llvm::LogicalResult MulOp::verify() {
  if (getLhs() == getRhsValue())
    return success();
  return emitOpError("differ");
}

} // namespace nav

static void use(nav::NegOp op) { (void)op.getLhs(); }

#define GET_OP_CLASSES
#include "nav/NavOps.cpp.inc"
