// code: ods-enum-duplicate-symbol
// proof: compile enum
include "mlir/IR/EnumAttr.td"

def Test_Kind : I32Enum<"Kind", "a kind", [
  I32EnumCase<"Fast", 0>,
  I32EnumCase<"Slow", 1>
]> {
  let cppNamespace = "::test";
}
