// code: ods-pass-dependent-dialect
// warning: dependent dialect "arith" is a lower-case name, not a dialect class (dialect classes are like ::mlir::arith::ArithDialect); the generated registry.insert<arith>() does not compile
// proof: compile pass
include "mlir/Pass/PassBase.td"

def TestPass : Pass<"test-pass"> {
  let dependentDialects = [«"arith"»];
}

/* cpp
struct TestPassImpl : impl::TestPassBase<TestPassImpl> {
  using TestPassBase::TestPassBase;
  void runOnOperation() override {}
};
void use() { auto pass = std::make_unique<TestPassImpl>(); (void)pass; }
*/
