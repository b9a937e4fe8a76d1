// Package ide answers the editor's requests. Each request of the protocol
// has one file here with one exported function (hover.go: Hover,
// definition.go: Definition, ...), a function of a snapshot or a file view
// and a position that keeps no state: what is worth keeping between
// requests is kept by package analysis, on the unit or the workspace.
//
// What a position is is decided once, by Classify (classify.go), over a
// closed set of kinds; the features switch over the kind and never scan
// the tokens for themselves. Names are resolved by analysis (Unit.Refs,
// FileView.TargetAt, through Classify): features read the resolver, they
// do not look names up themselves. Positions are
// tablegen.Pos in the unit's source set; a place in a named file is an
// analysis.Location. Package lsp converts both to the protocol.
package ide
