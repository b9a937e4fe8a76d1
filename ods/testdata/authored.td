include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/Pass/PassBase.td"
def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::mlir::t";
  let hasConstantMaterializer = 1;
  let hasCanonicalizer = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let useDefaultAttributePrinterParser = 0;
  let useDefaultTypePrinterParser = 0;
  let hasOperationInterfaceFallback = 1;
}
def T_RangeAttr : AttrDef<T_Dialect, "Range"> {
  let mnemonic = "range";
  let parameters = (ins "int64_t":$lo, "int64_t":$hi);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let builders = [AttrBuilder<(ins "int64_t":$n)>, AttrBuilder<(ins "int":$x), [{ return $_get($_ctxt, x, x); }]>];
}
def T_BoxType : TypeDef<T_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "int64_t":$n);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let builders = [TypeBuilderWithInferredContext<(ins "Type":$elt)>];
}
def T_NoParams : TypeDef<T_Dialect, "Plain"> {
  let mnemonic = "plain";
  let hasCustomAssemblyFormat = 1;
}
def FooPass : Pass<"foo", "func::FuncOp"> {
  let summary = "foo";
  let constructor = "mlir::t::createFooPass()";
}
def BarPass : Pass<"bar"> {
  let summary = "bar";
}
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
def T_ElemsAttr : AttrDef<T_Dialect, "Elems", [DeclareAttrInterfaceMethods<TypedAttrInterface>]> {
  let mnemonic = "elems";
  let parameters = (ins "int64_t":$n);
  let assemblyFormat = "`<` $n `>`";
}
def T_ShapedT : TypeDef<T_Dialect, "Sh", [DeclareTypeInterfaceMethods<ShapedTypeInterface>]> {
  let mnemonic = "sh";
  let parameters = (ins "int64_t":$n);
  let assemblyFormat = "`<` $n `>`";
}
