package ods

import (
	"strings"

	"tdls/tablegen"
)

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

// buildProblems: the dialect's namespace in the IR must be one MLIR
// accepts (warning: Dialect's constructor asserts it, and the parser cannot
// read the ops of another), and its C++ namespace a C++ namespace (error:
// the generated dialect class does not compile).
func (d *Dialect) buildProblems(set *tablegen.SourceSet) []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	at := siteOf(d.Def, set)
	if !validDialectName(d.Name) {
		out = append(out, d.diag(tablegen.SeverityWarning, "ods-dialect-name", at.fieldRange("name"),
			"dialect name \""+d.Name+"\" is not a valid dialect namespace (a letter or `_`, then letters, digits, `_` or `$`); MLIR rejects it (Dialect::isValidNamespace)"))
	}
	if d.CppNamespace != "" && !isQualifiedName(d.CppNamespace) {
		out = append(out, d.diag(tablegen.SeverityError, "ods-dialect-namespace", at.fieldRange("cppNamespace"),
			"cppNamespace \""+d.CppNamespace+"\" is not a C++ namespace such as ::mlir::my; the generated dialect class does not compile"))
	}
	return out
}

// validDialectName is Dialect::isValidNamespace.
func validDialectName(s string) bool {
	if s == "" || (!isFmtAlpha(s[0]) && s[0] != '_') {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isFmtAlnum(c) && c != '_' && c != '$' {
			return false
		}
	}
	return true
}

// asmHooksProblem: an attribute (type) with a mnemonic is parsed and
// printed through its dialect's parseAttribute/printAttribute (parseType/
// printType), which the dialect gets from useDefaultAttributePrinterParser
// or declares itself; else MLIR's default hooks reject it at run time.
func (d *Dialect) asmHooksProblem(def *AttrOrTypeDef) string {
	useDefault, parse, print, flag := d.UseDefaultAttributePrinterParser, "parseAttribute", "printAttribute", "useDefaultAttributePrinterParser"
	if def.IsType {
		useDefault, parse, print, flag = d.UseDefaultTypePrinterParser, "parseType", "printType", "useDefaultTypePrinterParser"
	}
	extra := stringField(d.Def, "extraClassDeclaration")
	if useDefault || strings.Contains(extra, parse) || strings.Contains(extra, print) {
		return ""
	}
	return def.Kind() + " '" + def.Def.NameString() + "' has the mnemonic '" + def.Mnemonic + "', but dialect '" + d.Name +
		"' neither sets " + flag + " nor declares " + parse + "/" + print + "; " + def.Syntax() + " then fails to parse (\"dialect '" + d.Name +
		"' provides no " + def.Kind() + " parsing hook\")"
}
