package eval

// Typed readers of a record's fields, as LLVM's Record::getValueAs* read
// them, except that a missing or ill-typed field gives the zero value and
// false instead of a fatal error: the layers above (ODS, DRR, codegen, the
// editor) must still build a model of a half-written record. Each is safe on
// a nil record.

// Value is the value of field name, nil when r is nil or has no such field.
func (r *Record) Value(name string) Init {
	if r == nil {
		return nil
	}
	if rv := r.Field(name); rv != nil {
		return rv.Value
	}
	return nil
}

// IsA reports whether r is the class called class or derives from it.
func (r *Record) IsA(class string) bool {
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

// DerivesFrom reports whether class c (a class record of r's evaluation)
// is r or one of its superclasses: IsA by identity, for loops over every
// record.
func (r *Record) DerivesFrom(c *Record) bool {
	if r == nil || c == nil {
		return false
	}
	if r == c {
		return true
	}
	for _, s := range r.Supers {
		if s.Class == c {
			return true
		}
	}
	return false
}

// StringValue is a string (or code) field; ok is false when the field is
// missing, unset or not a string.
func (r *Record) StringValue(name string) (s string, ok bool) {
	if v, isStr := r.Value(name).(*StringInit); isStr {
		return v.V, true
	}
	return "", false
}

// IntValue is an int, bit or bits field read as an integer.
func (r *Record) IntValue(name string) (n int64, ok bool) {
	switch v := r.Value(name).(type) {
	case *IntInit:
		return v.V, true
	case *BitInit:
		if v.V {
			return 1, true
		}
		return 0, true
	case *BitsInit:
		for i, b := range v.Bits {
			if bb, isBit := b.(*BitInit); isBit && bb.V && i < 64 {
				n |= 1 << uint(i)
			}
		}
		return n, true
	}
	return 0, false
}

// BitValue is a bit field (an int or bits field is true when nonzero).
func (r *Record) BitValue(name string) bool {
	n, _ := r.IntValue(name)
	return n != 0
}

// DefValue is the record a field refers to, nil when it refers to none.
func (r *Record) DefValue(name string) *Record {
	if d, ok := r.Value(name).(*DefInit); ok {
		return d.Rec
	}
	return nil
}

// DagValue is a dag field, nil when the field is not a dag.
func (r *Record) DagValue(name string) *DagInit {
	d, _ := r.Value(name).(*DagInit)
	return d
}

// ListValue is the elements of a list field, nil when it is not a list.
func (r *Record) ListValue(name string) []Init {
	if l, ok := r.Value(name).(*ListInit); ok {
		return l.Elems
	}
	return nil
}
