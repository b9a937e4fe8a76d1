package ods

import (
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// fieldKind is how a generator reads a field: LLVM's Record::getValueAsX
// stops with an error when the field is unset (`?`).
type fieldKind int

const (
	readString fieldKind = iota
	readBit
	readInt
	readDag
	readList
)

// fieldRead is a field a generator reads.
type fieldRead struct {
	name string
	kind fieldKind
}

// unsetMessage is the error LLVM's record reader gives for an unset field.
func unsetMessage(rec *eval.Record, field string, kind fieldKind) string {
	head := "Record `" + rec.NameString() + "', field `" + field + "' "
	switch kind {
	case readBit:
		return head + "does not have a bit initializer!"
	case readInt:
		return head + "exists but does not have an int value: ?"
	case readDag:
		return head + "does not have a dag initializer!"
	case readList:
		return head + "exists but does not have a list value"
	}
	return head + "exists but does not have a string value"
}

// unsetFields reports the fields of rec, among reads, that are unset, at
// where each was set (or at fallback).
func unsetFields(rec *eval.Record, set *tablegen.SourceSet, fallback tablegen.Range, reads ...fieldRead) []problem {
	var out []problem
	at := site{def: rec, at: fallback, set: set}
	for _, r := range reads {
		rv := rec.Field(r.name)
		if rv == nil {
			continue
		}
		if _, unset := rv.Value.(*eval.UnsetInit); unset {
			out = append(out, problem{code: "ods-unset-field", msg: unsetMessage(rec, r.name, r.kind), rng: at.fieldRange(r.name)})
		}
	}
	return out
}
