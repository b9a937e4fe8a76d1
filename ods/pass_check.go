package ods

import (
	"strings"

	"tdls/tablegen"
)

// definitionErrors are the errors mlir-tblgen 22 raises for the pass
// under --gen-pass-decls: the fields it reads must be set.
func (p *Pass) definitionErrors() []tablegen.Diagnostic {
	var probs []problem
	probs = append(probs, unsetFields(p.Def, p.src.get(), p.Range, fieldRead{"argument", readString}, fieldRead{"baseClass", readString},
		fieldRead{"summary", readString}, fieldRead{"constructor", readString}, fieldRead{"dependentDialects", readList},
		fieldRead{"options", readList}, fieldRead{"statistics", readList})...)
	for _, o := range p.Options {
		probs = append(probs, unsetFields(o.Def, p.src.get(), o.Range, fieldRead{"cppName", readString}, fieldRead{"argument", readString},
			fieldRead{"type", readString}, fieldRead{"defaultValue", readString}, fieldRead{"description", readString},
			fieldRead{"additionalOptFlags", readString})...)
	}
	for _, s := range p.Statistics {
		probs = append(probs, unsetFields(s.Def, p.src.get(), s.Range, fieldRead{"cppName", readString}, fieldRead{"name", readString},
			fieldRead{"description", readString})...)
	}
	out := make([]tablegen.Diagnostic, len(probs))
	for k, pr := range probs {
		out[k] = p.diag(tablegen.SeverityError, pr.code, pr.rng, pr.msg)
	}
	return out
}

func (p *Pass) diag(sev tablegen.Severity, code string, r tablegen.Range, msg string) tablegen.Diagnostic {
	d := tablegen.Diagnostic{Range: r, Severity: sev, Code: code, Message: msg}
	if r != p.Range {
		d.Related = []tablegen.Related{{Range: p.Range, Message: "in pass '" + p.Name + "'"}}
	}
	return d
}

// buildProblems are what mlir-tblgen accepts in the pass but breaks the
// C++ of --gen-pass-decls (errors) or the pass at run time (warnings).
func (p *Pass) buildProblems(m *Model) []tablegen.Diagnostic {
	var out []tablegen.Diagnostic
	add := func(sev tablegen.Severity, code string, r tablegen.Range, msg string, related ...tablegen.Related) {
		d := p.diag(sev, code, r, msg)
		d.Related = append(d.Related, related...)
		out = append(out, d)
	}
	members := map[string]tablegen.Range{}
	member := func(name string, r tablegen.Range) {
		if prev, dup := members[name]; dup {
			add(tablegen.SeverityError, "ods-pass-duplicate-member", r,
				"the pass class gets two members named '"+name+"'; the generated "+p.Name+"Base does not compile",
				tablegen.Related{Range: prev, Message: "the other member"})
			return
		}
		members[name] = r
	}
	flags := map[string]*PassOption{}
	for _, o := range p.Options {
		member(o.CppName, o.Range)
		if prev := flags[o.Argument]; prev != nil {
			add(tablegen.SeverityWarning, "ods-pass-duplicate-option", o.Range,
				"options '"+prev.CppName+"' and '"+o.CppName+"' share the flag '"+o.Argument+"'; creating the pass aborts with \"Option '"+o.Argument+"' registered more than once!\"",
				tablegen.Related{Range: prev.Range, Message: "the other option"})
		} else {
			flags[o.Argument] = o
		}
		kind := "option"
		if o.IsList {
			kind = "list option"
		}
		if want := optionTypeProblem(o.Type); want != "" {
			add(tablegen.SeverityError, "ods-pass-option-type", o.Range,
				"the type `"+strings.TrimSpace(o.Type)+"` of "+kind+" '"+o.CppName+"' is not a C++ type; did you mean `"+want+"`? The generated option does not compile ('"+strings.TrimSpace(o.Type)+"' does not name a type)")
		}
		if why := flagsProblem(o.AdditionalFlags); why != "" {
			msg := "the additional flags `" + strings.TrimSpace(o.AdditionalFlags) + "` of " + kind + " '" + o.CppName + "' are pasted into the generated option as C++ and are not C++ (" + why + "); the generated option does not compile"
			if o.IsList && looksLikeDefaultList(o.Description) {
				msg += ": ListOption takes no default, so its fourth argument (`" + strings.TrimSpace(o.Description) + "`) is the description and its fifth the flags; write the description fourth"
			}
			add(tablegen.SeverityError, "ods-pass-option-flags", o.Range, msg)
		}
		switch {
		case o.IsList && o.Default != "":
			add(tablegen.SeverityError, "ods-pass-list-default", o.Range,
				"list option '"+o.CppName+"' has a default value; ListOption takes none, and the generated member and options struct do not compile")
		case !o.IsList && o.Default != "":
			if why := defaultMismatch(o.Type, o.Default); why != "" {
				add(tablegen.SeverityError, "ods-pass-option-default", o.Range,
					"the default `"+o.Default+"` of option '"+o.CppName+"' does not convert to its type `"+o.Type+"` ("+why+"); the generated option does not compile")
			}
		}
	}
	for _, s := range p.Statistics {
		member(s.CppName, s.Range)
	}
	for k, d := range p.DependentDialects {
		if why := m.dependentDialectProblem(d); why != "" {
			add(tablegen.SeverityWarning, "ods-pass-dependent-dialect", p.dependentDialectRange(k, d),
				"dependent dialect \""+d+"\" "+why+"; the generated registry.insert<"+d+">() does not compile")
		}
	}
	return out
}

// dependentDialectRange is where the k-th dependent dialect is written.
func (p *Pass) dependentDialectRange(k int, name string) tablegen.Range {
	at := siteOf(p.Def, p.src.get())
	r := at.fieldRange("dependentDialects")
	if r == p.Range {
		return r
	}
	f := p.src.get().File(r.Start)
	text := string(f.Slice(r))
	if i := strings.Index(text, `"`+name+`"`); i >= 0 {
		start := r.Start + tablegen.Pos(i)
		return tablegen.Range{Start: start, End: start + tablegen.Pos(len(name)+2)}
	}
	return r
}

// defaultMismatch says why a C++ default value cannot initialize an option
// of type t: a string literal for an arithmetic type, a number or boolean
// for a std::string, a word for a boolean that C++ does not declare (yes,
// off, True: boolWords); "" when it may.
func defaultMismatch(t, value string) string {
	t = strings.TrimPrefix(strings.Join(strings.Fields(t), " "), "::")
	value = strings.TrimSpace(value)
	isString := strings.HasPrefix(value, `"`)
	switch t {
	case "int", "unsigned", "unsigned int", "long", "unsigned long", "long long", "unsigned long long",
		"int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
		"size_t", "std::size_t", "std::int32_t", "std::int64_t", "std::uint32_t", "std::uint64_t", "float", "double":
		if isString {
			return "a string literal for a number"
		}
	case "bool":
		if boolWords[value] {
			return "`" + value + "` is not C++: write true or false"
		}
	case "std::string":
		if value == "true" || value == "false" || isNumber(value) {
			return "not a string"
		}
	}
	return ""
}

// isNumber reports a C++ integer or floating literal, with an optional
// sign.
func isNumber(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" || s[0] < '0' || s[0] > '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isFmtAlnum(c) && c != '.' && c != '\'' {
			return false
		}
	}
	return true
}

// dependentDialectProblem says why name cannot be the C++ class of a
// dialect, or "": it is not a C++ name, it is a bare lower-case name (a
// dialect's namespace in the IR, not its class), or it is the IR name or
// def name of a dialect of the unit whose class is another.
func (m *Model) dependentDialectProblem(name string) string {
	// registry.insert<...> is variadic: one entry may list several.
	if parts := strings.Split(name, ","); len(parts) > 1 {
		for _, p := range parts {
			if why := m.dependentDialectProblem(strings.TrimSpace(p)); why != "" {
				return why
			}
		}
		return ""
	}
	if !isQualifiedName(name) {
		return "is not a C++ class name"
	}
	for _, d := range m.Dialects {
		if name == d.Name || name == d.Def.NameString() {
			if class := d.QualifiedCppClass(); strings.TrimPrefix(name, "::") != strings.TrimPrefix(class, "::") {
				return "names dialect '" + d.Name + "' by its " + map[bool]string{true: "IR name", false: "def name"}[name == d.Name] + "; its C++ class is " + class
			}
		}
	}
	if !strings.Contains(name, "::") && strings.ToLower(name) == name {
		return "is a lower-case name, not a dialect class (dialect classes are like ::mlir::arith::ArithDialect)"
	}
	return ""
}

// isQualifiedName reports a C++ name such as `::mlir::arith::ArithDialect`.
func isQualifiedName(s string) bool {
	parts := strings.Split(strings.TrimPrefix(s, "::"), "::")
	for _, p := range parts {
		if !isCppIdentifier(p) {
			return false
		}
	}
	return true
}

func isCppIdentifier(s string) bool {
	if s == "" || (!isFmtAlpha(s[0]) && s[0] != '_') || isCppKeyword(s) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isFmtAlnum(s[i]) && s[i] != '_' {
			return false
		}
	}
	return true
}

// cppKeywords are the C++17 keywords, which cannot name a namespace or a
// class.
const cppKeywords = ` alignas alignof and and_eq asm auto bitand bitor bool break case catch char
char16_t char32_t class compl const constexpr const_cast continue decltype default delete do double
dynamic_cast else enum explicit export extern false float for friend goto if inline int long mutable
namespace new noexcept not not_eq nullptr operator or or_eq private protected public register
reinterpret_cast return short signed sizeof static static_assert static_cast struct switch template
this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile
wchar_t while xor xor_eq `

func isCppKeyword(s string) bool {
	return strings.Contains(strings.ReplaceAll(cppKeywords, "\n", " "), " "+s+" ")
}
