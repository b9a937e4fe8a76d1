// C++ the NativeCodeCalls of Patterns.td call.
#include "mlir/IR/PatternMatch.h"

namespace oracle_helpers {
inline ::mlir::Value plusOne(::mlir::OpBuilder &, ::mlir::Location, ::mlir::Value v) { return v; }
inline ::mlir::Value twoArgs(::mlir::Value a, ::mlir::Value) { return a; }
inline ::mlir::Value named(::mlir::Value a, const char *) { return a; }
inline ::mlir::IntegerAttr count(::mlir::OpBuilder &b) { return b.getI64IntegerAttr(3); }
inline ::llvm::SmallVector<::mlir::Value, 2> twoValues(::mlir::OpBuilder &, ::mlir::Value v) { return {v, v}; }
inline ::mlir::LogicalResult isConstant(::mlir::Operation *op) { return ::mlir::success(op != nullptr); }
} // namespace oracle_helpers
