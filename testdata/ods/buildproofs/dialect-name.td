// code: ods-dialect-name
// warning: dialect name "test-ops" is not a valid dialect namespace (a letter or `_`, then letters, digits, `_` or `$`); MLIR rejects it (Dialect::isValidNamespace)
// proof: run dialect
include "mlir/IR/DialectBase.td"

def Test_Dialect : Dialect {
  let name = «"test-ops"»;
  let cppNamespace = "::test";
}

/* cpp
void test::TestDialect::initialize() {}
int main() { return mlir::Dialect::isValidNamespace(test::TestDialect::getDialectNamespace()) ? 0 : 1; }
*/
