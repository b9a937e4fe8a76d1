// gen: gen-attrdef-decls gen-attrdef-defs
// error: `struct` directive with optional parameters cannot be followed by a comma literal
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins OptionalParameter<"int">:$low, "int":$high);
  let assemblyFormat = "struct($low) «`,`» $high";
}
