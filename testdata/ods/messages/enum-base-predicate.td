// gen: gen-enum-defs
// error: ERROR: baseAttrClass for EnumAttr has no Predicate
include "mlir/IR/EnumAttr.td"

def Test_Base : SignlessIntegerAttrBase<I32, "a base"> {
  let predicate = «?»;
}
def Test_Kind : EnumAttrInfo<"Kind", [I32EnumAttrCase<"A", 0>], Test_Base>;
