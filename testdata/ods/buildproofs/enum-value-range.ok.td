// code: ods-enum-value-range
// proof: compile enum
include "mlir/IR/EnumAttr.td"

def Test_Flags : I8BitEnum<"Flags", "flags", [
  I8BitEnumCase<"Read", 1>,
  I8BitEnumCase<"All", 255>
]> {
  let cppNamespace = "::test";
}
