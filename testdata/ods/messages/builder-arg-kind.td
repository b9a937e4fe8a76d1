// gen: gen-attrdef-decls gen-attrdef-defs
// error: Builder DAG arguments must be either strings or defs which inherit from CArg
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int":$value);
  let builders = [«AttrBuilder<(ins I32:$value)>»];
  let hasCustomAssemblyFormat = 1;
}
