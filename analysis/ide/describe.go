package ide

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"tdls/analysis"
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// maxHoverFields and maxValueLen fold the field list of a def.
const (
	maxHoverFields = 40
	maxValueLen    = 100
)

// describe is the hover of a declared name: its declaration, where it is,
// its doc comment, and what the evaluation knows of it.
func describe(v *analysis.FileView, t analysis.Target, p tablegen.Pos, res *eval.Result) string {
	u, d := v.Unit, t.Decl
	var sb strings.Builder
	code := func(s string) { fmt.Fprintf(&sb, "```tablegen\n%s\n```\n", s) }
	switch d.Kind {
	case analysis.DeclClass:
		code("class " + d.Name + templateArgsText(u, d.Name) + d.Detail(u))
	case analysis.DeclMulticlass:
		code("multiclass " + d.Name + templateArgsText(u, d.Name) + d.Detail(u))
	case analysis.DeclRecord:
		head := "def " + d.Name
		if d.Defm != nil {
			head = "defm " + d.Name
		}
		if rec := recordOf(res, d.Name); rec != nil {
			head += parentsOf(rec)
		} else {
			head += d.Detail(u)
		}
		code(head)
	case analysis.DeclField:
		code(d.TypeText(u) + " " + d.Owner + "::" + d.Name)
	case analysis.DeclTemplateArg:
		s := d.TypeText(u) + " " + d.Name
		if d.TArg != nil && d.TArg.Default != nil {
			s += " = " + fold(u.Text(d.TArg.Default.Range()))
		}
		code(s)
	case analysis.DeclDefvar:
		s := "defvar " + d.Name
		if d.Defvar != nil && d.Defvar.Value != nil {
			s += " = " + fold(u.Text(d.Defvar.Value.Range()))
		}
		code(s)
	case analysis.DeclDefset:
		code("defset " + d.TypeText(u) + " " + d.Name)
	case analysis.DeclDeftype:
		code("deftype " + d.Name + " = " + u.Text(d.Deftype.Type.Range()))
	default:
		code(d.Kind.String() + " " + d.Name)
	}
	fmt.Fprintf(&sb, "*%s* · %s\n", d.Kind, positionText(u, d.Range))
	if doc := docComment(u, d); doc != "" {
		sb.WriteString("***\n" + doc + "\n")
	}
	switch d.Kind {
	case analysis.DeclRecord:
		if rec := recordOf(res, d.Name); rec != nil {
			sb.WriteString(recordSummary(rec))
			sb.WriteString(fieldTable(rec))
		}
	case analysis.DeclClass:
		if res != nil {
			if rec := res.Class(d.Name); rec != nil {
				sb.WriteString(recordSummary(rec))
			}
		}
	case analysis.DeclTemplateArg:
		fmt.Fprintf(&sb, "***\ntemplate argument of `%s`\n", d.Owner)
	case analysis.DeclField:
		sb.WriteString(fieldFacts(v, t, p, res))
	}
	return sb.String()
}

// fieldFacts says a field's value in the record at the cursor, where it is
// declared and where it is overridden.
func fieldFacts(v *analysis.FileView, t analysis.Target, p tablegen.Pos, res *eval.Result) string {
	var sb strings.Builder
	sb.WriteString("***\n")
	if rec := v.RecordAt(p, res, t.Ref.Via); rec != nil {
		if rv := rec.Field(t.Decl.Name); rv != nil && rv.Value != nil {
			fmt.Fprintf(&sb, "value in `%s`: `%s`\n\n", rec.NameString(), fold(rv.Value.String()))
		}
	}
	fmt.Fprintf(&sb, "declared in `%s`\n", t.Decl.Owner)
	if lets := v.Overrides(t.Decl, p, t.Ref.Via); len(lets) > 0 {
		var at []string
		for _, r := range lets {
			at = append(at, positionText(v.Unit, r))
		}
		fmt.Fprintf(&sb, "\noverridden at %s\n", strings.Join(at, ", "))
	}
	return sb.String()
}

func recordOf(res *eval.Result, name string) *eval.Record {
	if res == nil {
		return nil
	}
	return res.Def(name)
}

func parentsOf(rec *eval.Record) string {
	direct := rec.DirectSuperClasses()
	if len(direct) == 0 {
		return ""
	}
	names := make([]string, len(direct))
	for i, s := range direct {
		names[len(direct)-1-i] = s.Class.NameString()
	}
	return " : " + strings.Join(names, ", ")
}

// recordSummary shows the summary and description fields MLIR records
// carry.
func recordSummary(rec *eval.Record) string {
	var sb strings.Builder
	for _, name := range []string{"summary", "description"} {
		if rv := rec.Field(name); rv != nil {
			if s, ok := rv.Value.(*eval.StringInit); ok && strings.TrimSpace(s.V) != "" {
				sb.WriteString("***\n" + strings.TrimSpace(ods.Dedent(s.V)) + "\n")
			}
		}
	}
	return sb.String()
}

// fieldTable lists a def's resolved fields, long values folded.
func fieldTable(rec *eval.Record) string {
	var sb strings.Builder
	sb.WriteString("***\n```tablegen\n")
	n := 0
	for i := range rec.Values {
		rv := &rec.Values[i]
		if rv.TemplateArg || rv.Value == nil {
			continue
		}
		if n == maxHoverFields {
			fmt.Fprintf(&sb, "// ... %d more fields\n", countFields(rec)-n)
			break
		}
		fmt.Fprintf(&sb, "%s %s = %s;\n", rv.Type, rv.Name, fold(rv.Value.String()))
		n++
	}
	sb.WriteString("```\n")
	return sb.String()
}

func countFields(rec *eval.Record) int {
	n := 0
	for i := range rec.Values {
		if !rec.Values[i].TemplateArg && rec.Values[i].Value != nil {
			n++
		}
	}
	return n
}

// fold shortens a value to one line of at most maxValueLen characters.
func fold(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimRight(s[:i], " ") + " …"
	}
	if len(s) > maxValueLen {
		s = s[:maxValueLen] + "…"
	}
	return s
}

func templateArgsText(u *analysis.Unit, owner string) string {
	targs := u.TemplateArgs(owner)
	if len(targs) == 0 {
		return ""
	}
	parts := make([]string, len(targs))
	for i, d := range targs {
		parts[i] = fold(u.Text(d.TArg.Range()))
	}
	return "<" + strings.Join(parts, ", ") + ">"
}

// positionText names the file and line of r.
func positionText(u *analysis.Unit, r tablegen.Range) string {
	f := u.TG.Set.File(r.Start)
	if f == nil {
		return ""
	}
	pos := f.Position(f.Offset(r.Start))
	return fmt.Sprintf("%s:%d", filepath.Base(f.Name), pos.Line)
}

// docComment returns the // comment lines right above a declaration.
func docComment(u *analysis.Unit, d *analysis.Decl) string {
	start := d.Stmt.Start
	if !start.IsValid() {
		start = d.Range.Start
	}
	f := u.TG.Set.File(start)
	if f == nil {
		return ""
	}
	src := f.Content
	off := f.Offset(start)
	lineStart := bytes.LastIndexByte(src[:off], '\n') + 1
	var lines []string
	for lineStart > 0 {
		prevEnd := lineStart - 1
		prevStart := bytes.LastIndexByte(src[:prevEnd], '\n') + 1
		line := strings.TrimSpace(string(src[prevStart:prevEnd]))
		if !strings.HasPrefix(line, "//") {
			break
		}
		lines = append([]string{strings.TrimPrefix(strings.TrimPrefix(line, "//"), " ")}, lines...)
		lineStart = prevStart
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
