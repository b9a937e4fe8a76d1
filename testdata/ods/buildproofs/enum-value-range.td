// code: ods-enum-value-range
// error: enum case 'All' has the value 256, which does not fit the underlying type uint8_t (8 bits); the C++ enum class does not compile
// proof: compile enum
include "mlir/IR/EnumAttr.td"

def Test_Flags : I8BitEnum<"Flags", "flags", [
  I8BitEnumCase<"Read", 1>,
  «I8BitEnumCase<"All", 256>»
]> {
  let cppNamespace = "::test";
}
