// Package tablegen is the TableGen frontend: source files and compact
// positions (SourceSet), the lexer with LLVM's preprocessor, include
// resolution, the error-tolerant parser and the AST it produces.
//
// It imports nothing else of tdls; every layer above builds on it.
package tablegen
