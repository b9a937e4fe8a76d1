// gen: gen-pass-decls
// error: Record `Test_Pass', field `options' exists but does not have a list value
include "mlir/Pass/PassBase.td"

def Test_Pass : Pass<"test-pass"> {
  let options = «?»;
}
