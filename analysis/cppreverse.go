package analysis

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"tdls/codegen"
	"tdls/cpp"
	"tdls/tablegen"
)

// The reverse of the requirements: from a name in a C++ file to the .td
// declaration behind it. The C++ file is read as text (no compiler): the
// identifier under the cursor, the `ns::Class::` written before it, and
// the definition it is written in (cpp.Scan) say what it can be; the .td
// files of the workspace whose text mentions it are evaluated and their
// models asked.

// maxReverseFiles bounds the .td files one question evaluates.
const maxReverseFiles = 64

// cppName is the identifier at a C++ position with what is known of it.
type cppName struct {
	name  string
	quals []string // the qualifiers written before it, outermost first
	// class is the class of the definition the name is written in
	// (`FooOp` inside `LogicalResult FooOp::verify() {...}`), or "".
	class string
	// member: the name is the definition's own name (`verify` of
	// `FooOp::verify`), whose class is class.
	member bool
	// visible are the namespaces an unqualified name written there is
	// looked up in ("", "mlir", "mlir::toy"): those around it and those
	// its file's using-directives name.
	visible map[string]bool
}

// cppNameAt reads the identifier covering offset in a C++ source.
func cppNameAt(path string, src []byte, offset int) (cppName, bool) {
	if offset < 0 || offset > len(src) {
		return cppName{}, false
	}
	start, end := offset, offset
	for start > 0 && isWordByte(src[start-1]) {
		start--
	}
	for end < len(src) && isWordByte(src[end]) {
		end++
	}
	if start == end || src[start] >= '0' && src[start] <= '9' {
		return cppName{}, false
	}
	n := cppName{name: string(src[start:end])}
	for k := start; k >= 2 && src[k-1] == ':' && src[k-2] == ':'; {
		j := k - 2
		for j > 0 && (src[j-1] == ' ' || src[j-1] == '\t') {
			j--
		}
		i := j
		for i > 0 && isWordByte(src[i-1]) {
			i--
		}
		if i == j {
			break
		}
		n.quals = append([]string{string(src[i:j])}, n.quals...)
		k = i
	}
	f := cpp.Scan(path, src)
	var in *cpp.Definition
	for i := range f.Defs {
		d := &f.Defs[i]
		if d.Offset <= start && start < d.End && (in == nil || d.Offset >= in.Offset) {
			in = d
		}
	}
	var around []string
	if in != nil && in.Kind != cpp.Class && len(in.Scope) > 0 {
		n.class = in.Scope[len(in.Scope)-1]
		n.member = in.Offset == start && in.Name == n.name
		around = in.Scope[:len(in.Scope)-in.Qualifier]
	}
	// The class of an out-of-line definition (`FooOp` of `FooOp::verify`)
	// is written where the definition is: in its namespaces.
	for i := range f.Defs {
		d := &f.Defs[i]
		if d.Offset > end && d.Offset-end <= 256 && qualifierRun(src[end:d.Offset]) {
			around = d.Scope[:len(d.Scope)-d.Qualifier]
			break
		}
	}
	n.visible = map[string]bool{"": true}
	for i := range around {
		n.visible[strings.Join(around[:i+1], "::")] = true
	}
	var named []string
	for _, u := range f.Usings {
		if len(u) > 0 && u[0] == "" {
			named = append(named, strings.Join(u[1:], "::"))
			continue
		}
		w := strings.Join(u, "::")
		more := []string{w}
		for i := range around {
			more = append(more, strings.Join(around[:i+1], "::")+"::"+w)
		}
		for _, v := range named {
			more = append(more, v+"::"+w)
		}
		named = append(named, more...)
	}
	for _, v := range named {
		n.visible[v] = true
	}
	return n, true
}

// qualifierRun reports text between a name and the definition it
// qualifies: `::`, then names and `::`s.
func qualifierRun(b []byte) bool {
	b = bytes.TrimLeft(b, " \t")
	if !bytes.HasPrefix(b, []byte("::")) {
		return false
	}
	for _, c := range b {
		if !isWordByte(c) && c != ':' && c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// sees reports whether a name of namespace ns (`::mlir::toy`), written
// with n's qualifiers, can be what n names: the qualifiers are the end
// of ns and what precedes them is a namespace n looks names up in.
func (n cppName) sees(ns string) bool {
	parts := cpp.SplitQualified(ns)
	quals := n.quals
	if len(quals) > 0 && (quals[len(quals)-1] == n.class || !namespaceEndsWith(parts, quals)) {
		quals = quals[:0] // written as a class's member, or not a namespace
	}
	if !namespaceEndsWith(parts, quals) {
		return false
	}
	if len(quals) > 0 && quals[0] == "" {
		return true
	}
	return n.visible[strings.Join(parts[:len(parts)-len(quals)], "::")]
}

// TableGenDefinitions returns the .td declarations behind the C++ name at
// offset of src (the content of path): an op, attribute, type, interface,
// pass or dialect class (and a pass's generated base or create function),
// an op's accessor (`getLhs`, `getLhsMutable`, `setLhsAttr`, ...) or an
// attribute's or type's parameter getter, a member the .td requires
// (`verify` of `FooOp::verify` goes to the op's `hasVerifier`), and a
// function a pattern's native call or predicate calls.
func (s *Snapshot) TableGenDefinitions(ctx context.Context, path string, src []byte, offset int) []Location {
	n, ok := cppNameAt(path, src, offset)
	if !ok {
		return nil
	}
	stems := reverseStems(n)
	var out []Location
	var shown []bool // out[i] is of a namespace the name sees
	seen := map[string]bool{}
	add := func(u *Unit, r tablegen.Range, ns string) {
		f := u.TG.Set.File(r.Start)
		if f == nil || f.Name == "" {
			return
		}
		key := f.Name + ":" + itoaPos(f.Offset(r.Start))
		if !seen[key] {
			seen[key] = true
			out = append(out, Location{File: f, Range: r})
			shown = append(shown, n.sees(ns))
		}
	}
	for _, td := range s.reverseCandidates(stems, path) {
		if ctx.Err() != nil {
			break
		}
		u, err := s.UnitFor(ctx, td)
		if err != nil {
			continue
		}
		m, err := u.Models(ctx)
		if err != nil || m == nil || m.Ops == nil {
			continue
		}
		reverseInModels(u, m, n, add)
		for _, q := range u.CppRequirements(s.CppIndex()) {
			helper := q.Kind == "drr-helper" && q.Member[strings.LastIndex(q.Member, ":")+1:] == n.name // as written: `helpers::isSmall`
			if helper || q.Kind != "drr-helper" && q.Member == n.name && entityMatches(q.Entity, n) {
				if f := u.File(q.File); f != nil {
					ns := ""
					if k := strings.LastIndex(q.Entity, "::"); k >= 0 && q.Kind != "drr-helper" {
						ns = q.Entity[:k]
					}
					add(u, tablegen.Range{Start: f.Pos(q.Start), End: f.Pos(q.End)}, ns)
				}
			}
		}
	}
	// Where some of the answers are of namespaces the name is looked up
	// in, the others are another class of the same name.
	if slices.Contains(shown, true) {
		kept := out[:0]
		for i, l := range out {
			if shown[i] {
				kept = append(kept, l)
			}
		}
		out = kept
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File.Name != out[j].File.Name {
			return out[i].File.Name < out[j].File.Name
		}
		return out[i].Range.Start < out[j].Range.Start
	})
	return out
}

func itoaPos(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return string(b[i:])
}

// entityMatches reports whether a requirement's entity ("::mlir::foo::FooOp")
// is the class a C++ member is written in: its class name, and the
// qualifiers written as the end of its namespace.
func entityMatches(entity string, n cppName) bool {
	parts := cpp.SplitQualified(entity)
	if len(parts) == 0 {
		return false
	}
	class := n.class
	quals := n.quals
	if len(quals) > 0 {
		class, quals = quals[len(quals)-1], quals[:len(quals)-1]
	}
	if class == "" || parts[len(parts)-1] != class {
		return false
	}
	return namespaceEndsWith(parts[:len(parts)-1], quals)
}

// namespaceEndsWith reports whether the qualifiers written (`foo` of
// `foo::FooOp`) can name ns (`mlir::foo`): they are its last names; a
// leading "" (written `::`) anchors them at the global namespace.
func namespaceEndsWith(ns, quals []string) bool {
	if len(quals) > 0 && quals[0] == "" {
		return len(quals)-1 == len(ns) && namespaceEndsWith(ns, quals[1:])
	}
	if len(quals) > len(ns) {
		return false
	}
	for i := range quals {
		if ns[len(ns)-len(quals)+i] != quals[i] {
			return false
		}
	}
	return true
}

// reverseStems are words at least one of which a .td file declaring the
// name must contain.
func reverseStems(n cppName) []string {
	stems := []string{n.name}
	if n.class != "" && n.member {
		stems = append(stems, n.class)
	}
	if len(n.quals) > 0 {
		stems = append(stems, n.quals[len(n.quals)-1])
	}
	for _, suffix := range []string{"Attr", "Type", "Dialect", "Base"} {
		if s := strings.TrimSuffix(n.name, suffix); s != n.name && s != "" {
			stems = append(stems, `"`+s+`"`)
		}
	}
	if s := strings.TrimPrefix(n.name, "create"); s != n.name && s != "" {
		stems = append(stems, s)
	}
	if e := accessorEntry(n.name); e != "" {
		stems = append(stems, "$"+strings.ToLower(e[:1])+e[1:], "$"+snake(e), "$"+strings.ToLower(e))
	}
	return stems
}

// accessorEntry is the camel-cased entry name an accessor's name may be
// made of (`Lhs` of getLhs, getLhsMutable, setLhsAttr, removeLhsAttr), or "".
func accessorEntry(name string) string {
	for _, p := range []string{"get", "set", "remove"} {
		if rest := strings.TrimPrefix(name, p); rest != name && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			for _, suffix := range []string{"AttrName", "Mutable", "Attr"} {
				if s := strings.TrimSuffix(rest, suffix); s != rest && s != "" {
					return s
				}
			}
			return rest
		}
	}
	return ""
}

// snake is `foo_bar` of `FooBar`.
func snake(s string) string {
	var b strings.Builder
	for i, c := range s {
		if c >= 'A' && c <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteRune(c)
	}
	return b.String()
}

// reverseCandidates are the workspace's .td files (those the index read
// and the open ones) whose text holds one of the stems: the open ones
// first, then those nearest to the C++ file from (the longest common
// directory), at most maxReverseFiles.
func (s *Snapshot) reverseCandidates(stems []string, from string) []string {
	paths := map[string]bool{}
	for _, d := range s.Index().Decls() {
		paths[d.Path] = true
	}
	for _, p := range s.OpenFiles() {
		if strings.HasSuffix(p, ".td") {
			paths[p] = true
		}
	}
	var out []string
	for p := range paths {
		content, err := s.ReadFile(p)
		if err != nil {
			continue
		}
		for _, st := range stems {
			if bytes.Contains(content, []byte(st)) {
				out = append(out, p)
				break
			}
		}
	}
	open := map[string]bool{}
	for _, p := range s.OpenFiles() {
		open[p] = true
	}
	near := func(p string) int {
		a, b := filepath.Dir(p), filepath.Dir(from)
		n := 0
		for n < len(a) && n < len(b) && a[n] == b[n] {
			n++
		}
		return n
	}
	sort.Slice(out, func(i, j int) bool {
		if open[out[i]] != open[out[j]] {
			return open[out[i]]
		}
		if ni, nj := near(out[i]), near(out[j]); ni != nj {
			return ni > nj
		}
		return out[i] < out[j]
	})
	if len(out) > maxReverseFiles {
		out = out[:maxReverseFiles]
	}
	return out
}

// reverseInModels adds the model entities a C++ name is, or whose
// accessor it is.
func reverseInModels(u *Unit, m *Models, n cppName, add func(*Unit, tablegen.Range, string)) {
	inNS := func(ns string) bool { return namespaceEndsWith(cpp.SplitQualified(ns), n.quals) }
	isClass := func(class, ns string) bool { return class == n.name && inNS(ns) }
	// classKnown: the name is written in a member of an op, attribute or
	// type class of the model (`getLhs()` inside `MulOp::verify`).
	classKnown := false
	for _, op := range m.Ops.Ops {
		classKnown = classKnown || n.class != "" && op.CppClass == n.class
	}
	for _, d := range m.Ops.AttrOrTypeDefs {
		classKnown = classKnown || n.class != "" && d.CppClass == n.class
	}
	// classOK: an accessor written in a member of a class, or qualified
	// by one, belongs to that class.
	classOK := func(class, ns string) bool {
		c, quals := n.class, n.quals
		if len(quals) > 0 {
			c, quals = quals[len(quals)-1], quals[:len(quals)-1]
		}
		if len(n.quals) == 0 && !classKnown {
			return true // `op.getLhs()` outside a member of an entity: any class
		}
		return c == class && namespaceEndsWith(cpp.SplitQualified(ns), quals)
	}
	entry := accessorEntry(n.name)
	for _, op := range m.Ops.Ops {
		if isClass(op.CppClass, op.CppNamespace) {
			add(u, op.Range, op.CppNamespace)
			continue
		}
		if entry == "" || !classOK(op.CppClass, op.CppNamespace) {
			continue
		}
		try := func(name string, r tablegen.Range) {
			if !strings.EqualFold(strings.ReplaceAll(name, "_", ""), entry) {
				return
			}
			acc, err := codegen.OpAccessors(op, name)
			if err != nil {
				return
			}
			for _, a := range acc {
				if a.Name == n.name {
					add(u, r, op.CppNamespace)
					return
				}
			}
		}
		for _, a := range op.Args {
			try(a.Name, a.Range)
		}
		for _, r := range op.Results {
			try(r.Name, r.Range)
		}
		for _, r := range op.Regions {
			try(r.Name, r.Range)
		}
		for _, s := range op.Successors {
			try(s.Name, s.Range)
		}
	}
	for _, d := range m.Ops.AttrOrTypeDefs {
		if isClass(d.CppClass, d.CppNamespace()) {
			add(u, d.Range, d.CppNamespace())
			continue
		}
		if entry != "" && classOK(d.CppClass, d.CppNamespace()) {
			for _, p := range d.Parameters {
				if p.AccessorName() == n.name {
					add(u, p.Range, d.CppNamespace())
				}
			}
		}
	}
	for _, i := range m.Ops.Interfaces {
		if isClass(i.Name, i.CppNamespace) {
			add(u, i.Range, i.CppNamespace)
		}
	}
	for _, p := range m.Ops.Passes {
		if n.name == p.Name || n.name == p.Name+"Base" || n.name == "create"+p.Name {
			add(u, p.Range, "")
		}
	}
	for _, d := range m.Ops.Dialects {
		if isClass(strings.ReplaceAll(d.Def.NameString(), "_", ""), d.CppNamespace) {
			add(u, d.Range, d.CppNamespace)
		}
	}
}
