package ods

import (
	"strings"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Dialect is a def deriving from Dialect, as mlir-tblgen's Dialect sees it.
type Dialect struct {
	Def *eval.Record
	// Name is the dialect's namespace in the IR (`arith`); CppNamespace the
	// C++ namespace of its classes (`::mlir::arith`).
	Name, CppNamespace   string
	Summary, Description string
	DependentDialects    []string

	HasConstantMaterializer          bool
	HasNonDefaultDestructor          bool
	HasOperationAttrVerify           bool
	HasRegionArgAttrVerify           bool
	HasRegionResultAttrVerify        bool
	HasOperationInterfaceFallback    bool
	UseDefaultAttributePrinterParser bool
	UseDefaultTypePrinterParser      bool
	HasCanonicalizer                 bool
	IsExtensible                     bool
	// UsePropertiesForAttributes stores inherent attributes in the op's
	// Properties struct (the default).
	UsePropertiesForAttributes bool

	// Range is the def's name.
	Range tablegen.Range
	errs  memo
}

func newDialect(def *eval.Record) *Dialect {
	return &Dialect{
		Def:                              def,
		Name:                             stringField(def, "name"),
		CppNamespace:                     stringField(def, "cppNamespace"),
		Summary:                          stringField(def, "summary"),
		Description:                      stringField(def, "description"),
		DependentDialects:                stringListField(def, "dependentDialects"),
		HasConstantMaterializer:          bitField(def, "hasConstantMaterializer"),
		HasNonDefaultDestructor:          bitField(def, "hasNonDefaultDestructor"),
		HasOperationAttrVerify:           bitField(def, "hasOperationAttrVerify"),
		HasRegionArgAttrVerify:           bitField(def, "hasRegionArgAttrVerify"),
		HasRegionResultAttrVerify:        bitField(def, "hasRegionResultAttrVerify"),
		HasOperationInterfaceFallback:    bitField(def, "hasOperationInterfaceFallback"),
		UseDefaultAttributePrinterParser: bitField(def, "useDefaultAttributePrinterParser"),
		UseDefaultTypePrinterParser:      bitField(def, "useDefaultTypePrinterParser"),
		HasCanonicalizer:                 bitField(def, "hasCanonicalizer"),
		IsExtensible:                     bitField(def, "isExtensible"),
		UsePropertiesForAttributes:       bitField(def, "usePropertiesForAttributes"),
		Range:                            defRange(def),
	}
}

// defRange is the range of a record's name, or of its statement.
func defRange(r *eval.Record) tablegen.Range {
	if len(r.Locs()) > 0 {
		return r.Locs()[0]
	}
	return r.Decl
}

// CppClassName is the dialect's C++ class: the def name without its `_`s
// (Arith_Dialect is ArithDialect).
func (d *Dialect) CppClassName() string { return strings.ReplaceAll(d.Def.NameString(), "_", "") }

// QualifiedCppClass is the class with its namespace.
func (d *Dialect) QualifiedCppClass() string {
	if d.CppNamespace == "" {
		return d.CppClassName()
	}
	return d.CppNamespace + "::" + d.CppClassName()
}
