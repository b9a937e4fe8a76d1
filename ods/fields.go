package ods

import (
	"tdls/tablegen/eval"
)

// The readers below take a field the way mlir-tblgen's Record::getValueAs*
// does, except that a missing or ill-typed field gives the zero value instead
// of a fatal error: a half-written op in the editor still gets a model.

func fieldValue(r *eval.Record, name string) eval.Init {
	if r == nil {
		return nil
	}
	if rv := r.Field(name); rv != nil {
		return rv.Value
	}
	return nil
}

func stringField(r *eval.Record, name string) string {
	if s, ok := fieldValue(r, name).(*eval.StringInit); ok {
		return s.V
	}
	return ""
}

// stringFieldSet reports the string value and whether the field holds a
// string at all (LLVM's isa<StringInit>, false for `?`).
func stringFieldSet(r *eval.Record, name string) (string, bool) {
	s, ok := fieldValue(r, name).(*eval.StringInit)
	if !ok {
		return "", false
	}
	return s.V, true
}

func bitField(r *eval.Record, name string) bool {
	switch v := fieldValue(r, name).(type) {
	case *eval.BitInit:
		return v.V
	case *eval.IntInit:
		return v.V != 0
	case *eval.BitsInit:
		for _, b := range v.Bits {
			if bi, ok := b.(*eval.BitInit); ok && bi.V {
				return true
			}
		}
	}
	return false
}

func intField(r *eval.Record, name string) int64 {
	if v, ok := fieldValue(r, name).(*eval.IntInit); ok {
		return v.V
	}
	return 0
}

func defField(r *eval.Record, name string) *eval.Record {
	if d, ok := fieldValue(r, name).(*eval.DefInit); ok {
		return d.Rec
	}
	return nil
}

func dagField(r *eval.Record, name string) *eval.DagInit {
	d, _ := fieldValue(r, name).(*eval.DagInit)
	return d
}

func listField(r *eval.Record, name string) []eval.Init {
	if l, ok := fieldValue(r, name).(*eval.ListInit); ok {
		return l.Elems
	}
	return nil
}

func stringListField(r *eval.Record, name string) []string {
	var out []string
	for _, e := range listField(r, name) {
		if s, ok := e.(*eval.StringInit); ok {
			out = append(out, s.V)
		}
	}
	return out
}

// isA reports whether r is the class called class or derives from it.
func isA(r *eval.Record, class string) bool {
	if r == nil {
		return false
	}
	if r.IsClass && r.NameString() == class {
		return true
	}
	for _, s := range r.Supers {
		if s.Class.NameString() == class {
			return true
		}
	}
	return false
}

// dagOperatorName is the name of the def a dag's operator refers to, or "".
func dagOperatorName(d *eval.DagInit) string {
	if d == nil {
		return ""
	}
	if op, ok := d.Op.(*eval.DefInit); ok {
		return op.Rec.NameString()
	}
	return ""
}

// dagArgName is the $name of argument i without the dollar, or "".
func dagArgName(d *eval.DagInit, i int) string {
	if i < len(d.Names) && d.Names[i] != nil {
		return d.Names[i].V
	}
	return ""
}
