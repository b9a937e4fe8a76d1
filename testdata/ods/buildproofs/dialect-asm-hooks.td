// code: ods-dialect-asm-hooks
// info: attribute 'Test_BoxAttr' has the mnemonic 'box', but dialect 'test' neither sets useDefaultAttributePrinterParser nor declares parseAttribute/printAttribute; if its C++ class is generated (-gen-dialect-decls), #test.box then fails to parse ("dialect 'test' provides no attribute parsing hook"); a hand-written dialect class may define them
// proof: run dialect attr
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = «"box"»;
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
