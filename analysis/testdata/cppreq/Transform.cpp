#include "my/Transform.h"

using namespace mlir;

DiagnosedSilenceableFailure my::MyEachOp::applyToOne(transform::TransformRewriter &rewriter, Operation *target,
                                                     transform::ApplyToEachResultList &results,
                                                     transform::TransformState &state) {
  return DiagnosedSilenceableFailure::success();
}
