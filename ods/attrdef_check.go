package ods

import (
	"strings"

	"tdls/tablegen"
)

// definitionErrors are the errors mlir-tblgen 22 raises for the attribute
// or type under --gen-attrdef-* / --gen-typedef-*: AttrOrTypeDef's
// constructor, DefGen, and the assembly format.
func (d *AttrOrTypeDef) definitionErrors() []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	probs := append([]problem(nil), d.problems...)
	probs = append(probs, unsetFields(d.Def, d.src.get(), d.Range, d.fieldReads()...)...)
	for _, b := range d.Builders {
		probs = append(probs, unsetFields(b.Def, d.src.get(), b.Range, fieldRead{"dagParams", readDag}, fieldRead{"hasInferredContextParam", readBit})...)
	}
	for _, p := range probs {
		out = append(out, d.diag(tablegen.SeverityError, p.code, p.rng, p.msg))
	}
	err := func(code string, r tablegen.Range, msg string) {
		out = append(out, d.diag(tablegen.SeverityError, code, r, msg))
	}
	custom := d.site().fieldRange("hasCustomAssemblyFormat")
	format := d.site().fieldRange("assemblyFormat")
	switch {
	case d.HasMnemonic && d.HasCustomAssemblyFormat && d.HasAssemblyFormat:
		err("ods-mnemonic-format", custom, "cannot specify both 'assemblyFormat' and 'hasCustomAssemblyFormat'")
	case d.HasMnemonic && len(d.Parameters) > 0 && !d.HasCustomAssemblyFormat && !d.HasAssemblyFormat:
		err("ods-mnemonic-format", d.site().fieldRange("mnemonic"), "must specify either 'assemblyFormat' or 'hasCustomAssemblyFormat' when 'mnemonic' is set")
	case !d.HasMnemonic && (d.HasCustomAssemblyFormat || d.HasAssemblyFormat):
		r := format
		if !d.HasAssemblyFormat {
			r = custom
		}
		err("ods-mnemonic-format", r, "'assemblyFormat' or 'hasCustomAssemblyFormat' can only be used when 'mnemonic' is set")
	}
	if d.HasAssemblyFormat && !d.GenAccessors {
		err("ods-format-accessors", d.site().fieldRange("genAccessors"), "'assemblyFormat' requires 'genAccessors' to be true")
	}
	named := map[string]bool{}
	for _, p := range d.Parameters {
		switch {
		case p.Name == "":
			err("ods-param-name", p.Range, "all parameters must have a name")
		case named[p.Name]:
			// mlir-tblgen crashes on this (the storage class gets two
			// members of one name).
			err("ods-param-name", p.Range, "two parameters are named '"+p.Name+"'; mlir-tblgen crashes on this")
		}
		named[p.Name] = true
		if d.GenStorageClass && strings.Contains(p.CppType, "APInt") && !p.HasComparator {
			err("ods-param-apint", p.Range, "Using a raw APInt parameter without a custom comparator is not supported because an assert in the equality operator is triggered when the two APInts have different bit widths. This can lead to unexpected crashes. Use an `APIntParameter` or provide a custom comparator.")
		}
	}
	out = append(out, d.builderConflicts()...)
	out = append(out, d.checkAssemblyFormat()...)
	return out
}

// fieldReads are the fields of the def DefGen reads.
func (d *AttrOrTypeDef) fieldReads() []fieldRead {
	reads := []fieldRead{{"cppClassName", readString}, {"cppBaseClassName", readString}, {"storageClass", readString},
		{"storageNamespace", readString}, {"summary", readString}, {"description", readString},
		{"extraClassDeclaration", readString}, {"extraClassDefinition", readString}, {"parameters", readDag}, {"traits", readList},
		{"genStorageClass", readBit}, {"hasCustomAssemblyFormat", readBit}, {"genAccessors", readBit},
		{"genVerifyDecl", readBit}, {"genMnemonicAlias", readBit}}
	if d.IsType {
		reads = append(reads, fieldRead{"typeName", readString})
	} else {
		reads = append(reads, fieldRead{"attrName", readString})
	}
	if len(d.Parameters) > 0 {
		reads = append(reads, fieldRead{"skipDefaultBuilders", readBit}, fieldRead{"hasStorageCustomConstructor", readBit})
	}
	return reads
}

func (d *AttrOrTypeDef) diag(sev tablegen.Severity, code string, r tablegen.Range, msg string) tablegen.Diagnostic {
	diag := tablegen.Diagnostic{Range: r, Severity: sev, Code: code, Message: msg}
	if r != d.Range {
		diag.Related = []tablegen.Related{{Range: d.Range, Message: "in " + d.Kind() + " '" + d.Def.NameString() + "'"}}
	}
	return diag
}

// method is a static `get`/`getChecked` builder of the generated class, as
// mlir-tblgen's Class tracks methods to drop redundant ones.
type method struct {
	name   string
	params []BuilderParam
	from   *AttrOrTypeBuilder // nil for a default builder
}

// subsumes is MethodSignature::makesRedundant: a call of other would
// resolve to m, so m's class cannot also declare other.
func (m method) subsumes(other method) bool {
	if m.name != other.name || len(m.params) < len(other.params) {
		return false
	}
	for i, p := range other.params {
		if m.params[i].CppType != p.CppType {
			return false
		}
	}
	return len(m.params) == len(other.params) || m.params[len(other.params)].Default != ""
}

func (m method) signature() string {
	var b strings.Builder
	b.WriteString(m.name + "(")
	for i, p := range m.params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.CppType)
		if p.Name != "" {
			b.WriteString(" " + p.Name)
		}
	}
	return b.String() + ")"
}

// builderConflicts reports custom builders whose `get` (or `getChecked`)
// an earlier builder already declares, as DefGen's addMethod refuses
// them. Builders are generated only for a def with parameters.
func (d *AttrOrTypeDef) builderConflicts() []tablegen.Diagnostic {
	if len(d.Parameters) == 0 {
		return nil
	}
	ctx := BuilderParam{Name: "context", CppType: "::mlir::MLIRContext *"}
	emitError := BuilderParam{Name: "emitError", CppType: "::llvm::function_ref<::mlir::InFlightDiagnostic()>"}
	checked := d.HasCheckedBuilders()
	var methods []method
	var out []tablegen.Diagnostic
	add := func(m method) bool {
		for _, prev := range methods {
			if prev.subsumes(m) {
				diag := d.diag(tablegen.SeverityError, "ods-builder-conflict", m.from.Range, "builder `"+m.name+"` conflicts with an existing builder.")
				shadow := "a default builder"
				if prev.from != nil {
					shadow = "the builder here"
				}
				at := d.Range
				if prev.from != nil {
					at = prev.from.Range
				}
				diag.Related = append(diag.Related, tablegen.Related{Range: at,
					Message: "`" + m.signature() + "` is shadowed by " + shadow + ": `" + prev.signature() + "`"})
				out = append(out, diag)
				return false
			}
		}
		kept := methods[:0]
		for _, prev := range methods {
			if !m.subsumes(prev) {
				kept = append(kept, prev)
			}
		}
		methods = append(kept, m)
		return true
	}
	var params []BuilderParam
	for _, p := range d.Parameters {
		params = append(params, BuilderParam{Name: p.Name, CppType: p.CppType})
	}
	if !d.SkipDefaultBuilders {
		add(method{name: "get", params: append([]BuilderParam{ctx}, params...)})
		if checked {
			add(method{name: "getChecked", params: append([]BuilderParam{emitError, ctx}, params...)})
		}
	}
	for _, b := range d.Builders {
		bp := b.Params
		if !b.InferredContext {
			bp = append([]BuilderParam{ctx}, bp...)
		}
		if add(method{name: "get", params: bp, from: b}) && checked {
			add(method{name: "getChecked", params: append([]BuilderParam{emitError}, bp...), from: b})
		}
	}
	return out
}
