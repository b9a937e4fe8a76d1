package codegen

// GeneratorInfo describes one of mlir-tblgen 22's generators (its
// `--gen-NAME` options) as tdls serves it.
type GeneratorInfo struct {
	// Name is the option without --gen-: "op-decls".
	Name, Summary string
	// Native says tdls has its own emitter for it, byte-identical to
	// mlir-tblgen's; every generator can also run on mlir-tblgen.
	Native bool
	// Language is the output's: cpp, markdown or python.
	Language string
	// Entities is what --entity cuts the output into ("op", "attr", ...);
	// empty when the output has no per-entity sections.
	Entities []string
}

// generators are mlir-tblgen 22's, as `mlir-tblgen --help` lists them,
// in name order. Language is filled by withDefaults.
var generators = []GeneratorInfo{
	{Name: "attr-constraint-decls", Summary: "attribute constraint declarations"},
	{Name: "attr-constraint-defs", Summary: "attribute constraint definitions"},
	{Name: "attr-interface-decls", Summary: "attribute interface declarations", Entities: []string{"interface"}},
	{Name: "attr-interface-defs", Summary: "attribute interface definitions", Entities: []string{"interface"}},
	{Name: "attr-interface-docs", Summary: "attribute interface documentation", Language: "markdown", Entities: []string{"interface"}},
	{Name: "attrdef-decls", Summary: "AttrDef declarations", Entities: []string{"attr"}},
	{Name: "attrdef-defs", Summary: "AttrDef definitions", Entities: []string{"attr"}},
	{Name: "attrdef-doc", Summary: "dialect attribute documentation", Language: "markdown", Entities: []string{"attr"}},
	{Name: "avail-interface-decls", Summary: "availability interface declarations", Entities: []string{"interface"}},
	{Name: "avail-interface-defs", Summary: "availability interface definitions", Entities: []string{"interface"}},
	{Name: "bytecode", Summary: "dialect bytecode readers/writers"},
	{Name: "convertible-llvmir-intrinsics", Summary: "list of convertible LLVM IR intrinsics"},
	{Name: "dialect-decls", Summary: "dialect declarations", Entities: []string{"dialect"}},
	{Name: "dialect-defs", Summary: "dialect definitions", Entities: []string{"dialect"}},
	{Name: "dialect-doc", Summary: "dialect documentation", Language: "markdown", Entities: []string{"op", "attr", "type", "enum"}},
	{Name: "dialect-interface-decls", Summary: "dialect interface declarations", Entities: []string{"interface"}},
	{Name: "directive-decl", Summary: "declarations for directives (OpenMP/OpenACC etc.)"},
	{Name: "enum-decls", Summary: "enum utility declarations", Entities: []string{"enum"}},
	{Name: "enum-defs", Summary: "enum utility definitions", Entities: []string{"enum"}},
	{Name: "enum-doc", Summary: "dialect enum documentation", Language: "markdown", Entities: []string{"enum"}},
	{Name: "enum-from-llvmir-conversions", Summary: "conversions of EnumAttrs from LLVM IR"},
	{Name: "enum-to-llvmir-conversions", Summary: "conversions of EnumAttrs to LLVM IR"},
	{Name: "intr-from-llvmir-conversions", Summary: "conversions of intrinsics from LLVM IR"},
	{Name: "llvmir-conversions", Summary: "LLVM IR conversions"},
	{Name: "llvmir-intrinsics", Summary: "LLVM IR intrinsics"},
	{Name: "op-decls", Summary: "op declarations", Native: true, Entities: []string{"op"}},
	{Name: "op-defs", Summary: "op definitions", Entities: []string{"op"}},
	{Name: "op-doc", Summary: "dialect documentation", Language: "markdown", Entities: []string{"op"}},
	{Name: "op-from-llvmir-conversions", Summary: "conversions of operations from LLVM IR"},
	{Name: "op-interface-decls", Summary: "op interface declarations", Entities: []string{"interface"}},
	{Name: "op-interface-defs", Summary: "op interface definitions", Entities: []string{"interface"}},
	{Name: "op-interface-docs", Summary: "op interface documentation", Language: "markdown", Entities: []string{"interface"}},
	{Name: "openmp-clause-ops", Summary: "OpenMP clause operand structures"},
	{Name: "pass-capi-header", Summary: "pass C API header"},
	{Name: "pass-capi-impl", Summary: "pass C API implementation"},
	{Name: "pass-decls", Summary: "pass declarations", Entities: []string{"pass"}},
	{Name: "pass-doc", Summary: "pass documentation", Language: "markdown", Entities: []string{"pass"}},
	{Name: "python-enum-bindings", Summary: "Python bindings for enum attributes", Language: "python"},
	{Name: "python-op-bindings", Summary: "Python bindings for MLIR Ops", Language: "python"},
	{Name: "rewriters", Summary: "pattern rewriters", Native: true, Entities: []string{"pattern"}},
	{Name: "spirv-attr-utils", Summary: "SPIR-V attribute utility definitions"},
	{Name: "spirv-avail-impls", Summary: "SPIR-V operation utility definitions"},
	{Name: "spirv-capability-implication", Summary: "utility function to return implied capabilities for a given capability"},
	{Name: "spirv-enum-avail-decls", Summary: "SPIR-V enum availability declarations"},
	{Name: "spirv-enum-avail-defs", Summary: "SPIR-V enum availability definitions"},
	{Name: "spirv-serialization", Summary: "SPIR-V (de)serialization utilities and functions"},
	{Name: "tosa-avail-impls", Summary: "Tosa operation utility definitions"},
	{Name: "type-constraint-decls", Summary: "type constraint declarations"},
	{Name: "type-constraint-defs", Summary: "type constraint definitions"},
	{Name: "type-interface-decls", Summary: "type interface declarations", Entities: []string{"interface"}},
	{Name: "type-interface-defs", Summary: "type interface definitions", Entities: []string{"interface"}},
	{Name: "type-interface-docs", Summary: "type interface documentation", Language: "markdown", Entities: []string{"interface"}},
	{Name: "typedef-decls", Summary: "TypeDef declarations", Entities: []string{"type"}},
	{Name: "typedef-defs", Summary: "TypeDef definitions", Entities: []string{"type"}},
	{Name: "typedef-doc", Summary: "dialect type documentation", Language: "markdown", Entities: []string{"type"}},
}

// withDefaults fills the output language of C++ generators.
func (g GeneratorInfo) withDefaults() GeneratorInfo {
	if g.Language == "" {
		g.Language = "cpp"
	}
	return g
}

// Generators lists the generators, by name.
func Generators() []GeneratorInfo {
	out := make([]GeneratorInfo, len(generators))
	for i, g := range generators {
		out[i] = g.withDefaults()
	}
	return out
}

// LookupGenerator returns the generator called name (with or without the
// leading "gen-" or "--gen-").
func LookupGenerator(name string) (GeneratorInfo, bool) {
	for _, prefix := range []string{"--gen-", "-gen-", "gen-"} {
		if len(name) > len(prefix) && name[:len(prefix)] == prefix {
			name = name[len(prefix):]
			break
		}
	}
	for _, g := range generators {
		if g.Name == name {
			return g.withDefaults(), true
		}
	}
	return GeneratorInfo{}, false
}

// Views of an entity a generator shows.
const (
	ViewDecls = "decls"
	ViewDefs  = "defs"
	ViewDoc   = "doc"
)

// GeneratorFor names the generator that shows view (decls, defs or doc) of
// an entity of kind: op, attr, type, enum, op-interface, attr-interface,
// type-interface, dialect-interface, pass, dialect or pattern. ok is false
// when no generator shows it (a pattern's documentation, say).
func GeneratorFor(kind, view string) (string, bool) {
	table := map[string][3]string{
		"op":                {"op-decls", "op-defs", "op-doc"},
		"attr":              {"attrdef-decls", "attrdef-defs", "attrdef-doc"},
		"type":              {"typedef-decls", "typedef-defs", "typedef-doc"},
		"enum":              {"enum-decls", "enum-defs", "enum-doc"},
		"op-interface":      {"op-interface-decls", "op-interface-defs", "op-interface-docs"},
		"attr-interface":    {"attr-interface-decls", "attr-interface-defs", "attr-interface-docs"},
		"type-interface":    {"type-interface-decls", "type-interface-defs", "type-interface-docs"},
		"dialect-interface": {"dialect-interface-decls", "", ""},
		"pass":              {"pass-decls", "pass-decls", "pass-doc"},
		"dialect":           {"dialect-decls", "dialect-defs", "dialect-doc"},
		"pattern":           {"rewriters", "rewriters", ""},
	}
	gens, ok := table[kind]
	if !ok {
		return "", false
	}
	var g string
	switch view {
	case ViewDecls:
		g = gens[0]
	case ViewDefs:
		g = gens[1]
	case ViewDoc:
		g = gens[2]
	}
	return g, g != ""
}
