package codegen

import "tdls/tablegen/eval"

// Local names for eval.Record's typed readers (Record::getValueAs* that
// give the zero value for a missing or ill-typed field).

func isA(rec *eval.Record, class string) bool              { return rec.IsA(class) }
func stringField(rec *eval.Record, name string) string     { s, _ := rec.StringValue(name); return s }
func defField(rec *eval.Record, name string) *eval.Record  { return rec.DefValue(name) }
func intField(rec *eval.Record, name string) int64         { n, _ := rec.IntValue(name); return n }
func bitField(rec *eval.Record, name string) bool          { return rec.BitValue(name) }
func dagField(rec *eval.Record, name string) *eval.DagInit { return rec.DagValue(name) }
func listField(rec *eval.Record, name string) []eval.Init  { return rec.ListValue(name) }

// optionalString is getValueAsOptionalString: ok is false when unset.
func optionalString(rec *eval.Record, name string) (string, bool) { return rec.StringValue(name) }

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
