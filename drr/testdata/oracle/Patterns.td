// Hand-written patterns of the compile oracle; compileoracle_test.go adds a
// root, auxiliary, nested and partial pattern for every op. A pattern whose
// name starts with Broken is one mlir-tblgen turns into C++ that does not
// compile; one starting with Rejected is one mlir-tblgen rejects.

def PlusOne : NativeCodeCall<"oracle_helpers::plusOne($_builder, $_loc, $0)">;
def TwoArgs : NativeCodeCall<"oracle_helpers::twoArgs($0, $1)">;
def SelfInResult : NativeCodeCall<"oracle_helpers::plusOne($_builder, $_loc, $_self)">;
def UnknownPlaceholder : NativeCodeCall<"oracle_helpers::plusOne($_builder, $_foo, $0)">;
def PlaceholderInString : NativeCodeCall<"oracle_helpers::named($0, \"$1\")">;
def TwoValues : NativeCodeCall<"oracle_helpers::twoValues($_builder, $0)", 2>;
def CountAttr : NativeCodeCall<"oracle_helpers::count($_builder)">;
def IsConstant : NativeCodeCall<"oracle_helpers::isConstant($_self)">;
def LocInMatcher : NativeCodeCall<"oracle_helpers::isConstant(($_loc, $_self))">;

// Custom builders that take the separate-parameter call without result
// types.
def ValueBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                       (Oracle_SameTypeOp (Oracle_ValueBuilderOp $a, $b), $b)>;
def QualifiedBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                           (Oracle_SameTypeOp (Oracle_QualifiedBuilderOp $a, $b), $b)>;
def DefaultedBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                           (Oracle_SameTypeOp (Oracle_DefaultedBuilderOp $a, $b), $b)>;
def RangeBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                       (Oracle_SameTypeOp (Oracle_RangeBuilderOp $a, $b), $b)>;
def FoldResultBuilder : Pattern<(Oracle_SameTypeOp $a, $b),
                                [(Oracle_FoldResultBuilderOp:$aux $a, $b), (Oracle_SameTypeOp $a, $b)]>;
def AttrBuilder : Pattern<(Oracle_AttrBuilderOp $x, $n),
                          [(Oracle_AttrBuilderOp:$aux $x, $n), (Oracle_AttrBuilderOp $x, $n)]>;
def AnyAttrBuilder : Pattern<(Oracle_AnyAttrBuilderOp $x, $n),
                             [(Oracle_AnyAttrBuilderOp:$aux $x, $n), (Oracle_AnyAttrBuilderOp $x, $n)]>;
def ConstantAttrBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                              (Oracle_SameTypeOp (Oracle_AttrBuilderOp $a, ConstantAttr<I64Attr, "3">), $b)>;
def NativeAttrBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                            (Oracle_SameTypeOp (Oracle_AttrBuilderOp $a, (CountAttr)), $b)>;
// A symbol bound to a NativeCodeCall's result is pasted as its expression:
// its C++ type (here IntegerAttr) is the expression's, which fits the
// custom builder.
def NativeBoundAttrBuilder : Pattern<(Oracle_SameTypeOp $a, $b),
                                     [(CountAttr:$cnt), (Oracle_SameTypeOp (Oracle_AttrBuilderOp $a, $cnt), $b)]>;
def RangeVariadic : Pattern<(Oracle_RangeVariadicOp $xs),
                            [(Oracle_RangeVariadicOp:$aux $xs), (Oracle_RangeVariadicOp $xs)]>;
def ArrayRefVariadic : Pattern<(Oracle_ArrayRefVariadicOp $xs),
                               [(Oracle_ArrayRefVariadicOp:$aux $xs), (Oracle_ArrayRefVariadicOp $xs)]>;
def PropBuilder : Pattern<(Oracle_PropBuilderOp $x, $p),
                          [(Oracle_PropBuilderOp:$aux $x, $p), (Oracle_PropBuilderOp $x, $p)]>;
def PairBuilder : Pattern<(Oracle_PairOp $x), [(Oracle_PairOp:$a__0 $x), (Oracle_PairOp:$b__1 $x)]>;
def SkipDefaultAux : Pattern<(Oracle_SkipDefaultOp $x),
                             [(Oracle_SkipDefaultOp:$aux $x), (Oracle_SkipDefaultTypedOp $x)]>;
def SkipDefaultTyped : Pat<(Oracle_SkipDefaultTypedOp $x), (Oracle_SkipDefaultTypedOp $x)>;

// Result types ODS knows.
def SameTypeNested : Pat<(Oracle_SameTypeOp $a, $b),
                         (Oracle_SameTypeOp (Oracle_SameTypeOp $a, $b), $b)>;
def BuildableNested : Pat<(Oracle_SameTypeOp $a, $b),
                          (Oracle_SameTypeOp (Oracle_I32Op $a), $b)>;
def ExtractNested : Pat<(Tensor_ExtractOp $t, $i),
                        (Arith_AddIOp (Tensor_ExtractOp $t, $i), (Tensor_ExtractOp $t, $i),
                                      ConstantEnumCase<Arith_IntegerOverflowAttr, "none">)>;
def AddUIExtendedPartial : Pattern<(Arith_AddUIExtendedOp $a, $b),
                                   [(Arith_AddUIExtendedOp:$s__0 $a, $b), (Arith_AddUIExtendedOp:$o__1 $a, $b)]>;

// NativeCodeCalls.
def NativeOperand : Pat<(Oracle_SameTypeOp $a, $b), (Oracle_SameTypeOp (PlusOne $a), $b)>;
def NativeMatcher : Pat<(Oracle_SameTypeOp (IsConstant $a), $b), (Oracle_SameTypeOp $b, $b)>;
def PlaceholderQuoted : Pat<(Oracle_SameTypeOp $a, $b), (Oracle_SameTypeOp (PlaceholderInString $a), $b)>;
def BrokenMissingArgument : Pat<(Oracle_SameTypeOp $a, $b), (Oracle_SameTypeOp (TwoArgs $a), $b)>;
def BrokenSelfInResult : Pat<(Oracle_SameTypeOp $a, $b), (Oracle_SameTypeOp (SelfInResult $a), $b)>;
def BrokenUnknownPlaceholder : Pat<(Oracle_SameTypeOp $a, $b), (Oracle_SameTypeOp (UnknownPlaceholder $a), $b)>;
def BrokenLocInMatcher : Pat<(Oracle_SameTypeOp (LocInMatcher $a), $b), (Oracle_SameTypeOp $b, $b)>;

// Builders that cannot take the call.
def BrokenNoBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                          (Oracle_SameTypeOp (Oracle_NoBuilderOp $a, $b), $b)>;
def BrokenOneRangeBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                                (Oracle_SameTypeOp (Oracle_OneRangeBuilderOp $a, $b), $b)>;
def BrokenTypeFirstBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                                 (Oracle_SameTypeOp (Oracle_TypeFirstBuilderOp $a, $b), $b)>;
def BrokenWrongKindBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                                 (Oracle_SameTypeOp (Oracle_WrongKindBuilderOp $a, $b), $b)>;
def BrokenTypedValueBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                                  (Oracle_SameTypeOp (Oracle_TypedValueBuilderOp $a, $b), $b)>;
def BrokenThreeBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                             (Oracle_SameTypeOp (Oracle_ThreeBuilderOp $a, $b), $b)>;
def BrokenScalarBuilder : Pat<(Oracle_SameTypeOp $a, $b),
                              (Oracle_SameTypeOp (Oracle_ScalarBuilderOp $a, $b), $b)>;
def BrokenRawAttrBuilder : Pattern<(Oracle_RawAttrBuilderOp $x, $n),
                                   [(Oracle_RawAttrBuilderOp:$aux $x, $n), (Oracle_RawAttrBuilderOp $x, $n)]>;
def BrokenValueForAttrBuilder : Pattern<(Oracle_ValueForAttrBuilderOp $x, $n),
                                        [(Oracle_ValueForAttrBuilderOp:$aux $x, $n), (Oracle_ValueForAttrBuilderOp $x, $n)]>;
def BrokenValueVariadic : Pattern<(Oracle_ValueVariadicOp $xs),
                                  [(Oracle_ValueVariadicOp:$aux $xs), (Oracle_ValueVariadicOp $xs)]>;
def BrokenAttrForProp : Pattern<(Oracle_AttrForPropBuilderOp $x, $p),
                                [(Oracle_AttrForPropBuilderOp:$aux $x, $p), (Oracle_AttrForPropBuilderOp $x, $p)]>;
def BrokenSkipDefault : Pat<(Oracle_SkipDefaultOp $x), (Oracle_SkipDefaultOp $x)>;
def BrokenVariadicResults : Pat<(Oracle_SameTypeOp $a, $b),
                                (Oracle_SameTypeOp (Oracle_VariadicResultOp $a), $b)>;
def BrokenIndexCastNested : Pat<(Arith_IndexCastOp $a), (Arith_IndexCastOp (Arith_IndexCastOp $a))>;

// Values where the C++ needs others.
def BrokenValueIntoVariadic : Pat<(Oracle_SameTypeOp $a, $b), (Oracle_RangeVariadicOp $a)>;
def BrokenAttributeAsValue : Pat<(Oracle_AttrBuilderOp $x, $n), (Oracle_AttrBuilderOp $n, $n)>;
def BrokenMultiValue : Pat<(Oracle_SameTypeOp $a, $b),
                           (Oracle_SameTypeOp (Oracle_PairOp $a), $b)>;
def BrokenMultiValueNative : Pat<(Oracle_SameTypeOp $a, $b),
                                 (Oracle_SameTypeOp (TwoValues $a), $b)>;
def BrokenMultiValueLeaf : Pattern<(Oracle_SameTypeOp $a, $b),
                                   [(Oracle_PairOp:$p $a), (Oracle_SameTypeOp $p, $b)]>;
// A multi-value NativeCodeCall bound as $name__N passes its Nth value only.
def MultiValueNativeIndexed : Pat<(Oracle_SameTypeOp $a, $b),
                                  (Oracle_SameTypeOp (TwoValues:$t__1 $a), $b)>;
def ReturnTypeCount : Pat<(Oracle_SameTypeOp $a, $b),
                          (Oracle_SameTypeOp (Oracle_NoBuilderOp $a, $b, (returnType $a, $b)), $b)>;

// Errors: mlir-tblgen rejects these, and they are not compiled.
def RejectedArgumentCount : Pat<(Oracle_SameTypeOp $a), (Oracle_SameTypeOp $a, $a)>;
def RejectedReturnTypeAtRoot : Pat<(Oracle_SameTypeOp $a, $b),
                                   (Oracle_NoBuilderOp $a, $b, (returnType $a))>;
