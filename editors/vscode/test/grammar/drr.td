// SYNTAX TEST "source.tablegen" "DRR: patterns, directives, bound symbols, native code"

def : Pat<(Toy_NegOp (Toy_NegOp $x)), (replaceWithValue $x)>;
// <--- storage.type.def.tablegen
//    ^^^ support.class.drr.tablegen
//                              ^^ variable.other.dollar.tablegen
//                                     ^^^^^^^^^^^^^^^^ support.function.directive.drr.tablegen

def FoldScale : Pat<(Toy_ScaleOp:$root $x, $_),
//              ^^^ support.class.drr.tablegen
//                              ^ punctuation.separator.colon.tablegen
//                               ^^^^^ variable.other.dollar.tablegen
//                                         ^^ variable.language.unused.tablegen
    (Toy_ScaleOp $x, (NativeF64 $x), (location $root)),
//                                    ^^^^^^^^ support.function.directive.drr.tablegen
    [(HasOneUse $root)], [], (addBenefit 2)>;
//                                       ^ constant.numeric.decimal.tablegen

def Commuted : Pat<(Toy_AddOp (either $a, (Toy_NegOp $b))),
//                             ^^^^^^ support.function.directive.drr.tablegen
    (Toy_SubOp $a, $b, (returnType $a))>;
//                      ^^^^^^^^^^ support.function.directive.drr.tablegen

def Concat : Pat<(ConcatOp (variadic $a, $b)), (ConcatOp $b, $a)>;
//                          ^^^^^^^^ support.function.directive.drr.tablegen

def NativeF64 : NativeCodeCall<"$_builder.getF64FloatAttr($0.getValue() * 2)">;
//              ^^^^^^^^^^^^^^ support.class.drr.tablegen
//                              ^^^^^^^^^ variable.language.placeholder.tablegen
//                                                        ^^ variable.language.placeholder.tablegen

def HasOneUse : Constraint<CPred<"$_self.hasOneUse()">, "has one use">;
//              ^^^^^^^^^^ support.class.drr.tablegen
//                                ^^^^^^ variable.language.placeholder.tablegen

def F64AttrIsOne : AttrConstraint<CPred<[{
    ::llvm::cast<::mlir::FloatAttr>($_self).getValueAsDouble() == 1.0
//  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ meta.embedded.block.cpp
//                                  ^^^^^^ variable.language.placeholder.tablegen
  }]>>;
