#include "foo/FooOps.h"

using namespace mlir;
using namespace mlir::foo;

LogicalResult AddOp::verify() { return success(); }

namespace mlir {
namespace foo {
OpFoldResult AddOp::fold(FoldAdaptor adaptor) { return {}; }
} // namespace foo
} // namespace mlir

void FooDialect::initialize() {}

namespace mlir::foo {
LogicalResult RangeAttr::verify(function_ref<InFlightDiagnostic()> emitError, int64_t lo, int64_t hi) {
  return success();
}
} // namespace mlir::foo

namespace {
struct FooPass : public impl::FooPassBase<FooPass> {
  void runOnOperation() override {}
};
} // namespace

std::unique_ptr<Pass> mlir::foo::createFooPass() { return std::make_unique<FooPass>(); }

namespace other {
void RangeAttr::print(AsmPrinter &p) const {}
LogicalResult SubOp::verify() { return success(); }
} // namespace other

void mlir::foo::SubOp::getCanonicalizationPatterns(RewritePatternSet &results, MLIRContext *context, int extra) {}

#define GET_OP_CLASSES
#include "foo/FooOps.cpp.inc"
