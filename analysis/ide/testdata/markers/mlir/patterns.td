// Ops and patterns: where the op and pattern models answer.
//@needs(mlir)
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def T_Dialect : Dialect { let name = "t"; }

def T_AddOp : Op<T_Dialect, "add"> {
//@loc(AddOp, "T_AddOp") hover("T_AddOp", "t.add") token("T_AddOp", "record", "declaration") kind("T_AddOp", "op")
  let summary = "adds two integers";
  let arguments = (ins AnyInteger:$lhs, AnyInteger:$rhs);
  //@hover("$lhs", "lhs", "of `t.add`") kind("$lhs", "opEntry:argument")
  let results = (outs AnyInteger:$sum);
  //@hover("$sum", "sum", "of `t.add`") kind("$sum", "opEntry:result")
}

def T_NegOp : Op<T_Dialect, "neg"> {
//@loc(NegOp, "T_NegOp")
  let arguments = (ins AnyInteger:$x);
  let results = (outs AnyInteger:$r);
}

def AddNegs : Pat<(T_AddOp (T_NegOp $a), (T_NegOp $b)), (T_NegOp (T_AddOp $a, $b))>;
//@loc(bindA, "$a") loc(bindB, "$b") loc(useA, "(T_AddOp |$a") loc(useB, "$a, |$b") kind("$a", "symbol") kind("$a, |$b", "symbol") kind("(T_AddOp |$a", "symbol") kind("T_AddOp", "op") kind("T_NegOp $b", "op") kind("T_NegOp (", "op")
//@hover("$a", "operand #0 `x` of `t.neg`") def("(T_AddOp |$a", bindA) def("T_AddOp", AddOp)
//@refs("(T_AddOp |$a", bindA, useA) highlight("$a, |$b", bindB, useB) hover("T_NegOp (", "t.neg")
//@rename("(T_AddOp |$a", "$first", bindA, useA) kind("$a|, $b", "symbol") highlight("$a|, $b", bindA, useA)
//@refs("T_NegOp $b", NegOp, negUse1, negUse2, negUse3, negTyping)
//@loc(negUse1, "T_NegOp") loc(negUse2, "$a), (|T_NegOp") loc(negUse3, "$b)), (|T_NegOp")

def Partial : Pat<(T_AddOp $x, $y), (T_AddOp $x, $y)>;
//@signature("$x,| $y), (T_AddOp", "(T_AddOp AnyInteger:$lhs, AnyInteger:$rhs)", 1)
//@signature("(T_AddOp $x|", "(T_AddOp AnyInteger:$lhs, AnyInteger:$rhs)", 0)

def Typing : Pat<(T_NegOp $v), (T_ $v)>;
//@complete("(T_|", "T_NegOp", "T_AddOp") loc(negTyping, "(|T_NegOp")

def Binding : Pat<(T_NegOp $v), (T_NegOp $
//@complete("$v), (T_NegOp $|", "$v")

def T_SubOp : Op<T_Dialect, "sub"> {
  let arguments = (ins AnyI
  //@complete("AnyI|", "AnyInteger")
}
