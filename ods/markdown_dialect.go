package ods

import (
	"strconv"
	"strings"
)

// Markdown describes the attribute or type for a hover: its IR syntax and
// C++ class, the summary, the parameters with their C++ types and
// accessors, the builders and the assembly format.
func (d *AttrOrTypeDef) Markdown() string {
	var b strings.Builder
	head := "**" + d.Kind() + "**"
	if s := d.Syntax(); s != "" {
		head += " `" + s + "`"
	}
	b.WriteString(head + " · `" + d.QualifiedCppClass() + "`\n")
	if s := strings.TrimSpace(d.Summary); s != "" {
		b.WriteString("\n" + s + "\n")
	}
	if len(d.Parameters) > 0 {
		b.WriteString("\n| Parameter | C++ type | Accessor |\n| --- | --- | --- |\n")
		for _, p := range d.Parameters {
			acc := ""
			if d.GenAccessors && p.Name != "" {
				acc = "`" + p.CppAccessorType + " " + p.AccessorName() + "()`"
			}
			typ := "`" + cell(p.CppType) + "`"
			if p.IsOptional() {
				typ += " = `" + cell(p.DefaultValue) + "`"
			}
			b.WriteString("| " + cellName(p.Name) + " | " + typ + " | " + cell(acc) + " |\n")
		}
	}
	if sigs := d.BuilderSignatures(); len(sigs) > 0 {
		b.WriteString("\n```cpp\n")
		for _, s := range sigs {
			b.WriteString(s + ";\n")
		}
		b.WriteString("```\n")
	}
	switch {
	case d.HasAssemblyFormat:
		b.WriteString("\nFormat: `" + d.Syntax() + " " + strings.Join(strings.Fields(d.AssemblyFormat), " ") + "`\n")
	case d.HasCustomAssemblyFormat:
		b.WriteString("\nFormat: custom (`parse` and `print` written in C++)\n")
	}
	if d.Dialect != nil {
		b.WriteString("\nDialect: `" + d.Dialect.Name + "`\n")
	}
	if s := strings.TrimSpace(Dedent(d.Description)); s != "" {
		b.WriteString("\n---\n\n" + s + "\n")
	}
	return b.String()
}

// BuilderSignatures are the static `get` (and `getChecked`) methods
// mlir-tblgen declares for the attribute or type: the default ones, then
// one per custom builder; none without parameters.
func (d *AttrOrTypeDef) BuilderSignatures() []string {
	var out []string
	for _, m := range d.builderMethods(true) {
		out = append(out, m.Declaration)
	}
	return out
}

// Markdown describes a parameter for a hover.
func (p *AttrOrTypeParameter) Markdown(d *AttrOrTypeDef) string {
	var b strings.Builder
	kind := "parameter"
	if p.IsOptional() {
		kind = "optional parameter"
	}
	b.WriteString("**" + kind + "** `" + plainName(p.Name) + "`: `" + p.CppType + "`")
	if s := strings.TrimSpace(p.Summary); s != "" {
		b.WriteString(" (" + s + ")")
	}
	b.WriteString("\n")
	if p.IsOptional() {
		b.WriteString("\nDefault value: `" + p.DefaultValue + "`\n")
	}
	if d.GenAccessors && p.Name != "" {
		b.WriteString("\n```cpp\n" + p.CppAccessorType + " " + p.AccessorName() + "() const;\n```\n")
	}
	return b.String() + "\nof " + d.Kind() + " `" + d.Def.NameString() + "`"
}

// Markdown describes the enum for a hover: its C++ enum class, the table of
// cases and the functions mlir-tblgen generates for it.
func (e *Enum) Markdown() string {
	var b strings.Builder
	kind := "enum"
	if e.IsBitEnum {
		kind = "bit enum"
	}
	b.WriteString("**" + kind + "** `" + e.QualifiedClassName() + "`")
	if e.UnderlyingType != "" {
		b.WriteString(" : `" + e.UnderlyingType + "`")
	}
	b.WriteString("\n")
	if s := strings.TrimSpace(e.Summary); s != "" {
		b.WriteString("\n" + s + "\n")
	}
	if len(e.Cases) > 0 {
		b.WriteString("\n| Symbol | Value | String |\n| --- | --- | --- |\n")
		for _, c := range e.Cases {
			b.WriteString("| `" + cell(c.Symbol) + "` | " + caseValue(c) + " | `" + cell(c.Str) + "` |\n")
		}
	}
	b.WriteString("\n```cpp\n")
	b.WriteString(e.SymbolToStringRetType + " " + e.SymbolToStringFn + "(" + e.ClassName + ");\n")
	b.WriteString("::std::optional<" + e.ClassName + "> " + e.StringToSymbolFn + "(::llvm::StringRef);\n")
	if e.IsAttr && e.GenSpecializedAttr {
		b.WriteString("class " + e.SpecializedAttrClass + "; // the attribute holding it\n")
	}
	b.WriteString("```\n")
	return b.String()
}

func caseValue(c *EnumCase) string {
	if c.Value < 0 {
		return "(implicit)"
	}
	return strconv.FormatInt(c.Value, 10)
}

// Markdown describes an enum case for a hover.
func (c *EnumCase) Markdown(e *Enum) string {
	return "**enum case** `" + e.QualifiedClassName() + "::" + enumerator(c.Symbol) + "` = " + caseValue(c) + ", written `" + c.Str + "`"
}

// Markdown describes the interface for a hover: its C++ class and each
// method's signature, with whether entities must define it.
func (i *Interface) Markdown() string {
	var b strings.Builder
	b.WriteString("**" + i.Kind.String() + "** `" + i.QualifiedName() + "`\n")
	if s := strings.TrimSpace(firstParagraph(Dedent(i.Description))); s != "" {
		b.WriteString("\n" + s + "\n")
	}
	if len(i.Methods) > 0 {
		b.WriteString("\n```cpp\n")
		for _, m := range i.Methods {
			b.WriteString(m.Signature() + ";" + methodNote(m) + "\n")
		}
		b.WriteString("```\n")
	}
	return b.String()
}

// Markdown describes an interface method for a hover.
func (m *InterfaceMethod) Markdown(i *Interface) string {
	var b strings.Builder
	b.WriteString("```cpp\n" + m.Signature() + ";\n```\n")
	switch {
	case m.Body != "":
		b.WriteString("\nImplemented by the interface for every entity.\n")
	case m.DefaultBody != "":
		b.WriteString("\nHas a default implementation; list it in `Declare…InterfaceMethods` to override it.\n")
	default:
		b.WriteString("\nNo default: every entity with the interface defines it.\n")
	}
	if s := strings.TrimSpace(Dedent(m.Description)); s != "" {
		b.WriteString("\n" + s + "\n")
	}
	if i != nil {
		b.WriteString("\nof `" + i.QualifiedName() + "`")
	}
	return b.String()
}

func methodNote(m *InterfaceMethod) string {
	switch {
	case m.Body != "":
		return " // implemented by the interface"
	case m.DefaultBody != "":
		return " // has a default"
	}
	return ""
}

// Markdown describes the pass for a hover: its flag, options and
// statistics.
func (p *Pass) Markdown() string {
	var b strings.Builder
	b.WriteString("**pass** `-" + p.Argument + "` · `" + p.Name + "Base` : `" + p.BaseClass + "`\n")
	if s := strings.TrimSpace(p.Summary); s != "" {
		b.WriteString("\n" + s + "\n")
	}
	if len(p.Options) > 0 {
		b.WriteString("\n| Option | Type | Default | Description |\n| --- | --- | --- | --- |\n")
		for _, o := range p.Options {
			typ := "`" + cell(o.Type) + "`"
			if o.IsList {
				typ = "list of " + typ
			}
			def := ""
			if o.Default != "" {
				def = "`" + cell(strings.TrimSpace(o.Default)) + "`"
			}
			b.WriteString("| `" + cell(o.Argument) + "` | " + typ + " | " + def + " | " + cell(strings.TrimSpace(o.Description)) + " |\n")
		}
	}
	if len(p.Statistics) > 0 {
		b.WriteString("\n| Statistic | Description |\n| --- | --- |\n")
		for _, s := range p.Statistics {
			b.WriteString("| `" + cell(s.Name) + "` | " + cell(strings.TrimSpace(s.Description)) + " |\n")
		}
	}
	if len(p.DependentDialects) > 0 {
		b.WriteString("\nDependent dialects: `" + strings.Join(p.DependentDialects, "`, `") + "`\n")
	}
	if p.Constructor != "" {
		b.WriteString("\nCreated by `" + strings.TrimSpace(p.Constructor) + "`\n")
	} else {
		b.WriteString("\n```cpp\nstd::unique_ptr<::mlir::Pass> create" + p.Name + "();\n```\n")
	}
	return b.String()
}

// Markdown describes the dialect for a hover: its namespaces and what
// mlir-tblgen generates for it.
func (d *Dialect) Markdown() string {
	var b strings.Builder
	b.WriteString("**dialect** `" + d.Name + "` · `" + d.QualifiedCppClass() + "`\n")
	if s := strings.TrimSpace(d.Summary); s != "" {
		b.WriteString("\n" + s + "\n")
	}
	var gen []string
	add := func(on bool, what string) {
		if on {
			gen = append(gen, what)
		}
	}
	add(d.UseDefaultAttributePrinterParser, "the attribute parser and printer")
	add(d.UseDefaultTypePrinterParser, "the type parser and printer")
	add(d.HasConstantMaterializer, "a `materializeConstant` declaration")
	add(d.HasCanonicalizer, "a `getCanonicalizationPatterns` declaration")
	add(d.HasOperationAttrVerify, "a `verifyOperationAttribute` declaration")
	add(d.HasRegionArgAttrVerify, "a `verifyRegionArgAttribute` declaration")
	add(d.HasRegionResultAttrVerify, "a `verifyRegionResultAttribute` declaration")
	add(d.IsExtensible, "an `ExtensibleDialect`")
	if len(gen) > 0 {
		b.WriteString("\nGenerates " + strings.Join(gen, ", ") + ".\n")
	}
	if len(d.DependentDialects) > 0 {
		b.WriteString("\nLoads `" + strings.Join(d.DependentDialects, "`, `") + "`\n")
	}
	return b.String()
}

// firstParagraph is the text up to the first blank line.
func firstParagraph(s string) string {
	if i := strings.Index(s, "\n\n"); i >= 0 {
		return s[:i]
	}
	return s
}
