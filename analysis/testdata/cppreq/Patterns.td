include "FooOps.td"
include "mlir/IR/PatternBase.td"

// Helpers a pattern calls: a native call's function (found in the
// including .cpp, in an anonymous namespace), a constraint's predicate
// function (found, qualified), one of the wrong arity's overload set (the
// right one found), one nowhere (not found), and MLIR's API (not listed).
def MakeZero : NativeCodeCall<"makeZero($_builder, $_loc, $0)">;
def IsSmall : Constraint<CPred<"helpers::isSmall($0) && ::llvm::isa<::mlir::IntegerType>($0.getType())">>;
def IsWide : Constraint<CPred<"isWide($0, 8) || missingHelper($0)">>;
def : Pat<(Foo_AddOp $a, $b), (Foo_SubOp $a, (MakeZero $b)),
          [(IsSmall $a), (IsWide $b), (Constraint<CPred<"mlir::getElementTypeOrSelf($0) != nullptr">> $a)]>;
