// A native trait's code defines members of each op that lists it:
// ReturnLike declares RegionBranchTerminatorOpInterface's
// getMutableSuccessorOperands on the op and defines it in the op's
// generated code; a trait of the project's own does the same.
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def Term_Dialect : Dialect {
  let name = "term";
  let cppNamespace = "::term";
}

def YieldOp : Op<Term_Dialect, "yield", [ReturnLike, Terminator]> {
  let arguments = (ins Variadic<AnyType>:$values);
}

def Sized : NativeOpTrait<"Sized", [], [{
    int getSize();
  }], [{
    int $cppClass::getSize() { return 1; }
    ::mlir::MutableOperandRange $cppClass::getMutableSuccessorOperands(
        ::mlir::RegionSuccessor) {
      return ::mlir::MutableOperandRange(*this);
    }
  }]>;

def SizedOp : Op<Term_Dialect, "sized", [Sized,
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface>]> {
  let arguments = (ins Variadic<AnyType>:$values);
}
