//===- Constraints.td - constraints, benefit, shared matchers ---*- tablegen -*-===//
//
// Type constraints on operands, constraints on whole values and on several
// entities, the `$_self` form, benefits, repeated operand names (equality
// checks), `$_`, and sub-dags shared by several patterns (static matchers).
//
//===----------------------------------------------------------------------===//

include "FixtureOps.td"

def HasSameElemType : Constraint<
    CPred<"getElementTypeOrSelf($0) == getElementTypeOrSelf($1)">,
    "same element type">;
def IsConstantOp : Constraint<CPred<"$_self.getDefiningOp<::fx::ConstOp>()">, "defined by a constant">;
def NotBoth : Constraint<Neg<And<[CPred<"$0.use_empty()">, CPred<"$1.use_empty()">]>>, "not both unused">;
def AnyOfThree : Constraint<Or<[CPred<"$0 == $1">, CPred<"$1 == $2">, CPred<"$0 == $2">]>, "two of three equal">;
def WrappedPred : Constraint<Concat<"wrapped(", CPred<"$0.ok()">, ")">, "wrapped check">;
def SubstPred : Constraint<SubstLeaves<"$_self", "$0", CPred<"$_self.isSplat()">>, "splat via subst">;
def EmptyAnd : Constraint<And<[]>, "always">;
def TrueAnd : Constraint<And<[CPred<"$0.isA()">, And<[]>]>, "only one child left">;
def FalseOr : Constraint<Or<[Or<[]>, CPred<"$0.isB()">, CPred<"$0.isC()">]>, "or without false">;
def I32OrI64 : Type<Or<[I32.predicate, I64.predicate]>, "i32 or i64">;
def Fx_I32Alias : TypeAlias<I32, "alias of i32">;
def SmallAttr : AttrConstraint<And<[I32Attr.predicate,
    CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getInt() < 16">]>, "small i32">;
def TwiceSummary1 : AttrConstraint<CPred<"check($_self)">, "checked">;
def TwiceSummary2 : AttrConstraint<CPred<"check($_self)">, "checked">;

// Type constraints on operand leaves.
def : Pat<(Fx_UOp I32:$x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp IsI32:$x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp NotI64:$x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp IntOrFloat:$x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp SignlessOrIndex:$x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp I32OrI64:$x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp AnyTensor:$x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp F32:$x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp Index:$x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp AnyInteger:$x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp Fx_I32Alias:$x), (Fx_UOp $x)>;
def : Pat<(Fx_UOp I32), (Fx_NoArgOp)>;
def : Pat<(Fx_BOp I32:$x), (Fx_BOp $x)>;
def : Pat<(Fx_AOp I32:$x, $a), (Fx_BOp $x)>;
def : Pat<(Fx_BinOp I32:$a, I64:$b), (Fx_BinOp $b, $a)>;
def : Pat<(Fx_Op3 F32:$a, I32:$b, I32:$c), (Fx_Op3 $c, $b, $a)>;
def : Pat<(Fx_BinOp (Fx_UOp F32:$a), IsI32:$b), (Fx_BinOp $a, $b)>;
def : Pat<(Fx_AOp $x, SmallAttr:$a), (Fx_AOp $x, $a)>;
def : Pat<(Fx_AOp $x, TwiceSummary1:$a), (Fx_AOp $x, $a)>;
def : Pat<(Fx_IOp $x, TwiceSummary2:$o, $d), (Fx_UOp $x)>;

// Constraints over whole values and several entities.
def : Pat<(Fx_UOp:$u $x), (Fx_UOp $x), [(HasOneUse $u)]>;
def : Pat<(Fx_BinOp $a, $b), (Fx_UOp $a), [(SameType $a, $b)]>;
def : Pat<(Fx_BinOp $a, $b), (Fx_UOp $a), [(SameType $a, $b), (HasOneUse $a)]>;
def : Pat<(Fx_Op3 $a, $b, $c), (Fx_UOp $a), [(AllSame3 $a, $b, $c)]>;
def : Pat<(Fx_Op3:$r $a, $b, $c), (Fx_UOp $a), [(Quad $a, $b, $c, $r)]>;
def : Pat<(Fx_UOp:$u $x), (Fx_UOp $x), [(I32 $u)]>;
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [(I32 $x)]>;
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [(IsI32 $x), (NotI64 $x)]>;
def : Pat<(Fx_BinOp $a, $b), (Fx_UOp $a), [(HasSameElemType $a, $b)]>;
def : Pat<(Fx_BinOp $a, $b), (Fx_UOp $a), [(NotBoth $a, $b)]>;
def : Pat<(Fx_Op3 $a, $b, $c), (Fx_UOp $a), [(AnyOfThree $a, $b, $c)]>;
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [(WrappedPred $x)]>;
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [(SubstPred $x)]>;
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [(EmptyAnd $x)]>;
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [(TrueAnd $x), (FalseOr $x)]>;
def : Pat<(Fx_UOp (Fx_DOp:$d $x)), (Fx_UOp $x), [(HasOneUse $d)]>;
def : Pat<(Fx_UOp (Fx_DOp:$d $x)), (Fx_UOp $x), [(SameType $d__0, $d__1)]>;
def : Pat<(Fx_AOp $x, $a), (Fx_BOp $x), [(HasOneUse $a)]>;
def : Pat<(Fx_FOp $xs), (Fx_FOp $xs), [(HasOneUse $xs)]>;
def : Pat<(Fx_OptOp $x, $y), (Fx_UOp $x), [(SameType $x, $y)]>;
def : Pat<(Fx_POp $p, $x), (Fx_UOp $x), [(HasOneUse $p)]>;

// The `$_self` form.
def : Pat<(Fx_UOp:$u $x), (Fx_UOp $x), [(HasNoUseOf:$u)]>;
def : Pat<(Fx_UOp (Fx_UOp:$inner $x)), (Fx_UOp $x), [(HasNoUseOf:$inner)]>;
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [(IsConstantOp:$x)]>;
def : Pat<(Fx_BinOp:$b $x, $y), (Fx_UOp $x), [(IsConstantOp:$x), (HasNoUseOf:$b), (SameType $x, $y)]>;
def : Pat<(Fx_UOp:$u $x), (Fx_UOp $x), [(SameType:$u $x, $u)]>;

// Benefit.
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [], [], (addBenefit 10)>;
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [], [], (addBenefit -1)>;
def : Pat<(Fx_UOp (Fx_UOp (Fx_UOp $x))), (Fx_UOp $x), [], [], (addBenefit 100)>;
def : Pat<(Fx_UOp $x), (Fx_UOp $x), [(HasOneUse $x)], [], (addBenefit 2)>;
def : Pat<(Fx_BinOp (either (Fx_UOp $a), (Fx_UOp $b))), (Fx_BinOp $a, $b), [], [], (addBenefit 0)>;
def : Pat<(Fx_FOp (variadic (Fx_UOp $a), (Fx_UOp $b))), (Fx_BinOp $a, $b), [], [], (addBenefit 5)>;
def : Pat<(Fx_UOp (NativeMatcher $v)), (Fx_UOp $v), [], [], (addBenefit 1)>;

// Repeated operand names become equality checks.
def : Pat<(Fx_BinOp $x, $x), (Fx_UOp $x)>;
def : Pat<(Fx_Op3 $x, $x, $x), (Fx_UOp $x)>;
def : Pat<(Fx_Op3 $x, (Fx_COp $x, $y), $x), (Fx_UOp $y)>;
def : Pat<(Fx_Op3 $a, $b, $a), (Fx_BinOp $a, $b)>;
def : Pat<(Fx_BinOp (Fx_UOp $x), (Fx_UOp $x)), (Fx_UOp $x)>;
def : Pat<(Fx_BinOp (Fx_BinOp $x, $y), (Fx_BinOp $y, $x)), (Fx_BinOp $x, $y)>;
def : Pat<(Fx_Op3 $x0, $x, $x), (Fx_BinOp $x0, $x)>;
def : Pat<(Fx_Op3 (Fx_BinOp $a, $b), (Fx_BinOp $b, $c), (Fx_BinOp $c, $a)), (Fx_Op3 $a, $b, $c)>;
def : Pat<(Fx_FOp (variadic $v, $w, $v)), (Fx_BinOp $v, $w)>;
def : Pat<(Fx_BinOp $x, $x), (Fx_UOp $x), [(HasOneUse $x)]>;

// `$_` ignores an argument.
def : Pat<(Fx_BinOp $_, $b), (Fx_UOp $b)>;
def : Pat<(Fx_Op3 $_, $_, $c), (Fx_UOp $c)>;
def : Pat<(Fx_AOp $_, $_), (Fx_NoArgOp)>;
def : Pat<(Fx_BinOp (Fx_UOp $_), $b), (Fx_UOp $b)>;

// Sub-dags shared by several patterns: static matchers.
def : Pat<(Fx_BOp (Fx_AOp I32:$x, I32Attr:$a)), (Fx_BOp $x)>;
def : Pat<(Fx_NOp (Fx_AOp I32:$x, I32Attr:$a)), (Fx_NOp $x)>;
def : Pat<(Fx_UOp (Fx_AOp I32:$x, I32Attr:$a)), (Fx_AOp $x, $a)>;
def : Pat<(Fx_BinOp (Fx_UOp (Fx_NegOp $p)), $q), (Fx_BinOp $p, $q)>;
def : Pat<(Fx_Op3 (Fx_UOp (Fx_NegOp $p)), $q, $r), (Fx_Op3 $p, $q, $r)>;
def : Pat<(Fx_COp (Fx_NegOp $p), $q), (Fx_COp $p, $q)>;
def : Pat<(Fx_SinkOp (Fx_DOp:$d $s), $t), (Fx_SinkOp $t, $s)>;
def : Pat<(Fx_UOp (Fx_SinkOp (Fx_DOp:$d $s), $t)), (Fx_UOp $s)>;
def : Pat<(Fx_MOp (Fx_BinOp $m, $m)), (Fx_MOp $m)>;
def : Pat<(Fx_GOp (Fx_BinOp $m, $m)), (Fx_GOp $m)>;
def : Pat<(Fx_UOp (NativeMatcher $nv)), (Fx_NOp $nv)>;
def : Pat<(Fx_NOp (NativeMatcher $nv)), (Fx_UOp $nv)>;
def : Pat<(Fx_TensorOp (Fx_TensorOp $t)), (Fx_TensorOp $t)>;
def : Pat<(Fx_TensorOp (Fx_TensorOp $t)), (replaceWithValue $t)>;
def : Pat<(Fx_BinOp (Fx_POp NonNegProp:$p, $x), $y), (Fx_BinOp $x, $y)>;
def : Pat<(Fx_UOp (Fx_POp NonNegProp:$p, $x)), (Fx_POp $p, $x)>;
def : Pat<(Fx_BinOp (Fx_IOp $ix, PosAttr:$io, $id), $iy), (Fx_IOp $iy, $io, $id)>;
def : Pat<(Fx_UOp (Fx_IOp $ix, PosAttr:$io, $id)), (Fx_UOp $ix)>;
def : Pat<(Fx_BinOp (Fx_FOp (variadic $va, $vb)), $vc), (Fx_Op3 $va, $vb, $vc)>;
def : Pat<(Fx_UOp (Fx_FOp (variadic $va, $vb))), (Fx_BinOp $va, $vb)>;
def : Pat<(Fx_BinOp (Fx_BinOp (either $ea, $eb)), $ec), (Fx_Op3 $ea, $eb, $ec)>;
def : Pat<(Fx_UOp (Fx_BinOp (either $ea, $eb))), (Fx_BinOp $ea, $eb)>;
def : Pat<(Fx_BinOp (Fx_BinOp $z, $z), $w), (Fx_BinOp $z, $w)>;
def : Pat<(Fx_UOp (Fx_BinOp $z, $z)), (Fx_UOp $z)>;
def : Pat<(Fx_BinOp (Fx_MixedOp $mx, I64Attr:$mn, $my, $ml), $mz), (Fx_MixedOp $mz, $mn, $my, $ml)>;
def : Pat<(Fx_UOp (Fx_MixedOp $mx, I64Attr:$mn, $my, $ml)), (Fx_UOp $mx)>;

// Large symbol tables: past 20 bindings libstdc++ inserts a repeated name
// before its first occurrence instead of after, and rehashes past 13 and 29.
def ManySymbols : Pat<
    (Fx_Op3:$root
      (Fx_Op3:$l (Fx_Op3 $a, $b, $c), (Fx_Op3 $d, $e, $f), (Fx_Op3 $g, $h, $i)),
      (Fx_Op3:$m (Fx_Op3 $j, $k, $l1), (Fx_Op3 $m1, $n, $o), (Fx_Op3 $p, $q, $r)),
      (Fx_Op3:$z (Fx_Op3 $s, $t, $u), (Fx_Op3 $v, $w, $x), (Fx_Op3 $a, $b, $y))),
    (Fx_Op3 $a, $b, $y)>;
def ManySymbolsRepeated : Pat<
    (Fx_Op3
      (Fx_Op3 (Fx_Op3 $a, $b, $c), (Fx_Op3 $d, $e, $f), (Fx_Op3 $g, $h, $i)),
      (Fx_Op3 (Fx_Op3 $j, $k, $l), (Fx_Op3 $m, $n, $o), (Fx_Op3 $p, $q, $r)),
      (Fx_Op3 (Fx_Op3 $s, $t, $u), (Fx_Op3 $v, $w, $x), (Fx_Op3 $c, $a, $c))),
    (Fx_BinOp $a, $c)>;
def ThirtySymbols : Pat<
    (Fx_Op3
      (Fx_Op3 (Fx_Op3 $a0, $a1, $a2), (Fx_Op3 $a3, $a4, $a5), (Fx_Op3 $a6, $a7, $a8)),
      (Fx_Op3 (Fx_Op3 $a9, $a10, $a11), (Fx_Op3 $a12, $a13, $a14), (Fx_Op3 $a15, $a16, $a17)),
      (Fx_Op3 (Fx_Op3 $a18, $a19, $a20), (Fx_Op3 $a21, $a22, $a23), (Fx_Op3 $a24, $a25, $a26))),
    (Fx_Op3 $a0, $a13, $a26),
    [(AllSame3 $a1, $a2, $a3)]>;
def ThirtySymbolsRepeated : Pat<
    (Fx_Op3
      (Fx_Op3 (Fx_Op3 $a0, $a1, $a2), (Fx_Op3 $a3, $a4, $a5), (Fx_Op3 $a6, $a7, $a8)),
      (Fx_Op3 (Fx_Op3 $a9, $a10, $a11), (Fx_Op3 $a12, $a13, $a14), (Fx_Op3 $a15, $a16, $a17)),
      (Fx_Op3 (Fx_Op3 $a18, $a19, $a20), (Fx_Op3 $a21, $a22, $a0), (Fx_Op3 $a1, $a0, $a1))),
    (Fx_Op3 $a0, $a13, $a1)>;
