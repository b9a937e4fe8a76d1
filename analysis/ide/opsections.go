package ide

import (
	"fmt"
	"strings"

	"tdls/analysis"
	"tdls/codegen"
	"tdls/drr"
	"tdls/ods"
)

// The sections an op's hover adds to its ODS description: what the author
// of a transform op writes in C++, and the patterns rooted at the op.

// opHover is the hover of an op: its ODS description, then the transform
// and pattern sections that apply to it. Links are the places the
// markdown's links (linkTarget) point at.
func opHover(u *analysis.Unit, m *analysis.Models, op *ods.Op) (string, []analysis.Location) {
	var b strings.Builder
	b.WriteString(op.Markdown())
	if t := op.Transform(); t != nil {
		b.WriteString("\n***\n")
		b.WriteString(transformMarkdown(t))
	}
	var links []analysis.Location
	if ps := m.Patterns.RootedAt(op); len(ps) > 0 {
		b.WriteString("\n***\n")
		var md string
		md, links = rootedPatternsMarkdown(u, op, ps, nil)
		b.WriteString(md)
	}
	return b.String(), links
}

// linkTarget is the destination of the i-th link of a hover's markdown, a
// placeholder HoverResult.MarkdownLinkedTo replaces with Links[i]'s.
func linkTarget(i int) string { return fmt.Sprintf("tdls-link:%d", i) }

// rootedPatternsMarkdown lists the patterns rooted at op in the order the
// applicator tries them, each linked to its def; current is marked.
func rootedPatternsMarkdown(u *analysis.Unit, op *ods.Op, ps []*drr.Pattern, current *drr.Pattern) (string, []analysis.Location) {
	var b strings.Builder
	var links []analysis.Location
	fmt.Fprintf(&b, "**%d %s rooted at `%s`**, in the order the pattern applicator tries them (benefit, then the order populateWithGenerated adds them):\n\n",
		len(ps), plural(len(ps), "pattern"), op.Name)
	for i, p := range ps {
		name := lensName(p)
		item := "`" + name + "`"
		if loc, ok := locationIn(u, p.DefRange); ok {
			item = "[" + name + "](" + linkTarget(len(links)) + ")"
			links = append(links, loc)
		}
		mark := ""
		if p == current {
			mark = " ← this pattern"
		}
		fmt.Fprintf(&b, "%d. %s · benefit %s%s\n", i+1, item, benefitText(p), mark)
	}
	return b.String(), links
}

func plural(n int, what string) string {
	if n == 1 {
		return what
	}
	return what + "s"
}

// transformMarkdown says what the author of a transform op writes in C++:
// the methods mlir-tblgen declares for it (apply, getEffects, ... as
// --gen-op-decls declares them), or the applyToOne TransformEachOpTrait
// calls; where getEffects comes from; and what the op does to each handle
// operand.
func transformMarkdown(t *ods.TransformOp) string {
	op := t.Op
	var b strings.Builder
	b.WriteString("**Transform op**: the C++ to write\n\n")
	class := strings.TrimPrefix(op.QualifiedCppClass(), "::")
	var defs []string
	switch {
	case t.Each != nil && !t.DeclaresApply && t.Apply == "":
		b.WriteString("`apply` is TransformEachOpTrait's: it calls `applyToOne` for each payload op of the operand")
		if t.ApplyToOne != "" {
			b.WriteString(", which extraClassDeclaration declares:\n")
			defs = append(defs, definitionOf(t.ApplyToOne, "applyToOne", class))
		} else {
			b.WriteString("; declare it in extraClassDeclaration (the type of `target` may be the payload op class) and define it:\n")
			defs = append(defs, strings.TrimSuffix(strings.Replace(ods.ApplyToOneDeclaration, "applyToOne(", class+"::applyToOne(", 1), ";"))
		}
	case t.Matcher != nil && !t.DeclaresApply:
		b.WriteString("`apply` is " + t.Matcher.Name() + "'s: it calls `" + t.MatchMethod + "`")
		if t.Match != "" {
			b.WriteString(", which extraClassDeclaration declares:\n")
			defs = append(defs, definitionOf(t.Match, t.MatchMethod, class))
		} else {
			b.WriteString("; declare it in extraClassDeclaration (`" + t.Matcher.Name() + ".extraDeclaration` has it) and define it.\n")
		}
	case t.Apply != "" && !t.DeclaresApply:
		b.WriteString("`apply`, which extraClassDeclaration declares:\n")
		defs = append(defs, definitionOf(t.Apply, "apply", class))
	}
	declared, err := codegen.DeclaredMethods(op, interfaceMethodNames(op)...)
	if len(declared) > 0 {
		if len(defs) > 0 {
			b.WriteString(renderDefinitions(defs))
			defs = nil
		}
		b.WriteString("The methods mlir-tblgen declares on `" + op.CppClass + "` for you to define:\n")
		for _, d := range declared {
			defs = append(defs, d.Definition)
		}
	}
	b.WriteString(renderDefinitions(defs))
	if err != nil {
		b.WriteString("\n(mlir-tblgen does not generate the class: " + err.Error() + ")\n")
	}
	switch {
	case t.MemoryEffects != nil && t.MemoryEffects.DeclaresMethods:
		b.WriteString("\n`getEffects` is yours: report each handle operand with `consumesHandle` or `onlyReadsHandle`, the results with `producesHandle`, and the payload with `modifiesPayload` or `onlyReadsPayload`.\n")
	case t.EffectsTrait != nil && t.HasMemoryEffects():
		b.WriteString("\n`getEffects` is " + t.EffectsTrait.Name() + "'s.\n")
	case t.EffectDecorators:
		b.WriteString("\n`getEffects` is generated from the operands' and results' effect decorators.\n")
	}
	if len(t.Handles) > 0 {
		b.WriteString("\n| Operand | Handle | Stated by |\n| --- | --- | --- |\n")
		for _, h := range t.Handles {
			name := h.Operand.Name
			if name == "" {
				name = fmt.Sprintf("#%d", h.Operand.KindIndex)
			}
			from, access := h.From, h.Access.String()
			switch {
			case from == "" && t.MemoryEffects != nil && t.MemoryEffects.DeclaresMethods:
				from = "your getEffects: `consumesHandle` or `onlyReadsHandle` on `" + mutableAccessor(t.Op, h.Operand) + "`"
				access = "consumed or only read"
			case from == "":
				from = "—"
			}
			b.WriteString("| `" + name + "` | " + access + " | " + from + " |\n")
		}
	}
	return b.String()
}

func renderDefinitions(defs []string) string {
	if len(defs) == 0 {
		return ""
	}
	return "```cpp\n" + strings.Join(defs, " {}\n") + " {}\n```\n"
}

// definitionOf turns a method declaration into the head of its definition
// out of the class.
func definitionOf(decl, name, class string) string {
	for _, kw := range []string{"static ", "virtual ", "inline "} {
		decl = strings.TrimPrefix(decl, kw)
	}
	return strings.Replace(decl, name+"(", class+"::"+name+"(", 1)
}

// interfaceMethodNames are the methods of the interfaces the op declares
// with DeclareOpInterfaceMethods.
func interfaceMethodNames(op *ods.Op) []string {
	var names []string
	for _, t := range op.Traits {
		if t.DeclaresMethods {
			for _, m := range op.InterfaceMethods(t) {
				names = append(names, m.Name)
			}
		}
	}
	return names
}

// mutableAccessor is the OpOperand accessor the op's class declares for an
// operand, or the generic one for an unnamed operand.
func mutableAccessor(op *ods.Op, a *ods.Arg) string {
	accs, _ := codegen.OpAccessors(op, a.Name)
	for _, acc := range accs {
		if strings.HasSuffix(acc.Name, "Mutable") {
			return acc.Name + "()"
		}
	}
	return fmt.Sprintf("getOperation()->getOpOperand(%d)", a.KindIndex)
}
