//===- FixtureOps.td - a dialect for DRR fixtures ----------*- tablegen -*-===//
//
// Ops shaped to exercise every corner of DRR code generation: operands,
// attributes and properties in any order, variadic and optional operands,
// optional and default-valued attributes, zero/one/many results, and the
// traits that decide how a result op gets its types.
//
//===----------------------------------------------------------------------===//

#ifndef FIXTURE_OPS
#define FIXTURE_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/PatternBase.td"
include "mlir/IR/Properties.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Fx_Dialect : Dialect {
  let name = "fx";
  let cppNamespace = "::fx";
}

class Fx_Op<string mnemonic, list<Trait> traits = []>
    : Op<Fx_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Fx_Pred_EQ : I32EnumAttrCase<"eq", 0>;
def Fx_Pred_NE : I32EnumAttrCase<"ne", 1>;
def Fx_Pred_LT : I32EnumAttrCase<"lt", 2>;
def Fx_Pred_GE : I32EnumAttrCase<"ge", 5, "greater_equal">;
def Fx_PredicateAttr : I32EnumAttr<"Predicate", "comparison predicate",
    [Fx_Pred_EQ, Fx_Pred_NE, Fx_Pred_LT, Fx_Pred_GE]> {
  let cppNamespace = "::fx";
}

def Fx_Mode_Fast : I32EnumCase<"fast", 0>;
def Fx_Mode_Safe : I32EnumCase<"safe", 1>;
def Fx_Mode : I32Enum<"Mode", "evaluation mode", [Fx_Mode_Fast, Fx_Mode_Safe]> {
  let cppNamespace = "::fx";
}
def Fx_ModeAttr : EnumAttr<Fx_Dialect, Fx_Mode, "mode">;

//===----------------------------------------------------------------------===//
// Plain ops
//===----------------------------------------------------------------------===//

def Fx_AOp : Fx_Op<"a"> {
  let arguments = (ins I32:$x, I32Attr:$attr);
  let results = (outs I32:$r);
}
def Fx_BOp : Fx_Op<"b"> {
  let arguments = (ins I32:$x);
  let results = (outs I32:$r);
}
def Fx_NOp : Fx_Op<"n"> {
  let arguments = (ins AnyType:$x);
  let results = (outs I32:$r);
}
def Fx_UOp : Fx_Op<"u"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
}
def Fx_I64Op : Fx_Op<"i64"> {
  let arguments = (ins I64:$x);
  let results = (outs I64:$r);
}
def Fx_FloatOp : Fx_Op<"float"> {
  let arguments = (ins F32:$x, F32Attr:$factor);
  let results = (outs F32:$r);
}
def Fx_TensorOp : Fx_Op<"tensor"> {
  let arguments = (ins AnyTensor:$t);
  let results = (outs AnyTensor:$r);
}
def Fx_Op3 : Fx_Op<"op3"> {
  let arguments = (ins AnyType:$a, AnyType:$b, AnyType:$c);
  let results = (outs AnyType:$r);
}
def Fx_BinOp : Fx_Op<"bin"> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$r);
}
def Fx_NoArgOp : Fx_Op<"noarg"> {
  let arguments = (ins);
  let results = (outs I32:$r);
}

//===----------------------------------------------------------------------===//
// Result-type traits
//===----------------------------------------------------------------------===//

def Fx_COp : Fx_Op<"c", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$x, AnyType:$y);
  let results = (outs AnyType:$r);
}
def Fx_AddOp : Fx_Op<"add", [Pure, SameOperandsAndResultType, Commutative]> {
  let arguments = (ins AnySignlessInteger:$lhs, AnySignlessInteger:$rhs);
  let results = (outs AnySignlessInteger:$result);
}
def Fx_NegOp : Fx_Op<"neg", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}
def Fx_GOp : Fx_Op<"g", [InferTypeOpAdaptor]> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
def Fx_LOp : Fx_Op<"l", [FirstAttrDerivedResultType]> {
  let arguments = (ins TypeAttr:$t, AnyType:$x);
  let results = (outs AnyType:$r);
}
def Fx_MOp : Fx_Op<"m", [AllTypesMatch<["x", "r"]>]> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}

//===----------------------------------------------------------------------===//
// Attributes and properties
//===----------------------------------------------------------------------===//

def Fx_IOp : Fx_Op<"i"> {
  let arguments = (ins AnyType:$x, OptionalAttr<I32Attr>:$oattr,
                       DefaultValuedAttr<I32Attr, "3">:$dattr);
  let results = (outs AnyType:$r);
}
def Fx_POp : Fx_Op<"p"> {
  let arguments = (ins I32Prop:$p, AnyType:$x);
  let results = (outs AnyType:$r);
}
def Fx_SPOp : Fx_Op<"sp"> {
  let arguments = (ins StringProp:$s, AnyType:$x);
  let results = (outs AnyType:$r);
}
def Fx_DefPropOp : Fx_Op<"defprop"> {
  let arguments = (ins AnyType:$x, DefaultValuedProp<I64Prop, "7">:$count,
                       BoolProp:$flag);
  let results = (outs AnyType:$r);
}
def Fx_MixedOp : Fx_Op<"mixed"> {
  let arguments = (ins AnyType:$x, I64Attr:$n, AnyType:$y, StrAttr:$label);
  let results = (outs AnyType:$r);
}
def Fx_StrOp : Fx_Op<"str"> {
  let arguments = (ins StrAttr:$name, AnyType:$x);
  let results = (outs AnyType:$r);
}
def Fx_FlagOp : Fx_Op<"flag"> {
  let arguments = (ins AnyType:$x, BoolAttr:$enabled, UnitAttr:$fast);
  let results = (outs AnyType:$r);
}
def Fx_ArrOp : Fx_Op<"arr"> {
  let arguments = (ins AnyType:$x, I64ArrayAttr:$dims,
                       OptionalAttr<StrAttr>:$note);
  let results = (outs AnyType:$r);
}
def Fx_ConstOp : Fx_Op<"const", [ConstantLike]> {
  let arguments = (ins AnyAttr:$value);
  let results = (outs AnyType:$r);
}
def Fx_CmpOp : Fx_Op<"cmp"> {
  let arguments = (ins Fx_PredicateAttr:$predicate, AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs I1:$r);
}
def Fx_ModeOp : Fx_Op<"mode"> {
  let arguments = (ins AnyType:$x, Fx_ModeAttr:$mode);
  let results = (outs AnyType:$r);
}
def Fx_ElemOp : Fx_Op<"elem"> {
  let arguments = (ins AnyType:$x, ElementsAttr:$values,
                       DefaultValuedStrAttr<StrAttr, "none">:$kind);
  let results = (outs AnyType:$r);
}

//===----------------------------------------------------------------------===//
// Variadic and optional operands
//===----------------------------------------------------------------------===//

def Fx_FOp : Fx_Op<"f"> {
  let arguments = (ins Variadic<AnyType>:$xs);
  let results = (outs AnyType:$r);
}
def Fx_OptOp : Fx_Op<"opt"> {
  let arguments = (ins AnyType:$x, Optional<AnyType>:$y);
  let results = (outs AnyType:$r);
}
def Fx_HeadTailOp : Fx_Op<"headtail"> {
  let arguments = (ins AnyType:$head, Variadic<AnyType>:$tail);
  let results = (outs AnyType:$r);
}
def Fx_SegOp : Fx_Op<"seg", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<AnyType>:$a, AnyType:$b, Variadic<AnyType>:$c);
  let results = (outs AnyType:$r);
}
def Fx_SameVarOp : Fx_Op<"samevar", [SameVariadicOperandSize]> {
  let arguments = (ins Variadic<AnyType>:$a, Variadic<AnyType>:$b);
  let results = (outs AnyType:$r);
}
def Fx_TwoVarOp : Fx_Op<"twovar", [SameVariadicOperandSize]> {
  let arguments = (ins Variadic<I32>:$lhs, I32Attr:$n, Variadic<I32>:$rhs);
  let results = (outs I32:$r);
}

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

def Fx_DOp : Fx_Op<"d"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r1, AnyType:$r2);
}
def Fx_EOp : Fx_Op<"e"> {
  let arguments = (ins AnyType:$x, AnyType:$y);
  let results = (outs AnyType:$r1, AnyType:$r2);
}
def Fx_KOp : Fx_Op<"k"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r1, AnyType:$r2, AnyType:$r3);
}
def Fx_JOp : Fx_Op<"j"> {
  let arguments = (ins AnyType:$x);
  let results = (outs);
}
def Fx_SinkOp : Fx_Op<"sink"> {
  let arguments = (ins AnyType:$x, AnyType:$y);
  let results = (outs);
}
def Fx_VarResOp : Fx_Op<"varres"> {
  let arguments = (ins AnyType:$x);
  let results = (outs Variadic<AnyType>:$rs);
}
def Fx_SplitOp : Fx_Op<"split"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$first, Variadic<AnyType>:$rest);
}

//===----------------------------------------------------------------------===//
// Naming corner cases: no dialect prefix, leading underscore.
//===----------------------------------------------------------------------===//

def PlainOp : Fx_Op<"plain"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
def _UnderOp : Fx_Op<"under"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
def Fx_snake_case_Op : Fx_Op<"snake"> {
  let arguments = (ins AnyType:$first_value, I32Attr:$some_attr,
                       I32Prop:$a_prop);
  let results = (outs AnyType:$the_result);
}

//===----------------------------------------------------------------------===//
// Shared constraints and native code used by the pattern files.
//===----------------------------------------------------------------------===//

def HasOneUse : Constraint<CPred<"$0.hasOneUse()">, "has one use">;
def SameType : Constraint<CPred<"$0.getType() == $1.getType()">, "same type">;
def AllSame3 : Constraint<CPred<"$0 == $1 && $1 == $2">, "all three equal">;
def Quad : Constraint<CPred<"check4($0, $1, $2, $3)">, "four-way check">;
def IsZeroAttr : AttrConstraint<
    CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getInt() == 0">, "zero">;
def PosAttr : AttrConstraint<
    CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getInt() > 0">,
    "positive \"strictly\"">;
def NonNegProp : PropConstraint<CPred<"$_self >= 0">, "non-negative">;
def NonNegI32Prop : PropConstraint<CPred<"$_self >= 0">, "non-negative i32",
                                   "int32_t">;
def IsI32 : TypeConstraint<CPred<"$_self.isInteger(32)">, "i32 type">;
def NotI64 : Type<Neg<CPred<"$_self.isInteger(64)">>, "not i64">;
def IntOrFloat : Type<Or<[AnyInteger.predicate, AnyFloat.predicate]>,
                      "integer or float">;
def SignlessOrIndex : Type<And<[AnySignlessIntegerOrIndex.predicate,
                                Neg<CPred<"$_self.isInteger(1)">>]>,
                           "signless integer (not i1) or index">;

def NativeMatcher : NativeCodeCall<"::mlir::success(nativeMatch($_self, &$0))">;
def NativeMatcher2 : NativeCodeCall<
    "::mlir::success(nativeMatch2($_self, &$0, &$1))">;
def NativeBuild : NativeCodeCall<"nativeBuild($_builder, $0)">;
def NativeBuildLoc : NativeCodeCall<"nativeBuild($_builder, $_loc, $0, $1)">;
def NativeTwo : NativeCodeCall<"nativeTwo($_builder, $0)", 2>;
def NativeVoid : NativeCodeCallVoid<"nativeVoid($0)">;
def MakeI32Attr : NativeCodeCall<"$_builder.getI32IntegerAttr($0)">;
def IncAttr : NativeCodeCall<
    "$_builder.getI32IntegerAttr(::llvm::cast<::mlir::IntegerAttr>($_self).getInt() + 1)">;
def TypeOfFirst : NativeCodeCall<"$0.getType()">;
def I32Type : NativeCodeCall<"$_builder.getI32Type()">;
def PackAll : NativeCodeCall<"packAll($_builder, $0...)">;
def PackTail : NativeCodeCall<"packTail($0, $2...)">;
def Dollar : NativeCodeCall<"dollar($0, $$1)">;

def ConstOne : ConstantAttr<I32Attr, "1">;
def ConstZero : ConstantAttr<I32Attr, "0">;
def ConstTwoI64 : ConstantAttr<I64Attr, "2">;
def ConstHalf : ConstF32Attr<"0.5">;
def ConstHello : ConstantStrAttr<StrAttr, "hello">;
def PropSeven : ConstantProp<I32Prop, "7">;
def PropName : ConstantProp<StringProp, "\"fixed\"">;

#endif // FIXTURE_OPS
