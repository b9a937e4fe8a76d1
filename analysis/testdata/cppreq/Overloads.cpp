using namespace mlir;

namespace ov {
void LoadOp::build(OpBuilder &builder, OperationState &state, Value mask,
                   Value other, Value more) {}

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   ArrayRef<int32_t> check) {}

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask) {}
} // namespace ov
