package ide

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"tdls/analysis"
	"tdls/drr"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// CompletionKind says what a completion item is.
type CompletionKind int

const (
	CompKeyword CompletionKind = iota + 1
	CompBang
	CompFile
	CompFolder
	CompClass
	CompRecord
	CompField // fields, template arguments, local names
)

// CompletionItem is one proposal. Snippet, when set, is an LSP snippet to
// insert instead of Label. Replace is the range the proposal replaces.
type CompletionItem struct {
	Label   string
	Kind    CompletionKind
	Detail  string
	Doc     string
	Snippet string
	Replace tablegen.Range
}

// keywords are the statement keywords, then the value and type keywords,
// in the order they are proposed.
const keywords = "class def defm defset deftype defvar foreach if let multiclass assert dump include " +
	"bit bits int string dag code list field true false in then else"

// Completion proposes what can be written at offset off of the file, whose
// current text is src (the unit may be a little older than the buffer).
// Nothing is proposed for the name a declaration introduces. Where the op
// and pattern models apply they come first: `$symbols` of the pattern, op
// defs (with op name and summary) and, inside a pattern, directives and
// NativeCodeCalls at a dag's operator, type and attribute constraints in
// `(ins`/`(outs`, traits and interfaces in a def's trait list, the
// parameters after `$` in an attribute's or type's assembly format, the
// methods of the interface in a Declare…InterfaceMethods list, the cases
// of the enum in ConstantEnumCase and DefaultValuedEnumAttr; where those
// are all that applies, they alone. Then keywords, !operators, include
// files, the fields after `x.` or `let`, and the names in scope.
func Completion(ctx context.Context, snap *analysis.Snapshot, v *analysis.FileView, src []byte, off int) []CompletionItem {
	if namingDeclaration(src, off) {
		return nil
	}
	items, only := modelCompletions(ctx, v, src, off)
	if only {
		return items
	}
	have := map[string]bool{}
	for _, it := range items {
		have[it.Label] = true
	}
	for _, it := range syntaxCompletions(snap, v, src, off) {
		if !have[it.Label] {
			items = append(items, it)
		}
	}
	return items
}

// syntaxCompletions are the proposals the parse alone knows.
func syntaxCompletions(s *analysis.Snapshot, v *analysis.FileView, src []byte, off int) []CompletionItem {
	if off < 0 || off > len(src) {
		return nil
	}
	line := src[lineStartOf(src, off):off]
	// Inside `include "dir/pa|`: file names.
	if q := strings.LastIndexByte(string(line), '"'); q >= 0 && strings.Count(string(line), "\"")%2 == 1 {
		before := strings.TrimSpace(string(line[:q]))
		if strings.HasSuffix(before, "include") {
			return completeInclude(s, v, string(line[q+1:]), off)
		}
		return nil
	}
	// The word being typed, with a leading '!' for operators.
	start := off
	for start > 0 && isWordByte(src[start-1]) {
		start--
	}
	bang := start > 0 && src[start-1] == '!'
	if bang {
		start--
	}
	word := string(src[start:off])
	repl := tablegen.Range{}
	if v != nil {
		repl = tablegen.Range{Start: v.Pos(start), End: v.Pos(off)}
	}
	var out []CompletionItem
	if bang {
		names := make([]string, 0, len(tablegen.BangOperators))
		for n := range tablegen.BangOperators {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			if !strings.HasPrefix("!"+n, word) {
				continue
			}
			doc := tablegen.BangOperators[n]
			out = append(out, CompletionItem{Label: "!" + n, Kind: CompBang, Detail: signatureOf(doc), Doc: doc,
				Snippet: bangSnippet(n, doc), Replace: repl})
		}
		return out
	}
	if v != nil && (start > 0 && src[start-1] == '.' || precededByWord(src[:start], "let")) {
		return scopeCompletions(v, src, start, off, word, repl)
	}
	afterColon := precededBy(src[:start], ':', ',', '<')
	if v != nil && afterColon {
		for _, n := range v.Unit.DeclaredNames(true) {
			if strings.HasPrefix(n.Name, word) {
				out = append(out, CompletionItem{Label: n.Name, Kind: CompClass, Detail: n.Detail, Replace: repl})
			}
		}
	}
	for _, k := range strings.Fields(keywords) {
		if strings.HasPrefix(k, word) {
			out = append(out, CompletionItem{Label: k, Kind: CompKeyword, Replace: repl})
		}
	}
	if v != nil && !afterColon && word != "" {
		out = append(out, scopeCompletions(v, src, start, off, word, repl)...)
		for _, n := range v.Unit.DeclaredNames(false) {
			if strings.HasPrefix(n.Name, word) {
				kind := CompRecord
				if n.Class {
					kind = CompClass
				}
				out = append(out, CompletionItem{Label: n.Name, Kind: kind, Detail: n.Detail, Replace: repl})
			}
		}
	}
	return out
}

// declaringKeywords introduce a name that is being declared: what is typed
// after them is new, and proposing existing names would propose errors.
const declaringKeywords = "def defm class multiclass defvar deftype foreach"

// namingDeclaration reports whether the word being typed at off (not a
// `$name` or `!operator`) is the name of a declaration.
func namingDeclaration(src []byte, off int) bool {
	if off < 0 || off > len(src) {
		return false
	}
	start := off
	for start > 0 && isWordByte(src[start-1]) {
		start--
	}
	if start > 0 && (src[start-1] == '$' || src[start-1] == '!') {
		return false
	}
	for _, k := range strings.Fields(declaringKeywords) {
		if precededByWord(src[:start], k) {
			return true
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func lineStartOf(src []byte, off int) int {
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}

// precededBy reports whether the last non-space byte of b is one of cs.
func precededBy(b []byte, cs ...byte) bool {
	i := len(b) - 1
	for i >= 0 && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i--
	}
	if i < 0 {
		return false
	}
	for _, c := range cs {
		if b[i] == c {
			return true
		}
	}
	return false
}

// signatureOf returns the part of a BangOperators entry before ": ".
func signatureOf(doc string) string {
	if i := strings.Index(doc, "): "); i >= 0 {
		return doc[:i+1]
	}
	return doc
}

// bangSnippet builds `!op(${1:a}, ${2:b})` from the documented signature.
func bangSnippet(name, doc string) string {
	sig := signatureOf(doc)
	typed := strings.HasPrefix(sig, "!"+name+"<")
	open := strings.IndexByte(sig, '(')
	closeP := strings.LastIndexByte(sig, ')')
	var b strings.Builder
	b.WriteString("!" + name)
	n := 1
	if typed {
		b.WriteString("<${1:type}>")
		n = 2
	}
	b.WriteString("(")
	if open >= 0 && closeP > open {
		params := strings.Split(sig[open+1:closeP], ",")
		first := true
		for _, p := range params {
			p = strings.TrimSpace(p)
			if p == "" || strings.Contains(p, "...") || strings.ContainsAny(p, "[]") {
				continue
			}
			if !first {
				b.WriteString(", ")
			}
			first = false
			p = strings.NewReplacer("$", "", "}", "", "{", "").Replace(p)
			b.WriteString("${" + itoa(n) + ":" + p + "}")
			n++
		}
	}
	b.WriteString(")$0")
	return b.String()
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// completeInclude lists .td files and directories matching the typed
// prefix, in the including file's directory and every include directory.
func completeInclude(s *analysis.Snapshot, v *analysis.FileView, typed string, off int) []CompletionItem {
	dirPart, filePart := "", typed
	if i := strings.LastIndexByte(typed, '/'); i >= 0 {
		dirPart, filePart = typed[:i+1], typed[i+1:]
	}
	var roots []string
	root := ""
	if v != nil {
		roots = append(roots, filepath.Dir(v.Path))
		root = v.Unit.Root
	}
	roots = append(roots, s.IncludeDirs(root)...)
	seen := map[string]bool{}
	var out []CompletionItem
	var repl tablegen.Range
	if v != nil {
		repl = tablegen.Range{Start: v.Pos(off - len(filePart)), End: v.Pos(off)}
	}
	for _, r := range roots {
		entries, err := os.ReadDir(filepath.Join(r, dirPart))
		if err != nil {
			continue
		}
		for _, e := range entries {
			name := e.Name()
			if seen[name] || !strings.HasPrefix(name, filePart) || strings.HasPrefix(name, ".") {
				continue
			}
			if e.IsDir() {
				seen[name] = true
				out = append(out, CompletionItem{Label: name + "/", Kind: CompFolder, Detail: filepath.Join(r, dirPart, name), Replace: repl})
			} else if strings.HasSuffix(name, ".td") {
				seen[name] = true
				out = append(out, CompletionItem{Label: name, Kind: CompFile, Detail: filepath.Join(r, dirPart, name), Replace: repl})
			}
		}
	}
	return out
}

// scopeCompletions proposes what is in scope at the cursor: fields after
// `x.`, fields after `let`, and template arguments, fields, defvars and
// loop variables while typing a name.
func scopeCompletions(v *analysis.FileView, src []byte, start, off int, word string, repl tablegen.Range) []CompletionItem {
	var decls []*analysis.Decl
	switch {
	case start > 0 && src[start-1] == '.':
		decls = v.Members(v.Pos(start - 1))
	case precededByWord(src[:start], "let"):
		_, decls = v.NamesInScope(v.Pos(start))
	default:
		decls, _ = v.NamesInScope(v.Pos(start))
	}
	var out []CompletionItem
	seen := map[string]bool{}
	for _, d := range decls {
		if d == nil || seen[d.Name] || !strings.HasPrefix(d.Name, word) {
			continue
		}
		seen[d.Name] = true
		detail := d.Kind.String()
		if t := d.TypeText(v.Unit); t != "" {
			detail = t + " · " + detail
		}
		if d.Owner != "" {
			detail += " of " + d.Owner
		}
		out = append(out, CompletionItem{Label: d.Name, Kind: CompField, Detail: detail, Replace: repl})
	}
	return out
}

// precededByWord reports whether the last word before the end of b is w.
func precededByWord(b []byte, w string) bool {
	s := strings.TrimRight(string(b[max(0, len(b)-64):]), " \t\r\n")
	return strings.HasSuffix(s, w) && (len(s) == len(w) || !isWordByte(s[len(s)-len(w)-1]))
}

// modelCompletions proposes what the op and pattern models know at offset
// off; only reports that the syntax-level proposals do not apply there.
func modelCompletions(ctx context.Context, v *analysis.FileView, src []byte, off int) (items []CompletionItem, only bool) {
	if off < 0 || off > len(src) || off > len(v.File.Content) {
		return nil, false
	}
	start := off
	for start > 0 && isWordByte(src[start-1]) {
		start--
	}
	m := modelsWithin(ctx, v.Unit)
	if m == nil {
		return nil, false
	}
	if items, ok := dialectCompletions(v, m, src, start, off); ok {
		return items, true
	}
	word := string(src[start:off])
	if start > 0 && src[start-1] == '$' {
		repl := tablegen.Range{Start: v.Pos(start - 1), End: v.Pos(off)}
		return symbolCompletions(v, m, v.Pos(off), word, repl), true
	}
	repl := tablegen.Range{Start: v.Pos(start), End: v.Pos(off)}
	toks := v.Tokens()
	c := dagContextAt(v, v.Pos(start))
	kind, open := c.innermost(v)
	switch {
	case kind == tablegen.TokLParen && c.prev == open:
		return operatorCompletions(v, m, c, v.Pos(off), word, repl), false
	case kind == tablegen.TokLParen && (c.prev == open+1 || c.prev >= 0 && toks.Kind(c.prev) == tablegen.TokComma):
		switch dagOperator(v, open) {
		case "ins":
			return constraintCompletions(m.Records, word, repl, "TypeConstraint", "AttrConstraint", "PropConstraint"), true
		case "outs":
			return constraintCompletions(m.Records, word, repl, "TypeConstraint"), true
		}
	case kind == tablegen.TokLSquare && len(c.open) > 1 && toks.Kind(c.open[1]) == tablegen.TokLess && c.stmt >= 0 &&
		(toks.Text(c.stmt) == "def" || toks.Text(c.stmt) == "class") &&
		!statementDerives(v, c.stmt, func(n string) bool { return isA(m.Records.Class(n), "Pattern") }):
		return constraintCompletions(m.Records, word, repl, "Trait"), true
	}
	return nil, false
}

// symbolCompletions are the pattern's bound symbols at p, or, when the
// pattern does not parse yet, the `$names` written in its statement.
func symbolCompletions(v *analysis.FileView, m *analysis.Models, p tablegen.Pos, word string, repl tablegen.Range) []CompletionItem {
	var out []CompletionItem
	if m.Patterns.PatternAt(p) != nil {
		for _, it := range m.Patterns.Completion(p) {
			if it.Kind == "symbol" && strings.HasPrefix(it.Label, "$"+word) {
				out = append(out, CompletionItem{Label: it.Label, Kind: CompField, Detail: it.Detail, Replace: repl})
			}
		}
		return out
	}
	c := dagContextAt(v, p)
	if c.stmt < 0 {
		return nil
	}
	toks := v.Tokens()
	seen := map[string]bool{}
	for i := c.stmt + 1; i < toks.Len(); i++ {
		t := toks.At(i)
		if t.Kind == tablegen.TokSemi || statementStarts[t.Text] {
			break
		}
		if t.Kind == tablegen.TokVarName && t.Text != "$_" && !seen[t.Text] && !(t.Pos <= p && p <= t.End()) &&
			strings.HasPrefix(t.Text, "$"+word) {
			seen[t.Text] = true
			out = append(out, CompletionItem{Label: t.Text, Kind: CompField, Detail: "written in this pattern", Replace: repl})
		}
	}
	return out
}

// operatorCompletions are the ops in scope by def name and, inside a
// pattern, the directives and NativeCodeCalls legal there.
func operatorCompletions(v *analysis.FileView, m *analysis.Models, c dagContext, p tablegen.Pos, word string, repl tablegen.Range) []CompletionItem {
	var out []CompletionItem
	inPattern := m.Patterns.PatternAt(p) != nil
	derives := func(class string) func(string) bool {
		return func(n string) bool { return isA(m.Records.Class(n), class) }
	}
	if !inPattern && statementDerives(v, c.stmt, derives("Op")) {
		return nil // a dag of an op definition: (ins ...), (outs ...)
	}
	if inPattern {
		for _, it := range m.Patterns.Completion(p) {
			if it.Kind != "symbol" && matches(word, it.Label) {
				out = append(out, CompletionItem{Label: it.Label, Kind: CompKeyword, Detail: directiveDetail(it), Replace: repl})
			}
		}
	} else if statementDerives(v, c.stmt, derives("Pattern")) {
		for _, d := range strings.Fields("either variadic replaceWithValue location returnType") {
			if matches(word, d) {
				out = append(out, CompletionItem{Label: d, Kind: CompKeyword, Detail: "DRR directive", Replace: repl})
			}
		}
	}
	for _, op := range m.Ops.Ops {
		name := op.Def.NameString()
		if !matches(word, name) && !matches(word, op.Name) {
			continue
		}
		detail := op.Name
		if s := strings.TrimSpace(op.Summary); s != "" {
			detail += " — " + s
		}
		out = append(out, CompletionItem{Label: name, Kind: CompRecord, Detail: detail, Replace: repl})
	}
	return out
}

func directiveDetail(it drr.CompletionItem) string {
	if it.Kind == "nativecall" {
		return "NativeCodeCall: " + it.Detail
	}
	if it.Detail != "" {
		return it.Detail
	}
	return "DRR directive"
}

// matches is a case-insensitive subsequence test; the client ranks.
func matches(word, name string) bool {
	_, ok := fuzzyScore(word, name)
	return ok
}

// constraintCompletions are the defs and classes deriving from one of
// bases, by name, with their summary.
func constraintCompletions(res *eval.Result, word string, repl tablegen.Range, bases ...string) []CompletionItem {
	derives := func(r *eval.Record) bool {
		for _, b := range bases {
			if isA(r, b) {
				return true
			}
		}
		return false
	}
	var out []CompletionItem
	add := func(r *eval.Record, kind CompletionKind) {
		name := r.NameString()
		if r.Anonymous || name == "" || !matches(word, name) || !derives(r) {
			return
		}
		out = append(out, CompletionItem{Label: name, Kind: kind, Detail: summaryOf(r), Replace: repl})
	}
	for _, r := range res.Defs {
		add(r, CompRecord)
	}
	for _, r := range res.Classes {
		add(r, CompClass)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Label < out[j].Label })
	return out
}

// summaryOf is a constraint's or trait's summary field, if it is a string.
func summaryOf(r *eval.Record) string {
	for _, f := range []string{"summary", "description"} {
		if rv := r.Field(f); rv != nil {
			if s, ok := rv.Value.(*eval.StringInit); ok && strings.TrimSpace(s.V) != "" {
				return shorten(strings.TrimSpace(s.V))
			}
		}
	}
	return ""
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
	inString := i >= 0 && v.Tokens().Kind(i) == tablegen.TokString && v.Tokens().Pos(i) < p
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
	c := dagContextAt(v, p)
	if iface, ok := declareListIn(v, m, c); ok {
		for _, meth := range iface.Methods {
			if meth.Body == "" && meth.DefaultBody != "" && matches(word, meth.Name) {
				items = append(items, CompletionItem{Label: meth.Name, Kind: CompField, Detail: meth.Signature(),
					Snippet: quote(meth.Name), Replace: repl})
			}
		}
		return items, true
	}
	if e, quoted, ok := enumCaseListIn(v, m, c); ok {
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
