// The patterns rooted at an op, in the order the applicator tries them:
// benefit, then populateWithGenerated's order (record names).
//@needs(mlir)
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def S_Dialect : Dialect { let name = "s"; }
def S_AddOp : Op<S_Dialect, "add"> {
//@loc(addop, "S_AddOp") lens("S_AddOp", boosted, nested, alpha, zed) hover("S_AddOp", "4 patterns rooted at `s.add`", "1. [Boosted]", "4. [Zed]") kind("S_AddOp", "op")
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
}
def S_NegOp : Op<S_Dialect, "neg"> {
//@lens("S_NegOp")
  let arguments = (ins AnyType:$a);
  let results = (outs AnyType:$r);
}
def Cond : Constraint<CPred<"true">>;

def Zed : Pat<(S_AddOp $a, $b), (S_NegOp $a), [(Cond $a)]>;
//@loc(zed, "Zed") lens("Zed", addop, alpha) hover("Zed", "4. [Zed](", "benefit 1 ← this pattern") kind("Zed", "pattern")
def Alpha : Pat<(S_AddOp $a, $b), (S_NegOp $b), [(Cond $b)]>;
//@loc(alpha, "Alpha") hover("S_AddOp $a", "3. [Alpha]") kind("S_AddOp $a", "op")
def Nested : Pat<(S_AddOp (S_NegOp $a), $b), (S_NegOp $b)>;
//@loc(nested, "Nested") lens("Nested", addop, boosted, alpha)
def Boosted : Pat<(S_AddOp $a, $b), (S_NegOp $a), [(Cond $a)], [], (addBenefit 3)>;
//@loc(boosted, "Boosted") hover("Boosted", "1. [Boosted](", "benefit 4 ← this pattern") kind("Boosted", "pattern")
