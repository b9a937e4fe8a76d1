package ods

import (
	"sync/atomic"

	"tdls/tablegen"
)

// sourceText is the source set an entity (op, attribute or type, enum,
// interface, pass) reads its record's text in. The models of later
// evaluations that share the record take the entity over, and the record's
// text is the same at the same positions in their sets; each points the
// entity at its own, so that an entity built before an edit does not keep
// that version of the file alive for as long as it is reused.
type sourceText struct {
	set atomic.Pointer[tablegen.SourceSet]
}

func newSourceText(set *tablegen.SourceSet) *sourceText {
	t := &sourceText{}
	t.set.Store(set)
	return t
}

// get is the set, nil for an entity made without one.
func (t *sourceText) get() *tablegen.SourceSet {
	if t == nil {
		return nil
	}
	return t.set.Load()
}

// takeOver points t at set, the source set of a model that reuses its
// entity.
func (t *sourceText) takeOver(set *tablegen.SourceSet) {
	if t != nil && set != nil {
		t.set.Store(set)
	}
}
