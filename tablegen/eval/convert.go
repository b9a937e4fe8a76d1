package eval

// convertTo is LLVM's convertInitializerTo: the value as a value of type t,
// or nil when it is not one.
func convertTo(v Init, t *Type) Init {
	switch x := v.(type) {
	case *UnsetInit:
		return v
	case *BitInit:
		switch t.Kind {
		case BitKind:
			return v
		case IntKind:
			if x.V {
				return intInit(1)
			}
			return intInit(0)
		case BitsKind:
			if t.Width == 1 {
				return &BitsInit{Bits: []Init{v}}
			}
		}
		return nil
	case *BitsInit:
		switch t.Kind {
		case BitKind:
			if len(x.Bits) == 1 {
				return x.Bits[0]
			}
		case BitsKind:
			if len(x.Bits) == t.Width {
				return v
			}
		case IntKind:
			if n, ok := x.toInt(); ok {
				return intInit(n)
			}
		}
		return nil
	case *IntInit:
		switch t.Kind {
		case IntKind:
			return v
		case BitKind:
			if x.V == 0 || x.V == 1 {
				return bitInit(x.V == 1)
			}
		case BitsKind:
			if !fitsInBits(x.V, t.Width) {
				return nil
			}
			bits := make([]Init, t.Width)
			for i := range bits {
				bits[i] = bitOf(x, i)
			}
			return &BitsInit{Bits: bits}
		}
		return nil
	case *StringInit, *AnonymousNameInit:
		if t.Kind == StringKind {
			return v
		}
		return nil
	case *ListInit:
		if t.Kind != ListKind {
			return nil
		}
		if sameType(x.Elem, t.Elem) {
			return v
		}
		var out []Init
		for i, e := range x.Elems {
			c := convertTo(e, t.Elem)
			if c == nil {
				return nil
			}
			if c != e && out == nil {
				out = make([]Init, len(x.Elems))
				copy(out, x.Elems[:i])
			}
			if out != nil {
				out[i] = c
			}
		}
		if out == nil {
			return v
		}
		return &ListInit{Elem: t.Elem, Elems: out}
	case *DagInit:
		if t.Kind == DagKind {
			return v
		}
		return nil
	case *DefInit:
		if t.Kind == RecordKind && convertibleTo(x.Type(), t) {
			return v
		}
		return nil
	}
	// Unresolved typed values.
	vt := v.Type()
	if vt == nil {
		return nil
	}
	if sameType(vt, t) || typeIsA(vt, t) {
		return v
	}
	if vt.Kind == BitKind && t.Kind == BitsKind && t.Width == 1 {
		return &BitsInit{Bits: []Init{v}}
	}
	return nil
}

func fitsInBits(v int64, n int) bool {
	return n >= 64 || v>>uint(n) == 0 || v>>uint(n-1) == -1
}

// castTo is LLVM's getCastTo: convertTo, or for an unresolved value whose
// type converts, a cast that folds once the value is known.
func castTo(e *evaluator, v Init, t *Type) Init {
	vt := v.Type()
	if vt == nil {
		return convertTo(v, t)
	}
	if sameType(vt, t) || typeIsA(vt, t) {
		return v
	}
	if c := convertTo(v, t); c != nil {
		return c
	}
	if !convertibleTo(vt, t) {
		return nil
	}
	return foldUnOp(e, &UnOpInit{Op: opCast, Arg: v, Ty: t}, nil, false)
}
