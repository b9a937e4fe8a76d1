package ods

import (
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Enum is a def deriving from EnumInfo (I32EnumAttr, I64Enum, BitEnumAttr,
// ...), as mlir-tblgen's EnumInfo sees it.
type Enum struct {
	Def *eval.Record
	// ClassName is the C++ enum class, in CppNamespace.
	ClassName, CppNamespace string
	Summary, Description    string
	Bitwidth                int64
	// UnderlyingType is the C++ type of the enum class (uint32_t); empty
	// when it is left to the compiler.
	UnderlyingType string
	Cases          []*EnumCase

	// IsBitEnum marks a bit enum (BitEnumBase): cases are bits and groups
	// of bits, combined with Separator.
	IsBitEnum          bool
	ValidBits          int64
	Separator          string
	PrintBitEnumQuoted bool

	// IsAttr marks an EnumAttrInfo: the enum is also an attribute
	// constraint. GenSpecializedAttr is whether it generates its own
	// attribute class, SpecializedAttrClass, derived from the integer
	// attribute BaseAttr.
	IsAttr               bool
	GenSpecializedAttr   bool
	SpecializedAttrClass string
	BaseAttr             *eval.Record

	// The names of the generated functions.
	StringToSymbolFn, SymbolToStringFn, SymbolToStringRetType string
	UnderlyingToSymbolFn, MaxEnumValFn                        string

	Range tablegen.Range
	src   *sourceText
	errs  memo
}

// EnumCase is one case of an enum.
type EnumCase struct {
	Def *eval.Record
	// Symbol is the C++ enumerator, Str the text in the IR.
	Symbol, Str string
	// Value is the case's value (for a bit enum, its bits); negative when
	// the enumerator gets no explicit value.
	Value int64
	// IsGroup marks a bit-enum case that names several bits.
	IsGroup bool
	Range   tablegen.Range
}

// QualifiedClassName is the enum class with its namespace.
func (e *Enum) QualifiedClassName() string {
	if e.CppNamespace == "" {
		return e.ClassName
	}
	return e.CppNamespace + "::" + e.ClassName
}

// Case returns the case whose Str or Symbol is name, or nil.
func (e *Enum) Case(name string) *EnumCase {
	for _, c := range e.Cases {
		if c.Str == name || c.Symbol == name {
			return c
		}
	}
	return nil
}

// buildEnum reads def as EnumInfo does.
func (m *Model) buildEnum(def *eval.Record) *Enum {
	e := &Enum{Def: def, Range: defRange(def), src: newSourceText(m.Result.Set)}
	e.ClassName = stringField(def, "className")
	e.CppNamespace = stringField(def, "cppNamespace")
	e.Summary = stringField(def, "summary")
	e.Description = stringField(def, "description")
	e.Bitwidth, _ = def.IntValue("bitwidth")
	e.UnderlyingType = stringField(def, "underlyingType")
	e.IsBitEnum = isA(def, "BitEnumBase")
	if e.IsBitEnum {
		e.ValidBits, _ = def.IntValue("validBits")
		e.Separator = stringField(def, "separator")
		e.PrintBitEnumQuoted = bitField(def, "printBitEnumQuoted")
	}
	e.IsAttr = isA(def, "EnumAttrInfo")
	if e.IsAttr {
		e.GenSpecializedAttr = bitField(def, "genSpecializedAttr")
		e.SpecializedAttrClass = stringField(def, "specializedAttrClassName")
		e.BaseAttr = defField(def, "baseAttrClass")
	}
	e.StringToSymbolFn = stringField(def, "stringToSymbolFnName")
	e.SymbolToStringFn = stringField(def, "symbolToStringFnName")
	e.SymbolToStringRetType = stringField(def, "symbolToStringFnRetType")
	e.UnderlyingToSymbolFn = stringField(def, "underlyingToSymbolFnName")
	e.MaxEnumValFn = stringField(def, "maxEnumValFnName")
	listAt := siteOf(def, e.src.get()).fieldRange("enumerants")
	for _, v := range listField(def, "enumerants") {
		d, ok := v.(*eval.DefInit)
		if !ok {
			continue
		}
		c := &EnumCase{Def: d.Rec, Symbol: stringField(d.Rec, "symbol"), Str: stringField(d.Rec, "str"), Range: caseRange(d.Rec, listAt)}
		c.Value, _ = d.Rec.IntValue("value")
		c.IsGroup = isA(d.Rec, "BitEnumCaseGroup") || isA(d.Rec, "BitEnumAttrCaseGroup")
		e.Cases = append(e.Cases, c)
	}
	return e
}

// caseRange is where a case (an element of a list of records) is written:
// its def's name, or for one instantiated in place, the instantiation;
// fallback when it has none.
func caseRange(def *eval.Record, fallback tablegen.Range) tablegen.Range {
	if def.Anonymous && def.Decl.Start.IsValid() {
		return def.Decl
	}
	if len(def.Locs()) > 0 && def.Locs()[0].Start.IsValid() {
		return def.Locs()[0]
	}
	return fallback
}
