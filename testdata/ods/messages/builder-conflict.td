// gen: gen-attrdef-decls gen-attrdef-defs
// error: builder `get` conflicts with an existing builder.
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int":$value);
  let builders = [«AttrBuilder<(ins "int":$v), [{ return $_get($_ctxt, v); }]>»];
  let hasCustomAssemblyFormat = 1;
}
