// A native call whose name is also a member function defined in a class
// body, of the same arity: the generated pattern calls the free function
// (MemberHelper.cpp does not include the patterns' code, so nothing else
// tells the two apart).
include "FooOps.td"
include "mlir/IR/PatternBase.td"

def MakeOne : NativeCodeCall<"makeOne($_builder, $0)">;
def : Pat<(Foo_AddOp $a, $b), (Foo_SubOp $a, (MakeOne $b))>;
