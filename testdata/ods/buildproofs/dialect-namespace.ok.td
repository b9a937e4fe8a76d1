// code: ods-dialect-namespace
// proof: compile dialect
include "mlir/IR/DialectBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}
