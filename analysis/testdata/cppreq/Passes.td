// A pass whose constructor is written unqualified: the generated
// registration code calls it from the namespace Passes.h.inc is included
// in (PassRegistration.h), so the one in ::mine is meant, not ::other's.
include "mlir/Pass/PassBase.td"

def ThingPass : Pass<"thing"> {
  let summary = "a pass";
  let constructor = "createThingPass()";
}
