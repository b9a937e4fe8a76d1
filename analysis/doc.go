// Package analysis is the workspace model of the language server: include
// directories (file directory, compile database, configured dirs, the MLIR
// install), unsaved buffers, immutable snapshots, the include graph, and
// translation units assembled from per-file caches so that an edit re-lexes
// and re-parses only what changed. Editor features (symbols, folding, links,
// semantic tokens, completion, hover) are answered here in byte offsets;
// package lsp converts them to the protocol. Nothing here knows LSP types.
package analysis
