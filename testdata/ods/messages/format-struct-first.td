// gen: gen-attrdef-decls gen-attrdef-defs
// error: a `custom` directive nested within a `struct` must be passed a parameter
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int":$value);
  let assemblyFormat = "$value struct(«custom<Value>(ref($value))»)";
}
