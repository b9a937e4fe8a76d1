// code: ods-pass-duplicate-option
// warning: options 'lower' and 'upper' share the flag 'bound'; creating the pass aborts with "Option 'bound' registered more than once!"
// proof: run pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let options = [
    Option<"lower", "bound", "int", "0", "the lower bound">,
    «Option<"upper", "bound", "int", "8", "the upper bound">»
  ];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
int main() { auto pass = std::make_unique<TestPassImpl>(); return 0; }
*/
