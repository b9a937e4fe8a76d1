package ide

import (
	"strings"

	"tdls/analysis"
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// What the editor features know of a dialect's attributes, types, enums,
// interfaces, passes and the dialect itself, beside its ops: which of them
// a position names, and the places inside their definitions where a
// parameter, an interface method or an enum case is written. The places
// are read from the tokens, so that they hold while the statement is being
// typed; what they name comes from the ODS model.

// dialectHit is a dialect entity, or a part of one, named at a position.
type dialectHit struct {
	// Range is the text naming it, Markdown its description, Def where it
	// is defined (invalid when it is the entity itself at its def).
	Range    tablegen.Range
	Markdown string
	Def      tablegen.Range
}

// dialectEntityAt describes the attribute, type, enum, interface, pass or
// dialect named at p: at its def's name or at a reference to the def.
func dialectEntityAt(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) (dialectHit, bool) {
	i := v.TokenAt(p)
	if i < 0 || v.Tokens()[i].Kind != tablegen.TokIdent {
		return dialectHit{}, false
	}
	tok := v.Tokens()[i]
	name := tok.Text
	if ref, ok := v.RefAt(p); ok && ref.Decl != nil && ref.Decl.Kind == analysis.DeclRecord {
		name = ref.Decl.Name
	}
	def := m.Records.Def(name)
	if def == nil {
		return dialectHit{}, false
	}
	md := dialectMarkdown(m.Ops, def)
	if md == "" {
		return dialectHit{}, false
	}
	return dialectHit{Range: tok.Range(), Markdown: md, Def: defNameRange(def.Locs)}, true
}

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

// defNameRange is the range of a def's name, from its locations.
func defNameRange(locs []tablegen.Range) tablegen.Range {
	if len(locs) == 0 {
		return tablegen.Range{}
	}
	return locs[0]
}

// formatVariableAt finds the `$name` at p inside the assembly format of
// an attribute or type, and the parameter it names.
func formatVariableAt(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) (*ods.AttrOrTypeDef, *ods.AttrOrTypeParameter, tablegen.Range, bool) {
	i := v.TokenAt(p)
	if i < 0 {
		return nil, nil, tablegen.Range{}, false
	}
	def := formatOwner(v, m, i)
	if def == nil {
		return nil, nil, tablegen.Range{}, false
	}
	tok := v.Tokens()[i]
	start, end, ok := variableAround(tok.Text, int(p-tok.Pos))
	if !ok {
		return nil, nil, tablegen.Range{}, false
	}
	param := def.Parameter(tok.Text[start+1 : end])
	if param == nil {
		return nil, nil, tablegen.Range{}, false
	}
	return def, param, tablegen.Range{Start: tok.Pos + tablegen.Pos(start), End: tok.Pos + tablegen.Pos(end)}, true
}

// formatOwner is the attribute or type whose `assemblyFormat` the string or
// code token i is (part of) the value of, or nil.
func formatOwner(v *analysis.FileView, m *analysis.Models, i int) *ods.AttrOrTypeDef {
	toks := v.Tokens()
	if k := toks[i].Kind; k != tablegen.TokString && k != tablegen.TokCode {
		return nil
	}
	j := i - 1
	for j >= 0 && (toks[j].Kind == tablegen.TokString || toks[j].Kind == tablegen.TokCode) {
		j--
	}
	if j < 1 || toks[j].Kind != tablegen.TokEqual || toks[j-1].Text != "assemblyFormat" {
		return nil
	}
	return attrOrTypeOfStatement(v, m, toks[i].Pos)
}

// attrOrTypeOfStatement is the attribute or type defined by the def
// whose body holds p, or for a class body, the first one made from the
// class; nil when none.
func attrOrTypeOfStatement(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) *ods.AttrOrTypeDef {
	keyword, name := enclosingRecord(v, p)
	switch keyword {
	case "def":
		return m.Ops.AttrOrTypeDefOf(m.Records.Def(name))
	case "class":
		for _, d := range m.Ops.AttrOrTypeDefs {
			if isA(d.Def, name) {
				return d
			}
		}
	}
	return nil
}

// enclosingRecord finds the def or class whose `{ ... }` body holds p:
// its keyword and name, read from the tokens.
func enclosingRecord(v *analysis.FileView, p tablegen.Pos) (keyword, name string) {
	toks := v.Tokens()
	for j := v.EnclosingBody(p) - 1; j >= 0; j-- {
		if t := toks[j]; t.Kind == tablegen.KwDef || t.Kind == tablegen.KwClass {
			if j+1 < len(toks) {
				return t.Text, toks[j+1].Text
			}
			return "", ""
		}
		if k := toks[j].Kind; k == tablegen.TokSemi || k == tablegen.TokRBrace {
			return "", ""
		}
	}
	return "", ""
}

// variableAround finds the `$name` of text that contains (or ends at)
// offset off.
func variableAround(text string, off int) (start, end int, ok bool) {
	if off < 0 || off > len(text) {
		return 0, 0, false
	}
	start = off
	for start > 0 && isWordByte(text[start-1]) {
		start--
	}
	if start == 0 || text[start-1] != '$' {
		if start < len(text) && text[start] == '$' {
			start++
		} else {
			return 0, 0, false
		}
	}
	end = start
	for end < len(text) && isWordByte(text[end]) {
		end++
	}
	if end == start {
		return 0, 0, false
	}
	return start - 1, end, true
}

// declareListAt finds the string at p in the method list of a
// DeclareOpInterfaceMethods<I, [...]> (or its attribute and type forms),
// and the interface I.
func declareListAt(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) (*ods.Interface, tablegen.Token, bool) {
	c := dagContextAt(v, p)
	toks := v.Tokens()
	if len(c.open) < 2 || toks[c.open[0]].Kind != tablegen.TokLSquare || toks[c.open[1]].Kind != tablegen.TokLess {
		return nil, tablegen.Token{}, false
	}
	lt := c.open[1]
	if lt < 1 || lt+1 >= len(toks) {
		return nil, tablegen.Token{}, false
	}
	switch toks[lt-1].Text {
	case "DeclareOpInterfaceMethods", "DeclareAttrInterfaceMethods", "DeclareTypeInterfaceMethods":
	default:
		return nil, tablegen.Token{}, false
	}
	iface := m.Ops.InterfaceOf(m.Records.Def(toks[lt+1].Text))
	if iface == nil {
		return nil, tablegen.Token{}, false
	}
	var tok tablegen.Token
	if i := v.TokenAt(p); i >= 0 && toks[i].Kind == tablegen.TokString {
		tok = toks[i]
	}
	return iface, tok, true
}

// enumCaseListAt finds the enum whose case is expected at p: the case
// string of ConstantEnumCase<Attr, "case">, or the case def of
// DefaultValuedEnumAttr<Attr, Case>.
func enumCaseListAt(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) (e *ods.Enum, quoted bool, ok bool) {
	c := dagContextAt(v, p)
	toks := v.Tokens()
	if len(c.open) < 1 || toks[c.open[0]].Kind != tablegen.TokLess {
		return nil, false, false
	}
	lt := c.open[0]
	if lt < 1 || lt+1 >= len(toks) || c.prev <= lt+1 {
		return nil, false, false
	}
	switch toks[lt-1].Text {
	case "ConstantEnumCase":
		quoted = true
	case "DefaultValuedEnumAttr":
	default:
		return nil, false, false
	}
	def := m.Records.Def(toks[lt+1].Text)
	if e = m.Ops.EnumOf(def); e == nil && def != nil {
		e = m.Ops.EnumOf(def.DefValue("enum"))
	}
	return e, quoted, e != nil
}

// unquote strips the quotes of a string token's text.
func unquote(s string) string { return strings.TrimSuffix(strings.TrimPrefix(s, `"`), `"`) }

// dialectHover describes what p names in a dialect's definitions: a
// `$parameter` of an attribute or type (in its assembly format or its
// parameter list), an interface method in a Declare…InterfaceMethods
// list, an enum case string, or an attribute, type, enum, interface, pass
// or dialect by name.
func dialectHover(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) (HoverResult, bool) {
	if h, ok := dialectPartAt(v, m, p); ok {
		return HoverResult{Range: h.Range, Markdown: h.Markdown}, true
	}
	if h, ok := dialectEntityAt(v, m, p); ok {
		return HoverResult{Range: h.Range, Markdown: h.Markdown}, true
	}
	return HoverResult{}, false
}

// dialectPartAt finds the parameter, interface method or enum case named
// at p inside a definition, with where it is defined.
func dialectPartAt(v *analysis.FileView, m *analysis.Models, p tablegen.Pos) (dialectHit, bool) {
	if def, param, r, ok := formatVariableAt(v, m, p); ok {
		return dialectHit{Range: r, Markdown: param.Markdown(def), Def: nameIn(v.Unit, param.Range, "$"+param.Name)}, true
	}
	if iface, tok, ok := declareListAt(v, m, p); ok && tok.Text != "" {
		if meth := iface.Method(unquote(tok.Text)); meth != nil {
			return dialectHit{Range: tok.Range(), Markdown: meth.Markdown(iface), Def: meth.Range}, true
		}
	}
	if e, quoted, ok := enumCaseListAt(v, m, p); ok {
		if i := v.TokenAt(p); i >= 0 {
			tok := v.Tokens()[i]
			name := tok.Text
			if quoted {
				name = unquote(name)
			}
			for _, c := range e.Cases {
				if (quoted && c.Str == name) || (!quoted && c.Def.NameString() == name) {
					return dialectHit{Range: tok.Range(), Markdown: c.Markdown(e), Def: c.Range}, true
				}
			}
		}
	}
	if i := v.TokenAt(p); i >= 0 && v.Tokens()[i].Kind == tablegen.TokVarName {
		tok := v.Tokens()[i]
		for _, d := range m.Ops.AttrOrTypeDefs {
			for _, param := range d.Parameters {
				if "$"+param.Name == tok.Text && param.Range.Start <= tok.Pos && tok.End() <= param.Range.End {
					return dialectHit{Range: tok.Range(), Markdown: param.Markdown(d), Def: param.Range}, true
				}
			}
		}
	}
	return dialectHit{}, false
}

// dialectCompletions proposes, at offset off of src (the word being typed
// starts at start): the parameters after a `$` in an attribute's or type's
// assembly format, the interface's methods in a Declare…InterfaceMethods
// list (those with a default implementation, which the list is for), the
// cases of the enum where ConstantEnumCase or DefaultValuedEnumAttr
// expects one. ok reports that p is such a place.
func dialectCompletions(v *analysis.FileView, m *analysis.Models, src []byte, start, off int) (items []CompletionItem, ok bool) {
	word := string(src[start:off])
	p := v.Pos(off)
	repl := tablegen.Range{Start: v.Pos(start), End: p}
	i := v.TokenAt(p)
	inString := i >= 0 && v.Tokens()[i].Kind == tablegen.TokString && v.Tokens()[i].Pos < p
	if i >= 0 && start > 0 && src[start-1] == '$' {
		if def := formatOwner(v, m, i); def != nil {
			repl.Start = v.Pos(start - 1)
			for _, param := range def.Parameters {
				if param.Name != "" && matches(word, param.Name) {
					items = append(items, CompletionItem{Label: "$" + param.Name, Kind: CompField, Detail: param.CppType,
						Doc: param.Summary, Replace: repl})
				}
			}
			return items, true
		}
	}
	quote := func(s string) string {
		if inString {
			return s
		}
		return `"` + s + `"`
	}
	if iface, _, ok := declareListAt(v, m, p); ok {
		for _, meth := range iface.Methods {
			if meth.Body == "" && meth.DefaultBody != "" && matches(word, meth.Name) {
				items = append(items, CompletionItem{Label: meth.Name, Kind: CompField, Detail: meth.Signature(),
					Snippet: quote(meth.Name), Replace: repl})
			}
		}
		return items, true
	}
	if e, quoted, ok := enumCaseListAt(v, m, p); ok {
		for _, c := range e.Cases {
			label := c.Def.NameString()
			if quoted {
				label = c.Str
			} else if c.Def.Anonymous {
				continue
			}
			if matches(word, label) {
				it := CompletionItem{Label: label, Kind: CompRecord, Detail: e.ClassName + "::" + c.Symbol, Replace: repl}
				if quoted {
					it.Snippet = quote(label)
				}
				items = append(items, it)
			}
		}
		return items, true
	}
	return nil, false
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
