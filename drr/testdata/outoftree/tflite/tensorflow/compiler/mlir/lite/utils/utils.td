// Stand-ins for the helpers of TensorFlow Lite's utils.td that
// tfl_canonicalize.td uses.
include "mlir/IR/PatternBase.td"
def GetShape : NativeCodeCall<"GetShape($0)">;
class GetScalarOfType<int value> : NativeCodeCall<"GetScalarOfType(getElementTypeOrSelf($0)," # value # ")">;
class HasRankAtLeast<int n> : Constraint<CPred<"$0.getType().cast<ShapedType>().getRank() >= " # n>>;
