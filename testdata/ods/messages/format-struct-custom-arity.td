// gen: gen-typedef-decls gen-typedef-defs
// error: `struct` can only contain `custom` directives with a single argument
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : TypeDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int":$low, "int":$high);
  let assemblyFormat = "struct(«custom<Range>($low, $high)»)";
}
