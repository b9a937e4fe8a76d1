// gen: gen-attrdef-decls gen-attrdef-defs
// error: first parsable element of an optional group must be a literal, variable, or custom directive
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

def Test_BoxAttr : AttrDef<Test_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins OptionalParameter<"int">:$value);
  let assemblyFormat = "(«struct($value)»^ `>`)?";
}
