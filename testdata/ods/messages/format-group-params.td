// gen: gen-attrdef-decls gen-attrdef-defs
// error: `params` directive allowed in optional group only if all parameters are optional
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int":$low, OptionalParameter<"int">:$high);
  let assemblyFormat = "(`<` «params»^ `>`)?";
}
