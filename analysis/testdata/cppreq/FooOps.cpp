#include "foo/FooOps.h"

using namespace mlir;
using namespace mlir::foo;

LogicalResult AddOp::verify() { return success(); }

namespace mlir {
namespace foo {
OpFoldResult AddOp::fold(FoldAdaptor adaptor) { return {}; }
} // namespace foo
} // namespace mlir

namespace other {
LogicalResult SubOp::verify() { return success(); }
} // namespace other

void mlir::foo::SubOp::getCanonicalizationPatterns(RewritePatternSet &results, MLIRContext *context, int extra) {}

#define GET_OP_CLASSES
#include "foo/FooOps.cpp.inc"
