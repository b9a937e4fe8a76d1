// gen: gen-pass-decls
// error: Record `Test_Pass', field `argument' exists but does not have a string value
include "mlir/Pass/PassBase.td"

def Test_Pass : Pass<"test-pass"> {
  let argument = «?»;
}
