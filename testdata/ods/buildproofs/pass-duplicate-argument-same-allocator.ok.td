// code: ods-pass-duplicate-argument
// proof: run pass
include "mlir/Pass/PassBase.td"

// Three passes share an argument, but each registration calls the same
// create function: the registry gets one pass type, and does not abort.
def FoldPass : Pass<"test-fold">;
def FoldAgainPass : Pass<"test-fold"> { let constructor = "::createFoldPass()"; }
def FoldOnceMorePass : Pass<"test-fold"> { let constructor = "createFoldPass ( )"; }

/* cpp
struct A : impl::FoldPassBase<A> { void runOnOperation() override {} };
int main() { registerFoldPass(); registerFoldAgainPass(); registerFoldOnceMorePass(); return 0; }
*/
