package eval

import (
	"unsafe"

	"tdls/tablegen"
)

// RecordVal is one field (or template argument) of a record: its
// declaration and where its value was set, which every record inheriting
// the field unchanged shares, and its value in this record. Records copy
// their parents' fields by the thousand, so the shared part is a pointer
// (a field takes 24 bytes).
type RecordVal struct {
	*fieldOrigin
	Value Init
}

// fieldOrigin is the shared part of a RecordVal; it never changes once
// made.
type fieldOrigin struct {
	*FieldDecl
	// Src is the range of the expression that last set the value; zero when
	// the value was never set from source.
	Src tablegen.Range
}

// newField is a field declared by decl, its value unset.
func newField(decl *FieldDecl) RecordVal {
	return RecordVal{fieldOrigin: &fieldOrigin{FieldDecl: decl}, Value: Unset}
}

// setSrc records that the value was set by the expression at src.
func (rv *RecordVal) setSrc(src tablegen.Range) {
	if rv.Src != src {
		rv.fieldOrigin = &fieldOrigin{FieldDecl: rv.FieldDecl, Src: src}
	}
}

// FieldDecl is a field or template argument as declared. It never changes
// once made: records copy their parents' fields by the thousand, and share
// this part.
type FieldDecl struct {
	Name string
	Type *Type
	// IsField marks a field declared with the `field` keyword, which may stay
	// unresolved in a def.
	IsField     bool
	TemplateArg bool
	// Decl is the range of the field's name where it was declared.
	Decl tablegen.Range
	// ref is the reference to a template argument, made with it: a class
	// body names its arguments often.
	ref *VarInit
}

// setValue converts v to the field's type and stores it; it reports false
// when v does not convert (LLVM's RecordVal::setValue).
func (rv *RecordVal) setValue(e *evaluator, v Init) bool {
	c := castTo(e, v, rv.Type)
	if c == nil {
		return false
	}
	if rv.Type.Kind == BitsKind {
		if _, ok := c.(*BitsInit); !ok {
			bits := make([]Init, rv.Type.Width)
			for i := range bits {
				bits[i] = bitOf(c, i)
			}
			c = &BitsInit{Bits: bits}
		}
	}
	rv.Value = c
	return true
}

// SuperRef is a direct superclass of a record and the range of the reference
// that made it one.
type SuperRef struct {
	Class *Record
	Range tablegen.Range
}

// Instantiation is one step of the chain that made a record: a defm (or
// foreach) at Range instantiating the multiclass Via.
type Instantiation struct {
	Via   string // multiclass name; empty for a foreach
	Range tablegen.Range
}

type assertion struct {
	rng       tablegen.Range
	cond, msg Init
	// use is the reference to the class that brought the assertion into a
	// def, useName the class's name (see place).
	use     tablegen.Range
	useName string
}

type dumpEntry struct {
	rng tablegen.Range
	msg Init
}

// Record is a class or a def.
type Record struct {
	// Name is the record's name: a *StringInit once the record is final; in
	// a multiclass it may still refer to NAME.
	Name Init
	// Values are the fields (and for a class, template arguments) in
	// declaration order.
	Values []RecordVal
	// Supers are all superclasses, each after its own superclasses, in the
	// order LLVM keeps them (a class reached twice is listed twice).
	Supers    []SuperRef
	IsClass   bool
	Anonymous bool
	// forward marks a class declared with `class X;` and not yet defined.
	forward bool
	// incomplete marks a class whose statement failed: a record derived
	// from it fails too, silently (see evaluator.poisoned).
	incomplete bool
	// Decl is the whole statement that defined the record; for an
	// anonymous def of an inline instantiation, the `Class<args>` expression.
	Decl tablegen.Range

	// firstLoc is the definition location (range of the name, or of `def`
	// for an anonymous def); allLocs, when a defm instantiated the record,
	// that followed by each defm's location, outermost last (Locs). Most
	// records have one location: a slice each cost 32 bytes of a million
	// defs'.
	firstLoc tablegen.Range
	allLocs  *[]tablegen.Range

	checks *recordChecks // nil when the record has none
	rare   *recordRare   // nil when the record has none of it
	def    DefInit       // the record as a value, Rec set when first asked (defInit)
	ty     *Type         // the type of a def: its direct superclasses
}

// recordRare is what most records of a large file lack: template arguments
// (a class's), the multiclass instantiations that made a record, the
// record type of a class. Apart, a record is 48 bytes smaller: 57 MB of
// a file of a million defs.
type recordRare struct {
	templateArgs []string
	chain        []Instantiation
	self         *Type
}

// rareFields returns r's rare fields, making them.
func (r *Record) rareFields() *recordRare {
	if r.rare == nil {
		r.rare = &recordRare{}
	}
	return r.rare
}

// Locs are the definition location (range of the name, or of `def` for
// an anonymous def) followed by the location of each defm that
// instantiated it, outermost last. The slice is the record's: not to be
// modified.
func (r *Record) Locs() []tablegen.Range {
	if r.allLocs != nil {
		return *r.allLocs
	}
	if !r.firstLoc.Start.IsValid() && !r.firstLoc.End.IsValid() {
		return nil
	}
	return unsafe.Slice(&r.firstLoc, 1)
}

// setLoc makes l the record's only location.
func (r *Record) setLoc(l tablegen.Range) { r.firstLoc, r.allLocs = l, nil }

// addLoc appends l to the record's locations.
func (r *Record) addLoc(l tablegen.Range) {
	locs := append(append(make([]tablegen.Range, 0, len(r.Locs())+1), r.Locs()...), l)
	r.firstLoc, r.allLocs = locs[0], &locs
}

// TemplateArgs are the qualified names of the template arguments.
func (r *Record) TemplateArgs() []string {
	if r.rare == nil {
		return nil
	}
	return r.rare.templateArgs
}

// Chain is the multiclass instantiations that made this record, innermost
// first.
func (r *Record) Chain() []Instantiation {
	if r.rare == nil {
		return nil
	}
	return r.rare.chain
}

// recordChecks are a record's assertions and dumps, apart from Record
// because few records have any (MLIR's dialects none): without them a
// record is 48 bytes smaller. Each record has its own.
type recordChecks struct {
	asserts []assertion
	dumps   []dumpEntry
}

func (r *Record) asserts() []assertion {
	if r.checks == nil {
		return nil
	}
	return r.checks.asserts
}

func (r *Record) dumps() []dumpEntry {
	if r.checks == nil {
		return nil
	}
	return r.checks.dumps
}

// ownChecks returns the record's checks, made if it has none.
func (r *Record) ownChecks() *recordChecks {
	if r.checks == nil {
		r.checks = &recordChecks{}
	}
	return r.checks
}

// copyChecks gives r a copy of the checks of from.
func (r *Record) copyChecks(from *Record) {
	r.checks = nil
	if from.checks != nil {
		r.checks = &recordChecks{
			asserts: append([]assertion(nil), from.checks.asserts...),
			dumps:   append([]dumpEntry(nil), from.checks.dumps...),
		}
	}
}

// NameString is the record's name as text.
func (r *Record) NameString() string { return unquoted(r.Name) }

// Field returns the field or template argument called name, or nil.
func (r *Record) Field(name string) *RecordVal { return fieldIn(r.Values, name) }

func fieldIn(vals []RecordVal, name string) *RecordVal {
	for i := range vals {
		if vals[i].Name == name {
			return &vals[i]
		}
	}
	return nil
}

func (r *Record) fieldIndex(name string) int {
	for i := range r.Values {
		if r.Values[i].Name == name {
			return i
		}
	}
	return -1
}

// IsTemplateArg reports whether name is one of the record's template args.
func (r *Record) IsTemplateArg(name string) bool {
	for _, a := range r.TemplateArgs() {
		if a == name {
			return true
		}
	}
	return false
}

// isSubClassOf reports whether c is a direct or indirect superclass.
func (r *Record) isSubClassOf(c *Record) bool {
	for _, s := range r.Supers {
		if s.Class == c {
			return true
		}
	}
	return false
}

// SuperClasses returns every superclass in LLVM's order.
func (r *Record) SuperClasses() []*Record {
	out := make([]*Record, len(r.Supers))
	for i, s := range r.Supers {
		out[i] = s.Class
	}
	return out
}

// DirectSuperClasses returns the classes named in the record's parent list
// (and their instantiation ranges), last first, as LLVM derives them.
func (r *Record) DirectSuperClasses() []SuperRef {
	var out []SuperRef
	r.eachDirectSuper(func(s SuperRef) { out = append(out, s) })
	return out
}

// eachDirectSuper calls f with each direct superclass, last first.
func (r *Record) eachDirectSuper(f func(SuperRef)) {
	scs := r.Supers
	for len(scs) > 0 {
		last := scs[len(scs)-1]
		n := min(1+len(last.Class.Supers), len(scs))
		scs = scs[:len(scs)-n]
		f(last)
	}
}

func (r *Record) defInit() *DefInit {
	if r.def.Rec == nil {
		r.def.Rec = r
	}
	return &r.def
}

func (r *Record) selfType() *Type {
	rare := r.rareFields()
	if rare.self == nil {
		rare.self = &Type{Kind: RecordKind, Classes: []*Record{r}}
	}
	return rare.self
}

// defType is the type of a reference to the record: its direct
// superclasses.
func (r *Record) defType() *Type {
	if r.ty == nil {
		var inline [4]*Record
		classes := inline[:0]
		r.eachDirectSuper(func(s SuperRef) { classes = append(classes, s.Class) })
		r.ty = recordType(classes)
	}
	return r.ty
}

// clone copies a record for instantiation.
func (r *Record) clone() *Record {
	n := *r
	n.Values = append([]RecordVal(nil), r.Values...)
	if r.allLocs != nil {
		locs := append([]tablegen.Range(nil), *r.allLocs...)
		n.allLocs = &locs
	}
	n.Supers = append([]SuperRef(nil), r.Supers...)
	n.copyChecks(r)
	if r.rare != nil {
		n.rare = &recordRare{templateArgs: append([]string(nil), r.rare.templateArgs...), chain: append([]Instantiation(nil), r.rare.chain...)}
	}
	n.def, n.ty = DefInit{}, nil
	return &n
}

// resolveWith resolves every field, assertion and dump with res, and the
// name; it reports the first field whose new value does not fit its type.
func (r *Record) resolveWith(e *evaluator, res resolver, skip int) {
	if nn := r.Name.resolve(res); nn != r.Name {
		r.Name = nn
	}
	for i := range r.Values {
		if i == skip {
			continue
		}
		rv := &r.Values[i]
		if rv.Value == nil {
			continue
		}
		nv := rv.Value.resolve(res)
		if nv == rv.Value {
			continue
		}
		if !rv.setValue(e, nv) {
			ty := ""
			if t := nv.Type(); t != nil {
				ty = "of type '" + t.String() + "' "
			}
			e.fatal(r.loc(), "Invalid value "+ty+"found when setting field '"+rv.Name+"' of type '"+rv.Type.String()+"' after resolving references: "+unquoted(nv))
		}
	}
	if c := r.checks; c != nil {
		for i := range c.asserts {
			c.asserts[i].cond = c.asserts[i].cond.resolve(res)
			c.asserts[i].msg = c.asserts[i].msg.resolve(res)
		}
		for i := range c.dumps {
			c.dumps[i].msg = c.dumps[i].msg.resolve(res)
		}
	}
}

// resolveSelf resolves references among the record's own fields (LLVM's
// Record::resolveReferences with a RecordResolver); newName renames an
// anonymous record.
func (r *Record) resolveSelf(e *evaluator, newName Init) {
	res := e.newRecordResolver(r, newName)
	r.resolveWith(e, res, -1)
	e.doneRecord(res)
}

func (r *Record) loc() tablegen.Range {
	if len(r.Locs()) > 0 {
		return r.Locs()[0]
	}
	return r.Decl
}
