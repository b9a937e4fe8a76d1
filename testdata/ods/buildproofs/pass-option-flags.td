// code: ods-pass-option-flags
// error: the additional flags `the tile sizes` of list option 'tileSizes' are pasted into the generated option as C++ and are not C++ (`the tile` is two words in a row); the generated option does not compile: ListOption takes no default, so its fourth argument (`{32, 32}`) is the description and its fifth the flags; write the description fourth
// proof: compile pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let options = [
    «ListOption<"tileSizes", "tile-sizes", "int64_t", "{32, 32}", "the tile sizes">»
  ];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
