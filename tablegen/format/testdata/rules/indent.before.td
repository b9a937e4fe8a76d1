def A : B {
let x = 1;
      let y = 2;
	let z = 3;
}
// The statements of a let ... in { } outside other bodies are not
// indented; in another body they are.
let hasFolder = 1 in {
let hasVerifier = 1 in {
        def C : D;
}
multiclass M {
let x = 1 in {
def Inner : D;
}
}
  def E : F {
   let g = [
   G,
         H
  ];
  }
}
def Foo : Op<"foo", [
        Pure]> {
  let arguments = (ins
        I32:$a,
  I32:$b);
}
class Bar<string n> :
  Op<n> {
  let results = (outs I32:$r,
  I32:$s);
}
class Baz<string name, int width,
  list<Trait> traits = []> : Op<name, traits> {
  let summary = "the first part of a summary that is "
    "continued on the next line";
  let description =
      "a value on the line after its '='";
}
def Qux : Op<"qux", [
        Pure,
        Commutative
]>;
def Quux : Op<"quux", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface,
      ["inferReturnTypes"]>]>;
class Corge {
  let traits = [FirstTrait, SecondTrait,
                DeclareOpInterfaceMethods<SomeInterfaceWithALongName, ["method"]>,
                Pure];
}
// A top-level header's bracket aligns its lines when all of them fit
// aligned; else, or when one of them starts a list, they are all
// indented 4.
def Grault : I32EnumAttr<"Grault",
    "a summary",
  [GraultA, GraultB]>;
def GarplyWithALongName : Dialect_Op<"garply_with_a_long_name", [Pure],
  "short">,
      Arguments<(ins I32:$a)>;
def Waldo : Dialect_Op<"waldo",
            [Pure]>;
def Fred : Dialect_Op<"fred", "the summary of an op",
             "a description that does not fit aligned after the summary",
  "more">;
// A body's '{' on a line of its own is at its statement's indentation.
def Plugh : Op<"plugh">
    {
  let x = 1;
}
// A string continuing a string (TableGen joins them) aligns with the first.
def SomeInterface : OpInterface<"SomeInterface"> {
  let methods = [
    InterfaceMethod<
      /*desc=*/"a description that is long enough to be continued on "
        "the next line, and on the line "
          "after it",
      "void", "method">
  ];
}

// The closing '>' of a top-level header's outermost bracket starts its line
// at the statement's indentation; the lines of a top-level statement's
// outermost list are indented 2, its closing ']' at the statement's.
def Waldo : Fred<
      "waldo", /*default=*/"0",
        "Waldo"
    >;
foreach x = [
        Plugh<"a">,
    Plugh<"b">
  ] in
def Xyzzy#x;
// A bracket whose first argument is named by a comment aligns its lines
// with the comment.
class IntrOp<string name>
    : IntrBase</*dialect=*/Test_Dialect,
                 /*opName=*/"intr." # name,
          /*enumName=*/"test_" # !subst(".", "_", name)>;
// A Pat's dags on lines of their own are indented one level, as patterns
// are written out of MLIR's tree; too long aligned, likewise.
def FoldNegNeg : Pat<
      (NegOp (NegOp $x)),
    (replaceWithValue $x),
        [(HasOneUse $x)]>;
def FoldLonger : Pat<(SomeLongOperationName (AnotherOp $x, $y)),
    (ResultOperationWithAName $x, $y, (NativeCodeCallNamed $x))>;
