// code: ods-enum-attr-class
// error: EnumAttr Test_KindAttr and enum Test_Kind both generate the class ::test::KindAttr; set `let genSpecializedAttr = 0;` on Test_Kind
// proof: compile dialect enum attr
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
  let useDefaultAttributePrinterParser = 1;
}

def Test_Kind : I32EnumAttr<"Kind", "a kind", [I32EnumAttrCase<"Fast", 0>]> {
  let cppNamespace = "::test";
}
def «Test_KindAttr» : EnumAttr<Test_Dialect, Test_Kind, "kind">;
