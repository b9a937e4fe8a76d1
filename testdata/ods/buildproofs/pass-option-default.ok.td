// code: ods-pass-option-default
// proof: compile pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let options = [
    Option<"maxDepth", "max-depth", "unsigned", "4", "how deep to go">
  ];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
