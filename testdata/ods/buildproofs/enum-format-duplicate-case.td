// code: ods-enum-format-duplicate-case
// error: the format prints bit enum Test_Access through a switch on its single-bit cases written as keywords, and 'Read' and 'Load' both have the value 1; the generated TouchOp::print does not compile (duplicate case value): give one of them a string that is not a keyword, or drop one
// proof: compile dialect enum op
include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

// One bit under two names is legal in a bit enum; "none" (no bit) makes
// the op printer switch on the single-bit cases.
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
  let assemblyFormat = "«$access» attr-dict";
}
