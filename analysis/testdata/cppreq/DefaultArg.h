#include <cstddef>
#include <memory>
namespace mlir { class Pass {}; }
namespace mine {
std::unique_ptr<mlir::Pass> createSplitPass(std::size_t maxOps = 1000);
std::unique_ptr<mlir::Pass> createTrimPass();
std::unique_ptr<mlir::Pass> createTrimPass(int keep);
} // namespace mine
