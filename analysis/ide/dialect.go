package ide

import (
	"strings"

	"tdls/analysis"
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// What the editor features say of a dialect's attributes, types, enums,
// interfaces, passes and the dialect itself, beside its ops, and of the
// parts written inside their definitions (Classify finds them).

// dialectMarkdown describes the dialect entity def is, or "": an
// attribute or type (with its enum's cases for an EnumAttr), an enum or
// one of its cases, an interface, a pass or a dialect.
func dialectMarkdown(m *ods.Model, def *eval.Record) string {
	if d := m.AttrOrTypeDefOf(def); d != nil {
		md := d.Markdown()
		if e := m.EnumOf(def.DefValue("enum")); e != nil {
			md += "\n---\n\n" + e.Markdown()
		}
		return md
	}
	if e := m.EnumOf(def); e != nil {
		return e.Markdown()
	}
	if i := m.InterfaceOf(def); i != nil {
		return i.Markdown()
	}
	if p := m.PassOf(def); p != nil {
		return p.Markdown()
	}
	if d := m.DialectOf(def); d != nil {
		return d.Markdown()
	}
	for _, e := range m.Enums {
		for _, c := range e.Cases {
			if c.Def == def {
				return c.Markdown(e)
			}
		}
	}
	return ""
}

// markdown describes the part for a hover.
func (d DialectPart) markdown() string {
	switch d.Kind {
	case PartParameter, PartFormatVariable:
		return d.Param.Markdown(d.AttrOrType)
	case PartEnumCase:
		return d.Case.Markdown(d.Enum)
	case PartInterfaceMethod:
		return d.Method.Markdown(d.Interface)
	case PartPassOption:
		return passOptionMarkdown(d.Pass, d.Option)
	}
	return ""
}

// passOptionMarkdown describes an option of a pass: its flag, the member
// of the pass class that holds it, its default and description.
func passOptionMarkdown(p *ods.Pass, o *ods.PassOption) string {
	var b strings.Builder
	typ := o.Type
	if o.IsList {
		typ = "::mlir::Pass::ListOption<" + typ + ">"
	} else {
		typ = "::mlir::Pass::Option<" + typ + ">"
	}
	b.WriteString("**pass option** `" + o.Argument + "` · `" + typ + " " + o.CppName + "`\n")
	if o.Default != "" {
		b.WriteString("\ndefault `" + strings.TrimSpace(o.Default) + "`\n")
	}
	if d := strings.TrimSpace(o.Description); d != "" {
		b.WriteString("\n" + d + "\n")
	}
	b.WriteString("\nof pass `-" + p.Argument + "` (`" + p.Name + "`)\n")
	return b.String()
}

// dialectSymbolDetails names each dialect entity, at its def's name, as
// the IR and the command line know it: `#my.range`, `!my.box`, `-my-pass`,
// the C++ class of an interface or enum, the dialect's namespace.
func dialectSymbolDetails(m *ods.Model) map[tablegen.Range]string {
	out := map[tablegen.Range]string{}
	for _, d := range m.AttrOrTypeDefs {
		if s := d.Syntax(); s != "" {
			out[d.Range] = s
		} else {
			out[d.Range] = d.QualifiedCppClass()
		}
	}
	for _, e := range m.Enums {
		out[e.Range] = e.QualifiedClassName()
	}
	for _, i := range m.Interfaces {
		out[i.Range] = i.QualifiedName()
	}
	for _, p := range m.Passes {
		out[p.Range] = "-" + p.Argument
	}
	for _, d := range m.Dialects {
		out[d.Range] = d.Name
	}
	return out
}

// nameIn narrows r to the first occurrence of name in its text, or keeps
// r.
func nameIn(u *analysis.Unit, r tablegen.Range, name string) tablegen.Range {
	f := u.TG.Set.File(r.Start)
	if f == nil || !f.Contains(r.End) {
		return r
	}
	if k := strings.Index(string(f.Slice(r)), name); k >= 0 {
		start := r.Start + tablegen.Pos(k)
		return tablegen.Range{Start: start, End: start + tablegen.Pos(len(name))}
	}
	return r
}
