// Patterns for the editor end-to-end tests: one that is fine, one with a
// DRR mistake (the tests check line numbers: keep the lines where they are).

include "mlir/IR/PatternBase.td"
include "ToyOps.td"

// -(-x) == x
def FoldDoubleNeg : Pat<(Toy_NegOp (Toy_NegOp $x)),
                        (replaceWithValue $x)>;

// $y is bound nowhere in the source pattern.
def NegOfAdd : Pat<(Toy_NegOp (Toy_AddOp $x, $x)),
                   (Toy_NegOp $y)>;
