// code: ods-pass-option-type
// error: the type `uint64` of option 'seed' is not a C++ type; did you mean `uint64_t`? The generated option does not compile ('uint64' does not name a type)
// proof: compile pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let options = [
    «Option<"seed", "seed", "uint64", "0", "the random seed">»
  ];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
