// code: ods-pass-option-default
// error: the default `"4"` of option 'maxDepth' does not convert to its type `unsigned` (a string literal for a number); the generated option does not compile
// proof: compile pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let options = [
    «Option<"maxDepth", "max-depth", "unsigned", "\"4\"", "how deep to go">»
  ];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
