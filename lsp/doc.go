// Package lsp is the protocol layer of the language server: JSON-RPC over a
// stream (go.lsp.dev/jsonrpc2), LSP types (go.lsp.dev/protocol), capability
// negotiation, settings, and UTF-16 positions. Each feature lives in its own
// file and only converts: the request decoded, its position in, one call of
// package analysis/ide, the answer out. A panicking handler answers with an
// error and the server carries on; malformed messages get JSON-RPC's parse
// error.
package lsp
