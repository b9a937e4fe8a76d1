// DRR directives and NativeCodeCalls at a pattern dag's operator: the
// operator's name is a record like any other, so definition, references
// and rename serve it, and its hover says what the directive does.
//@needs(mlir)
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def D_Dialect : Dialect { let name = "d"; }
def D_NegOp : Op<D_Dialect, "neg"> {
  let arguments = (ins AnyInteger:$x);
  let results = (outs AnyInteger:$r);
}
def D_Twice : NativeCodeCall<"twice($0)">;
//@loc(twice, "D_Twice")

def Drop : Pat<(D_NegOp (D_NegOp $z)), (replaceWithValue $z)>;
//@hover("replaceWithValue", "directive `replaceWithValue`") kind("replaceWithValue", "directive")
//@kind("Pat<", "name:class") kind("Drop", "pattern") nohover(", |(replace") kind(", |(replace", "none")
def Double : Pat<(D_NegOp $y), (D_Twice $y)>;
//@loc(twiceUse, "(|D_Twice") kind("(|D_Twice", "directive") hover("(|D_Twice", "NativeCodeCall `D_Twice`", "twice($0)")
//@def("(|D_Twice", twice) refs("(|D_Twice", twice, twiceUse) highlight("(|D_Twice", twice, twiceUse)
//@rename("(|D_Twice", "D_Thrice", twice, twiceUse)
