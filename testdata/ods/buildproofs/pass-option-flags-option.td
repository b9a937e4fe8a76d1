// code: ods-pass-option-flags
// error: the additional flags `the maximum depth` of option 'depth' are pasted into the generated option as C++ and are not C++ (`the maximum` is two words in a row); the generated option does not compile
// proof: compile pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let options = [
    «Option<"depth", "depth", "unsigned", "4", "how deep", "the maximum depth">»
  ];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
