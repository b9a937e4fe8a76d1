// gen: gen-attrdef-decls gen-attrdef-defs
// error: 'assemblyFormat' or 'hasCustomAssemblyFormat' can only be used when 'mnemonic' is set
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let attrName = "test.box";
  let parameters = (ins "int":$value);
  let assemblyFormat = «"`<` $value `>`"»;
}
