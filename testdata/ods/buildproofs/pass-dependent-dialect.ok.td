// code: ods-pass-dependent-dialect
// proof: compile pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let dependentDialects = ["::mlir::BuiltinDialect"];
}
/* cpp
#include "mlir/IR/BuiltinDialect.h"
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
