//===- ToyDialect.td - The toy dialect ---------------------*- tablegen -*-===//
//
// A small out-of-tree style MLIR dialect: the dialect record and the base
// class every toy op derives from.
//
//===----------------------------------------------------------------------===//

#ifndef TOY_DIALECT
#define TOY_DIALECT

include "mlir/IR/OpBase.td"

def Toy_Dialect : Dialect {
  let name = "toy";
  let cppNamespace = "::mlir::toy";
  let summary = "A tensor language for learning MLIR";
  let description = [{
    Toy works on tensors of 64-bit floats: constants, element-wise arithmetic,
    transposes, reshapes and a print op.
  }];
}

// Every toy op: `toy.<mnemonic>`, C++ class in ::mlir::toy.
class Toy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Toy_Dialect, mnemonic, traits>;

#endif // TOY_DIALECT
