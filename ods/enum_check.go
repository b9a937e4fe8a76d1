package ods

import "tdls/tablegen"

// definitionErrors are the errors mlir-tblgen 22 raises for the enum under
// --gen-enum-decls / --gen-enum-defs.
func (e *Enum) definitionErrors() []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	err := func(p problem) { out = append(out, e.diag(tablegen.SeverityError, p.code, p.rng, p.msg)) }
	reads := []fieldRead{{"className", readString}, {"cppNamespace", readString}, {"summary", readString},
		{"underlyingType", readString}, {"stringToSymbolFnName", readString}, {"symbolToStringFnName", readString},
		{"symbolToStringFnRetType", readString}, {"underlyingToSymbolFnName", readString}, {"maxEnumValFnName", readString},
		{"enumerants", readList}}
	if e.IsBitEnum {
		reads = append(reads, fieldRead{"validBits", readInt}, fieldRead{"separator", readString},
			fieldRead{"printBitEnumQuoted", readBit}, fieldRead{"printBitEnumPrimaryGroups", readBit})
	}
	if e.IsAttr {
		reads = append(reads, fieldRead{"genSpecializedAttr", readBit}, fieldRead{"specializedAttrClassName", readString})
	}
	for _, p := range unsetFields(e.Def, e.set, e.Range, reads...) {
		err(p)
	}
	for _, c := range e.Cases {
		for _, p := range unsetFields(c.Def, e.set, c.Range, fieldRead{"symbol", readString}, fieldRead{"str", readString}, fieldRead{"value", readInt}) {
			err(p)
		}
	}
	if e.IsBitEnum && !e.PrintBitEnumQuoted && e.UnderlyingType != "" && (!e.IsAttr || stringField(e.Def, "constBuilderCall") != "") {
		for _, c := range e.Cases {
			if !canBeKeyword(c.Str) {
				err(problem{code: "ods-enum-keyword", rng: c.Range,
					msg: "bit enum " + e.CppNamespace + "::" + e.ClassName + " cannot be printed unquoted with cases that cannot be keywords"})
				break
			}
		}
	}
	if e.GenSpecializedAttr && e.BaseAttr != nil {
		if defField(e.BaseAttr, "predicate") == nil {
			err(problem{code: "ods-enum-base-attr", rng: siteOf(e.BaseAttr, e.set).fieldRange("predicate"),
				msg: "ERROR: baseAttrClass for EnumAttr has no Predicate"})
		}
	}
	return out
}

func (e *Enum) diag(sev tablegen.Severity, code string, r tablegen.Range, msg string) tablegen.Diagnostic {
	d := tablegen.Diagnostic{Range: r, Severity: sev, Code: code, Message: msg}
	if r != e.Range {
		d.Related = []tablegen.Related{{Range: e.Range, Message: "in enum '" + e.Def.NameString() + "'"}}
	}
	return d
}

// canBeKeyword is mlir-tblgen's canFormatStringAsKeyword: a letter or `_`,
// then letters, digits, `_`, `$` or `.`.
func canBeKeyword(s string) bool {
	if s == "" || (!isFmtAlpha(s[0]) && s[0] != '_') {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isFmtAlnum(c) && !containsByte("_$.", c) {
			return false
		}
	}
	return true
}
