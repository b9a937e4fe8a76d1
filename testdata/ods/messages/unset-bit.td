// gen: gen-attrdef-decls gen-attrdef-defs
// error: Record `Test_BoxAttr', field `genAccessors' does not have a bit initializer!
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let genAccessors = «?»;
}
