// gen: gen-typedef-decls gen-typedef-defs
// error: expected 'ins' in builders
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxType : TypeDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int":$width);
  let builders = [«TypeBuilder<(outs "unsigned":$width)>»];
  let hasCustomAssemblyFormat = 1;
}
