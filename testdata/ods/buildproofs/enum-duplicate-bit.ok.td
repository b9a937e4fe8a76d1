// code: ods-enum-format-duplicate-case
// proof: compile dialect enum op
include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

// One bit under two names, as MLIR's DIFlags has: the enum builds, and
// so does an op that takes it without a declarative format.
def Test_AccessNone : I32BitEnumAttrCaseNone<"None", "none">;
def Test_Read : I32BitEnumAttrCaseBit<"Read", 0, "read">;
def Test_Load : I32BitEnumAttrCaseBit<"Load", 0, "load">;
def Test_Write : I32BitEnumAttrCaseBit<"Write", 1, "write">;
def Test_Access : I32BitEnumAttr<"Access", "access kinds",
    [Test_AccessNone, Test_Read, Test_Load, Test_Write]> {
  let cppNamespace = "::test";
}

def Test_TouchOp : Op<Test_Dialect, "touch"> {
  let arguments = (ins Test_Access:$access);
}
