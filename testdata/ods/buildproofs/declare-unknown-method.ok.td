// code: ods-declare-unknown-method
// proof: compile dialect opiface op
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}
include "mlir/IR/Interfaces.td"

def WidthOpInterface : OpInterface<"WidthOpInterface"> {
  let cppNamespace = "::test";
  let methods = [
    InterfaceMethod<"the width", "unsigned", "getWidth", (ins), [{}], [{ return 32; }]>
  ];
}

def Test_ConstOp : Op<Test_Dialect, "const", [DeclareOpInterfaceMethods<WidthOpInterface, ["getWidth"]>]>;
/* cpp
void test::TestDialect::initialize() {}
unsigned test::ConstOp::getWidth() { return 8; }
*/
