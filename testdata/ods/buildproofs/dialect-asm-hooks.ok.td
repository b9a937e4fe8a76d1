// code: ods-dialect-asm-hooks
// proof: run dialect attr
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
  let useDefaultAttributePrinterParser = 1;
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int":$width);
  let assemblyFormat = "`<` $width `>`";
}
/* cpp
#include "mlir/AsmParser/AsmParser.h"
void test::TestDialect::initialize() { addAttributes<test::BoxAttr>(); }
int main() {
  mlir::MLIRContext context;
  context.loadDialect<test::TestDialect>();
  return mlir::parseAttribute("#test.box<4>", &context) ? 0 : 1;
}
*/
