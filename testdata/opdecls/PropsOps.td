// Properties, enums and the default-argument rules of generated builders.
include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/Properties.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Props_Dialect : Dialect {
  let name = "props";
  let cppNamespace = "props";
}

class Props_Op<string mnemonic, list<Trait> traits = []> :
    Op<Props_Dialect, mnemonic, traits>;

def Props_Color : I32EnumAttr<"Color", "a color", [
  I32EnumAttrCase<"Red", 0, "red">, I32EnumAttrCase<"Blue", 1, "blue">]> {
  let cppNamespace = "::props";
}

def SmallVecProp : IntArrayProp<I32Prop> {
  let defaultValue = "::llvm::ArrayRef<int32_t>{}";
  let storageTypeValueOverride = "::llvm::SmallVector<int32_t>{}";
}

def Props_KindsOp : Props_Op<"kinds"> {
  let arguments = (ins BoolProp:$on, StringProp:$text, ArrayProp<StringProp>:$texts,
                       OptionalProp<I64Prop>:$maybe, SmallVecProp:$sizes,
                       DefaultValuedProp<I32Prop, "-2">:$offset);
}

def Props_MixedOp : Props_Op<"mixed"> {
  let arguments = (ins OptionalProp<BoolProp>:$first, OptionalAttr<BoolAttr>:$toggle,
                       OptionalAttr<I32Attr>:$count, OptionalProp<I32Prop>:$last);
}

def Props_EnumOp : Props_Op<"enum"> {
  let arguments = (ins Props_Color:$color, DefaultValuedAttr<Props_Color, "::props::Color::Blue">:$other,
                       I64Attr:$n);
  let results = (outs I1:$flag);
}

def Props_WideDefaultsOp : Props_Op<"wide_defaults", [AllTypesMatch<["in", "out"]>]> {
  let arguments = (ins AnyType:$in, DefaultValuedAttr<F64Attr, "1.0">:$scale,
                       DefaultValuedAttr<I32Attr, "4">:$width, DefaultValuedOptionalAttr<I32Attr, "5">:$depth);
  let results = (outs AnyType:$out);
}

def Props_ApIntDefaultOp : Props_Op<"apint_default"> {
  let arguments = (ins I32:$x, DefaultValuedAttr<APIntAttr, "0">:$big, UnitAttr:$flag);
  let results = (outs F32:$y);
}

def Props_DupTraitsOp : Props_Op<"dup_traits", [IsolatedFromAbove, IsolatedFromAbove, Commutative]> {
  let arguments = (ins Variadic<AnyType>:$operands_);
  let results = (outs Variadic<AnyType>:$results_);
  let regions = (region VariadicRegion<AnyRegion>:$bodies);
  let hasCanonicalizeMethod = 1;
  let hasCanonicalizer = 1;
  let hasFolder = 1;
}

def Props_SymbolOp : Props_Op<"symbol"> {
  let arguments = (ins SymbolNameAttr:$sym_name, OptionalAttr<StrAttr>:$sym_visibility,
                       TypeAttrOf<FunctionType>:$function_type, ConfinedAttr<I64Attr, [IntNonNegative]>:$align);
  let regions = (region AnyRegion:$body);
}

def Props_SameVariadicOp : Props_Op<"same_variadic", [SameVariadicOperandSize, SameVariadicResultSize]> {
  let arguments = (ins Variadic<I32>:$a, I64:$mid, Variadic<I32>:$b);
  let results = (outs Variadic<F32>:$r, Variadic<F64>:$s);
}
