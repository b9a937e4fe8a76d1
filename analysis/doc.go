// Package analysis is the workspace model of the language server: include
// directories (file directory, compile database, configured dirs, the MLIR
// install), unsaved buffers, immutable snapshots, the include graph, and
// translation units assembled from per-file caches so that an edit re-lexes
// and re-parses only what changed; their evaluation, resumed from
// checkpoints; the check pipeline (Pipeline) that `tdls check` runs too, and
// the Checker that publishes its diagnostics; the one name resolver
// (Unit.Refs, FileView.TargetAt, Snapshot.Occurrences) and the workspace
// index. Editor features live in analysis/ide; nothing here knows LSP types.
package analysis
