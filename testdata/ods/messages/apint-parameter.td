// gen: gen-attrdef-decls gen-attrdef-defs
// error: Using a raw APInt parameter without a custom comparator is not supported because an assert in the equality operator is triggered when the two APInts have different bit widths. This can lead to unexpected crashes. Use an `APIntParameter` or provide a custom comparator.
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins «"::llvm::APInt":$value»);
  let hasCustomAssemblyFormat = 1;
}
