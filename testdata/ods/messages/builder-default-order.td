// gen: gen-attrdef-decls gen-attrdef-defs
// error: expected an argument with default value after other arguments with default values
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int":$value);
  let builders = [«AttrBuilder<(ins CArg<"int", "0">:$low, "int":$high)>»];
  let hasCustomAssemblyFormat = 1;
}
