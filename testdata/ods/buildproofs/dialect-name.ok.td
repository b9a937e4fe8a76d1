// code: ods-dialect-name
// proof: run dialect
include "mlir/IR/DialectBase.td"

def Test_Dialect : Dialect {
  let name = "test_ops";
  let cppNamespace = "::test";
}

/* cpp
void test::TestDialect::initialize() {}
int main() { return mlir::Dialect::isValidNamespace(test::TestDialect::getDialectNamespace()) ? 0 : 1; }
*/
