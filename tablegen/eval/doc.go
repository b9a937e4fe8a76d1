// Package eval evaluates a parsed TableGen translation unit into records, the
// way llvm-tblgen 22 does: classes, defs and every field value, with the
// provenance of each record (where it was defined, which class and multiclass
// instantiations made it) and of each field value (the source range of the
// expression that produced it).
//
// The model follows LLVM's: values (Init) are folded as they are built from
// the AST, records are built by copying and resolving class templates, and
// foreach/if/multiclass bodies are collected as entries that are instantiated
// by substitution. What llvm-tblgen treats as fatal becomes a diagnostic with
// code prefix "eval"; evaluation then goes on with the next statement.
//
// WriteJSON prints a Result exactly as `llvm-tblgen --dump-json` does.
package eval
