// A dialect that keeps inherent attributes in the attribute dictionary
// (usePropertiesForAttributes = 0, as several out-of-tree dialects do):
// attribute getters read the sorted dictionary, setters and removers go
// through setAttr/removeAttr, segment sizes are attributes, and an op gets
// a Properties struct only when it has properties, which then holds its
// attributes too.
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
def NP_Dialect : Dialect {
  let name = "np";
  let cppNamespace = "::np";
  let usePropertiesForAttributes = 0;
}
class NP_Op<string m, list<Trait> t = []> : Op<NP_Dialect, m, t>;
def NP_AOp : NP_Op<"a", [Pure]> {
  let arguments = (ins I32:$x, I32Attr:$n, OptionalAttr<StrAttr>:$s, DefaultValuedAttr<BoolAttr, "false">:$flag, UnitAttr:$u,
                   OptionalAttr<DenseI64ArrayAttr>:$arr);
  let results = (outs I32:$r);
}
def NP_BOp : NP_Op<"b", [AttrSizedOperandSegments, AttrSizedResultSegments]> {
  let arguments = (ins Variadic<I32>:$xs, Optional<I32>:$y, Variadic<F32>:$zs);
  let results = (outs Variadic<I32>:$r1, Optional<F32>:$r2);
  let regions = (region AnyRegion:$body, VariadicRegion<SizedRegion<1>>:$others);
  let successors = (successor AnySuccessor:$dest, VariadicSuccessor<AnySuccessor>:$rest);
}
def NP_COp : NP_Op<"c", [SameOperandsAndResultType, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins AnyType:$x, Property<"int64_t">:$p, F32Attr:$f);
  let results = (outs AnyType:$r);
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def NP_DOp : NP_Op<"d", [SameVariadicOperandSize, SameVariadicResultSize]> {
  let arguments = (ins Variadic<I32>:$a, Variadic<I32>:$b, TypeAttr:$t, SymbolRefAttr:$sym);
  let results = (outs Variadic<I32>:$c, Variadic<I32>:$d);
  let assemblyFormat = "$a `,` $b attr-dict `:` type($c) `,` type($d)";
}
def NP_EOp : NP_Op<"e", [Pure]> {
  let arguments = (ins I32:$x);
  let results = (outs I32:$r);
  let assemblyFormat = "$x attr-dict `:` type($r)";
}
def NP_FOp : NP_Op<"f", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$x, I64Attr:$k, DefaultValuedOptionalAttr<I64Attr, "3">:$d);
  let results = (outs AnyType:$r);
  let assemblyFormat = "$x attr-dict `:` type($r)";
}
def NP_GOp : NP_Op<"g", [FirstAttrDerivedResultType]> {
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyType:$r);
}
def NP_HOp : NP_Op<"h", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<I32>:$a, Optional<I32>:$b, IntProp<"int64_t">:$n, OptionalAttr<StrAttr>:$label,
                   DefaultValuedAttr<I32Attr, "7">:$seven);
  let results = (outs I32:$r);
}
def NP_IOp : NP_Op<"i"> {
  let arguments = (ins VariadicOfVariadic<I32, "sizes">:$groups, DenseI32ArrayAttr:$sizes);
  let results = (outs Variadic<I32>:$r);
}
def NP_JOp : NP_Op<"j"> {
  let arguments = (ins F32Attr:$a, I32Attr:$b);
  let results = (outs I32:$r);
  let extraClassDeclaration = [{ int extra(); }];
  DerivedAttr dt = DerivedAttr<"::mlir::Type", [{ return getR().getType(); }]>;
}
def NP_KOp : NP_Op<"k", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<I32>:$a, Variadic<I32>:$b, UnitAttr:$flag);
  let assemblyFormat = "$a `,` $b attr-dict";
}
