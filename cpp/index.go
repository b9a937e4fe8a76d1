package cpp

import (
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Index holds the scanned files of a workspace and answers which
// definitions a qualified name has. It is safe for concurrent use:
// readers share a lock that Update and Remove take alone.
type Index struct {
	mu    sync.RWMutex
	files map[string]*File
	// byName maps a qualified name ("::mlir::foo::FooOp::verify") to the
	// definitions of it, each as (file, index in the file's Defs).
	byName map[string][]defRef
	// byMember maps "Class::name" (the innermost scope name and the
	// name, as written) to the definitions, for Members' lookup.
	byMember map[string][]defRef
	// byLast maps a function's unqualified name to its definitions.
	byLast map[string][]defRef
	// byBase maps the last name of a base class ("FooPassBase") to the
	// classes deriving from it.
	byBase map[string][]defRef
	// known counts the files that open each namespace or define each
	// class ("::mlir::foo"): a name found there hides outer ones.
	known map[string]int
	// gen counts the changes (Update, Remove): readers that keep what
	// they derived from the index compare it.
	gen uint64
}

type defRef struct {
	file *File
	i    int
}

// NewIndex returns an empty index.
func NewIndex() *Index {
	return &Index{files: map[string]*File{}, byName: map[string][]defRef{}, byMember: map[string][]defRef{}, byBase: map[string][]defRef{}, byLast: map[string][]defRef{}, known: map[string]int{}}
}

// Update adds a scanned file, replacing what the index had of its path.
func (x *Index) Update(f *File) {
	if f == nil {
		return
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.gen++
	x.removeLocked(f.Path)
	x.files[f.Path] = f
	for i := range f.Defs {
		if f.Defs[i].Kind == Class {
			for _, b := range f.Defs[i].Bases {
				k := lastName(b)
				x.byBase[k] = append(x.byBase[k], defRef{f, i})
			}
			continue
		}
		q := f.Defs[i].Qualified()
		x.byName[q] = append(x.byName[q], defRef{f, i})
		x.byLast[f.Defs[i].Name] = append(x.byLast[f.Defs[i].Name], defRef{f, i})
		if m, ok := memberKey(f.Defs[i]); ok {
			x.byMember[m] = append(x.byMember[m], defRef{f, i})
		}
	}
	for _, k := range f.known {
		x.known[k]++
	}
}

// memberKey is "Class::name" for a definition inside a class or
// qualified by one.
func memberKey(d Definition) (string, bool) {
	if len(d.Scope) == 0 {
		return "", false
	}
	return d.Scope[len(d.Scope)-1] + "::" + d.Name, true
}

// drop removes the references to file f from a map entry.
func drop(m map[string][]defRef, key string, f *File) {
	refs := m[key]
	kept := refs[:0]
	for _, r := range refs {
		if r.file != f {
			kept = append(kept, r)
		}
	}
	if len(kept) == 0 {
		delete(m, key)
	} else {
		m[key] = kept
	}
}

// Remove drops a file.
func (x *Index) Remove(path string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.gen++
	x.removeLocked(path)
}

func (x *Index) removeLocked(path string) {
	old, ok := x.files[path]
	if !ok {
		return
	}
	delete(x.files, path)
	for i := range old.Defs {
		if old.Defs[i].Kind == Class {
			for _, b := range old.Defs[i].Bases {
				drop(x.byBase, lastName(b), old)
			}
			continue
		}
		drop(x.byName, old.Defs[i].Qualified(), old)
		drop(x.byLast, old.Defs[i].Name, old)
		if m, ok := memberKey(old.Defs[i]); ok {
			drop(x.byMember, m, old)
		}
	}
	for _, k := range old.known {
		if x.known[k]--; x.known[k] <= 0 {
			delete(x.known, k)
		}
	}
}

// Generation changes each time the index does.
func (x *Index) Generation() uint64 {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.gen
}

// Len is the number of files indexed.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.files)
}

// Has reports whether the index holds a file.
func (x *Index) Has(path string) bool {
	x.mu.RLock()
	defer x.mu.RUnlock()
	_, ok := x.files[path]
	return ok
}

// File is the indexed scan of a path, nil when the index has none.
func (x *Index) File(path string) *File {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.files[path]
}

// sorted returns the definitions of refs in a stable order (file, offset).
func sorted(refs []defRef) []Definition {
	out := make([]Definition, 0, len(refs))
	for _, r := range refs {
		out = append(out, r.file.Defs[r.i])
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].File != out[b].File {
			return out[a].File < out[b].File
		}
		return out[a].Offset < out[b].Offset
	})
	return out
}

// Members returns every definition of member name of class, a qualified
// class name ("::mlir::foo::FooOp" or "mlir::foo::FooOp"), of any arity.
// A definition qualified out of line (FooOp::verify at file scope after
// "using namespace mlir::foo;") is resolved as C++ looks its qualifier up:
// in the enclosing namespaces from the innermost out, each with the
// using-directives in effect before the definition, stopping at the first
// scope that has the qualifier's first name. The definitions returned
// have Scope set to the class.
func (x *Index) Members(class, name string) []Definition {
	path := SplitQualified(class)
	if len(path) == 0 {
		return nil
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	var out []defRef
	for _, r := range x.byMember[path[len(path)-1]+"::"+name] {
		if x.resolvesTo(r, path) {
			out = append(out, r)
		}
	}
	ds := sorted(out)
	for i := range ds {
		ds[i].Scope = path
		ds[i].Qualifier = 0
	}
	return ds
}

// SplitQualified splits "::a::b::C" or "a::b::C" into its names
// ({"a", "b", "C"}); empty names (a leading or doubled "::") are dropped.
func SplitQualified(q string) []string {
	var out []string
	for _, s := range strings.Split(q, "::") {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// resolvesTo reports whether the definition r names a member of the class
// path, following C++'s lookup of its written qualifier.
func (x *Index) resolvesTo(r defRef, class []string) bool {
	d := r.file.Defs[r.i]
	n := len(d.Scope) - d.Qualifier
	if n < 0 {
		return false
	}
	enclosing, q := d.Scope[:n], d.Scope[n:]
	if len(q) == 0 {
		return slices.Equal(d.Scope, class)
	}
	// A member defined out of line is defined in a namespace enclosing
	// its class (C++ [class.mfct]); any other reading does not compile.
	if len(enclosing) >= len(class) || !slices.Equal(enclosing, class[:len(enclosing)]) {
		return false
	}
	first := q[0]
	for k := len(enclosing); k >= 0; k-- {
		p := enclosing[:k]
		if slices.Equal(p, class[:min(len(p), len(class))]) && len(p)+len(q) == len(class) && slices.Equal(q, class[len(p):]) {
			return true
		}
		// The qualifier names something here: not the class. At file
		// scope only what this file opens counts: a namespace of the same
		// name elsewhere in the project (::enzymexla beside the
		// ::mlir::enzymexla a using-directive names) is not in this
		// translation unit, or the name would be ambiguous.
		if k > 0 && x.known[qualify(p)+"::"+first] > 0 || k == 0 && r.file.opens("::"+first) {
			return false
		}
		// the namespaces the using-directives in effect here name
		found := false
		for _, u := range r.file.dirs {
			if u.offset >= d.Offset || len(u.scope) > len(enclosing) || !slices.Equal(u.scope, enclosing[:len(u.scope)]) || len(u.scope) < k {
				continue
			}
			for _, t := range x.usingNames(u.targets) {
				tp := SplitQualified(t)
				if len(tp)+len(q) == len(class) && slices.Equal(tp, class[:len(tp)]) && slices.Equal(q, class[len(tp):]) {
					return true
				}
				if r.file.opens(t + "::" + first) {
					found = true
				}
			}
		}
		if found {
			return false
		}
	}
	return false
}

// usingNames picks what a using-directive names among its possible
// targets: the namespaces the index knows (a directive naming
// "enzymexla" after "using namespace mlir;" names ::mlir::enzymexla
// when only that one is opened somewhere; when both are, the translation
// unit that compiles sees one of them), or all of them when it knows none.
func (x *Index) usingNames(targets []string) []string {
	var known []string
	for _, t := range targets {
		if x.known[t] > 0 {
			known = append(known, t)
		}
	}
	if len(known) > 0 {
		return known
	}
	return targets
}

// opens reports whether the file opens a namespace or defines a class of
// that qualified name.
func (f *File) opens(q string) bool {
	for _, k := range f.known {
		if k == q {
			return true
		}
	}
	return false
}

func lastName(q string) string {
	if i := strings.LastIndex(q, "::"); i >= 0 {
		return q[i+2:]
	}
	return q
}

// Derived returns the class definitions with a base class written as base
// or ending in "::"+base ("impl::FooPassBase" matches a base written
// "FooPassBase" only when base is that).
func (x *Index) Derived(base string) []Definition {
	x.mu.RLock()
	defer x.mu.RUnlock()
	var out []defRef
	for _, r := range x.byBase[lastName(base)] {
		for _, b := range r.file.Defs[r.i].Bases {
			b = strings.TrimPrefix(b, "::")
			if b == base || strings.HasSuffix(b, "::"+base) || strings.HasSuffix(base, "::"+b) && !strings.Contains(b, "::") {
				out = append(out, r)
				break
			}
		}
	}
	return sorted(out)
}

// Named returns the function definitions a name may denote wherever it
// is written: those called name's last component whose qualified name
// ends with name as written ("ns::foo" matches ::a::ns::foo).
func (x *Index) Named(name string) []Definition {
	written := "::" + strings.TrimPrefix(name, "::")
	x.mu.RLock()
	defer x.mu.RUnlock()
	var out []defRef
	for _, r := range x.byLast[lastName(name)] {
		q := r.file.Defs[r.i].Qualified()
		switch {
		case strings.HasSuffix(q, written) && (!strings.HasPrefix(name, "::") || q == written):
			out = append(out, r)
		case strings.HasSuffix(r.file.Path, ".inc") && strings.HasSuffix(written, q):
			// a fragment included inside a namespace: its names are
			// scanned from the file's top
			out = append(out, r)
		}
	}
	return sorted(out)
}

// Lookup finds the free functions a name names when written in scope from
// (namespaces, outermost first) of a file whose using-directives are
// usings: "::ns::f" names ns::f; "f" and "ns::f" are looked up in from,
// then each enclosing namespace outwards, each with the namespaces its
// using-directives name, stopping at the first that has it.
func (x *Index) Lookup(name string, from []string, usings [][]string) []Definition {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if strings.HasPrefix(name, "::") {
		return dedupe(sorted(x.defining(name)))
	}
	for k := len(from); k >= 0; k-- {
		prefix := qualify(from[:k])
		out := x.defining(prefix + "::" + name)
		for _, u := range usings {
			for _, cand := range usingTargets(u, from[:k]) {
				out = append(out, x.defining(cand+"::"+name)...)
			}
		}
		if len(out) > 0 {
			return dedupe(sorted(out))
		}
	}
	return nil
}

// defining returns the definitions of the qualified name q
// ("::a::b::f"): those written with that scope, and those written with a
// qualifier C++ resolves to it elsewhere ("b::f" at file scope after
// "using namespace a;" defines ::a::b::f, which byName keys as ::b::f).
func (x *Index) defining(q string) []defRef {
	out := append([]defRef(nil), x.byName[q]...)
	path := SplitQualified(q)
	if len(path) < 2 {
		return out
	}
	for _, r := range x.byLast[path[len(path)-1]] {
		if d := r.file.Defs[r.i]; d.Qualifier > 0 && d.Qualified() != q && x.resolvesTo(r, path[:len(path)-1]) {
			out = append(out, r)
		}
	}
	return out
}

// usingTargets are the namespaces a using-directive written as u may name,
// seen from scope: "::a" names ::a; "a::b" names scope::a::b or, outwards,
// ::a::b.
func usingTargets(u []string, scope []string) []string {
	if len(u) > 0 && u[0] == "" {
		return []string{qualify(u[1:])}
	}
	var out []string
	for k := len(scope); k >= 0; k-- {
		out = append(out, qualify(append(append([]string(nil), scope[:k]...), u...)))
	}
	return out
}

func dedupe(ds []Definition) []Definition {
	out := ds[:0]
	for i, d := range ds {
		if i > 0 && d.File == ds[i-1].File && d.Offset == ds[i-1].Offset {
			continue
		}
		out = append(out, d)
	}
	return out
}

func qualify(names []string) string {
	var b strings.Builder
	for _, n := range names {
		b.WriteString("::")
		b.WriteString(n)
	}
	return b.String()
}

// Includers returns the files whose #include operand ends in suffix
// ("FooOps.cpp.inc"), at a path-component boundary, sorted.
func (x *Index) Includers(suffix string) []string {
	suffix = filepath.ToSlash(suffix)
	x.mu.RLock()
	defer x.mu.RUnlock()
	var out []string
	for p, f := range x.files {
		for _, inc := range f.Includes {
			if inc == suffix || strings.HasSuffix(inc, "/"+suffix) {
				out = append(out, p)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

// IncludeScopes are the namespaces the files including suffix include it
// in, each once (nil: file scope).
func (x *Index) IncludeScopes(suffix string) [][]string {
	suffix = filepath.ToSlash(suffix)
	x.mu.RLock()
	defer x.mu.RUnlock()
	seen := map[string]bool{}
	var out [][]string
	for _, f := range x.files {
		for i, inc := range f.Includes {
			if (inc == suffix || strings.HasSuffix(inc, "/"+suffix)) && i < len(f.IncludeScopes) {
				if k := qualify(f.IncludeScopes[i]); !seen[k] {
					seen[k] = true
					out = append(out, f.IncludeScopes[i])
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return qualify(out[i]) < qualify(out[j]) })
	return out
}

// At returns the definition whose name token covers offset in path (for
// the C++ side: what the cursor is on).
func (x *Index) At(path string, offset int) (Definition, bool) {
	x.mu.RLock()
	f := x.files[path]
	x.mu.RUnlock()
	if f == nil {
		return Definition{}, false
	}
	return f.At(offset)
}

// At returns the definition whose name token covers offset.
func (f *File) At(offset int) (Definition, bool) {
	for _, d := range f.Defs {
		if offset >= d.Offset && offset <= d.Offset+nameLen(d) {
			return d, true
		}
	}
	return Definition{}, false
}

// nameLen is the length of a definition's name token ("operator" for
// operators, the name without '~' for destructors).
func nameLen(d Definition) int {
	switch {
	case strings.HasPrefix(d.Name, "operator"):
		return len("operator")
	case strings.HasPrefix(d.Name, "~"):
		return len(d.Name) - 1
	}
	return len(d.Name)
}
