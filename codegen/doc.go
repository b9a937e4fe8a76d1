// Package codegen emits the C++ that MLIR's TableGen backends produce, from
// the records tdls evaluates: today the DRR rewriters of
// `mlir-tblgen --gen-rewriters` (LLVM 22), byte for byte, for a whole file or
// for one pattern together with the constraint helpers and static matchers it
// depends on; and the previews the language server shows, made either by this
// emitter (engine "native") or by running the user's own mlir-tblgen.
//
// The emitter follows mlir-tblgen's algorithm rather than its text: the same
// walk over source and result dags, the same indentation stream, and the
// same placeholder substitution. What each `$name` is bound to comes from
// drr's model of the pattern (its SymbolInfoMap, drr.SymbolTable, and the
// bindings mlir-tblgen rejects); the emitter keeps those bindings in a
// libstdc++ unordered_multimap, whose iteration order is reproduced exactly
// because it decides the order of declarations and parameters.
package codegen
