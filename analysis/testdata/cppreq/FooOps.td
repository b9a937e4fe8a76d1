include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Foo_Dialect : Dialect {
  let name = "foo";
  let cppNamespace = "::mlir::foo";
}

class Foo_Op<string mnemonic, list<Trait> traits = []> : Op<Foo_Dialect, mnemonic, traits>;

// Every member found: verify at file scope through using-directives,
// fold inside the namespace, the builder in the .td's extraClassDefinition.
def Foo_AddOp : Foo_Op<"add", [Pure]> {
  let arguments = (ins I32:$lhs, I32:$rhs);
  let results = (outs I32:$res);
  let hasVerifier = 1;
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "int":$value)>];
  let extraClassDefinition = [{
    void $cppClass::build(::mlir::OpBuilder &b, ::mlir::OperationState &s, int value) {}
  }];
}

// None found: a verify of another namespace's class of the same name,
// getCanonicalizationPatterns of the wrong arity, parse and print never
// defined, inferReturnTypes (declared: the result type is not known).
def Foo_SubOp : Foo_Op<"sub", [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins I32:$lhs, I32:$rhs);
  let results = (outs AnyInteger:$res);
  let hasVerifier = 1;
  let hasCustomAssemblyFormat = 1;
  let hasCanonicalizer = 1;
}
