// Valid patterns over the ops of base.td: the seeds of the mutation suite.
include "base.td"

def HasOneUse : Constraint<CPred<"$0.hasOneUse()">, "has one use">;
def SameType : Constraint<CPred<"$0.getType() == $1.getType()">, "same type">;
def PosAttr : AttrConstraint<CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getInt() > 0">, "positive">;
def GetI32Attr : NativeCodeCall<"$_builder.getI32IntegerAttr(1)">;
def MakeVal : NativeCodeCall<"makeValue($_builder, $_loc, $0, $1)">;
def One : ConstantAttr<I32Attr, "1">;

def : Pat<(AOp $x, $a), (BOp $x)>;
def : Pat<(BOp (AOp $x, I32Attr:$a)), (BOp $x)>;
def : Pat<(COp $a, $b), (COp (COp $a, $b), $b)>;
def : Pat<(LOp $t, $x), (BOp (LOp $t, $x))>;
def : Pat<(BOp $x), (BOp (NOp $x))>;
def : Pat<(BOp $x), (BOp (FOp $x, (returnType "$_builder.getI32Type()")))>;
def : Pattern<(BOp $x), [(GOp:$g $x), (BOp $g)]>;
def : Pat<(BOp $x), (BOp (DOp $x, (returnType $x, $x)))>;
def : Pattern<(DOp $x), [(BOp:$b $x), (replaceWithValue $x)]>;
def : Pattern<(EOp $x, $y), [(EOp $y, $x)]>;
def : Pattern<(KOp $x), [(DOp:$d__1 $x, (location "named")), (DOp:$e $x), (replaceWithValue $e__1)]>;
def : Pat<(COp:$res (AOp:$a I32:$x, PosAttr:$attr), $y), (BOp $y),
          [(HasOneUse $a), (SameType $x, $y), (I32 $res), (HasNoUseOf:$a)], [], (addBenefit 10)>;
def : Pat<(COp (either (BOp $x), $y)), (BOp $y)>;
def : Pat<(FOp (variadic:$all (BOp $a), $b)), (FOp (variadic $b, $a))>;
def : Pat<(AOp (BOp:$b (NativeMatcher $v)), $attr), (AOp (MakeVal $v, $attr), (GetI32Attr))>;
def : Pat<(AOp $x, $a), (AOp $x, One)>;
def : Pat<(IOp $x, $o, $d), (IOp $x, $o, $d)>;
def : Pat<(JOp $x), (JOp $x)>;
def : Pat<(POp $p, $x), (POp $p, $x)>;
def : Pat<(MOp $x), (BOp (MOp $x))>;
def : Pat<(Op3 $a, $b, $c), (Op3 $c, $b, $a, (location $a, $b))>;
def : Pat<(Op3 $a, $a, $c), (COp $a, $c)>;
def : Pat<(Op3 (either $a, $b), $c), (COp $c, $a)>;
def : Pat<(COp (BOp $x), (BOp $y)), (COp $x, $y), [(SameType $x, $y)], [], (addBenefit -1)>;
def : Pat<(BOp $x), (BOp $x), [], [(JOp $x)]>;
def : Pat<(GOp $x), (GOp (GOp $x, (location $x)))>;
