// code: ods-interface-placeholder
// proof: compile attriface
include "mlir/IR/Interfaces.td"

def RangeAttrInterface : AttrInterface<"RangeAttrInterface"> {
  let cppNamespace = "::test";
  let methods = [
    InterfaceMethod<"the lower bound", "bool", "isSet", (ins), [{}],
      [{ return static_cast<bool>($_attr); }]>
  ];
}
