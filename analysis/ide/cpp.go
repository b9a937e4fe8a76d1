package ide

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"tdls/analysis"
	"tdls/cpp"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// The C++ a .td requires, as hover, code lenses and code actions show it
// (the requirements and where they are defined come from
// analysis.Requirements; Classify finds those named at a position).

// cppMarkdown describes requirements: the declaration the generated code
// makes, then each definition ("defined in `FooOps.cpp:12`", linked) or
// that none was found. Link placeholders are numbered from first.
func cppMarkdown(u *analysis.Unit, reqs []analysis.Requirement, first int) (string, []analysis.Location) {
	var b strings.Builder
	var links []analysis.Location
	files := map[string]*tablegen.File{}
	for i, q := range reqs {
		if i > 0 {
			b.WriteString("\n\n")
		}
		fmt.Fprintf(&b, "**C++** `%s`\n```cpp\n%s\n```\n", cppMemberName(q), q.Signature)
		if len(q.Defs) == 0 {
			b.WriteString("not found in the workspace's C++ (a definition may be outside what tdls indexes)")
			continue
		}
		for k, d := range q.Defs {
			if k > 0 {
				b.WriteString("  \n")
			}
			if l, ok := cppLocation(u, d, files); ok {
				fmt.Fprintf(&b, "defined in [`%s:%d`](%s)", filepath.Base(d.File), d.Line, linkTarget(first+len(links)))
				links = append(links, l)
			} else {
				fmt.Fprintf(&b, "defined in `%s:%d`", filepath.Base(d.File), d.Line)
			}
		}
	}
	return b.String(), links
}

// cppLocation is where a definition is: in the unit's own text when it
// is in a .td file's code block (extraClassDefinition), else in the C++
// file as on disk.
func cppLocation(u *analysis.Unit, d cpp.Definition, files map[string]*tablegen.File) (analysis.Location, bool) {
	if f := u.File(d.File); f != nil {
		if d.Offset < 0 || d.Offset+len(d.Name) > len(f.Content) {
			return analysis.Location{}, false
		}
		return analysis.Location{File: f, Range: tablegen.Range{Start: f.Pos(d.Offset), End: f.Pos(d.Offset + len(d.Name))}}, true
	}
	return analysis.CppLocation(d, files)
}

// cppMemberName is how a requirement is named to the user: the class
// without its namespace and the member (`FooOp::verify`), or the function.
func cppMemberName(q analysis.Requirement) string {
	if q.Kind == "drr-helper" || q.Entity == "" {
		return q.Member
	}
	class := q.Entity
	if k := strings.LastIndex(class, "::"); k >= 0 {
		class = class[k+2:]
	}
	return class + "::" + q.Member
}

// cppLenses are the lenses of the requirements named in the file: above
// the entity (an op at its def's name; else where its first requirement
// is named), one per definition of each member, or one saying it is not
// found.
func cppLenses(v *analysis.FileView, m *analysis.Models) []CodeLens {
	if v.Cpp == nil {
		return nil
	}
	reqs := v.Unit.CppRequirements(v.Cpp)
	if len(reqs) == 0 {
		return nil
	}
	entityRange := map[string]tablegen.Range{}
	for _, op := range m.Ops.Ops {
		if v.File.Contains(op.Range.Start) {
			entityRange[op.QualifiedCppClass()] = op.Range
		}
	}
	for _, d := range m.Ops.AttrOrTypeDefs {
		if v.File.Contains(d.Range.Start) {
			entityRange[d.QualifiedCppClass()] = d.Range
		}
	}
	for _, d := range m.Ops.Dialects {
		if v.File.Contains(d.Range.Start) {
			entityRange[d.QualifiedCppClass()] = d.Range
		}
	}
	where := map[string]tablegen.Range{}
	var out []CodeLens
	files := map[string]*tablegen.File{}
	for _, q := range reqs {
		if q.File != v.File.Name {
			continue
		}
		key := q.Entity
		if q.Kind == "drr-helper" {
			key = fmt.Sprint(q.Start) // above the call
		}
		r, ok := where[key]
		if !ok {
			if r, ok = entityRange[q.Entity]; !ok || q.Kind == "drr-helper" {
				r = tablegen.Range{Start: v.File.Pos(q.Start), End: v.File.Pos(q.End)}
			}
			where[key] = r
		}
		name := q.Member
		if q.Kind == "drr-helper" {
			name = "C++ " + name
		}
		if len(q.Defs) == 0 {
			out = append(out, CodeLens{Range: r, Title: name + ": not found"})
			continue
		}
		for _, d := range q.Defs {
			if l, ok := cppLocation(v.Unit, d, files); ok {
				out = append(out, CodeLens{Range: r, Title: fmt.Sprintf("%s → %s:%d", name, filepath.Base(d.File), d.Line), Target: l})
			}
		}
	}
	return out
}

// CppStub is a code action adding a definition skeleton of a required
// member to a C++ file.
type CppStub struct {
	Title string
	Edit  Edit
}

// cppStubs offers a stub for each requirement not found of the entity or
// pattern whose def holds pos (named in this file), in the .cpp that
// includes the generated definitions (or beside the entity's other
// definitions), qualified as that place needs.
func cppStubs(v *analysis.FileView, m *analysis.Models, pos tablegen.Pos) []CppStub {
	if v.Cpp == nil {
		return nil
	}
	var def *eval.Record
	if e, ok := entityAt(m, pos); ok {
		def = e.def
		if e.Kind == "pattern" {
			if p := m.Patterns.PatternAt(pos); p != nil {
				def = p.Record
			}
		}
	}
	if def == nil || !v.File.Contains(def.Decl.Start) || !v.File.Contains(def.Decl.End-1) {
		return nil
	}
	from, to := v.File.Offset(def.Decl.Start), v.File.Offset(def.Decl.End)
	reqs := v.Unit.CppRequirements(v.Cpp)
	var out []CppStub
	files := map[string]*tablegen.File{}
	count := map[string]int{}
	wanted := func(q analysis.Requirement) bool {
		return q.File == v.File.Name && from <= q.Start && q.End <= to && len(q.Defs) == 0 && q.Stub != "" && outOfLineStub[q.Kind]
	}
	for _, q := range reqs {
		if wanted(q) {
			count[cppMemberName(q)]++
		}
	}
	seen := map[string]int{}
	for _, q := range reqs {
		if !wanted(q) {
			continue
		}
		edit, ok := cppStubEdit(v.Cpp, reqs, q, files)
		if !ok {
			continue
		}
		name := cppMemberName(q) + "()"
		if n := count[cppMemberName(q)]; n > 1 {
			seen[name]++
			name += fmt.Sprintf(" (%d of %d)", seen[name], n)
		}
		out = append(out, CppStub{Title: "Add a C++ stub for `" + name + "`", Edit: edit})
	}
	return out
}

// outOfLineStub are the kinds whose stub is the definition the
// generated code declares, at namespace scope. A pass's is not (its class
// needs the GEN_PASS_DEF_ macro before the generated header, its
// runOnOperation goes inside the class), nor a DRR helper's (nothing
// declares it: its return type is not known), nor a transform op's
// applyToOne (its parameters are the class's own declaration's): no stub
// is offered for them.
var outOfLineStub = map[string]bool{"op": true, "attr": true, "type": true, "dialect": true, "interface": true}

// cppStubEdit places q's stub: in the file including the generated
// `<td stem>.cpp.inc` (or `.inc`) that defines other members of the entity, else the
// one that includes it with the classes' definitions (GET_OP_CLASSES,
// ...), else the first includer, else the file of the entity's other
// definitions. It goes after the entity's last definition there, written
// in that definition's namespace, or at the end of the file; the class
// is qualified by what of its namespace the place and the file's
// using-directives do not already name.
func cppStubEdit(x *cpp.Index, reqs []analysis.Requirement, q analysis.Requirement, files map[string]*tablegen.File) (Edit, bool) {
	var siblings []cpp.Definition
	for _, o := range reqs {
		if o.Entity == q.Entity && q.Kind != "drr-helper" {
			for _, d := range o.Defs {
				if cpp.IsSource(d.File) { // not a .td's code block
					siblings = append(siblings, d)
				}
			}
		}
	}
	has := func(path string) bool {
		for _, d := range siblings {
			if d.File == path {
				return true
			}
		}
		return false
	}
	stem := strings.TrimSuffix(filepath.Base(q.File), filepath.Ext(q.File))
	includers := append(x.Includers(stem+".cpp.inc"), x.Includers(stem+".inc")...) // ops; a pattern file's rewriters
	target := ""
	for _, p := range includers {
		if has(p) {
			target = p
			break
		}
	}
	if target == "" {
		for _, p := range includers {
			if f := analysis.CppFile(p, files); f != nil && bytes.Contains(f.Content, []byte("_CLASSES")) {
				target = p
				break
			}
		}
	}
	if target == "" && len(includers) > 0 {
		target = includers[0]
	}
	if target == "" && len(siblings) > 0 {
		target = siblings[0].File
	}
	f := analysis.CppFile(target, files)
	if target == "" || f == nil {
		return Edit{}, false
	}
	at, ns := len(f.Content), []string(nil)
	if cf := x.File(target); cf != nil {
		last := -1
		for _, d := range siblings {
			if d.File == target && (last < 0 || d.End > siblings[last].End) {
				last = indexOf(siblings, d)
			}
		}
		if last >= 0 {
			if raw, ok := cf.At(siblings[last].Offset); ok && raw.End <= len(f.Content) {
				at, ns = raw.End, raw.Scope[:len(raw.Scope)-raw.Qualifier]
			}
		}
	}
	entityNS := cpp.SplitQualified(q.Entity)
	if len(entityNS) > 0 && q.Kind != "drr-helper" {
		entityNS = entityNS[:len(entityNS)-1]
	}
	if len(ns) > len(entityNS) || !prefixOf(ns, entityNS) {
		at, ns = len(f.Content), nil // the place cannot define the member
	}
	rest := entityNS[len(ns):]
	if len(ns) == 0 {
		rest = dropUsed(rest, x.File(target)) // at file scope, the using-directives apply
	}
	text := q.Stub
	if q.Kind != "drr-helper" && len(rest) > 0 {
		class := cpp.SplitQualified(q.Entity)
		cls := class[len(class)-1]
		text = strings.Replace(text, " "+cls+"::", " "+strings.Join(rest, "::")+"::"+cls+"::", 1)
	}
	text = "\n" + text
	if at > 0 && f.Content[at-1] != '\n' {
		text = "\n" + text
	}
	return Edit{Location: analysis.Location{File: f, Range: tablegen.Range{Start: f.Pos(at), End: f.Pos(at)}}, NewText: text}, true
}

func indexOf(ds []cpp.Definition, d cpp.Definition) int {
	for i := range ds {
		if ds[i].File == d.File && ds[i].Offset == d.Offset {
			return i
		}
	}
	return -1
}

func prefixOf(a, b []string) bool {
	if len(a) > len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// dropUsed drops the leading namespaces of a qualifier that the file's
// using-directives name (`using namespace mlir;` makes `mlir::foo::` `foo::`).
func dropUsed(rest []string, f *cpp.File) []string {
	if f == nil || len(rest) == 0 {
		return rest
	}
	named := map[string]bool{}
	var prev []string
	for _, u := range f.Usings {
		u = cpp.SplitQualified(strings.Join(u, "::"))
		named[strings.Join(u, "::")] = true
		for _, p := range prev {
			named[p+"::"+strings.Join(u, "::")] = true
		}
		prev = append(prev, strings.Join(u, "::"))
	}
	for k := len(rest); k > 0; k-- {
		if named[strings.Join(rest[:k], "::")] {
			return rest[k:]
		}
	}
	return rest
}
