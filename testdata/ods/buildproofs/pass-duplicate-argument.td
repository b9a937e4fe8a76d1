// code: ods-pass-duplicate-argument
// warning: passes FoldPass and FuseOpsPass share the argument 'test-fold'; registering both aborts ("pass allocator creates a different pass than previously registered")
// proof: run pass
include "mlir/Pass/PassBase.td"

def FoldPass : Pass<"test-fold">;
def FuseOpsPass : Pass<«"test-fold"»>;

/* cpp
struct A : impl::FoldPassBase<A> { void runOnOperation() override {} };
struct B : impl::FuseOpsPassBase<B> { void runOnOperation() override {} };
int main() { registerFoldPass(); registerFuseOpsPass(); return 0; }
*/
