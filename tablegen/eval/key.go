package eval

import (
	"strconv"
	"unsafe"
)

// appendInstKey appends the key of an inline class instantiation to b: its
// class and the structure of its arguments, as LLVM's uniquing of VarDefInit
// identifies it.
func appendInstKey(b []byte, class *Record, args []ArgInit) []byte {
	b = append(b, class.NameString()...)
	for _, a := range args {
		b = append(b, '|')
		if a.Named {
			b = append(b, 'n')
		}
		b = strconv.AppendInt(b, int64(a.Index), 10)
		b = append(b, '=')
		b = appendKey(b, a.Value)
	}
	return b
}

// appendLenString appends s prefixed by its length, so that no two
// sequences of strings give the same bytes.
func appendLenString(b []byte, s string) []byte {
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, ':')
	return append(b, s...)
}

func appendKey(b []byte, v Init) []byte {
	switch x := v.(type) {
	case *StringInit:
		if x.Code {
			b = append(b, 'C')
		} else {
			b = append(b, 'S')
		}
		b = appendLenString(b, x.V)
	case *ListInit:
		b = append(b, "L<"...)
		b = appendType(b, x.Elem)
		b = append(b, ">["...)
		for _, e := range x.Elems {
			b = appendKey(b, e)
			b = append(b, ',')
		}
		b = append(b, ']')
	case *DagInit:
		b = append(b, "G("...)
		b = appendKey(b, x.Op)
		if x.OpName != nil {
			b = append(b, ":$"...)
			b = appendLenString(b, x.OpName.V)
		}
		for i, a := range x.Args {
			b = append(b, ' ')
			b = appendKey(b, a)
			if x.Names[i] != nil {
				b = append(b, ":$"...)
				b = appendLenString(b, x.Names[i].V)
			}
			b = append(b, ',')
		}
		b = append(b, ')')
	case *BitsInit:
		b = append(b, "B{"...)
		for _, bit := range x.Bits {
			b = appendKey(b, bit)
			b = append(b, ',')
		}
		b = append(b, '}')
	case *DefInit:
		if x.Rec.IsClass {
			b = append(b, 'K')
		} else {
			b = append(b, 'D')
		}
		b = appendLenString(b, x.Rec.NameString())
	case *IntInit:
		b = append(b, 'I')
		b = strconv.AppendInt(b, x.V, 10)
	case *BitInit:
		b = append(b, x.String()...)
		b = append(b, 'b')
	case *UnsetInit:
		b = append(b, '?')
	// Unresolved values, by structure: what their text would say, without
	// building the text of each (most keys are of values like these).
	case *VarInit:
		b = append(b, 'V')
		b = appendType(b, x.Ty)
		b = appendLenString(b, x.Name)
	case *VarBitInit:
		b = append(b, "V{"...)
		b = strconv.AppendInt(b, int64(x.Bit), 10)
		b = append(b, '}')
		b = appendKey(b, x.V)
	case *FieldInit:
		b = append(b, 'F')
		b = appendType(b, x.Ty)
		b = appendLenString(b, x.Field)
		b = appendKey(b, x.Rec)
	case *UnOpInit:
		b = append(b, 'U')
		b = append(b, byte(x.Op))
		b = appendType(b, x.Ty)
		b = appendKey(b, x.Arg)
	case *BinOpInit:
		b = append(b, 'O')
		b = append(b, byte(x.Op))
		b = appendType(b, x.Ty)
		b = appendKey(b, x.LHS)
		b = appendKey(b, x.RHS)
	case *TernOpInit:
		b = append(b, 'T')
		b = append(b, byte(x.Op))
		b = appendType(b, x.Ty)
		b = appendKey(b, x.LHS)
		b = appendKey(b, x.MHS)
		b = appendKey(b, x.RHS)
	case *VarDefInit:
		b = append(b, "A<"...)
		b = appendInstKey(b, x.Class, x.Args)
		b = append(b, '>')
	default:
		b = append(b, 'X')
		b = appendType(b, v.Type())
		b = appendLenString(b, v.String())
	}
	return b
}

// appendType appends the text of t (Type.String) and a separator.
func appendType(b []byte, t *Type) []byte {
	switch {
	case t == nil:
		b = append(b, '?')
	case t.Kind == BitsKind:
		b = append(b, "bits<"...)
		b = strconv.AppendInt(b, int64(t.Width), 10)
		b = append(b, '>')
	case t.Kind == ListKind:
		b = append(b, "list<"...)
		b = appendType(b, t.Elem)
		b = append(b, '>')
	case t.Kind == RecordKind:
		b = append(b, '{')
		for _, c := range t.Classes {
			b = appendLenString(b, c.NameString())
		}
		b = append(b, '}')
	default:
		b = append(b, t.String()...)
	}
	return append(b, ';')
}

// transientString views b as a string for a map lookup that does not keep
// it; b must not change while the string is in use.
func transientString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
