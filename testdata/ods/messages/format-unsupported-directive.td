// gen: gen-typedef-decls gen-typedef-defs
// error: unsupported directive kind
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : TypeDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int":$value);
  let assemblyFormat = "$value «attr-dict»";
}
