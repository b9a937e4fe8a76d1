package ods

import "tdls/tablegen"

// definitionErrors are the errors mlir-tblgen 22 raises for the dialect
// under --gen-dialect-decls/-defs (and the attribute and type generators,
// which read its name and namespace): the fields it reads must be set.
func (d *Dialect) definitionErrors(set *tablegen.SourceSet) []tablegen.Diagnostic {
	reads := []fieldRead{{"name", readString}, {"cppNamespace", readString}, {"extraClassDeclaration", readString},
		{"dependentDialects", readList}}
	for _, b := range []string{"hasConstantMaterializer", "hasNonDefaultDestructor", "hasOperationAttrVerify",
		"hasRegionArgAttrVerify", "hasRegionResultAttrVerify", "hasOperationInterfaceFallback",
		"useDefaultAttributePrinterParser", "useDefaultTypePrinterParser", "hasCanonicalizer", "isExtensible"} {
		reads = append(reads, fieldRead{b, readBit})
	}
	var out []tablegen.Diagnostic
	for _, p := range unsetFields(d.Def, set, d.Range, reads...) {
		out = append(out, d.diag(tablegen.SeverityError, p.code, p.rng, p.msg))
	}
	return out
}

func (d *Dialect) diag(sev tablegen.Severity, code string, r tablegen.Range, msg string) tablegen.Diagnostic {
	diag := tablegen.Diagnostic{Range: r, Severity: sev, Code: code, Message: msg}
	if r != d.Range {
		diag.Related = []tablegen.Related{{Range: d.Range, Message: "in dialect '" + d.Def.NameString() + "'"}}
	}
	return diag
}
