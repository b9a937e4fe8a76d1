package eval

import (
	"slices"
	"strconv"

	"tdls/tablegen"
)

// classRef is a parsed reference to a parent class or multiclass.
type classRef struct {
	rec  *Record
	args []ArgInit
	rng  tablegen.Range
}

func (e *evaluator) class(c *tablegen.Class) {
	name := c.Name.Name
	rec := e.classes.get(name)
	if rec != nil {
		if len(rec.Values) > 0 || len(rec.Supers) > 0 || len(rec.TemplateArgs()) > 0 {
			e.failAt(c.Name.Range(), "eval-class-redefined", "Class '"+name+"' already defined",
				tablegen.Related{Range: rec.loc(), Message: "previous definition"})
			return
		}
		if e.classes.inFrozen(name) || e.trk != nil {
			// Defining a class a checkpoint holds declared would change a
			// shared record; so would a tracked evaluation, whose records
			// are shared once their statement is done.
			panic(errRedefinesFrozen{})
		}
		rec.setLoc(c.Name.Range())
		rec.Decl = c.Range()
	} else {
		rec = &Record{Name: stringInit(name), IsClass: true, firstLoc: c.Name.Range(), Decl: c.Range()}
		e.classes.set(name, rec)
		e.res.Classes = append(e.res.Classes, rec)
	}
	defer func() {
		// This class, not one a redefinition above failed on: what
		// derives from it fails silently (evaluator.poisoned).
		rec.incomplete = e.failed
	}()
	sc := e.pushScope(scopeRecord)
	sc.rec = rec
	defer e.popScope(sc)
	e.sizeRecord(rec, len(c.TemplateArgs), c.Parents, c.Body)
	e.argsUsed = e.argsUsed[:0]
	for _, ta := range c.TemplateArgs {
		if !e.templateArg(rec, ta, name+":") {
			return
		}
	}
	if e.objectBody(rec, c.Parents, c.Body) {
		e.warnUnusedArgs(rec)
	}
}

// templateArg declares one template argument of a class or multiclass.
func (e *evaluator) templateArg(rec *Record, ta *tablegen.TemplateArg, prefix string) bool {
	t := e.parseType(ta.Type)
	if t == nil {
		return false
	}
	if ta.Name.Name == "NAME" {
		e.failAt(ta.Name.Range(), "eval-reserved-name", "'NAME' is a reserved variable name")
		return false
	}
	q := prefix + ta.Name.Name
	// A second argument of the same name sets the first, default and all,
	// and is then rejected (LLVM's ParseTemplateArgList).
	dup := false
	if rv := rec.Field(q); rv != nil {
		rv.Value = Unset
		dup = true
	} else {
		rec.Values = append(rec.Values, newField(&FieldDecl{Name: q, Type: t, TemplateArg: true, Decl: ta.Name.Range(), ref: &VarInit{Name: q, Ty: t}}))
		rec.Values[len(rec.Values)-1].setValue(e, Unset)
		rare := rec.rareFields()
		rare.templateArgs = append(rare.templateArgs, q)
	}
	ok := true
	if ta.Default != nil {
		v := e.value(ta.Default, t, rec, false)
		if v == nil {
			return false
		}
		ok = e.setValue(rec, ta.Default.Range(), q, nil, v, ta.Default.Range())
	}
	if dup {
		e.failAt(ta.Range(), "eval-redefined", "template argument with the same name has already been defined")
		return false
	}
	return ok
}

// sizeRecord gives rec room for the fields and superclasses it is about to
// get: nArgs template arguments (fields and names), then the fields of
// parents and body it does not have, and the parents with their
// superclasses. Records keep these for
// good, so each slice is made once at its final size rather than grown by
// each parent and field. The parents are looked up without recording a
// read: this only sizes.
func (e *evaluator) sizeRecord(rec *Record, nArgs int, parents []*tablegen.ClassRef, body *tablegen.Body) {
	var inline [4]*Record
	supers := inline[:0]
	known := func(name string) bool {
		if fieldIn(rec.Values, name) != nil {
			return true
		}
		for _, c := range supers {
			if f := fieldIn(c.Values, name); f != nil && !f.TemplateArg {
				return true
			}
		}
		return false
	}
	need, needSupers := len(rec.Values)+nArgs, len(rec.Supers)
	for _, p := range parents {
		c := e.classes.peek(p.Name.Name)
		if c == nil {
			continue
		}
		needSupers += len(c.Supers) + 1
		for i := range c.Values {
			if f := &c.Values[i]; !f.TemplateArg && !known(f.Name) {
				need++
			}
		}
		supers = append(supers, c)
	}
	if body != nil {
		// A field declared twice in the body (the second acts as a set)
		// is counted twice: rare, and a slot too many costs little.
		for _, it := range body.Items {
			if it.Field != nil && !known(it.Field.Name.Name) {
				need++
			}
		}
	}
	if need > cap(rec.Values) {
		rec.Values = append(make([]RecordVal, 0, need), rec.Values...)
	}
	if needSupers > cap(rec.Supers) {
		rec.Supers = append(make([]SuperRef, 0, needSupers), rec.Supers...)
	}
	if n := len(rec.TemplateArgs()) + nArgs; n > cap(rec.TemplateArgs()) {
		rare := rec.rareFields()
		rare.templateArgs = append(make([]string, 0, n), rare.templateArgs...)
	}
}

// objectBody adds the parents, the active top-level lets and the body to rec
// (LLVM's ParseObjectBody).
func (e *evaluator) objectBody(rec *Record, parents []*tablegen.ClassRef, body *tablegen.Body) bool {
	sc := e.pushScope(scopeRecord)
	sc.rec = rec
	defer e.popScope(sc)
	for _, p := range parents {
		// The arguments are needed only until addSubClass has handed them
		// on, and no record body is evaluated meanwhile: one slice serves.
		ref, ok := e.subClassRef(p, rec, false, e.parentArgs[:0])
		if !ok {
			return false
		}
		outer := e.enterUse(ref.rng, ref.rec.NameString())
		ok = e.addSubClass(rec, ref)
		e.use = outer
		clear(ref.args)
		e.parentArgs = ref.args[:0]
		if !ok {
			return false
		}
	}
	if !e.applyLets(rec) {
		return false
	}
	if body == nil {
		return true
	}
	for _, it := range body.Items {
		if !e.bodyItem(rec, it) {
			return false
		}
	}
	return true
}

func (e *evaluator) bodyItem(rec *Record, it *tablegen.BodyItem) bool {
	switch {
	case it.Let != nil:
		l := it.Let
		rv := rec.Field(l.Name.Name)
		if rv == nil {
			e.failAt(l.Name.Range(), "eval-unknown-field", "Value '"+l.Name.Name+"' unknown!")
			return false
		}
		bits, ok := e.rangeList(l.Bits)
		if !ok {
			return false
		}
		reverseInts(bits)
		t := rv.Type
		if len(bits) > 0 && t.Kind == BitsKind {
			t = bitsType(len(bits))
		}
		v := e.value(l.Value, t, rec, false)
		if v == nil {
			return false
		}
		return e.setValue(rec, l.Name.Range(), l.Name.Name, bits, v, l.Value.Range())
	case it.Defvar != nil:
		return e.defvar(it.Defvar, rec)
	case it.Assert != nil:
		return e.assertStmt(it.Assert, rec)
	case it.Dump != nil:
		return e.dumpStmt(it.Dump, rec)
	case it.Field != nil:
		return e.fieldDecl(rec, it.Field)
	}
	return true
}

func (e *evaluator) fieldDecl(rec *Record, f *tablegen.FieldDecl) bool {
	t := e.parseType(f.Type)
	if t == nil {
		return false
	}
	name := f.Name.Name
	if name == "NAME" {
		e.failAt(f.Name.Range(), "eval-reserved-name", "'NAME' is a reserved variable name")
		return false
	}
	if _, ok := e.scope.vars[name]; ok {
		e.failAt(f.Name.Range(), "eval-redefined", "local variable of this name already exists")
		return false
	}
	if rv := rec.Field(name); rv != nil {
		// A redeclaration acts as a set to `?`.
		if !rv.setValue(e, Unset) {
			e.failAt(f.Name.Range(), "eval-type", "New definition of '"+name+"' of type '"+t.String()+"' is incompatible with previous definition of type '"+rv.Type.String()+"'")
			return false
		}
	} else {
		rec.Values = append(rec.Values, newField(&FieldDecl{Name: name, Type: t, IsField: f.IsField, Decl: f.Name.Range()}))
		rec.Values[len(rec.Values)-1].setValue(e, Unset)
	}
	if f.Value != nil {
		v := e.value(f.Value, t, rec, false)
		if v == nil {
			return false
		}
		return e.setValue(rec, f.Value.Range(), name, nil, v, f.Value.Range())
	}
	return true
}

// setValue sets a field, or some of its bits (LLVM's TGParser::SetValue).
func (e *evaluator) setValue(rec *Record, at tablegen.Range, name string, bits []int, v Init, src tablegen.Range) bool {
	rv := rec.Field(name)
	if rv == nil {
		e.failAt(at, "eval-unknown-field", "Value '"+name+"' unknown!")
		return false
	}
	if vi, ok := v.(*VarInit); ok && vi.Name == name {
		e.failAt(at, "eval-self-assignment", "Recursion / self-assignment forbidden!")
		return false
	}
	if len(bits) > 0 {
		cur, ok := rv.Value.(*BitsInit)
		if !ok {
			e.failAt(at, "eval-type", "Value '"+name+"' is not a bits type")
			return false
		}
		bi := castTo(e, v, bitsType(len(bits)))
		if bi == nil {
			e.failAt(at, "eval-type", "Initializer is not compatible with bit range")
			return false
		}
		nb := make([]Init, len(cur.Bits))
		for i, b := range bits {
			if b >= len(nb) {
				e.failAt(at, "eval-type", "Invalid bit range for value")
				return false
			}
			if nb[b] != nil {
				e.failAt(at, "eval-type", "Cannot set bit #"+strconv.Itoa(b)+" of value '"+name+"' more than once")
				return false
			}
			nb[b] = bitOf(bi, i)
		}
		for i := range nb {
			if nb[i] == nil {
				nb[i] = cur.Bits[i]
			}
		}
		v = &BitsInit{Bits: nb}
	}
	if !rv.setValue(e, v) {
		ty := ""
		if b, ok := v.(*BitsInit); ok {
			ty = "' of type bit initializer with length " + strconv.Itoa(len(b.Bits))
		} else if t := v.Type(); t != nil {
			ty = "' of type '" + t.String() + "'"
		}
		e.failAt(at, "eval-type", "Field '"+name+"' of type '"+rv.Type.String()+"' is incompatible with value '"+v.String()+ty)
		return false
	}
	rv.setSrc(src)
	return true
}

// subClassRef resolves a parent reference and its arguments (LLVM's
// ParseSubClassReference), appending these to args; multi selects a
// multiclass.
func (e *evaluator) subClassRef(p *tablegen.ClassRef, cur *Record, multi bool, args []ArgInit) (classRef, bool) {
	ref := classRef{rng: p.Range()}
	name := p.Name.Name
	if multi {
		mc := e.multiclasses.get(name)
		if mc == nil {
			e.failAt(p.Name.Range(), "eval-unknown-multiclass", "Couldn't find multiclass '"+name+"'")
			return ref, false
		}
		ref.rec = mc.rec
	} else {
		ref.rec = e.classID(p.Name)
		if ref.rec == nil {
			return ref, false
		}
	}
	args, ok := e.templateArgValues(p.Args, cur, ref.rec, args)
	if !ok {
		return ref, false
	}
	ref.args = args
	return ref, true
}

// classID finds a class by name, reporting it when missing.
func (e *evaluator) classID(id *tablegen.Ident) *Record {
	c := e.classes.get(id.Name)
	if c == nil {
		msg := "Couldn't find class '" + id.Name + "'"
		if e.multiclasses.get(id.Name) != nil {
			msg += ". Use 'defm' if you meant to use multiclass '" + id.Name + "'"
		}
		e.failAt(id.Range(), "eval-unknown-class", msg)
	} else if c.incomplete {
		e.failed = true // as a poisoned name (evaluator.poisoned)
		return nil
	}
	return c
}

// templateArgValues evaluates the arguments of a class reference and casts
// them to the argument types (LLVM's ParseTemplateArgValueList and
// CheckTemplateArgValues), appending them to out.
func (e *evaluator) templateArgValues(args []*tablegen.Arg, cur *Record, of *Record, out []ArgInit) ([]ArgInit, bool) {
	sep := ":"
	if e.multiclasses.get(of.NameString()) != nil && e.multiclasses.get(of.NameString()).rec == of {
		sep = "::"
	}
	named := false
	for i, a := range args {
		if i >= len(of.TemplateArgs()) {
			e.failAt(a.Range(), "eval-too-many-args", "Too many template arguments: "+strconv.Itoa(i+1))
			return nil, false
		}
		if a.Name != nil {
			q := of.NameString() + sep + a.Name.Name
			rv := of.Field(q)
			if rv == nil || !rv.TemplateArg {
				e.failAt(a.Name.Range(), "eval-unknown-arg", "Argument \""+a.Name.Name+"\" doesn't exist")
				return nil, false
			}
			v := e.value(a.Value, rv.Type, cur, false)
			if v == nil {
				return nil, false
			}
			if v == Unset {
				e.failAt(a.Value.Range(), "eval-unset-arg", "The value of named argument should be initialized, but we got '?'")
				return nil, false
			}
			c, ok := e.castArg(v, rv, a.Value.Range())
			if !ok {
				return nil, false
			}
			out = append(out, ArgInit{Index: int32(slices.Index(of.TemplateArgs(), q)), Named: true, Value: c})
			named = true
			continue
		}
		if named {
			e.failAt(a.Range(), "eval-positional-after-named", "Positional argument should be put before named argument")
			return nil, false
		}
		rv := of.Field(of.TemplateArgs()[i])
		v := e.value(a.Value, rv.Type, cur, false)
		if v == nil {
			return nil, false
		}
		c, ok := e.castArg(v, rv, a.Value.Range())
		if !ok {
			return nil, false
		}
		out = append(out, ArgInit{Index: int32(i), Value: c})
	}
	return out, true
}

func (e *evaluator) castArg(v Init, rv *RecordVal, at tablegen.Range) (Init, bool) {
	if v.Type() == nil {
		return v, true
	}
	c := castTo(e, v, rv.Type)
	if c == nil {
		e.failAt(at, "eval-type", "Value specified for template argument '"+rv.Name+"' is of type "+v.Type().String()+"; expected type "+rv.Type.String()+": "+v.String())
		return nil, false
	}
	return c, true
}

// resolveArguments hands each template argument's value (given, or the
// default) to set, and reports arguments without a value.
func (e *evaluator) resolveArguments(of *Record, args []ArgInit, at tablegen.Range, set func(name string, v Init)) bool {
	given := make([]bool, len(of.TemplateArgs()))
	for _, a := range args {
		idx := int(a.Index)
		if idx < 0 || idx >= len(given) {
			continue
		}
		if given[idx] {
			e.failAt(at, "eval-duplicate-arg", "We can only specify the template argument '"+of.TemplateArgs()[idx]+"' once")
			return false
		}
		given[idx] = true
		set(of.TemplateArgs()[idx], a.Value)
	}
	for i, n := range of.TemplateArgs() {
		if given[i] {
			continue
		}
		rv := of.Field(n)
		if rv == nil || !rv.Value.IsComplete() {
			e.failAt(at, "eval-missing-arg", "value not specified for template argument '"+n+"'",
				tablegen.Related{Range: rv.Decl, Message: "declared in '" + of.NameString() + "'"})
			return false
		}
		set(n, rv.Value)
	}
	return true
}

// addSubClass makes ref's class a parent of rec (LLVM's AddSubClass).
func (e *evaluator) addSubClass(rec *Record, ref classRef) bool {
	sc := ref.rec
	// A class's own fields have distinct names, so only those the record had
	// before can be redefined here.
	before := len(rec.Values)
	added := 0
	for i := range sc.Values {
		if f := &sc.Values[i]; !f.TemplateArg && fieldIn(rec.Values[:before], f.Name) == nil {
			added++
		}
	}
	// Grown to the exact size (not as append would): records keep their
	// fields for good.
	if need := before + added; need > cap(rec.Values) {
		rec.Values = append(make([]RecordVal, 0, need), rec.Values...)
	}
	for i := range sc.Values {
		f := &sc.Values[i]
		if f.TemplateArg {
			continue
		}
		if ex := fieldIn(rec.Values[:before], f.Name); ex != nil {
			if !ex.setValue(e, f.Value) {
				e.failAt(ref.rng, "eval-type", "New definition of '"+f.Name+"' of type '"+f.Type.String()+"' is incompatible with previous definition of type '"+ex.Type.String()+"'")
				return false
			}
			if ex.FieldDecl == f.FieldDecl {
				ex.fieldOrigin = f.fieldOrigin
			} else {
				ex.setSrc(f.Src)
			}
		} else {
			rec.Values = append(rec.Values, *f)
		}
	}
	m := e.newMap(rec)
	if !e.resolveArguments(sc, ref.args, ref.rng, m.set) {
		e.doneMap(m)
		return false
	}
	if sc.checks != nil {
		c := rec.ownChecks()
		n := len(c.asserts)
		c.asserts = append(c.asserts, sc.checks.asserts...)
		if !rec.IsClass {
			for i := n; i < len(c.asserts); i++ {
				if !c.asserts[i].use.Start.IsValid() {
					c.asserts[i].use, c.asserts[i].useName = ref.rng, sc.NameString()
				}
			}
		}
		c.dumps = append(c.dumps, sc.checks.dumps...)
	}
	var name Init
	if rec.IsClass {
		name = &VarInit{Name: rec.NameString() + ":NAME", Ty: stringType}
	} else {
		name = rec.Name
	}
	m.set(sc.NameString()+":NAME", name)
	rec.resolveWith(e, m, -1)
	e.doneMap(m)
	// Only the class itself is checked: a parent that a class already
	// listed derives from is not repeated by naming it (LLVM's
	// AddSubClass).
	if rec.isSubClassOf(sc) {
		e.failAt(ref.rng, "eval-duplicate-superclass", "Already subclass of '"+sc.NameString()+"'!")
		return false
	}
	rec.Supers = append(append(slices.Grow(rec.Supers, len(sc.Supers)+1), sc.Supers...), SuperRef{Class: sc, Range: ref.rng})
	rec.ty = nil
	return true
}

func (e *evaluator) applyLets(rec *Record) bool {
	for _, group := range e.lets {
		for _, l := range group {
			if !e.setValue(rec, l.rng, l.name, l.bits, l.value, l.src) {
				return false
			}
		}
	}
	return true
}

func (e *evaluator) applyLetsEntry(en *entry) bool {
	if en.rec != nil {
		return e.applyLets(en.rec)
	}
	if en.loop != nil {
		for i := range en.loop.entries {
			if !e.applyLetsEntry(&en.loop.entries[i]) {
				return false
			}
		}
	}
	return true
}

func (e *evaluator) addSubClassEntry(en *entry, ref classRef) bool {
	if en.rec != nil {
		return e.addSubClass(en.rec, ref)
	}
	if en.loop != nil {
		for i := range en.loop.entries {
			if !e.addSubClassEntry(&en.loop.entries[i], ref) {
				return false
			}
		}
	}
	return true
}

// objectName evaluates the name of a def or defm; nil means anonymous. In a
// multiclass a name that does not mention NAME gets NAME prepended.
func (e *evaluator) objectName(nv *tablegen.NameValue) (Init, bool) {
	if nv == nil {
		return nil, true
	}
	var cur *Record
	if e.curMC != nil {
		cur = e.curMC.rec
	}
	n := e.nameValue(nv, cur)
	if n == nil {
		return nil, false
	}
	if e.curMC != nil {
		q := e.curMC.rec.NameString() + "::NAME"
		f := &nameFinder{e: e, name: q}
		n.resolve(f)
		if !f.found {
			n = strConcat(&VarInit{Name: q, Ty: stringType}, n)
		}
	}
	return n, true
}

func (e *evaluator) def(d *tablegen.Def) {
	name, ok := e.objectName(d.Name)
	if !ok {
		return
	}
	kw := tablegen.Range{Start: d.Start(), End: d.Start() + 3}
	var rec *Record
	if name == nil {
		rec = &Record{Name: e.newAnonymousName(), Anonymous: true, firstLoc: kw, Decl: d.Range()}
	} else {
		rec = &Record{Name: name, firstLoc: defLoc(d, kw), Decl: d.Range()}
	}
	e.sizeRecord(rec, 0, d.Parents, d.Body)
	if !e.objectBody(rec, d.Parents, d.Body) || e.failed {
		return
	}
	e.addEntry(entry{rec: rec})
}

// defLoc is where a def is, as LLVM places it: at its name's first token
// when that is an identifier (def Foo, def Foo # i, def Foo<...>.x), else
// at the keyword (def "a" # i, def !strconcat(...)).
func defLoc(d *tablegen.Def, kw tablegen.Range) tablegen.Range {
	if d.Name == nil || d.Name.Operand == nil || d.Name.Operand.Simple == nil {
		return kw
	}
	s := d.Name.Operand.Simple
	if id := s.Ident(); id != nil {
		return id.Range()
	}
	if ci := s.ClassInst(); ci != nil && ci.Class != nil {
		return ci.Class.Range()
	}
	return kw
}

func (e *evaluator) defm(d *tablegen.Defm) {
	name, ok := e.objectName(d.Name)
	if !ok {
		return
	}
	if name == nil {
		anon := e.newAnonymousName()
		name = anon
		if e.curMC != nil {
			name = strConcat(&VarInit{Name: e.curMC.rec.NameString() + "::NAME", Ty: stringType}, anon)
		}
	}
	var made []entry
	i := 0
	for ; i < len(d.Parents); i++ {
		p := d.Parents[i]
		if i > 0 && e.classes.get(p.Name.Name) != nil {
			break
		}
		ref, ok := e.subClassRef(p, nil, true, make([]ArgInit, 0, len(p.Args)))
		if !ok {
			return
		}
		mc := e.multiclasses.get(p.Name.Name)
		substs := []subst{{mc.rec.NameString() + "::NAME", name}}
		if !e.resolveArguments(mc.rec, ref.args, p.Range(), func(n string, v Init) { substs = append(substs, subst{n, v}) }) {
			return
		}
		loc := p.Name.Range()
		e.resolveEntries(mc.entries, substs, e.curMC == nil && len(e.loops) == 0, &made, &loc, p.Name.Name)
		if e.failed {
			return
		}
	}
	for ; i < len(d.Parents); i++ {
		ref, ok := e.subClassRef(d.Parents[i], nil, false, make([]ArgInit, 0, len(d.Parents[i].Args)))
		if !ok {
			return
		}
		for j := range made {
			if !e.addSubClassEntry(&made[j], ref) {
				return
			}
		}
	}
	for j := range made {
		if !e.applyLetsEntry(&made[j]) {
			return
		}
		e.addEntry(made[j])
	}
}

func (e *evaluator) multiclass(m *tablegen.MultiClass) {
	h := m.Header
	name := h.Name.Name
	if e.multiclasses.get(name) != nil {
		e.failAt(h.Name.Range(), "eval-multiclass-redefined", "multiclass '"+name+"' already defined")
		return
	}
	mc := &multiClass{rec: &Record{Name: stringInit(name), firstLoc: h.Name.Range(), Decl: m.Range()}}
	e.multiclasses.set(name, mc)
	outer := e.curMC
	e.curMC = mc
	defer func() { e.curMC = outer }()
	sc := e.pushScope(scopeMultiClass)
	sc.mc = mc
	defer e.popScope(sc)
	e.sizeRecord(mc.rec, len(h.TemplateArgs), nil, nil)
	e.argsUsed = e.argsUsed[:0]
	nFailed := e.nFailed
	for _, ta := range h.TemplateArgs {
		if !e.templateArg(mc.rec, ta, name+"::") {
			return
		}
	}
	for _, p := range h.Parents {
		smc := e.multiclasses.get(p.Name.Name)
		if smc == nil {
			e.failAt(p.Name.Range(), "eval-unknown-multiclass", "Couldn't find multiclass '"+p.Name.Name+"'")
			return
		}
		args, ok := e.templateArgValues(p.Args, nil, smc.rec, make([]ArgInit, 0, len(p.Args)))
		if !ok {
			return
		}
		substs := []subst{{smc.rec.NameString() + "::NAME", &VarInit{Name: name + "::NAME", Ty: stringType}}}
		if !e.resolveArguments(smc.rec, args, p.Range(), func(n string, v Init) { substs = append(substs, subst{n, v}) }) {
			return
		}
		e.resolveEntries(smc.entries, substs, false, &mc.entries, nil, "")
	}
	if m.Body != nil {
		e.statements(m.Body.Statements)
	}
	// LLVM stops at the first statement of the body it abandons, and so
	// never checks the arguments.
	if e.nFailed == nFailed {
		e.warnUnusedArgs(mc.rec)
	}
}

func (e *evaluator) let(l *tablegen.Let) {
	var group []letRecord
	for _, it := range l.Header.Items {
		bits, ok := e.rangeList(it.Bits)
		if !ok {
			return
		}
		reverseInts(bits)
		v := e.value(it.Value, nil, nil, false)
		if v == nil {
			return
		}
		group = append(group, letRecord{name: it.Name.Name, bits: bits, value: v, rng: it.Name.Range(), src: it.Value.Range()})
	}
	e.lets = append(e.lets, group)
	sc := e.pushScope(scopeLocal)
	if l.Body != nil {
		e.statements(l.Body.Statements)
	}
	e.popScope(sc)
	e.lets = e.lets[:len(e.lets)-1]
}

func (e *evaluator) foreach(f *tablegen.Foreach) {
	h := f.Header
	kw := tablegen.Range{Start: f.Start(), End: f.Start() + 7}
	var list Init
	var iterTy *Type
	switch {
	case len(h.Ranges) > 0 || h.Range != nil:
		pieces := h.Ranges
		if h.Range != nil {
			pieces = []*tablegen.RangePiece{h.Range}
		}
		ints, ok := e.rangeList(pieces)
		if !ok {
			return
		}
		elems := make([]Init, len(ints))
		for i, n := range ints {
			elems[i] = intInit(int64(n))
		}
		iterTy = intType
		list = &ListInit{Elem: intType, Elems: elems}
	case h.List != nil:
		v := e.value(h.List, nil, nil, false)
		if v == nil {
			return
		}
		t := v.Type()
		if t == nil || t.Kind != ListKind {
			e.failAt(h.List.Range(), "eval-foreach-list", "expected a list, got '"+v.String()+"'")
			return
		}
		iterTy, list = t.Elem, v
	}
	loop := &foreachLoop{rng: kw, iter: &VarInit{Name: h.Name.Name, Ty: iterTy}, list: list}
	e.loopBody(loop, f.Body, scopeLoop)
	if e.failed {
		return
	}
	e.addEntry(entry{loop: loop})
}

func (e *evaluator) loopBody(loop *foreachLoop, body *tablegen.Block, kind scopeKind) {
	sc := e.pushScope(kind)
	sc.loop = loop
	e.loops = append(e.loops, loop)
	if body != nil {
		e.statements(body.Statements)
	}
	e.loops = e.loops[:len(e.loops)-1]
	e.popScope(sc)
}

func (e *evaluator) ifStmt(s *tablegen.If) {
	cond := e.value(s.Header.Cond, nil, nil, false)
	if cond == nil {
		return
	}
	kw := tablegen.Range{Start: s.Start(), End: s.Start() + 2}
	one := &ListInit{Elem: bitType, Elems: []Init{trueInit}}
	none := &ListInit{Elem: bitType}
	ty := listType(bitType)
	then := &foreachLoop{rng: kw, list: foldTernOp(e, &TernOpInit{Op: opIf, LHS: cond, MHS: one, RHS: none, Ty: ty}, nil)}
	e.loopBody(then, s.Then, scopeLocal)
	e.addEntry(entry{loop: then})
	if s.Else != nil {
		els := &foreachLoop{rng: kw, list: foldTernOp(e, &TernOpInit{Op: opIf, LHS: cond, MHS: none, RHS: one, Ty: ty}, nil)}
		e.loopBody(els, s.Else, scopeLocal)
		e.addEntry(entry{loop: els})
	}
}

func (e *evaluator) defset(d *tablegen.Defset) {
	h := d.Header
	t := e.parseType(h.Type)
	if t == nil {
		return
	}
	if t.Kind != ListKind {
		e.failAt(h.Type.Range(), "eval-defset-type", "expected a list type")
		return
	}
	name := h.Name.Name
	if e.global(name) != nil {
		e.failAt(h.Name.Range(), "eval-redefined", "def or global variable of this name already exists")
		return
	}
	ds := &defsetRecord{elem: t.Elem}
	e.defsets = append(e.defsets, ds)
	if d.Body != nil {
		e.statements(d.Body.Statements)
	}
	e.defsets = e.defsets[:len(e.defsets)-1]
	e.globals.set(name, &ListInit{Elem: t.Elem, Elems: ds.elems})
}

func (e *evaluator) deftype(d *tablegen.Deftype) {
	name := d.Name.Name
	if e.classes.get(name) != nil || e.aliases.get(name) != nil {
		e.failAt(d.Name.Range(), "eval-redefined", "type of this name '"+name+"' already exists")
		return
	}
	t := e.parseType(d.Type)
	if t == nil {
		return
	}
	e.aliases.set(name, t)
}

func (e *evaluator) defvar(d *tablegen.Defvar, rec *Record) bool {
	name := d.Name.Name
	if _, ok := e.scope.vars[name]; ok {
		e.failAt(d.Name.Range(), "eval-redefined", "local variable of this name already exists")
		return false
	}
	if rec != nil {
		if rv := rec.Field(name); rv != nil && !rv.TemplateArg {
			e.failAt(d.Name.Range(), "eval-redefined", "field of this name already exists")
			return false
		}
	}
	outermost := e.scope.parent == nil
	if outermost && e.global(name) != nil {
		e.failAt(d.Name.Range(), "eval-redefined", "def or global variable of this name already exists")
		return false
	}
	v := e.value(d.Value, nil, rec, false)
	if v == nil {
		return false
	}
	if outermost {
		e.globals.set(name, v)
	} else {
		if e.scope.vars == nil {
			e.scope.vars = map[string]Init{}
		}
		e.scope.vars[name] = v
	}
	return true
}

func (e *evaluator) assertStmt(a *tablegen.Assert, rec *Record) bool {
	c := e.value(a.Cond, nil, rec, false)
	if c == nil {
		return false
	}
	m := e.value(a.Message, nil, rec, false)
	if m == nil {
		return false
	}
	as := assertion{rng: a.Cond.Range(), cond: c, msg: m}
	if rec != nil {
		c := rec.ownChecks()
		c.asserts = append(c.asserts, as)
	} else {
		e.addEntry(entry{assert: &as})
	}
	return true
}

func (e *evaluator) dumpStmt(d *tablegen.Dump, rec *Record) bool {
	m := e.value(d.Value, nil, rec, false)
	if m == nil {
		return false
	}
	// A def is dumped as !repr prints it (LLVM's ParseDump).
	if di, ok := m.(*DefInit); ok {
		m = stringInit(printRecord(di.Rec))
	}
	kw := tablegen.Range{Start: d.Start(), End: d.Start() + 4}
	de := dumpEntry{rng: kw, msg: m}
	if rec != nil {
		c := rec.ownChecks()
		c.dumps = append(c.dumps, de)
	} else {
		e.addEntry(entry{dump: &de})
	}
	return true
}

func reverseInts(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// rangeList expands range pieces `5`, `0-7`, `0...7` into integers.
func (e *evaluator) rangeList(pieces []*tablegen.RangePiece) ([]int, bool) {
	var out []int
	for _, p := range pieces {
		start, err := parseInt(p.Start)
		if err != nil {
			e.failAt(p.Range(), "eval-range", "invalid range start '"+p.Start+"'")
			return nil, false
		}
		if p.End == "" {
			if start < 0 {
				e.failAt(p.Range(), "eval-range", "invalid range, cannot be negative")
				return nil, false
			}
			out = append(out, int(start))
			continue
		}
		end, err := parseInt(p.End)
		if err != nil {
			e.failAt(p.Range(), "eval-range", "invalid range end '"+p.End+"'")
			return nil, false
		}
		if p.Sep == "" {
			end = -end // "0-7" lexes as 0 and -7
		}
		if start < 0 || end < 0 {
			e.failAt(p.Range(), "eval-range", "invalid range, cannot be negative")
			return nil, false
		}
		n := end - start
		if n < 0 {
			n = -n
		}
		if int(n)+len(out) > maxListLen {
			e.failAt(p.Range(), "eval-range", "range is too long")
			return nil, false
		}
		if start <= end {
			for i := start; i <= end; i++ {
				out = append(out, int(i))
			}
		} else {
			for i := start; i >= end; i-- {
				out = append(out, int(i))
			}
		}
	}
	return out, true
}
