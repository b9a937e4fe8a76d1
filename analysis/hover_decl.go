package analysis

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// hoverWait bounds how long a hover waits for an evaluation in progress
// before answering from the syntax alone.
const hoverWait = 250 * time.Millisecond

// maxHoverFields and maxValueLen fold the field list of a def.
const (
	maxHoverFields = 40
	maxValueLen    = 100
)

// HoverAt answers hover: bang operators and includes from the syntax, then
// the declared name at p.
func (v *FileView) HoverAt(ctx context.Context, p tablegen.Pos) (Hover, bool) {
	if h, ok := v.Hover(p); ok {
		return h, true
	}
	t, ok := v.TargetAt(ctx, p)
	if !ok {
		return Hover{}, false
	}
	res := v.Unit.EvaluatedIfReady()
	if res == nil {
		wctx, cancel := context.WithTimeout(ctx, hoverWait)
		res, _ = v.Unit.Evaluated(wctx)
		cancel()
	}
	return Hover{Range: t.Ref.Range, Markdown: v.describe(t, p, res)}, true
}

func (v *FileView) describe(t Target, p tablegen.Pos, res *eval.Result) string {
	u, d := v.Unit, t.Decl
	var sb strings.Builder
	code := func(s string) { fmt.Fprintf(&sb, "```tablegen\n%s\n```\n", s) }
	switch d.Kind {
	case DeclClass:
		code("class " + d.Name + u.templateArgsText(d.Name) + d.Detail(u))
	case DeclMulticlass:
		code("multiclass " + d.Name + u.templateArgsText(d.Name) + d.Detail(u))
	case DeclRecord:
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
	case DeclField:
		code(d.typeText(u) + " " + d.Owner + "::" + d.Name)
	case DeclTemplateArg:
		s := d.typeText(u) + " " + d.Name
		if d.TArg != nil && d.TArg.Default != nil {
			s += " = " + fold(u.text(d.TArg.Default.Range()))
		}
		code(s)
	case DeclDefvar:
		s := "defvar " + d.Name
		if d.Defvar != nil && d.Defvar.Value != nil {
			s += " = " + fold(u.text(d.Defvar.Value.Range()))
		}
		code(s)
	case DeclDefset:
		code("defset " + d.typeText(u) + " " + d.Name)
	case DeclDeftype:
		code("deftype " + d.Name + " = " + u.text(d.Deftype.Type.Range()))
	default:
		code(d.Kind.String() + " " + d.Name)
	}
	fmt.Fprintf(&sb, "*%s* · %s\n", d.Kind, u.where(d))
	if doc := u.docComment(d); doc != "" {
		sb.WriteString("***\n" + doc + "\n")
	}
	switch d.Kind {
	case DeclRecord:
		if rec := recordOf(res, d.Name); rec != nil {
			sb.WriteString(recordSummary(rec))
			sb.WriteString(fieldTable(rec))
		}
	case DeclClass:
		if res != nil {
			if rec := res.Class(d.Name); rec != nil {
				sb.WriteString(recordSummary(rec))
			}
		}
	case DeclTemplateArg:
		fmt.Fprintf(&sb, "***\ntemplate argument of `%s`\n", d.Owner)
	case DeclField:
		sb.WriteString(v.fieldFacts(t, p, res))
	}
	return sb.String()
}

// fieldFacts says a field's value in the record at the cursor, where it is
// declared and where it is overridden.
func (v *FileView) fieldFacts(t Target, p tablegen.Pos, res *eval.Result) string {
	var sb strings.Builder
	sb.WriteString("***\n")
	if rec := v.recordAt(p, res, t.Ref.Via); rec != nil {
		if rv := rec.Field(t.Decl.Name); rv != nil && rv.Value != nil {
			fmt.Fprintf(&sb, "value in `%s`: `%s`\n\n", rec.NameString(), fold(rv.Value.String()))
		}
	}
	fmt.Fprintf(&sb, "declared in `%s`\n", t.Decl.Owner)
	if lets := v.overridesOnPath(t.Decl, p, t.Ref.Via); len(lets) > 0 {
		var at []string
		for _, r := range lets {
			at = append(at, v.Unit.positionText(r))
		}
		fmt.Fprintf(&sb, "\noverridden at %s\n", strings.Join(at, ", "))
	}
	return sb.String()
}

// recordAt returns the evaluated record enclosing p (or class via).
func (v *FileView) recordAt(p tablegen.Pos, res *eval.Result, via string) *eval.Record {
	if res == nil {
		return nil
	}
	if via != "" {
		if c := res.Class(via); c != nil {
			return c
		}
		return res.Def(via)
	}
	var rec *eval.Record
	forEachRecord(v.Statements(), func(st *tablegen.Statement) bool {
		if r := st.Range(); r.Start <= p && p <= r.End {
			if st.Class != nil && st.Class.Name != nil {
				rec = res.Class(st.Class.Name.Name)
			} else if st.Def != nil {
				if id := plainName(st.Def.Name); id != nil {
					rec = res.Def(id.Name)
				}
			}
			return false
		}
		return true
	})
	return rec
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

func (u *Unit) templateArgsText(owner string) string {
	targs := u.globals().templateArgs(owner)
	if len(targs) == 0 {
		return ""
	}
	parts := make([]string, len(targs))
	for i, d := range targs {
		parts[i] = fold(u.text(d.TArg.Range()))
	}
	return "<" + strings.Join(parts, ", ") + ">"
}

// where names the file and line of a declaration.
func (u *Unit) where(d *Decl) string { return u.positionText(d.Range) }

func (u *Unit) positionText(r tablegen.Range) string {
	f := u.TG.Set.File(r.Start)
	if f == nil {
		return ""
	}
	pos := f.Position(f.Offset(r.Start))
	return fmt.Sprintf("%s:%d", filepath.Base(f.Name), pos.Line)
}

// docComment returns the // comment lines right above a declaration.
func (u *Unit) docComment(d *Decl) string {
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
