#include "DefaultArg.h"

namespace mine {
std::unique_ptr<mlir::Pass> createSplitPass(std::size_t maxOps) {
  return nullptr;
}

std::unique_ptr<mlir::Pass> createTrimPass() { return nullptr; }

std::unique_ptr<mlir::Pass> createTrimPass(int keep) { return nullptr; }
} // namespace mine

// What the generated registration code does with the constructor.
std::unique_ptr<mlir::Pass> registered() { return mine::createSplitPass(); }
