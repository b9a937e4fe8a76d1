// code: ods-pass-duplicate-member
// proof: compile pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let options = [Option<"maxVisited", "max-visited", "unsigned", "0", "a limit">];
  let statistics = [Statistic<"numVisited", "visited", "ops visited">];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
