package ods

import (
	"strings"

	"tdls/tablegen/eval"
)

// Local names for eval.Record's typed readers, which read a field as
// mlir-tblgen's Record::getValueAs* does but give the zero value for a
// missing or ill-typed field, so a half-written op still gets a model.

func stringField(r *eval.Record, name string) string { s, _ := r.StringValue(name); return s }

// stringFieldSet reports the string value and whether the field holds a
// string at all (LLVM's isa<StringInit>, false for `?`).
func stringFieldSet(r *eval.Record, name string) (string, bool) { return r.StringValue(name) }

// trimmedField is the string value with surrounding whitespace removed, as
// mlir-tblgen's Attribute and Property read their code fields.
func trimmedField(r *eval.Record, name string) string {
	return strings.Trim(stringField(r, name), " \t\n\v\f\r")
}

func bitField(r *eval.Record, name string) bool          { return r.BitValue(name) }
func defField(r *eval.Record, name string) *eval.Record  { return r.DefValue(name) }
func dagField(r *eval.Record, name string) *eval.DagInit { return r.DagValue(name) }
func listField(r *eval.Record, name string) []eval.Init  { return r.ListValue(name) }
func isA(r *eval.Record, class string) bool              { return r.IsA(class) }

func stringListField(r *eval.Record, name string) []string {
	var out []string
	for _, e := range listField(r, name) {
		if s, ok := e.(*eval.StringInit); ok {
			out = append(out, s.V)
		}
	}
	return out
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
