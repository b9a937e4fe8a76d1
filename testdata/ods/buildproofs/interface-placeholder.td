// code: ods-interface-placeholder
// error: $_op is not substituted in interface method 'getLower' of attribute interface RangeAttrInterface (only $_attr is); the generated C++ keeps it and does not compile
// proof: compile attriface
include "mlir/IR/Interfaces.td"

def RangeAttrInterface : AttrInterface<"RangeAttrInterface"> {
  let cppNamespace = "::test";
  let methods = [
    InterfaceMethod<"the lower bound", "int64_t", "getLower", (ins), [{}],
      [{ return «$_op».getLowerBound(); }]>
  ];
}
