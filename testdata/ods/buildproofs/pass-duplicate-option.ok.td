// code: ods-pass-duplicate-option
// proof: run pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let options = [
    Option<"lower", "lower-bound", "int", "0", "the lower bound">,
    Option<"upper", "upper-bound", "int", "8", "the upper bound">
  ];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
int main() { auto pass = std::make_unique<TestPassImpl>(); return 0; }
*/
