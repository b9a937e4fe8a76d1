// A fixture of the forms a dialect's C++ defines its members in.
#include "foo/FooOps.h"
#include <vector>
#define DECLARE(x) \
  void x() {       \
  }
using namespace mlir;

namespace mlir {
namespace foo {
/* a comment { with a brace */
static const char *kRaw = R"x( } { ")x";
static char kBrace = '{';

LogicalResult FooOp::verify() { return success(); }

OpFoldResult FooOp::fold(FoldAdaptor adaptor) {
  auto f = [&](int a) { return a; };
  return {};
}

} // namespace foo
} // namespace mlir

namespace mlir::bar {
template <typename T>
LogicalResult Generic<T>::verify() { return success(); }
struct LLVM_LIBRARY_VISIBILITY Helper final : public Base<Helper> {
  Helper(int x) : Base(x), y{x} {}
  [[nodiscard]] int get() const noexcept override { return y; }
  bool operator==(const Helper &o) const { return y == o.y; }
  auto trailing(int a, std::map<int, int> m) -> int { return a; }
  friend bool related(const Helper &, const Helper &) { return true; }
  void declaredOnly(int);
  int y;
};
} // namespace mlir::bar

namespace {
struct FooPass : public impl::FooPassBase<FooPass> {
  void runOnOperation() override {}
};
} // namespace

MLIR_DEFINE_EXPLICIT_TYPE_ID(mlir::foo::FooOp)
::mlir::ParseResult mlir::foo::FooOp::parse(::mlir::OpAsmParser &parser,
                                            ::mlir::OperationState &result) {
  return failure();
}

#if 0
void notDefined() {}
#endif

static int helper(int a, ...) { return a; }

namespace mlir::foo {
#define FOLDER(Op, Func)                        \
  OpFoldResult Op::fold(FoldAdaptor adaptor) {  \
    return Func(adaptor);                       \
  }
FOLDER(AbsOp, abs)
FOLDER(NegOp, std::negate);
#define UNARY_OPS(M) M(AbsOp) M(NegOp)
#define VERIFIED_OPS(M) UNARY_OPS(M) M(MulOp)
#define VERIFY(Op) \
  LogicalResult Op::verify() { return success(); }
VERIFIED_OPS(VERIFY)
} // namespace mlir::foo
void mlir::foo::free(int a, int b);
int var = compute(3);
