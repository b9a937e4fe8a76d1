// code: ods-pass-option-default
// error: the default `yes` of option 'fast' does not convert to its type `bool` (`yes` is not C++: write true or false); the generated option does not compile
// proof: compile pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let options = [
    «Option<"fast", "fast", "bool", "yes", "take the fast path">»
  ];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
