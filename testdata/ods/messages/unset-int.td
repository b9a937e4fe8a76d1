// gen: gen-enum-decls gen-enum-defs
// error: Record `Test_CaseA', field `value' exists but does not have an int value: ?
include "mlir/IR/EnumAttr.td"

def Test_CaseA : I32EnumCase<"A", 0> {
  let value = «?»;
}
def Test_Kind : I32Enum<"Kind", "a kind", [Test_CaseA]>;
