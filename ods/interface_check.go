package ods

import (
	"strconv"
	"strings"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// definitionErrors are the errors mlir-tblgen 22 raises for the interface
// under --gen-{op,attr,type}-interface-decls/-defs, and the inputs it
// crashes on.
func (i *Interface) definitionErrors() []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	err := func(p problem) { out = append(out, i.diag(tablegen.SeverityError, p.code, p.rng, p.msg)) }
	at := siteOf(i.Def, i.src.get())
	for _, p := range unsetFields(i.Def, i.src.get(), i.Range, fieldRead{"cppInterfaceName", readString}, fieldRead{"cppNamespace", readString},
		fieldRead{"description", readString}, fieldRead{"extraClassDeclaration", readString},
		fieldRead{"extraSharedClassDeclaration", readString}, fieldRead{"extraClassOf", readString}) {
		err(p)
	}
	for _, field := range []string{"methods", "baseInterfaces"} {
		if _, isList := i.Def.Value(field).(*eval.ListInit); !isList {
			err(problem{code: "ods-interface-list", rng: at.fieldRange(field),
				msg: "`" + field + "` is not a list; mlir-tblgen crashes on this"})
		}
	}
	for _, m := range i.Methods {
		for _, p := range unsetFields(m.Def, i.src.get(), m.Range, fieldRead{"name", readString}, fieldRead{"returnType", readString},
			fieldRead{"arguments", readDag}, fieldRead{"body", readString}, fieldRead{"defaultBody", readString},
			fieldRead{"description", readString}) {
			err(p)
		}
		for _, k := range m.badArgs {
			err(problem{code: "ods-interface-arg", rng: m.argRange(k),
				msg: "argument #" + strconv.Itoa(k) + " of interface method '" + m.Name + "' is not a C++ type string; mlir-tblgen crashes on this"})
		}
		if m.Name == "verifyTrait" && i.Kind != DialectInterfaceKind {
			err(problem{code: "ods-interface-verify-trait", rng: m.Range,
				msg: "'verifyTrait' method cannot be specified as interface method for '" + i.Name + "'; use the 'verify' field instead"})
		}
	}
	return out
}

// argRange is where argument k is written, or the method's range.
func (m *InterfaceMethod) argRange(k int) tablegen.Range {
	if k < len(m.ArgRanges) && m.ArgRanges[k].Start.IsValid() {
		return m.ArgRanges[k]
	}
	return m.Range
}

func (i *Interface) diag(sev tablegen.Severity, code string, r tablegen.Range, msg string) tablegen.Diagnostic {
	d := tablegen.Diagnostic{Range: r, Severity: sev, Code: code, Message: msg}
	if r != i.Range {
		d.Related = []tablegen.Related{{Range: i.Range, Message: "in " + i.Kind.String() + " '" + i.Def.NameString() + "'"}}
	}
	return d
}

// buildProblems are what mlir-tblgen accepts in the interface but the C++
// of --gen-*-interface-decls/-defs does not compile.
func (i *Interface) buildProblems() []tablegen.Diagnostic {
	if i.Kind == DialectInterfaceKind {
		return nil
	}
	var out []tablegen.Diagnostic
	err := func(code string, r tablegen.Range, msg string, related ...tablegen.Related) {
		d := i.diag(tablegen.SeverityError, code, r, msg)
		d.Related = append(d.Related, related...)
		out = append(out, d)
	}
	seen := map[string]*InterfaceMethod{}
	for _, m := range i.Methods {
		for k, a := range m.Args {
			if a.Name == "" && !containsInt(m.badArgs, k) {
				err("ods-interface-unnamed-argument", m.argRange(k),
					"argument #"+strconv.Itoa(k)+" of interface method '"+m.Name+"' has no name; the generated forwarding calls pass the arguments by name and do not compile")
			}
		}
		key := m.Name + "(" + strings.Join(normalizedArgTypes(m), ",") + ")"
		if prev := seen[key]; prev != nil {
			err("ods-interface-duplicate-method", m.Range,
				"interface method '"+m.Name+"' is declared twice with the same argument types; the interface class cannot overload `"+m.Signature()+"`",
				tablegen.Related{Range: prev.Range, Message: "the other declaration"})
		} else {
			seen[key] = m
		}
		for _, f := range []struct {
			field, text string
			allowed     []string
		}{
			{"body", m.Body, i.placeholders(m.IsStatic, false)},
			{"defaultBody", m.DefaultBody, i.placeholders(m.IsStatic, true)},
		} {
			i.checkPlaceholders(&out, siteOf(m.Def, i.src.get()), f.field, f.text, f.allowed, "interface method '"+m.Name+"'")
		}
	}
	own := i.substVar()
	for _, f := range []struct {
		field   string
		allowed []string
	}{
		{"extraClassDeclaration", nil},
		{"extraSharedClassDeclaration", []string{own}},
		{"extraTraitClassDeclaration", []string{own}},
		{"extraClassOf", []string{own}},
		{"verify", []string{"_op"}},
	} {
		text := stringField(i.Def, f.field)
		if f.field == "verify" && i.Kind != OpInterfaceKind {
			continue
		}
		i.checkPlaceholders(&out, siteOf(i.Def, i.src.get()), f.field, text, f.allowed, "`"+f.field+"`")
	}
	return out
}

// substVar is the placeholder for the entity an interface is attached to.
func (i *Interface) substVar() string {
	switch i.Kind {
	case AttrInterfaceKind:
		return "_attr"
	case TypeInterfaceKind:
		return "_type"
	}
	return "_op"
}

// placeholders are the `$_x` mlir-tblgen substitutes in a method's body
// (inDefault false) or default implementation, which it emits both in the
// trait and in the external model.
func (i *Interface) placeholders(static, inDefault bool) []string {
	switch {
	case static:
		return nil
	case inDefault:
		return []string{i.substVar()}
	case i.Kind == OpInterfaceKind:
		return []string{"_this", "_op", "_self"}
	}
	return []string{i.substVar(), "_self"}
}

// checkPlaceholders reports each `$_x` in C++ text (outside comments and
// literals) that mlir-tblgen leaves as it is, which no C++ compiler
// accepts.
func (i *Interface) checkPlaceholders(out *[]tablegen.Diagnostic, at site, field, text string, allowed []string, where string) {
	for _, p := range cppPlaceholders(text) {
		name := text[p[0]+1 : p[1]]
		if containsString(allowed, name) {
			continue
		}
		avail := "nothing is"
		if len(allowed) > 0 {
			avail = "only $" + strings.Join(allowed, ", $") + " " + map[bool]string{true: "is", false: "are"}[len(allowed) == 1]
		}
		*out = append(*out, i.diag(tablegen.SeverityError, "ods-interface-placeholder", at.valueRange(field, text, p[0], p[1]),
			"$"+name+" is not substituted in "+where+" of "+i.Kind.String()+" "+i.Name+" ("+avail+"); the generated C++ keeps it and does not compile"))
	}
}

// cppPlaceholders finds the `$_name` placeholders in C++ text, skipping
// comments, string and character literals and `$$`.
func cppPlaceholders(text string) [][2]int {
	var out [][2]int
	for k := 0; k < len(text); k++ {
		switch c := text[k]; {
		case c == '/' && k+1 < len(text) && text[k+1] == '/':
			for k < len(text) && text[k] != '\n' {
				k++
			}
		case c == '/' && k+1 < len(text) && text[k+1] == '*':
			end := strings.Index(text[k+2:], "*/")
			if end < 0 {
				return out
			}
			k += end + 3
		case c == '"' || c == '\'':
			for k++; k < len(text) && text[k] != c && text[k] != '\n'; k++ {
				if text[k] == '\\' {
					k++
				}
			}
		case c == '$' && k+1 < len(text) && text[k+1] == '$':
			k++
		case c == '$' && k+1 < len(text) && text[k+1] == '_':
			end := k + 2
			for end < len(text) && (isFmtAlnum(text[end]) || text[end] == '_') {
				end++
			}
			out = append(out, [2]int{k, end})
			k = end - 1
		}
	}
	return out
}

func normalizedArgTypes(m *InterfaceMethod) []string {
	out := make([]string, len(m.Args))
	for k, a := range m.Args {
		out[k] = strings.Join(strings.Fields(a.Type), " ")
	}
	return out
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func containsString(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
