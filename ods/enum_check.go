package ods

import (
	"strconv"
	"strings"

	"tdls/tablegen"
)

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
	for _, p := range unsetFields(e.Def, e.src.get(), e.Range, reads...) {
		err(p)
	}
	for _, c := range e.Cases {
		for _, p := range unsetFields(c.Def, e.src.get(), c.Range, fieldRead{"symbol", readString}, fieldRead{"str", readString}, fieldRead{"value", readInt}) {
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
			err(problem{code: "ods-enum-base-attr", rng: siteOf(e.BaseAttr, e.src.get()).fieldRange("predicate"),
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

// buildProblems are what mlir-tblgen accepts in the enum but breaks the
// C++ it generates (errors: the enum class and its functions do not
// compile) or the enum at run time (warnings).
func (e *Enum) buildProblems() []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	report := func(sev tablegen.Severity, code string, c, prev *EnumCase, msg string) {
		d := e.diag(sev, code, c.Range, msg)
		if prev != nil {
			d.Related = append(d.Related, tablegen.Related{Range: prev.Range, Message: "the other case"})
		}
		out = append(out, d)
	}
	explicit := true
	for _, c := range e.Cases {
		explicit = explicit && c.Value >= 0
	}
	limit, bits := underlyingLimit(e.UnderlyingType)
	symbols, values, strs := map[string]*EnumCase{}, map[int64]*EnumCase{}, map[string]*EnumCase{}
	for _, c := range e.Cases {
		sym := enumerator(c.Symbol)
		if prev := symbols[sym]; prev != nil {
			report(tablegen.SeverityError, "ods-enum-duplicate-symbol", c, prev,
				"enum case symbol '"+c.Symbol+"' is used twice; the C++ enum class "+e.ClassName+" declares '"+sym+"' twice")
		} else {
			symbols[sym] = c
		}
		if !e.IsBitEnum && explicit {
			if prev := values[c.Value]; prev != nil {
				report(tablegen.SeverityError, "ods-enum-duplicate-value", c, prev,
					"enum cases '"+prev.Symbol+"' and '"+c.Symbol+"' both have the value "+strconv.FormatInt(c.Value, 10)+"; the generated "+e.UnderlyingToSymbolFn+" switches on the value and does not compile with a duplicate case")
			} else {
				values[c.Value] = c
			}
		}
		if prev := strs[c.Str]; prev != nil && sym != enumerator(prev.Symbol) {
			report(tablegen.SeverityWarning, "ods-enum-duplicate-string", c, prev,
				"enum cases '"+prev.Symbol+"' and '"+c.Symbol+"' are both written \""+c.Str+"\"; "+e.StringToSymbolFn+" maps it to '"+prev.Symbol+"', so '"+c.Symbol+"' does not survive printing and parsing")
		} else if prev == nil {
			strs[c.Str] = c
		}
		// A case given by bit position asserts its own range.
		bitPos := isA(c.Def, "BitEnumCaseBit") || isA(c.Def, "BitEnumAttrCaseBit")
		if limit > 0 && c.Value > limit && !bitPos {
			report(tablegen.SeverityError, "ods-enum-value-range", c, nil,
				"enum case '"+c.Symbol+"' has the value "+strconv.FormatInt(c.Value, 10)+", which does not fit the underlying type "+e.UnderlyingType+" ("+strconv.Itoa(bits)+" bits); the C++ enum class does not compile")
		}
	}
	return out
}

// enumerator is the C++ name mlir-tblgen gives a case symbol: a leading
// digit gets a `_` (makeIdentifier).
func enumerator(symbol string) string {
	if symbol != "" && symbol[0] >= '0' && symbol[0] <= '9' {
		return "_" + symbol
	}
	return symbol
}

// underlyingLimit is the largest value of a fixed-width integer type named
// as the enum's underlying type, and its width; 0 when the type is not one
// (or is 64 bits wide, which every TableGen int fits).
func underlyingLimit(t string) (int64, int) {
	t = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(t), "::"), "std::")
	switch t {
	case "uint8_t":
		return 1<<8 - 1, 8
	case "uint16_t":
		return 1<<16 - 1, 16
	case "uint32_t":
		return 1<<32 - 1, 32
	case "int8_t":
		return 1<<7 - 1, 8
	case "int16_t":
		return 1<<15 - 1, 16
	case "int32_t":
		return 1<<31 - 1, 32
	}
	return 0, 0
}

// formatEnumProblems: an op's declarative format that prints a bit-enum
// attribute gets from mlir-tblgen (OpFormatGen's enum printer) a `switch`
// on the value whose cases are the enum's single-bit cases written as
// keywords, printed bare, and whose default quotes the rest; the switch is
// written only when some case needs the quotes (a string that is not a
// keyword, or a value that is not one bit). The exact rule: such a switch
// holds two cases of the same value, which g++ rejects ("duplicate case
// value"). A bit enum may name one bit twice (MLIR's DIFlags does), so
// the enum alone is fine; the error is at the op's format variable.
func (m *Model) formatEnumProblems(op *Op) []tablegen.Diagnostic {
	if !op.HasAssemblyFormat {
		return nil
	}
	p := newOpFormat(op, op.AssemblyFormat)
	elems := p.parse()
	if len(p.errs) > 0 {
		return nil
	}
	var out []tablegen.Diagnostic
	var src *formatSource
	var walk func([]*fmtElem)
	walk = func(es []*fmtElem) {
		for _, e := range es {
			switch e.kind {
			case feAttribute:
				enum := m.EnumOf(e.arg.BaseAttr())
				if enum == nil || !enum.IsAttr || !enum.IsBitEnum || enum.UnderlyingType == "" {
					continue
				}
				a, b := enum.duplicateSwitchCases()
				if a == nil {
					continue
				}
				if src == nil {
					s := op.formatSource()
					src = &s
				}
				d := op.diag(tablegen.SeverityError, "ods-enum-format-duplicate-case", src.rangeOf(e.start, e.end),
					"the format prints bit enum "+enum.Def.NameString()+" through a switch on its single-bit cases written as keywords, and '"+a.Symbol+"' and '"+b.Symbol+
						"' both have the value "+strconv.FormatInt(a.Value, 10)+"; the generated "+op.CppClass+"::print does not compile (duplicate case value): give one of them a string that is not a keyword, or drop one")
				d.Related = append(d.Related, tablegen.Related{Range: a.Range, Message: "case '" + a.Symbol + "'"}, tablegen.Related{Range: b.Range, Message: "case '" + b.Symbol + "'"})
				out = append(out, d)
			case feOptional:
				walk(e.then)
				walk(e.els)
			case feOIList:
				for _, c := range e.clauses {
					walk(c)
				}
			}
		}
	}
	walk(elems)
	return out
}

// duplicateSwitchCases returns two cases of the switch the op format
// printer writes for the bit enum that share a value, or nils: the
// switch exists when a case is not a single bit or not a keyword, and
// lists the single-bit keyword cases.
func (e *Enum) duplicateSwitchCases() (*EnumCase, *EnumCase) {
	quoted := false
	byValue := map[int64]*EnumCase{}
	var first, second *EnumCase
	for _, c := range e.Cases {
		if c.Value <= 0 || c.Value&(c.Value-1) != 0 || !canBeKeyword(c.Str) {
			quoted = true
			continue
		}
		if prev := byValue[c.Value]; prev != nil && first == nil {
			first, second = prev, c
		} else if prev == nil {
			byValue[c.Value] = c
		}
	}
	if !quoted || first == nil {
		return nil, nil
	}
	return first, second
}
