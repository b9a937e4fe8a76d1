// gen: gen-attrdef-decls gen-attrdef-defs
// error: `custom` is only allowed in an optional group if all captured parameters are optional
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int":$value);
  let assemblyFormat = "(«custom<Value>($value)»^)?";
}
