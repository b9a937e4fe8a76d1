include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
def T_Dialect : Dialect { let name = "t"; let cppNamespace = "::t"; }
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def AOp : T_Op<"a"> { let arguments = (ins I32:$x, I32Attr:$attr); let results = (outs I32:$r); }
def BOp : T_Op<"b"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def COp : T_Op<"c", [SameOperandsAndResultType]> { let arguments = (ins AnyType:$x, AnyType:$y); let results = (outs AnyType:$r); }
def DOp : T_Op<"d"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r1, AnyType:$r2); }
def EOp : T_Op<"e"> { let arguments = (ins AnyType:$x, AnyType:$y); let results = (outs AnyType:$r1, AnyType:$r2); }
def FOp : T_Op<"f"> { let arguments = (ins Variadic<AnyType>:$xs); let results = (outs AnyType:$r); }
def GOp : T_Op<"g", [InferTypeOpAdaptor]> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def IOp : T_Op<"i"> { let arguments = (ins AnyType:$x, OptionalAttr<I32Attr>:$oattr, DefaultValuedAttr<I32Attr, "3">:$dattr); let results = (outs AnyType:$r); }
def JOp : T_Op<"j"> { let arguments = (ins AnyType:$x); let results = (outs); }
def KOp : T_Op<"k"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r1, AnyType:$r2, AnyType:$r3); }
def POp : T_Op<"p"> { let arguments = (ins I32Prop:$p, AnyType:$x); let results = (outs AnyType:$r); }
def SPOp : T_Op<"sp"> { let arguments = (ins StringProp:$s, AnyType:$x); let results = (outs AnyType:$r); }
def LOp : T_Op<"l", [FirstAttrDerivedResultType]> { let arguments = (ins TypeAttr:$t, AnyType:$x); let results = (outs AnyType:$r); }
def MOp : T_Op<"m", [AllTypesMatch<["x", "r"]>]> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def NOp : T_Op<"n"> { let arguments = (ins AnyType:$x); let results = (outs I32:$r); }
def Op3 : T_Op<"op3"> {let arguments=(ins AnyType:$a, AnyType:$b, AnyType:$c); let results=(outs AnyType:$r);}
def NativeMatcher : NativeCodeCall<"::mlir::success(nativeMatch($_self, &$0))">;
def NativeBuild : NativeCodeCall<"nativeBuild($_builder, $0)">;
def C1 : Constraint<CPred<"true">, "c1">;
