// Package corpustest runs the TableGen frontend over LLVM's own .td files,
// the corpus every layer is measured on. It holds only tests; they skip,
// saying so, when LLVM 22 is not installed.
package corpustest
