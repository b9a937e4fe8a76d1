//===- ToyPatternsBroken.td - DRR mistakes, on purpose -----*- tablegen -*-===//
//
// Each pattern below has one deliberate mistake. The comment above each says
// what `mlir-tblgen --gen-rewriters` (LLVM 22.1.8) reports for it, always at
// the pattern's `def` (column 5, the record name). mlir-tblgen stops at the
// first error, in record-name order, so a run over this whole file prints
// only:
//
//   ToyPatternsBroken.td:21:5: error: op 'toy.add' argument number mismatch: 1 in pattern vs. 2 in definition
//
//===----------------------------------------------------------------------===//

include "mlir/IR/PatternBase.td"
include "ToyOps.td"

// Not an error on its own: the patterns below are the broken ones.
def KeepNegNeg : Pat<(Toy_NegOp (Toy_NegOp $x)), (replaceWithValue $x)>;

// Wrong arity in the source pattern: toy.add takes two operands.
//   error: op 'toy.add' argument number mismatch: 1 in pattern vs. 2 in definition
def AddMissingOperand
    : Pat<(Toy_AddOp $x), (replaceWithValue $x)>;

// Wrong arity in the result pattern: toy.scale needs its factor.
//   error: op 'toy.scale' argument number mismatch: 1 in pattern vs. 2 in definition
def ScaleResultArity
    : Pat<(Toy_NegOp $x), (Toy_ScaleOp $x)>;

// $y is never bound in the source pattern.
//   error: referencing unbound symbol 'y'
def NegUnboundResult
    : Pat<(Toy_NegOp $x), (Toy_NegOp $y)>;

// A typo: $high instead of $hi.
//   error: referencing unbound symbol 'high'
def ClampTypo
    : Pat<(Toy_ClampOp $x, $lo, $hi), (Toy_ClampOp $x, $lo, $high)>;

// $x names the operand and then the factor attribute.
//   error: symbol 'x' bound more than once
def ScaleBoundTwice
    : Pat<(Toy_ScaleOp $x, $x), (replaceWithValue $x)>;

// An attribute constraint in the operand slot.
//   error: the 1-th argument of op 'toy.scale' should be an operand
def ScaleOperandAsAttr
    : Pat<(Toy_ScaleOp F64Attr:$x, $f), (replaceWithValue $x)>;
