// code: ods-pass-duplicate-argument
// proof: run pass
include "mlir/Pass/PassBase.td"

def FoldPass : Pass<"test-fold">;
def FuseOpsPass : Pass<"test-fuse">;

/* cpp
struct A : impl::FoldPassBase<A> { void runOnOperation() override {} };
struct B : impl::FuseOpsPassBase<B> { void runOnOperation() override {} };
int main() { registerFoldPass(); registerFuseOpsPass(); return 0; }
*/
