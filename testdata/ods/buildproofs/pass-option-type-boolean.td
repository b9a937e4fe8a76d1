// code: ods-pass-option-type
// error: the type `boolean` of list option 'flags' is not a C++ type; did you mean `bool`? The generated option does not compile ('boolean' does not name a type)
// proof: compile pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let options = [
    «ListOption<"flags", "flags", "boolean", "which flags">»
  ];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
