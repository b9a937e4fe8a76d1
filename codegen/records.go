package codegen

import "tdls/tablegen/eval"

// isA reports whether rec is the class called class or derives from it.
func isA(rec *eval.Record, class string) bool {
	if rec == nil {
		return false
	}
	for _, s := range rec.Supers {
		if s.Class.NameString() == class {
			return true
		}
	}
	return false
}

func fieldValue(rec *eval.Record, name string) eval.Init {
	if rec == nil {
		return nil
	}
	if f := rec.Field(name); f != nil {
		return f.Value
	}
	return nil
}

// stringField is getValueAsString, "" when the field is missing or unset.
func stringField(rec *eval.Record, name string) string {
	if s, ok := fieldValue(rec, name).(*eval.StringInit); ok {
		return s.V
	}
	return ""
}

// optionalString is getValueAsOptionalString: ok is false when unset.
func optionalString(rec *eval.Record, name string) (string, bool) {
	s, ok := fieldValue(rec, name).(*eval.StringInit)
	if !ok {
		return "", false
	}
	return s.V, true
}

func defField(rec *eval.Record, name string) *eval.Record {
	if d, ok := fieldValue(rec, name).(*eval.DefInit); ok {
		return d.Rec
	}
	return nil
}

func intField(rec *eval.Record, name string) int64 {
	switch v := fieldValue(rec, name).(type) {
	case *eval.IntInit:
		return v.V
	case *eval.BitInit:
		if v.V {
			return 1
		}
	case *eval.BitsInit:
		var n int64
		for i, b := range v.Bits {
			if bb, ok := b.(*eval.BitInit); ok && bb.V {
				n |= 1 << uint(i)
			}
		}
		return n
	}
	return 0
}

func bitField(rec *eval.Record, name string) bool { return intField(rec, name) != 0 }

func dagField(rec *eval.Record, name string) *eval.DagInit {
	d, _ := fieldValue(rec, name).(*eval.DagInit)
	return d
}

func listField(rec *eval.Record, name string) []eval.Init {
	if l, ok := fieldValue(rec, name).(*eval.ListInit); ok {
		return l.Elems
	}
	return nil
}

// asDef returns the record an Init refers to, or nil.
func asDef(v eval.Init) *eval.Record {
	if d, ok := v.(*eval.DefInit); ok {
		return d.Rec
	}
	return nil
}

// argName is the $name of dag argument i, "" when it has none.
func argName(d *eval.DagInit, i int) string {
	if d.Names[i] == nil {
		return ""
	}
	return d.Names[i].V
}

func dagSymbol(d *eval.DagInit) string {
	if d.OpName == nil {
		return ""
	}
	return d.OpName.V
}
