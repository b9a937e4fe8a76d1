//===- ToyPatterns.td - Declarative rewrites for toy ops ---*- tablegen -*-===//
//
// Canonicalisation patterns for the toy dialect, written in DRR. The C++
// hooks they call (NativeCodeCall) live beside the generated rewriters.
//
//===----------------------------------------------------------------------===//

#ifndef TOY_PATTERNS
#define TOY_PATTERNS

include "mlir/IR/PatternBase.td"
include "ToyOps.td"

//===----------------------------------------------------------------------===//
// Constraints and native helpers
//===----------------------------------------------------------------------===//

def TypesAreIdentical : Constraint<CPred<"$0.getType() == $1.getType()">,
                                   "operands have the same type">;

def IsSplat : Constraint<
  CPred<"::llvm::cast<::mlir::DenseElementsAttr>($0).isSplat()">,
  "a splat constant">;

def IsOneAttr : AttrConstraint<
  CPred<"::llvm::cast<::mlir::FloatAttr>($_self).getValueAsDouble() == 1.0">,
  "the factor 1.0">;

def ReshapeConstant : NativeCodeCall<
  "::llvm::cast<::mlir::DenseElementsAttr>($0).reshape("
  "::llvm::cast<::mlir::ShapedType>($1.getType()))">;

def MulFactors : NativeCodeCall<
  "$_builder.getF64FloatAttr(::llvm::cast<::mlir::FloatAttr>($0).getValueAsDouble() * "
  "::llvm::cast<::mlir::FloatAttr>($1).getValueAsDouble())">;

def SplatFactor : NativeCodeCall<
  "$_builder.getF64FloatAttr(::llvm::cast<::mlir::DenseElementsAttr>($0)"
  ".getSplatValue<::llvm::APFloat>().convertToDouble())">;

def MaxFloatAttr : NativeCodeCall<
  "$_builder.getF64FloatAttr(std::max(::llvm::cast<::mlir::FloatAttr>($0).getValueAsDouble(), "
  "::llvm::cast<::mlir::FloatAttr>($1).getValueAsDouble()))">;

def MinFloatAttr : NativeCodeCall<
  "$_builder.getF64FloatAttr(std::min(::llvm::cast<::mlir::FloatAttr>($0).getValueAsDouble(), "
  "::llvm::cast<::mlir::FloatAttr>($1).getValueAsDouble()))">;

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

// transpose(transpose(x)) -> x
def TransposeTransposeOptPattern
    : Pat<(Toy_TransposeOp (Toy_TransposeOp $x)), (replaceWithValue $x)>;

// reshape(reshape(x)) -> reshape(x)
def ReshapeReshapeOptPattern
    : Pat<(Toy_ReshapeOp:$res (Toy_ReshapeOp $arg)), (Toy_ReshapeOp $arg)>;

// A reshape to the type the value already has does nothing.
def RedundantReshapeOptPattern
    : Pat<(Toy_ReshapeOp:$res $arg), (replaceWithValue $arg),
          [(TypesAreIdentical $res, $arg)]>;

// reshape(constant) -> constant of the new shape
def FoldConstantReshapeOptPattern
    : Pat<(Toy_ReshapeOp:$res (Toy_ConstantOp $arg)),
          (Toy_ConstantOp (ReshapeConstant $arg, $res))>;

// neg(neg(x)) -> x
def NegNegOptPattern : Pat<(Toy_NegOp (Toy_NegOp $x)), (replaceWithValue $x)>;

// scale(scale(x, a), b) -> scale(x, a * b)
def ScaleScaleOptPattern
    : Pat<(Toy_ScaleOp (Toy_ScaleOp $x, $a), $b),
          (Toy_ScaleOp $x, (MulFactors $a, $b))>;

// scale(x, 1.0) -> x
def ScaleByOneOptPattern
    : Pat<(Toy_ScaleOp $x, IsOneAttr:$one), (replaceWithValue $x)>;

// x + x -> scale(x, 2.0)
def AddSelfToScalePattern
    : Pat<(Toy_AddOp $x, $x), (Toy_ScaleOp $x, ConstantAttr<F64Attr, "2.0">)>;

// mul(x, splat c) in either order -> scale(x, c)
def MulSplatToScalePattern
    : Pat<(Toy_MulOp (either $x, (Toy_ConstantOp $c))),
          (Toy_ScaleOp $x, (SplatFactor $c)),
          [(IsSplat $c)], [], (addBenefit 2)>;

// clamp(clamp(x, lo1, hi1), lo2, hi2) -> clamp(x, max(lo1, lo2), min(hi1, hi2))
def ClampClampOptPattern
    : Pat<(Toy_ClampOp (Toy_ClampOp $x, $lo1, $hi1), $lo2, $hi2),
          (Toy_ClampOp $x, (MaxFloatAttr $lo1, $lo2), (MinFloatAttr $hi1, $hi2))>;

// neg(scale(x, f)) -> scale(neg(x), f), keeping the outer op's location.
def HoistNegOverScalePattern
    : Pattern<(Toy_NegOp:$outer (Toy_ScaleOp $x, $f)),
              [(Toy_ScaleOp (Toy_NegOp $x, (location $outer)), $f)]>;

#endif // TOY_PATTERNS
