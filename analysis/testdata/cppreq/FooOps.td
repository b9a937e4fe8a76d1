include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Pass/PassBase.td"

def Foo_Dialect : Dialect {
  let name = "foo";
  let cppNamespace = "::mlir::foo";
  let hasConstantMaterializer = 1;
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

// An attribute's verify found inside the namespace; its parse missing and
// its print of the wrong class (another namespace's RangeAttr).
def Foo_RangeAttr : AttrDef<Foo_Dialect, "Range"> {
  let mnemonic = "range";
  let parameters = (ins "int64_t":$lo, "int64_t":$hi);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

// A pass: its class derives from the generated base, runOnOperation is
// defined in the class, the constructor's function out of line.
def FooPass : Pass<"foo-pass"> {
  let summary = "a pass";
  let constructor = "mlir::foo::createFooPass()";
}
