//===- NativeCode.td - NativeCodeCall in source and result -*- tablegen -*-===//
//
// NativeCodeCall as a matcher (with $_self and captures), as a builder of
// values and attributes, as a leaf transform, with positional and range
// placeholders, several return values and none.
//
//===----------------------------------------------------------------------===//

include "FixtureOps.td"

def MatchI32 : NativeCodeCall<"::mlir::success(matchI32($_self, &$0))">;
def MatchAttr : NativeCodeCall<"::mlir::success(matchAttr($_self, &$0))">;
def MatchAny : NativeCodeCall<"::mlir::success(matchAny($_self))">;
def MatchLoc : NativeCodeCall<"::mlir::success(matchLoc($_self, &$0, $_loc))">;
def MatchProp : NativeCodeCall<"::mlir::success(matchProp($_self, &$0))">;
def Wrap : NativeCodeCall<"wrap($_builder, $0)">;
def WrapLoc : NativeCodeCall<"wrapAt($_builder, $_loc, $0)">;
def Combine : NativeCodeCall<"combine($_builder, $0, $1)">;
def Combine3 : NativeCodeCall<"combine3($0, $1, $2)">;
def Swap2 : NativeCodeCall<"swap2($_builder, $0, $1)", 2>;
def Three : NativeCodeCall<"three($_builder, $0)", 3>;
def Notify : NativeCodeCallVoid<"notify($0)">;
def Notify2 : NativeCodeCallVoid<"notify2($_builder, $0, $1)">;
def Many : NativeCodeCall<"many($0, $1, $2, $3, $4, $5, $6, $7, $8, $9)">;
def FromThird : NativeCodeCall<"fromThird($_builder, $2...)">;
def Overflow : NativeCodeCall<"overflow($0, $1)">;
def SelfLeaf : NativeCodeCall<"selfLeaf($_self)">;
def SelfPlus : NativeCodeCall<"selfPlus($_builder, $_self)">;
def Literal : NativeCodeCall<"literal()">;
def AttrToI64 : NativeCodeCall<"$_builder.getI64IntegerAttr(::llvm::cast<::mlir::IntegerAttr>($0).getInt())">;
def TypeOf : NativeCodeCall<"$0.getType()">;
def StrOf : NativeCodeCall<"$_builder.getStringAttr(\"x\")">;

// Matchers in the source pattern.
def : Pat<(Fx_UOp (NativeMatcher $v)), (Fx_UOp $v)>;
def : Pat<(Fx_UOp (MatchI32 I32:$v)), (Fx_UOp $v)>;
def : Pat<(Fx_UOp (MatchAttr I32Attr:$a)), (Fx_UOp (Fx_ConstOp $a))>;
def : Pat<(Fx_UOp (MatchAttr PosAttr:$a)), (Fx_ConstOp $a)>;
def : Pat<(Fx_UOp (MatchAny)), (Fx_NoArgOp)>;
def : Pat<(Fx_UOp (NativeMatcher2 $a, $b)), (Fx_BinOp $a, $b)>;
def : Pat<(Fx_UOp (NativeMatcher2 $a, $_)), (Fx_UOp $a)>;
def : Pat<(Fx_UOp (NativeMatcher2 IsI32:$a, NotI64:$b)), (Fx_BinOp $a, $b)>;
def : Pat<(Fx_BinOp (NativeMatcher $v), (MatchAttr $w)), (Fx_BinOp $v, (Fx_ConstOp $w))>;
def : Pat<(Fx_UOp (Fx_UOp (NativeMatcher $v))), (Fx_UOp $v)>;
def : Pat<(Fx_AOp (MatchI32 $v), $a), (Fx_AOp $v, $a)>;
def : Pat<(Fx_UOp (MatchAttr ConstOne:$o)), (Fx_ConstOp $o)>;

// Builders in the result pattern.
def : Pat<(Fx_UOp $x), (Wrap $x)>;
def : Pat<(Fx_UOp $x), (WrapLoc $x)>;
def : Pat<(Fx_BinOp $a, $b), (Combine $a, $b)>;
def : Pat<(Fx_BinOp $a, $b), (Fx_UOp (Combine $a, $b))>;
def : Pat<(Fx_Op3 $a, $b, $c), (Combine3 $a, $b, $c)>;
def : Pat<(Fx_Op3 $a, $b, $c), (Fx_BinOp (Combine $a, $b), (Wrap $c))>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Wrap (Wrap $x)))>;
def : Pat<(Fx_UOp $x), (Wrap (Fx_UOp $x))>;
def : Pat<(Fx_UOp $x), (Combine (Fx_UOp $x), (Fx_NOp $x))>;
def : Pat<(Fx_UOp $x), (Literal)>;
def : Pat<(Fx_AOp $x, $a), (Fx_AOp $x, (AttrToI64 $a))>;
def : Pat<(Fx_AOp $x, $a), (Fx_AOp $x, (MakeI32Attr $a))>;
def : Pat<(Fx_StrOp $n, $x), (Fx_StrOp (StrOf), $x)>;
def : Pat<(Fx_LOp $t, $x), (Fx_LOp (TypeOf $x), $x)>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_AOp $x, (MakeI32Attr $x)))>;
def : Pat<(Fx_POp $p, $x), (Fx_POp (Wrap $p), $x)>;
def : Pat<(Fx_POp $p, $x), (Fx_UOp (Fx_POp (Wrap $p), $x))>;


// Positional placeholders and ranges.
def : Pat<(Fx_Op3 $a, $b, $c), (PackAll $a, $b, $c)>;
def : Pat<(Fx_Op3 $a, $b, $c), (PackTail $a, $b, $c)>;
def : Pat<(Fx_Op3 $a, $b, $c), (FromThird $a, $b, $c)>;
def : Pat<(Fx_BinOp $a, $b), (FromThird $a, $b)>;
def : Pat<(Fx_UOp $x), (Overflow $x)>;
def : Pat<(Fx_BinOp $a, $b), (Dollar $a, $b)>;
def : Pat<(Fx_UOp $x), (Many $x, $x, $x, $x, $x, $x, $x, $x, $x, $x)>;
def : Pat<(Fx_FOp $xs), (PackAll $xs)>;
def : Pat<(Fx_OptOp $x, $y), (Combine $x, $y)>;
def : Pat<(Fx_HeadTailOp $h, $t), (PackTail $h, $t, $h)>;

// Leaf transforms: `Ncc:$sym` applies the call to a bound value.
def : Pat<(Fx_UOp $x), (Fx_UOp SelfLeaf:$x)>;
def : Pat<(Fx_AOp $x, $a), (Fx_AOp $x, IncAttr:$a)>;
def : Pat<(Fx_AOp $x, $a), (Fx_AOp SelfLeaf:$x, IncAttr:$a)>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Fx_UOp SelfPlus:$x))>;
def : Pat<(Fx_COp $a, $b), (Fx_COp SelfLeaf:$a, $b)>;
def : Pat<(Fx_UOp $x), (Fx_UOp (Wrap SelfLeaf:$x))>;
def : Pat<(Fx_AOp $x, $a), (Fx_AOp (Combine $x, $a), IncAttr:$a)>;

// Bound native code and several return values.
def : Pattern<(Fx_DOp $x), [(Swap2:$s $x, $x)]>;
def : Pattern<(Fx_DOp $x), [(Swap2:$s $x, $x), (Fx_UOp $s__1), (replaceWithValue $s__0)]>;
def : Pattern<(Fx_EOp $x, $y), [(Swap2 $x, $y)]>;
def : Pattern<(Fx_KOp $x), [(Three $x)]>;
def : Pattern<(Fx_KOp $x), [(Three:$t $x)]>;
def : Pattern<(Fx_UOp $x), [(Three:$t $x), (Fx_BinOp $t__0, $t__2)]>;
def : Pattern<(Fx_UOp $x), [(Wrap:$w $x), (Fx_BinOp $w, $w)]>;
def : Pattern<(Fx_BinOp $a, $b), [(Swap2:$s $a, $b), (Fx_BinOp $s__1, $s__0)]>;
def : Pattern<(Fx_BinOp $a, $b), [(Swap2:$s $a, $b), (Fx_BinOp $s, $s)]>;

// Void native code: auxiliary and as the only action of an erasing pattern.
def : Pattern<(Fx_UOp $x), [(Notify $x), (Fx_UOp $x)]>;
def : Pattern<(Fx_JOp $x), [(Notify $x)]>;
def : Pattern<(Fx_SinkOp $x, $y), [(Notify2 $x, $y), (Notify $y)]>;
def : Pattern<(Fx_JOp $x), []>;
def : Pattern<(Fx_JOp (Fx_UOp $x)), [(Fx_JOp $x)]>;

// Locations for native code.
def : Pat<(Fx_UOp:$u $x), (WrapLoc $x, (location $u))>;
def : Pat<(Fx_UOp $x), (WrapLoc $x, (location "native"))>;
def : Pat<(Fx_BinOp:$b $x, $y), (NativeBuildLoc $x, $y, (location $b, "fusedNative"))>;
