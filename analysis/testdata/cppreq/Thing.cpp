#include "PassRegistration.h"

namespace {
struct ThingPass : public impl::ThingPassBase<ThingPass> {
  void runOnOperation() override {}
};
} // namespace

std::unique_ptr<mlir::Pass> mine::createThingPass() { return std::make_unique<ThingPass>(); }

namespace other {
std::unique_ptr<mlir::Pass> createThingPass() { return nullptr; }
} // namespace other
