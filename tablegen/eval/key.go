package eval

import (
	"strconv"
	"strings"
)

// instKey identifies an inline class instantiation by its class and the
// structure of its arguments, as LLVM's uniquing of VarDefInit does.
func instKey(class *Record, args []ArgInit) string {
	var sb strings.Builder
	sb.WriteString(class.NameString())
	for _, a := range args {
		sb.WriteByte('|')
		if a.Name != "" {
			sb.WriteString(a.Name)
		} else {
			sb.WriteString(strconv.Itoa(a.Index))
		}
		sb.WriteByte('=')
		writeKey(&sb, a.Value)
	}
	return sb.String()
}

func writeKey(sb *strings.Builder, v Init) {
	switch x := v.(type) {
	case *StringInit:
		if x.Code {
			sb.WriteByte('C')
		} else {
			sb.WriteByte('S')
		}
		sb.WriteString(strconv.Itoa(len(x.V)))
		sb.WriteByte(':')
		sb.WriteString(x.V)
	case *ListInit:
		sb.WriteString("L<")
		sb.WriteString(x.Elem.String())
		sb.WriteString(">[")
		for _, e := range x.Elems {
			writeKey(sb, e)
			sb.WriteByte(',')
		}
		sb.WriteByte(']')
	case *DagInit:
		sb.WriteString("G(")
		writeKey(sb, x.Op)
		if x.OpName != nil {
			sb.WriteString(":$" + strconv.Itoa(len(x.OpName.V)) + ":" + x.OpName.V)
		}
		for i, a := range x.Args {
			sb.WriteByte(' ')
			writeKey(sb, a)
			if x.Names[i] != nil {
				sb.WriteString(":$" + strconv.Itoa(len(x.Names[i].V)) + ":" + x.Names[i].V)
			}
			sb.WriteByte(',')
		}
		sb.WriteByte(')')
	case *BitsInit:
		sb.WriteString("B{")
		for _, b := range x.Bits {
			writeKey(sb, b)
			sb.WriteByte(',')
		}
		sb.WriteByte('}')
	case *DefInit:
		if x.Rec.IsClass {
			sb.WriteString("K")
		} else {
			sb.WriteString("D")
		}
		sb.WriteString(strconv.Itoa(len(x.Rec.NameString())))
		sb.WriteByte(':')
		sb.WriteString(x.Rec.NameString())
	case *IntInit:
		sb.WriteByte('I')
		sb.WriteString(x.String())
	case *BitInit:
		sb.WriteString(x.String())
		sb.WriteByte('b')
	case *UnsetInit:
		sb.WriteByte('?')
	default:
		// Unresolved values: their text and type identify them well enough.
		sb.WriteString("X")
		if t := v.Type(); t != nil {
			sb.WriteString(t.String())
		}
		s := v.String()
		sb.WriteString(strconv.Itoa(len(s)))
		sb.WriteByte(':')
		sb.WriteString(s)
	}
}
