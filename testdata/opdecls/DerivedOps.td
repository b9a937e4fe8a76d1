// Derived attributes as TensorFlow-style dialects declare them on nearly
// every op: an element type, an operand count and a list of types computed
// from the operands, each materializable as an attribute; in a dialect with
// properties and in one without.
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
def XT_Dialect : Dialect {
  let name = "xt";
  let cppNamespace = "::mlir::xt";
}
class XT_Op<string m, list<Trait> t = []> : Op<XT_Dialect, m, t>;
class XT_DerivedOperandTypeAttr<int idx> : DerivedTypeAttr<
  "return mlir::getElementTypeOrSelf(*getODSOperands(" # idx # ").begin());">;
class XT_DerivedOperandTypeListAttr<int idx> : DerivedAttr<
  "mlir::OperandElementTypeRange",
  "auto values = getODSOperands(" # idx # ");\n"
  "return {mlir::OperandElementTypeIterator(values.begin()), "
  "mlir::OperandElementTypeIterator(values.end())};",
  [{
    ArrayAttr::get($_ctxt,
    [&]() {
      llvm::SmallVector<Attribute, 4> ret;
      for (auto t : $_self)
        ret.push_back(TypeAttr::get(t));
      return ret;
    }())
  }]
>;
class XT_DerivedOperandSizeAttr<int idx> : DerivedAttr<
  "size_t",
  "auto range = getODSOperands(" # idx # ");\n"
  "return std::distance(range.begin(), range.end());",
  [{ $_builder.getI64IntegerAttr($_self) }]>;
def XT_AddOp : XT_Op<"Add", [Pure]> {
  let arguments = (ins AnyTensor:$x, AnyTensor:$y);
  let results = (outs AnyTensor:$z);
  XT_DerivedOperandTypeAttr T = XT_DerivedOperandTypeAttr<0>;
}
def XT_ConcatOp : XT_Op<"Concat", [Pure]> {
  let arguments = (ins I32Tensor:$axis, Variadic<AnyTensor>:$values, DefaultValuedOptionalAttr<StrAttr, "\"x\"">:$tag);
  let results = (outs AnyTensor:$output);
  XT_DerivedOperandSizeAttr N = XT_DerivedOperandSizeAttr<1>;
  XT_DerivedOperandTypeAttr T = XT_DerivedOperandTypeAttr<1>;
  XT_DerivedOperandTypeListAttr Tlist = XT_DerivedOperandTypeListAttr<1>;
  let hasVerifier = 1;
}
def XT_NPDialect : Dialect {
  let name = "xtnp";
  let cppNamespace = "::mlir::xtnp";
  let usePropertiesForAttributes = 0;
}
def XT_NPConcatOp : Op<XT_NPDialect, "Concat", [Pure]> {
  let arguments = (ins I32Tensor:$axis, Variadic<AnyTensor>:$values, DefaultValuedOptionalAttr<StrAttr, "\"x\"">:$tag, I64Attr:$z);
  let results = (outs AnyTensor:$output);
  XT_DerivedOperandSizeAttr N = XT_DerivedOperandSizeAttr<1>;
  XT_DerivedOperandTypeAttr T = XT_DerivedOperandTypeAttr<1>;
}
