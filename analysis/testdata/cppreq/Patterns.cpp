#include "foo/FooOps.h"

namespace {
mlir::Value makeZero(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v) { return v; }
bool isWide(mlir::Value v) { return true; }
bool isWide(mlir::Value v, int bits) { return true; }
} // namespace

namespace mlir::foo::helpers {
bool isSmall(Value v) { return true; }
} // namespace mlir::foo::helpers

#include "foo/Patterns.inc"
