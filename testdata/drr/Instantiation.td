//===- Instantiation.td - patterns made by multiclass and foreach ---*- tablegen -*-===//
//
// Patterns instantiated from classes, multiclasses and foreach loops, and
// the naming and ordering rules they follow: named patterns in
// numeric-aware name order, anonymous ones in creation order.
//
//===----------------------------------------------------------------------===//

include "FixtureOps.td"

class UnaryToUnary<Op from, Op to> : Pat<(from $x), (to $x)>;
class FoldTwice<Op op> : Pat<(op (op $x)), (op $x)>;
class WithBenefit<dag src, dag res, int b> : Pat<src, res, [], [], (addBenefit b)>;

def : UnaryToUnary<Fx_UOp, Fx_NOp>;
def : UnaryToUnary<Fx_NOp, Fx_MOp>;
def : UnaryToUnary<Fx_MOp, Fx_GOp>;
def UToG : UnaryToUnary<Fx_UOp, Fx_GOp>;
def : FoldTwice<Fx_UOp>;
def : FoldTwice<Fx_NegOp>;
def FoldTwiceB : FoldTwice<Fx_BOp>;
def : WithBenefit<(Fx_UOp $x), (Fx_UOp $x), 7>;

multiclass Fold<Op op> {
  def _once : Pat<(op (op $x)), (op $x)>;
  def _erase : Pat<(op (op (op $x))), (replaceWithValue $x)>;
  def : Pat<(op $x), (op (op $x))>;
}
defm FoldU : Fold<Fx_UOp>;
defm FoldN : Fold<Fx_NOp>;
defm : Fold<Fx_MOp>;

multiclass Nested<Op op> {
  defm _inner : Fold<op>;
  def _direct : Pat<(op $x), (replaceWithValue $x)>;
}
defm Deep : Nested<Fx_GOp>;

foreach op = [Fx_UOp, Fx_NOp, Fx_MOp, Fx_GOp, PlainOp, _UnderOp] in {
  def : Pat<(op $x), (Fx_BinOp $x, $x)>;
  def : Pat<(Fx_BinOp (op $x), (op $y)), (op (Fx_BinOp $x, $y))>;
}

foreach i = [1, 2, 3, 10, 20] in
  def Ordered#i : Pat<(Fx_UOp $x), (Fx_UOp $x), [], [], (addBenefit i)>;

foreach name = ["alpha", "Beta", "gamma", "Delta"] in
  def name#Pattern : Pat<(Fx_UOp $x), (Fx_NOp $x)>;

defvar unaryOps = [Fx_UOp, Fx_NOp];
foreach a = unaryOps in
  foreach b = unaryOps in
    def : Pat<(a (b $x)), (b (a $x))>;

def z_last : Pat<(Fx_UOp $x), (Fx_UOp $x)>;
def A_first : Pat<(Fx_UOp $x), (Fx_UOp $x)>;
def _leading : Pat<(Fx_UOp $x), (Fx_UOp $x)>;
