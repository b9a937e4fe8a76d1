package ide

import (
	"strings"

	"tdls/analysis"
	"tdls/codegen"
	"tdls/drr"
	"tdls/ods"
)

// opEntryMarkdown describes an argument, result, region or successor of
// op; one written in a class is described through op, the first op made
// from the class, and shared by every op made from it.
func opEntryMarkdown(op *ods.Op, e OpEntry) string {
	of := "\nof `" + op.Name + "`"
	if e.Inherited {
		of += " and every op made from `" + e.Class + "`"
	}
	switch {
	case e.Arg != nil:
		return e.Arg.Markdown() + accessorsMarkdown(op, e.Name) + of
	case e.Result != nil:
		return e.Result.Markdown() + accessorsMarkdown(op, e.Name) + of
	}
	return entityMarkdown(e.Role, e.Name, e.Summary, op)
}

func entityMarkdown(kind, name, summary string, op *ods.Op) string {
	var b strings.Builder
	b.WriteString("**" + kind + "** `" + name + "`")
	if summary != "" {
		b.WriteString(": " + summary)
	}
	b.WriteString("\n")
	return b.String() + accessorsMarkdown(op, name) + "\nof `" + op.Name + "`"
}

// accessorsMarkdown lists the methods the generated op class declares for
// the op's argument, result, region or successor called name, as the
// op-declaration emitter writes them; nothing when the op has errors that
// keep it from being generated.
func accessorsMarkdown(op *ods.Op, name string) string {
	acc, err := codegen.OpAccessors(op, name)
	if err != nil || len(acc) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n```cpp\n")
	for _, a := range acc {
		b.WriteString(a.Declaration + ";\n")
	}
	b.WriteString("```\n")
	return b.String()
}

// opLocation is where op is defined.
func opLocation(u *analysis.Unit, op *ods.Op) (analysis.Location, bool) {
	return locationIn(u, op.Range)
}

// forEachNode calls f on every dag node of a pattern.
func forEachNode(p *drr.Pattern, f func(*drr.DagNode)) {
	tops := append([]*drr.DagNode{p.Source}, p.Results...)
	tops = append(tops, p.Constraints...)
	tops = append(tops, p.Supplemental...)
	for _, t := range tops {
		t.Walk(func(n *drr.DagNode) bool { f(n); return true })
	}
}
