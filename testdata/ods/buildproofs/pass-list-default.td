// code: ods-pass-list-default
// error: list option 'sizes' has a default value; ListOption takes none, and the generated member and options struct do not compile
// proof: compile pass
include "mlir/Pass/PassBase.td"

def Test_Sizes : ListOption<"sizes", "sizes", "int64_t", "tile sizes"> {
  let defaultValue = "8";
}
def TestPass : Pass<"test-pass"> {
  let options = [«Test_Sizes»];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
