package ods

import (
	"strings"
)

// Markdown describes the op for a hover: `op.name` · C++ class, the
// summary, tables of arguments and results with their constraints'
// summaries, regions, successors, traits and interfaces, and the
// description.
func (op *Op) Markdown() string {
	var b strings.Builder
	b.WriteString("**`" + op.Name + "`** · `" + op.QualifiedCppClass() + "`\n")
	if s := strings.TrimSpace(op.Summary); s != "" {
		b.WriteString("\n" + s + "\n")
	}
	if len(op.Args) > 0 {
		b.WriteString("\n| Argument | Kind | Constraint |\n| --- | --- | --- |\n")
		for _, a := range op.Args {
			b.WriteString("| " + cellName(a.Name) + " | " + a.kindText() + " | " + cell(constraintText(a.Constraint, a.Summary)) + " |\n")
		}
	}
	if len(op.Results) > 0 {
		b.WriteString("\n| Result | Constraint |\n| --- | --- |\n")
		for _, r := range op.Results {
			b.WriteString("| " + cellName(r.Name) + " | " + cell(constraintText(r.Constraint, r.Summary)) + " |\n")
		}
	}
	if len(op.Regions) > 0 {
		b.WriteString("\nRegions: ")
		for i, r := range op.Regions {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(plainName(r.Name) + " (" + r.Summary + ")")
		}
		b.WriteString("\n")
	}
	if len(op.Successors) > 0 {
		b.WriteString("\nSuccessors: ")
		for i, s := range op.Successors {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(plainName(s.Name) + " (" + s.Summary + ")")
		}
		b.WriteString("\n")
	}
	var traits, ifaces []string
	for _, t := range op.Traits {
		name := "`" + t.Name() + "`"
		if t.Kind == InterfaceTrait {
			ifaces = append(ifaces, name)
		} else if t.Name() != "" {
			traits = append(traits, name)
		}
	}
	if len(traits) > 0 {
		b.WriteString("\nTraits: " + strings.Join(traits, ", ") + "\n")
	}
	if len(ifaces) > 0 {
		b.WriteString("\nInterfaces: " + strings.Join(ifaces, ", ") + "\n")
	}
	if d := strings.TrimSpace(Dedent(op.Description)); d != "" {
		b.WriteString("\n---\n\n" + d + "\n")
	}
	return b.String()
}

// Markdown describes an argument for a hover: kind, constraint and its
// summary, and flags. (The accessors generated for it come from the
// emitter, in codegen.)
func (a *Arg) Markdown() string {
	var b strings.Builder
	b.WriteString("**" + a.kindText() + "** `" + plainName(a.Name) + "`: " + constraintText(a.Constraint, a.Summary) + "\n")
	if a.Description != "" {
		b.WriteString("\n" + a.Description + "\n")
	}
	if a.DefaultValued {
		b.WriteString("\nDefault value: `" + a.DefaultValue + "`\n")
	}
	return b.String()
}

// Markdown describes a result for a hover.
func (v *Value) Markdown() string {
	kind := "result"
	switch {
	case v.Variadic:
		kind = "variadic result"
	case v.Optional:
		kind = "optional result"
	}
	var b strings.Builder
	b.WriteString("**" + kind + "** `" + plainName(v.Name) + "`: " + constraintText(v.Constraint, v.Summary) + "\n")
	return b.String()
}

func (a *Arg) kindText() string {
	switch a.Kind {
	case Operand:
		switch {
		case a.VariadicOfVariadic:
			return "variadic-of-variadic operand"
		case a.Variadic:
			return "variadic operand"
		case a.Optional:
			return "optional operand"
		}
		return "operand"
	case Attribute:
		switch {
		case a.OptionalAttr:
			return "optional attribute"
		case a.DefaultValued:
			return "default-valued attribute"
		}
		return "attribute"
	}
	if a.DefaultValued {
		return "default-valued property"
	}
	return "property"
}

// constraintText names the constraint and gives its summary.
func constraintText(c interface{ NameString() string }, summary string) string {
	name := ""
	if c != nil {
		name = c.NameString()
	}
	if strings.HasPrefix(name, "anonymous_") || name == "" {
		return summary
	}
	if summary == "" {
		return "`" + name + "`"
	}
	return "`" + name + "` (" + summary + ")"
}

func plainName(n string) string {
	if n == "" {
		return "«unnamed»"
	}
	return n
}

func cellName(n string) string {
	if n == "" {
		return "«unnamed»"
	}
	return "`" + n + "`"
}

func cell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", "\\|"), "\n", " ")
}

// Dedent removes the indentation common to a description's lines, which
// authors indent inside [{ }].
func Dedent(s string) string {
	lines := strings.Split(s, "\n")
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " "))
		if common < 0 || n < common {
			common = n
		}
	}
	if common <= 0 {
		return s
	}
	for i, l := range lines {
		if len(l) >= common {
			lines[i] = l[common:]
		} else {
			lines[i] = strings.TrimLeft(l, " ")
		}
	}
	return strings.Join(lines, "\n")
}
