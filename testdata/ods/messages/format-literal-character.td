// gen: gen-attrdef-decls gen-attrdef-defs
// error: expected valid literal but got '%': single character literal must be a letter or one of '_:,=<>()[]{}?+-*'
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int":$value);
  let assemblyFormat = "«`%`» $value";
}
