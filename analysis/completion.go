package analysis

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"tdls/tablegen"
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

// Completion is one proposal. Snippet, when set, is an LSP snippet to
// insert instead of Label. Replace is the range the proposal replaces.
type Completion struct {
	Label   string
	Kind    CompletionKind
	Detail  string
	Doc     string
	Snippet string
	Replace tablegen.Range
}

var statementKeywords = []string{"class", "def", "defm", "defset", "deftype", "defvar", "foreach", "if", "let", "multiclass", "assert", "dump", "include"}
var valueKeywords = []string{"bit", "bits", "int", "string", "dag", "code", "list", "field", "true", "false", "in", "then", "else"}

// Complete proposes completions at offset off of the file, whose current
// text is src (the unit may be a little older than the buffer).
func (s *Snapshot) Complete(v *FileView, src []byte, off int) []Completion {
	if off < 0 || off > len(src) {
		return nil
	}
	line := src[lineStartOf(src, off):off]
	// Inside `include "dir/pa|`: file names.
	if q := strings.LastIndexByte(string(line), '"'); q >= 0 && strings.Count(string(line), "\"")%2 == 1 {
		before := strings.TrimSpace(string(line[:q]))
		if strings.HasSuffix(before, "include") {
			return s.completeInclude(v, string(line[q+1:]), off)
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
	var out []Completion
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
			out = append(out, Completion{Label: "!" + n, Kind: CompBang, Detail: signatureOf(doc), Doc: doc,
				Snippet: bangSnippet(n, doc), Replace: repl})
		}
		return out
	}
	if v != nil && (start > 0 && src[start-1] == '.' || precededByWord(src[:start], "let")) {
		return v.scopeCompletions(src, start, off, word, repl)
	}
	afterColon := precededBy(src[:start], ':', ',', '<')
	if v != nil && afterColon {
		for _, n := range v.Unit.declaredNames(true) {
			if strings.HasPrefix(n.name, word) {
				out = append(out, Completion{Label: n.name, Kind: CompClass, Detail: n.detail, Replace: repl})
			}
		}
	}
	for _, k := range append(append([]string{}, statementKeywords...), valueKeywords...) {
		if strings.HasPrefix(k, word) {
			out = append(out, Completion{Label: k, Kind: CompKeyword, Replace: repl})
		}
	}
	if v != nil && !afterColon && word != "" {
		out = append(out, v.scopeCompletions(src, start, off, word, repl)...)
		for _, n := range v.Unit.declaredNames(false) {
			if strings.HasPrefix(n.name, word) {
				kind := CompRecord
				if n.class {
					kind = CompClass
				}
				out = append(out, Completion{Label: n.name, Kind: kind, Detail: n.detail, Replace: repl})
			}
		}
	}
	return out
}

// declaringKeywords introduce a name that is being declared: what is typed
// after them is new, and proposing existing names would propose errors.
var declaringKeywords = []string{"def", "defm", "class", "multiclass", "defvar", "deftype", "foreach"}

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
	for _, k := range declaringKeywords {
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
func (s *Snapshot) completeInclude(v *FileView, typed string, off int) []Completion {
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
	roots = append(roots, s.includeDirs(root)...)
	seen := map[string]bool{}
	var out []Completion
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
				out = append(out, Completion{Label: name + "/", Kind: CompFolder, Detail: filepath.Join(r, dirPart, name), Replace: repl})
			} else if strings.HasSuffix(name, ".td") {
				seen[name] = true
				out = append(out, Completion{Label: name, Kind: CompFile, Detail: filepath.Join(r, dirPart, name), Replace: repl})
			}
		}
	}
	return out
}

type declaredName struct {
	name   string
	detail string
	class  bool
}

// declaredNames lists the classes and multiclasses (classesOnly) or every
// named class, multiclass, def and defvar declared at the top level of the
// unit: what a parse alone knows is in scope.
func (u *Unit) declaredNames(classesOnly bool) []declaredName {
	return u.names.get(classesOnly, func() []declaredName {
		var out []declaredName
		seen := map[string]bool{}
		add := func(n declaredName) {
			if n.name != "" && !seen[n.name] {
				seen[n.name] = true
				out = append(out, n)
			}
		}
		var walk func(stmts []*tablegen.Statement)
		walk = func(stmts []*tablegen.Statement) {
			for _, st := range stmts {
				switch {
				case st == nil:
				case st.Class != nil && st.Class.Name != nil:
					add(declaredName{name: st.Class.Name.Name, detail: "class", class: true})
				case st.MultiClass != nil && st.MultiClass.Header != nil && st.MultiClass.Header.Name != nil:
					add(declaredName{name: st.MultiClass.Header.Name.Name, detail: "multiclass", class: true})
				case classesOnly:
				case st.Def != nil && st.Def.Name != nil && st.Def.Name.Operand != nil && len(st.Def.Name.Pastes) == 0 &&
					st.Def.Name.Operand.Simple != nil && st.Def.Name.Operand.Simple.Ident != nil:
					add(declaredName{name: st.Def.Name.Operand.Simple.Ident.Name, detail: "def"})
				case st.Defvar != nil && st.Defvar.Name != nil:
					add(declaredName{name: st.Defvar.Name.Name, detail: "defvar"})
				}
				for _, b := range blocksOf(st) {
					if st.MultiClass == nil {
						walk(b.Statements)
					}
				}
			}
		}
		walk(u.TG.Statements)
		sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
		return out
	})
}
