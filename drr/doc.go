// Package drr is the model and checker of MLIR's declarative rewrite rules:
// every record deriving from Pattern becomes a Pattern with its source dag,
// result dags, constraints, supplemental results and benefit, each dag node
// and leaf carrying the source range it was written at, plus the symbol
// table of `$names` as mlir-tblgen's SymbolInfoMap builds it (the one binding
// model: the C++ emitter in codegen binds from it too, through Pattern.Bind
// and BindErrors).
//
// Check reports, as diagnostics with codes prefixed "drr", every error
// `mlir-tblgen --gen-rewriters` (LLVM 22) raises for a pattern, the inputs
// on which it crashes, and as warnings the patterns it accepts but turns
// into C++ that does not compile (a result op whose create() call no build
// method of the op takes, ods.Op.FitCall; proven by the compile oracle,
// compileoracle_test.go). Unlike mlir-tblgen it reports every
// problem of a file, each at the sub-dag or leaf at fault, and attaches
// mechanical fixes where there is one.
//
// The queries (At, Hover, InlayHints, Completion, References) answer what
// an editor asks about a position inside a pattern.
package drr
