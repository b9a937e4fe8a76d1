// code: ods-enum-duplicate-value
// error: enum cases 'Fast' and 'Slow' both have the value 0; the generated symbolizeKind switches on the value and does not compile with a duplicate case
// proof: compile enum
include "mlir/IR/EnumAttr.td"

def Test_Kind : I32Enum<"Kind", "a kind", [
  I32EnumCase<"Fast", 0>,
  «I32EnumCase<"Slow", 0>»
]> {
  let cppNamespace = "::test";
}
