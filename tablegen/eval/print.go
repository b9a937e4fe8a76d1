package eval

import "strings"

// printRecord prints a record as llvm-tblgen's record printer does (used by
// !repr).
func printRecord(r *Record) string {
	var sb strings.Builder
	sb.WriteString(r.NameString())
	if len(r.TemplateArgs()) > 0 {
		sb.WriteByte('<')
		for i, a := range r.TemplateArgs() {
			if i > 0 {
				sb.WriteString(", ")
			}
			rv := r.Field(a)
			sb.WriteString(rv.Type.String() + " " + a)
			if rv.Value != nil && rv.Value != Unset {
				sb.WriteString(" = " + rv.Value.String())
			}
		}
		sb.WriteByte('>')
	}
	sb.WriteString(" {")
	if sc := r.SuperClasses(); len(sc) > 0 {
		sb.WriteString("\t//")
		for _, c := range sc {
			sb.WriteString(" " + c.NameString())
		}
	}
	sb.WriteByte('\n')
	for i := range r.Values {
		rv := &r.Values[i]
		if rv.TemplateArg {
			continue
		}
		sb.WriteString("  ")
		if rv.IsField {
			sb.WriteString("field ")
		}
		sb.WriteString(rv.Type.String() + " " + rv.Name)
		if rv.Value != nil {
			sb.WriteString(" = " + rv.Value.String())
		}
		sb.WriteString(";\n")
	}
	sb.WriteString("}\n")
	return sb.String()
}
