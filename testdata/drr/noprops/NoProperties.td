//===- NoProperties.td - a dialect without properties -----*- tablegen -*-===//
//
// Patterns over a dialect that keeps inherent attributes in the attribute
// dictionary (usePropertiesForAttributes = 0): attributes are matched with
// getAttrOfType and built as a list of named attributes, segment sizes
// included. (Its own directory keeps it out of the mutation seeds.)
//
//===----------------------------------------------------------------------===//

include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/IR/Properties.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
def NP_Dialect : Dialect {
  let name = "np";
  let cppNamespace = "::np";
  let usePropertiesForAttributes = 0;
}
class NP_Op<string m, list<Trait> t = []> : Op<NP_Dialect, m, t>;
def NP_AOp : NP_Op<"a", [Pure]> {
  let arguments = (ins I32:$x, I32Attr:$n, OptionalAttr<StrAttr>:$s, DefaultValuedAttr<I32Attr, "3">:$d);
  let results = (outs I32:$r);
}
def NP_VOp : NP_Op<"v", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<I32>:$a, Variadic<I32>:$b, I32Attr:$n);
  let results = (outs I32:$r);
}
def NP_POp : NP_Op<"p", [Pure]> {
  let arguments = (ins I32:$x, IntProp<"int64_t">:$k, I32Attr:$n);
  let results = (outs I32:$r);
}
def NP_SOp : NP_Op<"s", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins I32:$x, I32Attr:$n);
  let results = (outs I32:$r);
}
def P1 : Pat<(NP_AOp $x, $n, $s, $d), (NP_VOp (variadic $x), (variadic $x, $x), $n)>;
def P2 : Pat<(NP_AOp $x, $n, $s, $d), (NP_AOp (NP_SOp (NP_POp $x, ConstantProp<IntProp<"int64_t">, "1">, $n), $n), $n, ConstantStrAttr<StrAttr, "hi">, $n), [], [], (addBenefit 1)>;
def P3 : Pat<(NP_POp $x, $k, $n), (NP_POp $x, $k, $n)>;
