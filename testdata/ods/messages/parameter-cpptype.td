// gen: gen-attrdef-decls gen-attrdef-defs
// error: Missing `cppType` field in Attribute/Type parameter: Test_Width
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_Width {
  string summary = "a width";
}
def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins «Test_Width:$width»);
  let hasCustomAssemblyFormat = 1;
}
