// Package report renders tablegen diagnostics for the outside world: as text
// lines in the format of LLVM's tools (1-based lines, byte columns) and as
// LSP-shaped JSON (0-based lines, UTF-16 characters). It also fixes the order
// in which diagnostics are shown, so every front end prints the same thing.
package report
