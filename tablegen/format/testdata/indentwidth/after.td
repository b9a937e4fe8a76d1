// With format.indentWidth 4, each body level and each continuation is
// indented 4 where MLIR's files indent 2 (8 where they indent 4).
class Foo<int n> {
    int x = n;
    let summary = "a long summary that continues"
                  "on a second line";
}
def Bar : Foo<1>,
        Baz {
    let arguments = (ins
        I32:$a,
        I32:$b);
    let builders = [
        OpBuilder<(ins "int":$x), [{
    build($_builder, $_state, x);
  }]>
    ];
}
def Qux : Op<"qux",
        [Pure]>;
foreach i = [1, 2] in {
    def Gen # i : Foo<i>;
}
