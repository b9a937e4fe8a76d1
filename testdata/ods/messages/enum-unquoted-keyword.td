// gen: gen-enum-decls
// error: bit enum ::E cannot be printed unquoted with cases that cannot be keywords
include "mlir/IR/EnumAttr.td"

def E : I32BitEnum<"E", "access bits", [
  I32BitEnumCaseBit<"Read", 0, "read">,
  «I32BitEnumCaseBit<"ReadWrite", 1, "read-write">»
]>;
