namespace mlir::foo {
class Visitor {
  Value makeOne(OpBuilder &b, Value v) { return v; }
};

Value makeOne(OpBuilder &b, Value v) { return v; }
} // namespace mlir::foo
