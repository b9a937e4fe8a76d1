// A dialect laid out as most MLIR projects are: its files include each
// other as "toy/...", a path that resolves from include/ only. Nothing
// configures include/: the server infers it.
include "mlir/IR/OpBase.td"

def Layered_Dialect : Dialect {
  let name = "layered";
  let cppNamespace = "::layered";
}

class Layered_Op<string mnemonic, list<Trait> traits = []>
    : Op<Layered_Dialect, mnemonic, traits>;
