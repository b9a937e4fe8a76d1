// code: ods-enum-duplicate-symbol
// error: enum case symbol 'Fast' is used twice; the C++ enum class Kind declares 'Fast' twice
// proof: compile enum
include "mlir/IR/EnumAttr.td"

def Test_Kind : I32Enum<"Kind", "a kind", [
  I32EnumCase<"Fast", 0>,
  «I32EnumCase<"Fast", 1, "fast">»
]> {
  let cppNamespace = "::test";
}
