// code: ods-declare-unknown-method
// warning: 'getBitWidth' is not a method of WidthOpInterface; the entry declares nothing (a definition of ConstOp::getBitWidth would not compile)
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

def Test_ConstOp : Op<Test_Dialect, "const", [DeclareOpInterfaceMethods<WidthOpInterface, [«"getBitWidth"»]>]>;
/* cpp
void test::TestDialect::initialize() {}
unsigned test::ConstOp::getBitWidth() { return 8; }
*/
