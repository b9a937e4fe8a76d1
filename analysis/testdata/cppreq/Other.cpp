// Another file's static helper of the same name and arity: the patterns
// of Patterns.td do not see it (Patterns.cpp includes their code).
static bool isWide(mlir::Value v, int bits) { return false; }
