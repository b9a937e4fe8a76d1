// Constraints with C++ functions, for the constraint generators.
include "mlir/IR/OpBase.td"

def Gen_SmallIntAttr : AttrConstraint<CPred<"::llvm::isa<::mlir::IntegerAttr>($_self)">,
    "an integer attribute"> {
  let cppFunctionName = "isSmallIntAttr";
}

def Gen_ByteType : TypeConstraint<CPred<"$_self.isInteger(8)">, "an 8-bit integer"> {
  let cppFunctionName = "isByteType";
}
