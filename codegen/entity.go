package codegen

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"tdls/ods"
	"tdls/tablegen/eval"
)

// Cutting a generator's whole output down to one entity (an op, attribute,
// type, enum, interface, pass, pattern or dialect), from the output's own
// structure: the section headers and TypeID declarations mlir-tblgen writes
// per entity, the top-level blocks of its C++, the headings of its
// Markdown and the preprocessor guards of pass declarations.

// cutEntity returns the parts of out, the output of generator gen, that
// belong to the entity known by any of labels (C++ class, op name, def
// name...), in output order; ok is false when there is none.
func cutEntity(gen, out string, labels []string) (string, bool) {
	match := func(s string) bool {
		for _, l := range labels {
			if s == l {
				return true
			}
		}
		return false
	}
	// An entity named with its namespace is cut from the section of that
	// class: two dialects of one output (a file that includes another
	// dialect's ops, as a pattern file does) may each have a FooOp or an
	// enum Color.
	qualified := qualifiedMatch(labels)
	switch gen {
	case "rewriters":
		for _, l := range labels {
			if piece, ok := PatternPiece(out, l); ok {
				return piece, true
			}
		}
		return "", false
	case "op-decls":
		sections := OpSections(out)
		for _, s := range sections {
			if qualified(s.QualClass) {
				return s.Text, true
			}
		}
		for _, s := range sections {
			if match(s.QualClass) || match(lastComponent(s.QualClass)) {
				return s.Text, true
			}
		}
		return "", false
	case "op-defs":
		return cutOpDefs(out, match, qualified)
	case "pass-decls":
		return cutGuarded(out, labels)
	}
	if g, ok := LookupGenerator(gen); ok && g.Language == "markdown" {
		// A heading that names the entity as it is (`b.foo`,
		// ::b::FooOp) before one that names a class of the same name
		// in another namespace (`a.foo` (::a::FooOp)).
		if piece, ok := cutMarkdown(out, func(s string) bool { return match(s) || qualified(s) }, -1); ok {
			return piece, true
		}
		return cutMarkdown(out, func(s string) bool { return match(s) || match(lastComponent(s)) }, -1)
	}
	items := topLevelItems(out)
	var keep []bool
	switch {
	case gen == "attrdef-decls" || gen == "typedef-decls" || strings.HasSuffix(gen, "interface-decls"):
		return cutClassDecls(out, items, labels)
	case gen == "attrdef-defs" || gen == "typedef-defs" || gen == "dialect-decls":
		keep = typeIDSections(items, match, qualified, -1)
	case gen == "dialect-defs":
		keep = typeIDSections(items, match, qualified, +1)
	case gen == "enum-decls":
		keep = startedSections(items, enumDeclStart(), match, qualified)
	case gen == "enum-defs":
		keep = startedSections(items, enumDefStart(), match, qualified)
	case strings.HasSuffix(gen, "interface-defs"):
		keep = interfaceItems(items, labels)
	default:
		return "", false
	}
	return joinItems(out, items, keep)
}

// qualifiedMatch reports whether a qualified C++ name is one of the
// labels that name a namespace (a leading "::" aside).
func qualifiedMatch(labels []string) func(string) bool {
	return func(name string) bool {
		name = strings.TrimPrefix(name, "::")
		for _, l := range labels {
			if strings.Contains(l, "::") && strings.TrimPrefix(l, "::") == name {
				return true
			}
		}
		return false
	}
}

// anyKept reports whether keep keeps an item.
func anyKept(keep []bool) bool {
	for _, k := range keep {
		if k {
			return true
		}
	}
	return false
}

func lastComponent(qual string) string {
	if i := strings.LastIndex(qual, "::"); i >= 0 {
		return qual[i+2:]
	}
	return qual
}

// item is a top-level construct of generated C++: a namespace block, a
// preprocessor line, a declaration or a definition with its comment.
type item struct {
	text  string
	start int
}

// topLevelItems splits C++ output into its top-level items: an item ends
// where the braces it opened are closed again at the end of a line (or at
// a `;` when it opened none); comment lines stay with the item they
// precede, and preprocessor lines and macro uses (MLIR_DECLARE_...) are
// items of their own.
func topLevelItems(out string) []item {
	var items []item
	start, depth, offset := -1, 0, 0
	inComment, itemOpened, itemHasCode := false, false, false
	for _, l := range strings.SplitAfter(out, "\n") {
		lineStart := offset
		offset += len(l)
		t := strings.TrimRight(l, "\n")
		trimmed := strings.TrimSpace(t)
		if depth == 0 && !inComment {
			switch {
			case trimmed == "":
				// A comment followed by a blank line (a banner) is no
				// item's documentation.
				if start >= 0 && !itemHasCode {
					items = append(items, item{text: out[start:lineStart], start: start})
					start = -1
				}
				continue
			case strings.HasPrefix(t, "#") || strings.HasPrefix(t, "MLIR_"):
				if start >= 0 {
					items = append(items, item{text: out[start:lineStart], start: start})
				}
				items = append(items, item{text: l, start: lineStart})
				start = -1
				continue
			}
			if start < 0 {
				start = lineStart
			}
			if strings.HasPrefix(trimmed, "//") {
				continue
			}
		}
		if !inComment && !strings.HasPrefix(trimmed, "/*") {
			itemHasCode = true
		}
		opened := false
		depth, inComment, opened = braceDepth(t, depth, inComment)
		itemOpened = itemOpened || opened
		if depth <= 0 && !inComment && (itemOpened || strings.HasSuffix(trimmed, ";")) {
			items = append(items, item{text: out[start:offset], start: start})
			start, depth, itemOpened, itemHasCode = -1, 0, false, false
		}
	}
	if start >= 0 {
		items = append(items, item{text: out[start:], start: start})
	}
	return items
}

// braceDepth updates the brace depth over one line of C++, skipping
// comments and string and character literals; opened reports a `{` on
// the line.
func braceDepth(line string, depth int, inComment bool) (int, bool, bool) {
	opened := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		if inComment {
			if c == '*' && i+1 < len(line) && line[i+1] == '/' {
				inComment = false
				i++
			}
			continue
		}
		switch c {
		case '/':
			if i+1 < len(line) && line[i+1] == '/' {
				return depth, false, opened
			}
			if i+1 < len(line) && line[i+1] == '*' {
				inComment = true
				i++
			}
		case '"', '\'':
			for i++; i < len(line) && line[i] != c; i++ {
				if line[i] == '\\' {
					i++
				}
			}
		case '{':
			depth++
			opened = true
		case '}':
			depth--
		}
	}
	return depth, inComment, opened
}

// joinItems concatenates the runs of kept items, each with the blank lines
// between its items.
func joinItems(out string, items []item, keep []bool) (string, bool) {
	var sb strings.Builder
	for i := 0; i < len(items); i++ {
		if !keep[i] {
			continue
		}
		j := i
		for j+1 < len(items) && keep[j+1] {
			j++
		}
		sb.WriteString(out[items[i].start : items[j].start+len(items[j].text)])
		i = j
	}
	return sb.String(), sb.Len() > 0
}

var typeIDLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^MLIR_(?:DECLARE|DEFINE)_EXPLICIT_TYPE_ID\(([^)]*)\)`)
})

// typeIDSections keeps, for each TypeID declaration of a matching entity,
// the TypeID line and the namespace blocks just before it (dir -1) or just
// after it (dir +1). When qualified names one of the TypeIDs (the entity
// with its namespace), only the sections of that class are kept.
func typeIDSections(items []item, match, qualified func(string) bool, dir int) []bool {
	keep := make([]bool, len(items))
	byQual := false
	for _, it := range items {
		if m := typeIDLine().FindStringSubmatch(it.text); m != nil && qualified(m[1]) {
			byQual = true
			break
		}
	}
	for i, it := range items {
		m := typeIDLine().FindStringSubmatch(it.text)
		if m == nil || (byQual && !qualified(m[1])) || !(match(m[1]) || match(lastComponent(m[1])) || qualified(m[1])) {
			continue
		}
		keep[i] = true
		for j := i + dir; j >= 0 && j < len(items) && strings.HasPrefix(items[j].text, "namespace "); j += dir {
			keep[j] = true
		}
	}
	return keep
}

// cutClassDecls is the declaration of a class (an attribute, type or
// interface) in its namespace: the class with the detail declarations of
// its storage or traits just before it, then the interface templates that
// implement it and its TypeID declaration.
func cutClassDecls(out string, items []item, labels []string) (string, bool) {
	var sb strings.Builder
	for _, l := range labels {
		if l == "" {
			continue
		}
		class := regexp.MustCompile(`(?m)^class ` + regexp.QuoteMeta(l) + ` : public `)
		detail := regexp.MustCompile(`\b` + regexp.QuoteMeta(l) + `(?:Storage|InterfaceTraits|Trait)\b`)
		impl := regexp.MustCompile(`detail::` + regexp.QuoteMeta(l) + `InterfaceTraits::|struct ` + regexp.QuoteMeta(l) + `Trait\b`)
		for _, it := range items {
			switch {
			case strings.HasPrefix(it.text, "namespace ") && class.MatchString(it.text):
				open, rest, _ := strings.Cut(it.text, "\n")
				body := rest[:strings.LastIndex(strings.TrimRight(rest, "\n"), "\n")+1]
				closing := rest[len(body):]
				inner := topLevelItems(body)
				keep := make([]bool, len(inner))
				for k, in := range inner {
					if class.MatchString(in.text) {
						keep[k] = true
						for j := k - 1; j >= 0 && detail.MatchString(inner[j].text) && !strings.Contains(inner[j].text, "class "+l+";"); j-- {
							keep[j] = true
						}
					}
				}
				if text, ok := joinItems(body, inner, keep); ok {
					sb.WriteString(open + "\n\n" + text + "\n" + closing)
				}
			case strings.HasPrefix(it.text, "namespace ") && impl.MatchString(it.text):
				sb.WriteString(it.text)
			case typeIDLine().MatchString(it.text):
				if m := typeIDLine().FindStringSubmatch(it.text); m[1] == l || lastComponent(m[1]) == l {
					sb.WriteString(it.text)
				}
			}
		}
		if sb.Len() > 0 {
			break
		}
	}
	return sb.String(), sb.Len() > 0
}

var (
	enumDeclStart = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^enum (?:class )?(\w+)\b`) })
	// An enum's definitions start with its symbol-to-string function,
	// named by symbolToStringFnName (stringifyX unless the enum says
	// otherwise), whose parameter is the enum.
	enumDefStart = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^(?:::llvm::StringRef|std::string) \w+\((\w+) \w+\) \{`)
	})
)

// startedSections keeps the items from one whose text starts an entity
// (start's first group names it) up to the next such item, for matching
// entities: those the labels name with the namespace the item opens, when
// there are such, else those they name.
func startedSections(items []item, start *regexp.Regexp, match, qualified func(string) bool) []bool {
	sections := func(named func(it item, name string) bool) []bool {
		keep := make([]bool, len(items))
		in := false
		for i, it := range items {
			if m := start.FindStringSubmatch(it.text); m != nil {
				in = named(it, m[1])
			} else if strings.HasPrefix(it.text, "#") {
				in = false
			}
			keep[i] = in
		}
		return keep
	}
	keep := sections(func(it item, name string) bool {
		ns := itemNamespace(it.text)
		return ns != "" && qualified(ns+"::"+name)
	})
	if anyKept(keep) {
		return keep
	}
	return sections(func(_ item, name string) bool { return match(name) })
}

// itemNamespace is the namespace an item opens on its first line
// (`namespace a::b {`), or "".
func itemNamespace(text string) string {
	line, _, _ := strings.Cut(text, "\n")
	ns, ok := strings.CutPrefix(line, "namespace ")
	if !ok || !strings.HasSuffix(ns, " {") {
		return ""
	}
	return strings.TrimSuffix(ns, " {")
}

// interfaceItems keeps the items that define an interface: its class and
// traits, the templates implementing its models, and its methods.
func interfaceItems(items []item, labels []string) []bool {
	keep := make([]bool, len(items))
	for _, l := range labels {
		if l == "" {
			continue
		}
		defines := regexp.MustCompile(`(?m)^class ` + regexp.QuoteMeta(l) + ` : public |detail::` + regexp.QuoteMeta(l) +
			`(?:InterfaceTraits|Trait)\b|struct ` + regexp.QuoteMeta(l) + `Trait\b|^[^ /].*\b` + regexp.QuoteMeta(l) + `::\w+\(`)
		for i, it := range items {
			if defines.MatchString(it.text) {
				keep[i] = true
			}
		}
	}
	return keep
}

// cutOpDefs is an op's definitions section with the local helper functions
// it calls before it.
func cutOpDefs(out string, match, qualified func(string) bool) (string, bool) {
	const rule = "//===----------------------------------------------------------------------===//\n"
	var sections []OpSection
	var helpers []item
	for i := 0; ; {
		k := strings.Index(out[i:], rule+"// ")
		if k < 0 {
			break
		}
		at := i + k
		line := out[at+len(rule)+3:]
		nl := strings.IndexByte(line, '\n')
		if nl < 0 {
			break
		}
		head := line[:nl]
		end := strings.Index(out[at+len(rule):], rule+"// ")
		stop := len(out)
		if end >= 0 {
			stop = at + len(rule) + end
		}
		switch {
		case head == "Local Utility Method Definitions":
			for _, it := range topLevelItems(out[at:stop]) {
				if strings.Contains(it.text, "__mlir_ods_local_") {
					helpers = append(helpers, it)
				}
			}
		case strings.HasSuffix(head, " definitions"):
			sections = append(sections, OpSection{QualClass: strings.TrimSuffix(head, " definitions"), Text: out[at:stop]})
		}
		i = at + len(rule)
	}
	byQual := false
	for _, s := range sections {
		byQual = byQual || qualified(s.QualClass)
	}
	for _, s := range sections {
		if byQual && !qualified(s.QualClass) || !byQual && !match(s.QualClass) && !match(lastComponent(s.QualClass)) {
			continue
		}
		var sb strings.Builder
		for _, h := range helpers {
			name := helperRef().FindString(h.text)
			if name != "" && strings.Contains(s.Text, name+"(") {
				sb.WriteString(h.text)
			}
		}
		sb.WriteString(s.Text)
		return sb.String(), true
	}
	return "", false
}

// cutGuarded keeps the regions between `#ifdef GEN_PASS_DECL_X` or
// `GEN_PASS_DEF_X` and their #endif, for X among labels.
func cutGuarded(out string, labels []string) (string, bool) {
	var sb strings.Builder
	for _, kind := range []string{"GEN_PASS_DECL_", "GEN_PASS_DEF_"} {
		for _, l := range labels {
			open := "#ifdef " + kind + strings.ToUpper(l) + "\n"
			close := "#endif // " + kind + strings.ToUpper(l) + "\n"
			i := strings.Index(out, open)
			if i < 0 {
				continue
			}
			j := strings.Index(out[i:], close)
			if j < 0 {
				continue
			}
			sb.WriteString(out[i : i+j+len(close)])
			break
		}
	}
	return sb.String(), sb.Len() > 0
}

// mdHeading matches a heading of generated documentation; its names are
// the backquoted one and the parenthesised C++ class, or the bare name (an
// interface's C++ name as its def gives it, which may be qualified:
// "## demo::Shaped (`ShapedIface`)") and the backquoted def name.
var mdHeading = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("^(#+) (?:`-?([^`]+)`(?: \\(([^)]+)\\))?|([\\w:]+)(?: \\(`(\\w+)`\\))?)")
})

// cutMarkdown keeps the sections of generated documentation whose heading
// names the entity (`### `arith.addi` (arith::AddIOp)`, `### CConvAttr`,
// `## MemoryEffectOpInterface (`MemoryEffectsOpInterface`)`), up to the next
// heading of the same or a higher level.
// With nth >= 0 only the nth (from 0) of the sections so named is kept.
func cutMarkdown(out string, match func(string) bool, nth int) (string, bool) {
	if piece, ok := cutMarkdownSection(out, match, nth, true); ok {
		return piece, true
	}
	// A description may open a code fence it never closes (mlir-tblgen
	// copies it as written), which hides every heading after it: then the
	// headings are looked for ignoring fences.
	return cutMarkdownSection(out, match, nth, false)
}

// cutMarkdownSection is cutMarkdown's search, headings inside code fences
// skipped when fences says so; match is asked about each name a heading
// gives.
func cutMarkdownSection(out string, match func(string) bool, nth int, fences bool) (string, bool) {
	var sb strings.Builder
	level := 0 // of the section being kept, 0 when none
	seen := 0  // sections named so far
	fenced := false
	for _, l := range strings.SplitAfter(out, "\n") {
		t := strings.TrimRight(l, "\n")
		if fences && strings.HasPrefix(t, "```") {
			fenced = !fenced
		}
		if m := mdHeading().FindStringSubmatch(t); m != nil && !fenced {
			n := len(m[1])
			if level > 0 && n <= level {
				level = 0
			}
			if level == 0 {
				for _, name := range m[2:] {
					if name != "" && match(name) {
						if nth < 0 || seen == nth {
							level = n
						}
						seen++
						break
					}
				}
			}
		}
		if level > 0 {
			sb.WriteString(l)
		}
	}
	return sb.String(), sb.Len() > 0
}

// entityLabels are the names the request's entity goes by in generated
// output: the name as given and, for the def it names (by def name, op
// name or C++ class), its C++ class, op name, interface, enum or pass
// names; dialect reports that the entity is a dialect.
func entityLabels(req GenRequest, gen GeneratorInfo) (labels []string, dialect bool) {
	name := req.Entity
	labels = []string{name}
	add := func(ls ...string) {
		for _, l := range ls {
			if l != "" {
				labels = append(labels, l)
			}
		}
	}
	res := req.Result
	if res == nil {
		return labels, false
	}
	if gen.Name == "rewriters" {
		add(structNameOf(res, Options{InputName: req.File}, name))
		return labels, false
	}
	m := req.Ops
	if m == nil {
		m = ods.Build(res)
	}
	if op := findOp(m, name); op != nil {
		add(op.CppClass, op.Name, op.Def.NameString(), newOpView(op).qualClass())
		return labels, false
	}
	def := res.Def(name)
	if def == nil {
		// A C++ class or interface name rather than a def name.
		for _, d := range res.Defs {
			for _, f := range []string{"cppClassName", "className", "cppInterfaceName", "argument"} {
				if s, ok := d.StringValue(f); ok && s == name {
					def = d
				}
			}
			if def != nil {
				break
			}
		}
	}
	if def == nil {
		return labels, false
	}
	add(def.NameString())
	ns, _ := def.StringValue("cppNamespace")
	for _, f := range []string{"cppClassName", "className", "cppInterfaceName", "argument"} {
		if s, ok := def.StringValue(f); ok {
			add(s)
			if ns != "" && s != "" && (f == "cppClassName" || f == "className") {
				add(ns + "::" + s)
			}
		}
	}
	if def.IsA("Dialect") {
		add(strings.ReplaceAll(def.NameString(), "_", ""))
		return labels, true
	}
	return labels, false
}

// enumDocRank is, for an enum, its rank among the enums of its class name
// in the order mlir-tblgen documents them (by def name): an enum-doc
// heading names the class alone (### Color), so two enums of one class
// name in two namespaces have two such headings, told apart only by
// their order. -1 when the entity is no enum or its name is its own.
func enumDocRank(res *eval.Result, labels []string) int {
	if res == nil {
		return -1
	}
	var def *eval.Record
	for _, l := range labels {
		if d := res.Def(l); d != nil && d.IsA("EnumInfo") {
			def = d
			break
		}
	}
	if def == nil {
		return -1
	}
	class, _ := def.StringValue("className")
	var names []string
	for _, d := range res.Defs {
		if c, _ := d.StringValue("className"); c == class && d.IsA("EnumInfo") {
			names = append(names, d.NameString())
		}
	}
	if len(names) < 2 {
		return -1
	}
	sort.Strings(names)
	return slices.Index(names, def.NameString())
}
