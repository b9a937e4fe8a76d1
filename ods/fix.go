package ods

import (
	"bytes"
	"strconv"
	"strings"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Fix is a set of edits that repairs a problem, as an editor's code action.
type Fix struct {
	Title string
	Edits []TextEdit
}

// TextEdit replaces Range with NewText (an insertion when Range is empty).
type TextEdit struct {
	Range   tablegen.Range
	NewText string
}

// Fixes returns the mechanical repairs of a diagnostic Check reported on
// the model: the missing parameter added to an assembly format, a
// duplicate enum case removed, a duplicate option flag renamed, the `let`
// a dialect or an enum lacks added. nil when there is none.
func (m *Model) Fixes(d tablegen.Diagnostic) []Fix {
	set := m.Result.Set
	switch d.Code {
	case "ods-format-missing":
		for _, def := range m.AttrOrTypeDefs {
			if name, ok := strings.CutPrefix(d.Message, "format is missing reference to parameter: "); ok && related(d, def.Range) {
				if e, ok := def.addToFormat(name); ok {
					return []Fix{{Title: "Add $" + name + " to the assembly format", Edits: []TextEdit{e}}}
				}
			}
		}
	case "ods-enum-duplicate-symbol", "ods-enum-duplicate-value", "ods-enum-duplicate-string":
		for _, e := range m.Enums {
			for _, c := range e.Cases {
				if c.Range == d.Range && related(d, e.Range) {
					if edit, ok := e.removeCase(c, set); ok {
						return []Fix{{Title: "Remove the case " + c.Symbol, Edits: []TextEdit{edit}}}
					}
				}
			}
		}
	case "ods-pass-duplicate-option":
		for _, p := range m.Passes {
			for _, o := range p.Options {
				if o.Range == d.Range {
					if edit, arg, ok := p.renameOption(o, set); ok {
						return []Fix{{Title: "Rename the flag to '" + arg + "'", Edits: []TextEdit{edit}}}
					}
				}
			}
		}
	case "ods-dialect-asm-hooks":
		for _, def := range m.AttrOrTypeDefs {
			if def.Dialect == nil || !related(d, def.Dialect.Range) || def.site().fieldRange("mnemonic") != d.Range {
				continue
			}
			flag := "useDefaultAttributePrinterParser"
			if def.IsType {
				flag = "useDefaultTypePrinterParser"
			}
			if edit, ok := addLet(set, def.Dialect.Def, flag, "1"); ok {
				return []Fix{{Title: "Set " + flag + " on dialect '" + def.Dialect.Name + "'", Edits: []TextEdit{edit}}}
			}
		}
	case "ods-enum-attr-class":
		for _, def := range m.AttrOrTypeDefs {
			if def.Range != d.Range {
				continue
			}
			if e := m.EnumOf(defField(def.Def, "enum")); e != nil {
				if edit, ok := addLet(set, e.Def, "genSpecializedAttr", "0"); ok {
					return []Fix{{Title: "Set genSpecializedAttr = 0 on " + e.Def.NameString(), Edits: []TextEdit{edit}}}
				}
			}
		}
	}
	return nil
}

// related reports whether d is about the definition named at r.
func related(d tablegen.Diagnostic, r tablegen.Range) bool {
	if d.Range == r {
		return true
	}
	for _, rel := range d.Related {
		if rel.Range == r {
			return true
		}
	}
	return false
}

// addToFormat inserts `$name` into the assembly format literal: before a
// closing `>` literal when the format ends with one (after a `,` literal
// when the format separates parameters so), else at its end.
func (d *AttrOrTypeDef) addToFormat(name string) (TextEdit, bool) {
	src := formatSourceOf(d.site(), "assemblyFormat", d.AssemblyFormat)
	if !src.mapped || len(d.AssemblyFormat) == 0 {
		return TextEdit{}, false
	}
	value := strings.TrimRight(d.AssemblyFormat, " \t\n")
	insert := " $" + name
	if strings.Contains(value, "`,`") {
		insert = " `,` $" + name
	}
	at := len(value)
	if strings.HasSuffix(value, "`>`") {
		at = len(value) - len("`>`")
		insert = strings.TrimPrefix(insert, " ") + " "
		if at > 0 && value[at-1] != ' ' {
			insert = " " + insert
		}
	}
	var pos tablegen.Pos
	if at == len(value) {
		pos = src.rangeOf(at-1, at).End
	} else {
		pos = src.rangeOf(at, at+1).Start
	}
	if !pos.IsValid() {
		return TextEdit{}, false
	}
	return TextEdit{Range: tablegen.Range{Start: pos, End: pos}, NewText: insert}, true
}

// removeCase deletes a case from the enum's list of cases, with the comma
// that separates it from a neighbour.
func (e *Enum) removeCase(c *EnumCase, set *tablegen.SourceSet) (TextEdit, bool) {
	elem := c.Range
	if !c.Def.Anonymous {
		// A case def is named in the list: remove that reference.
		elem = identIn(set, e.Def.Decl, c.Def.NameString())
		if !elem.Start.IsValid() {
			return TextEdit{}, false
		}
	}
	return removeListElement(set, elem)
}

// renameOption gives an option whose flag another option has a flag made
// from its C++ name (`maxDepth` becomes `max-depth`), or that flag with a
// suffix when it is taken.
func (p *Pass) renameOption(o *PassOption, set *tablegen.SourceSet) (TextEdit, string, bool) {
	taken := map[string]bool{}
	for _, x := range p.Options {
		taken[x.Argument] = true
	}
	arg := kebab(o.CppName)
	for n := 2; taken[arg]; n++ {
		arg = o.Argument + "-" + strconv.Itoa(n)
	}
	// The flag is the second string of Option<"cppName", "flag", ...>.
	lits := stringLiteralsIn(set, o.Def.Decl)
	if len(lits) < 2 {
		return TextEdit{}, "", false
	}
	return TextEdit{Range: lits[1], NewText: `"` + arg + `"`}, arg, true
}

// kebab turns a C++ name into a command-line flag: `maxDepth` is
// `max-depth`.
func kebab(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 {
				b.WriteByte('-')
			}
			c += 'a' - 'A'
		}
		if c == '_' {
			c = '-'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// addLet adds `let field = value;` to def: at the end of its body, or
// giving it one when it has none.
func addLet(set *tablegen.SourceSet, def *eval.Record, field, value string) (TextEdit, bool) {
	f := set.File(def.Decl.Start)
	if f == nil || !def.Decl.Start.IsValid() || def.Anonymous {
		return TextEdit{}, false
	}
	text := f.Slice(def.Decl)
	end := len(text)
	for end > 0 && (text[end-1] == ' ' || text[end-1] == '\n' || text[end-1] == '\t' || text[end-1] == '\r') {
		end--
	}
	if end == 0 {
		return TextEdit{}, false
	}
	let := "let " + field + " = " + value + ";"
	at := def.Decl.Start + tablegen.Pos(end-1)
	switch text[end-1] {
	case '}':
		return TextEdit{Range: tablegen.Range{Start: at, End: at}, NewText: "  " + let + "\n"}, true
	case ';':
		return TextEdit{Range: tablegen.Range{Start: at, End: at + 1}, NewText: " {\n  " + let + "\n}"}, true
	}
	return TextEdit{}, false
}

// removeListElement deletes the list element at elem with the comma and
// white space between it and the element before it (or, for the first
// element, after it).
func removeListElement(set *tablegen.SourceSet, elem tablegen.Range) (TextEdit, bool) {
	f := set.File(elem.Start)
	if f == nil {
		return TextEdit{}, false
	}
	start, end := f.Offset(elem.Start), f.Offset(elem.End)
	c := f.Content
	i := start
	for i > 0 && isSpace(c[i-1]) {
		i--
	}
	if i > 0 && c[i-1] == ',' {
		return TextEdit{Range: tablegen.Range{Start: f.Pos(i - 1), End: elem.End}}, true
	}
	j := end
	for j < len(c) && isSpace(c[j]) {
		j++
	}
	if j < len(c) && c[j] == ',' {
		j++
		for j < len(c) && isSpace(c[j]) {
			j++
		}
		return TextEdit{Range: tablegen.Range{Start: elem.Start, End: f.Pos(j)}}, true
	}
	return TextEdit{Range: elem}, true
}

// identIn finds the identifier name, as a whole word, in the text of r.
func identIn(set *tablegen.SourceSet, r tablegen.Range, name string) tablegen.Range {
	f := set.File(r.Start)
	if f == nil || !r.Start.IsValid() {
		return tablegen.Range{}
	}
	text := f.Slice(r)
	for k := 0; ; {
		i := bytes.Index(text[k:], []byte(name))
		if i < 0 {
			return tablegen.Range{}
		}
		i += k
		j := i + len(name)
		if (i == 0 || !isIdentByte(text[i-1])) && (j == len(text) || !isIdentByte(text[j])) {
			return tablegen.Range{Start: r.Start + tablegen.Pos(i), End: r.Start + tablegen.Pos(j)}
		}
		k = j
	}
}

// stringLiteralsIn are the ranges of the "..." literals in the text of r.
func stringLiteralsIn(set *tablegen.SourceSet, r tablegen.Range) []tablegen.Range {
	f := set.File(r.Start)
	if f == nil || !r.Start.IsValid() {
		return nil
	}
	text := f.Slice(r)
	var out []tablegen.Range
	for i := 0; i < len(text); i++ {
		if text[i] != '"' {
			continue
		}
		j := i + 1
		for j < len(text) && text[j] != '"' && text[j] != '\n' {
			if text[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(text) || text[j] != '"' {
			break
		}
		out = append(out, tablegen.Range{Start: r.Start + tablegen.Pos(i), End: r.Start + tablegen.Pos(j+1)})
		i = j
	}
	return out
}
