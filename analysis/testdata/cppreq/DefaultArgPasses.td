// Passes whose constructor is called with fewer arguments than the
// function's definition has parameters: the declaration in a header
// supplies the defaults of the missing ones (the definition may not
// repeat them), so that definition is the one called.
include "mlir/Pass/PassBase.td"

def SplitPass : Pass<"split"> {
  let summary = "a pass with a size limit";
  let constructor = "mine::createSplitPass()";
}

def TrimPass : Pass<"trim"> {
  let summary = "a pass whose constructor has an exact overload too";
  let constructor = "mine::createTrimPass()";
}
