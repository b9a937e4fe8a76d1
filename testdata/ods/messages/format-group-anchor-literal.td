// gen: gen-attrdef-decls gen-attrdef-defs
// error: optional group anchor must be a parameter or directive
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins OptionalParameter<"int">:$value);
  let assemblyFormat = "(«`<`»^ $value `>`)?";
}
