package eval

// resolver substitutes values for variable names (LLVM's Resolver).
type resolver interface {
	// lookup returns the value of name, or nil when this resolver does not
	// know it.
	lookup(name string) Init
	// cur is the record being resolved, if any.
	cur() *Record
	// final reports whether this is the last resolution of the values, so
	// that references which cannot be resolved now never will be.
	final() bool
	// keepUnsetBits keeps a reference to a bit instead of replacing it by
	// `?` when the referenced value is unset.
	keepUnsetBits() bool
	ev() *evaluator
}

// resolverStacks lend the evaluator's resolvers. A resolver lives while
// one value (or record) is resolved, and resolutions nest (an inline
// instantiation met while resolving resolves the new record), so the
// resolvers of one kind are borrowed and given back last in, first out: an
// evaluation makes a handful of each instead of one per instantiation,
// field and fold step. A resolver given back holds no values.
type resolverStacks struct {
	maps     resolverStack[mapResolver]
	records  resolverStack[recordResolver]
	trackers resolverStack[unresolvedTracker]
	shadows  resolverStack[shadowResolver]
}

// resolverMark is how many resolvers of each kind are lent out.
type resolverMark [4]int

func (s *resolverStacks) mark() resolverMark {
	return resolverMark{s.maps.n, s.records.n, s.trackers.n, s.shadows.n}
}

// unwind takes back what a statement abandoned by a fatal error still had
// borrowed.
func (s *resolverStacks) unwind(m resolverMark) {
	for s.maps.n > m[0] {
		s.maps.n--
		*s.maps.free[s.maps.n] = mapResolver{}
	}
	for s.records.n > m[1] {
		s.records.n--
		*s.records.free[s.records.n] = recordResolver{}
	}
	for s.trackers.n > m[2] {
		s.trackers.n--
		*s.trackers.free[s.trackers.n] = unresolvedTracker{}
	}
	for s.shadows.n > m[3] {
		s.shadows.n--
		*s.shadows.free[s.shadows.n] = shadowResolver{}
	}
}

type resolverStack[T any] struct {
	free []*T // free[:n] are lent out
	n    int
}

func (s *resolverStack[T]) borrow() *T {
	if s.n == len(s.free) {
		s.free = append(s.free, new(T))
	}
	s.n++
	return s.free[s.n-1]
}

func (s *resolverStack[T]) giveBack(p *T) {
	s.n--
	if s.free[s.n] != p {
		panic("eval: resolver given back out of order")
	}
}

// mapResolver maps names to values; values may refer to each other (a
// template argument default referring to an earlier argument).
type mapResolver struct {
	e       *evaluator
	rec     *Record
	isFinal bool
	entries []mapEntry
	inline  [4]mapEntry // most maps hold a loop variable or a few arguments
}

type mapEntry struct {
	name string
	val  Init
	done bool // val has been resolved against the other entries
}

// newMap lends a map resolver for rec; give it back with doneMap once the
// values it resolved are made.
func (e *evaluator) newMap(rec *Record) *mapResolver {
	m := e.resolvers.maps.borrow()
	m.e, m.rec, m.isFinal = e, rec, false
	if m.entries == nil {
		m.entries = m.inline[:0]
	}
	return m
}

func (e *evaluator) doneMap(m *mapResolver) {
	clear(m.entries)
	m.entries = m.entries[:0]
	m.rec = nil
	e.resolvers.maps.giveBack(m)
}

func (m *mapResolver) set(name string, v Init) {
	for i := range m.entries {
		if m.entries[i].name == name {
			m.entries[i].val, m.entries[i].done = v, false
			return
		}
	}
	m.entries = append(m.entries, mapEntry{name: name, val: v})
}

func (m *mapResolver) has(name string) bool {
	for i := range m.entries {
		if m.entries[i].name == name {
			return true
		}
	}
	return false
}

func (m *mapResolver) lookup(name string) Init {
	for i := range m.entries {
		en := &m.entries[i]
		if en.name != name {
			continue
		}
		v := en.val
		if !en.done && len(m.entries) > 1 {
			// Resolve references among the mapped values; hide this entry
			// while doing so to stop infinite recursion.
			en.name = ""
			v = v.resolve(m)
			en = &m.entries[i] // resolving may have added entries
			en.name, en.val, en.done = name, v, true
		}
		return v
	}
	return nil
}

func (m *mapResolver) cur() *Record        { return m.rec }
func (m *mapResolver) final() bool         { return m.isFinal }
func (m *mapResolver) keepUnsetBits() bool { return false }
func (m *mapResolver) ev() *evaluator      { return m.e }

// recordResolver resolves references to the fields of a record to their
// values (LLVM's RecordResolver), leaving unset fields alone.
type recordResolver struct {
	e     *evaluator
	rec   *Record
	name  Init   // the record's new name, for references to NAME of the record
	nameK string // the key of its name before: resolving renames the record
	cache []resolvedField
	stack []string
}

// newRecordResolver lends a record resolver for rec; give it back with
// doneRecord.
func (e *evaluator) newRecordResolver(rec *Record, newName Init) *recordResolver {
	r := e.resolvers.records.borrow()
	r.e, r.rec, r.name, r.nameK = e, rec, newName, ""
	if newName != nil {
		r.nameK = nameKey(rec.Name)
	}
	return r
}

func (e *evaluator) doneRecord(r *recordResolver) {
	clear(r.cache)
	r.cache = r.cache[:0]
	r.rec, r.name = nil, nil
	e.resolvers.records.giveBack(r)
}

// resolvedField is a recordResolver's memo of one field (the slot past the
// record's fields is its name).
type resolvedField struct {
	v    Init
	done bool
}

func (r *recordResolver) lookup(name string) Init {
	i := r.rec.fieldIndex(name)
	isName := i < 0 && r.name != nil && r.nameK == name
	if isName {
		i = len(r.rec.Values)
	} else if i < 0 {
		return nil
	}
	if len(r.cache) == 0 {
		r.cache = append(r.cache[:0], make([]resolvedField, len(r.rec.Values)+1)...)
	}
	if c := r.cache[i]; c.done {
		return c.v
	}
	for _, s := range r.stack {
		if s == name {
			return nil // a field referring to itself
		}
	}
	var v Init
	switch {
	case isName:
		r.stack = append(r.stack, name)
		v = r.name.resolve(r)
		r.stack = r.stack[:len(r.stack)-1]
	case r.rec.Values[i].Value != Unset:
		r.stack = append(r.stack, name)
		v = r.rec.Values[i].Value.resolve(r)
		r.stack = r.stack[:len(r.stack)-1]
	}
	r.cache[i] = resolvedField{v, true}
	return v
}

func (r *recordResolver) cur() *Record        { return r.rec }
func (r *recordResolver) final() bool         { return true }
func (r *recordResolver) keepUnsetBits() bool { return true }
func (r *recordResolver) ev() *evaluator      { return r.e }

// shadowResolver hides one or two names from its parent, for the variables
// that !foreach, !foldl and !filter bind.
type shadowResolver struct {
	parent resolver
	a, b   string // b is "" when only a is hidden
}

// shadow lends a resolver hiding a and b (when not "") from parent; give it
// back with doneShadow.
func (e *evaluator) shadow(parent resolver, a, b string) *shadowResolver {
	s := e.resolvers.shadows.borrow()
	s.parent, s.a, s.b = parent, a, b
	return s
}

func (e *evaluator) doneShadow(s *shadowResolver) {
	s.parent = nil
	e.resolvers.shadows.giveBack(s)
}

func (s *shadowResolver) lookup(name string) Init {
	if name == s.a || (s.b != "" && name == s.b) {
		return nil
	}
	return s.parent.lookup(name)
}
func (s *shadowResolver) cur() *Record        { return s.parent.cur() }
func (s *shadowResolver) final() bool         { return s.parent.final() }
func (s *shadowResolver) keepUnsetBits() bool { return s.parent.keepUnsetBits() }
func (s *shadowResolver) ev() *evaluator      { return s.parent.ev() }

// nameFinder reports whether a value refers to a name (LLVM's
// HasReferenceResolver), without changing anything.
type nameFinder struct {
	e     *evaluator
	name  string
	found bool
}

func (n *nameFinder) lookup(name string) Init {
	if name == n.name {
		n.found = true
	}
	return nil
}
func (n *nameFinder) cur() *Record        { return nil }
func (n *nameFinder) final() bool         { return false }
func (n *nameFinder) keepUnsetBits() bool { return false }
func (n *nameFinder) ev() *evaluator      { return n.e }

func (b *BitsInit) resolve(r resolver) Init {
	var out []Init
	var cachedVar, cachedVal Init
	for i, bit := range b.Bits {
		nb := bit
		if vb, ok := bit.(*VarBitInit); ok {
			if vb.V != cachedVar {
				cachedVar = vb.V
				cachedVal = vb.V.resolve(r)
			}
			nb = bitOf(cachedVal, vb.Bit)
		} else {
			nb = bitOf(bit.resolve(r), 0)
		}
		if nb == Unset && r.keepUnsetBits() {
			nb = bit
		}
		if nb != bit && out == nil {
			out = make([]Init, len(b.Bits))
			copy(out, b.Bits[:i])
		}
		if out != nil {
			out[i] = nb
		}
	}
	if out == nil {
		return b
	}
	return &BitsInit{Bits: out}
}

func (l *ListInit) resolve(r resolver) Init {
	var out []Init
	for i, e := range l.Elems {
		ne := e.resolve(r)
		if ne != e && out == nil {
			out = make([]Init, len(l.Elems))
			copy(out, l.Elems[:i])
		}
		if out != nil {
			out[i] = ne
		}
	}
	if out == nil {
		return l
	}
	return &ListInit{Elem: l.Elem, Elems: out}
}

func (d *DagInit) resolve(r resolver) Init {
	op := d.Op.resolve(r)
	var out []Init
	for i, a := range d.Args {
		na := a.resolve(r)
		if na != a && out == nil {
			out = make([]Init, len(d.Args))
			copy(out, d.Args[:i])
		}
		if out != nil {
			out[i] = na
		}
	}
	if out == nil && op == d.Op {
		return d
	}
	if out == nil {
		out = d.Args
	}
	return &DagInit{Op: op, OpName: d.OpName, Args: out, Names: d.Names}
}

// nameKey is the lookup key of a record name: the string, or the key of an
// anonymous name.
func nameKey(n Init) string {
	switch x := n.(type) {
	case *StringInit:
		return x.V
	case *AnonymousNameInit:
		return x.key()
	}
	return "\x00\x00" + n.String()
}
