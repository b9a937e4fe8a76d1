// code: ods-pass-option-type
// error: the type `unsinged` of option 'count' is not a C++ type; did you mean `unsigned`? The generated option does not compile ('unsinged' does not name a type)
// proof: compile pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let options = [
    «Option<"count", "count", "unsinged", "4", "how many">»
  ];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
