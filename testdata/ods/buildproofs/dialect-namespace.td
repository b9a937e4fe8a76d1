// code: ods-dialect-namespace
// error: cppNamespace "::test::" is not a C++ namespace such as ::mlir::my; the generated dialect class does not compile
// proof: compile dialect
include "mlir/IR/DialectBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = «"::test::"»;
}
