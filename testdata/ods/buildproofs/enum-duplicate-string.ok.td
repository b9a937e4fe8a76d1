// code: ods-enum-duplicate-string
// proof: run enum
include "mlir/IR/EnumAttr.td"

def Test_Kind : I32Enum<"Kind", "a kind", [
  I32EnumCase<"Fast", 0, "quick">,
  I32EnumCase<"Slow", 1, "slow">
]> {
  let cppNamespace = "::test";
}

/* cpp
int main() {
  auto back = test::symbolizeKind(test::stringifyKind(test::Kind::Slow));
  return back && *back == test::Kind::Slow ? 0 : 1;
}
*/
