package analysis

import (
	"context"
	"slices"
	"sort"

	"tdls/tablegen"
)

// resolver finds, for every name written in one file, what it refers to,
// following TableGen's lookup order: local variables and the current
// record's fields (own, then inherited), template arguments, global
// defvars, then records. It works from the syntax and the unit's globals,
// so navigation works while the file does not evaluate.
type resolver struct {
	u     *Unit
	g     *globals
	refs  []Ref
	calls []Call
}

// Call is an instantiation of a class or multiclass with template
// arguments: a parent `C<...>`, a value `C<...>`, or a defm parent.
type Call struct {
	Owner string
	Name  tablegen.Range // of the class name
	Args  []*tablegen.Arg
	End   tablegen.Pos // of the whole instantiation
}

type fileRefs struct {
	refs  []Ref
	calls []Call
}

// rscope is one level of names: locals, a record body, a multiclass.
type rscope struct {
	parent *rscope
	names  map[string]*Decl
	rec    *recordScope
}

// recordScope is a class or def body being resolved.
type recordScope struct {
	name    string
	own     map[string]*Decl // fields declared so far in the body
	parents []*tablegen.ClassRef
}

func newRScope(parent *rscope) *rscope { return &rscope{parent: parent, names: map[string]*Decl{}} }

// Refs returns every resolved name occurrence written in path, in order;
// none and an error when ctx ended first.
func (u *Unit) Refs(ctx context.Context, path string) ([]Ref, error) {
	fr, err := u.resolved(ctx, path)
	if err != nil {
		return nil, err
	}
	return fr.refs, nil
}

// Calls returns the class instantiations written in path, in order; none
// and an error when ctx ended first.
func (u *Unit) Calls(ctx context.Context, path string) ([]Call, error) {
	fr, err := u.resolved(ctx, path)
	if err != nil {
		return nil, err
	}
	return fr.calls, nil
}

// resolved resolves the names of a whole file once; the work stops when
// ctx ends (resolving 10 MB takes half a second), and is not kept then:
// with an error the result is nil (jobMap), so a caller reads it only
// after checking the error.
func (u *Unit) resolved(ctx context.Context, path string) (*fileRefs, error) {
	f := u.File(path)
	if f == nil {
		return &fileRefs{}, nil
	}
	return u.refs.get(ctx, f.Name, func(ctx context.Context) (*fileRefs, error) {
		return u.resolve(ctx, u.statementsOf(f))
	})
}

// resolve resolves top-level statements; each depends on the unit's
// globals only, not on the statements around it.
func (u *Unit) resolve(ctx context.Context, stmts []*tablegen.Statement) (*fileRefs, error) {
	r := &resolver{u: u, g: u.globals()}
	for i, st := range stmts {
		if i%256 == 0 && ctx.Err() != nil {
			return &fileRefs{}, ctx.Err()
		}
		r.statement(st, nil)
	}
	sort.SliceStable(r.refs, func(i, j int) bool { return r.refs[i].Range.Start < r.refs[j].Range.Start })
	sort.SliceStable(r.calls, func(i, j int) bool { return r.calls[i].Name.Start < r.calls[j].Name.Start })
	return &fileRefs{r.refs, r.calls}, nil
}

// refsAround returns the resolved occurrences of path that include every
// one at p: the whole file's when they are at hand, otherwise those of the
// top-level statements spanning p, so that a position request on a large
// file resolves one statement, not the file. In a unit parsed file by file
// the tokens of a statement lie in its file, between its start and end, so
// the statements spanning p hold every name at p; a unit parsed as one
// stream (an include inside a statement) may have statements crossing
// files, and resolves the whole file.
func (u *Unit) refsAround(path string, p tablegen.Pos) []Ref {
	f := u.File(path)
	if f == nil {
		return nil
	}
	if fr, ok := u.refs.peek(f.Name); ok {
		return fr.refs
	}
	if u.FullParse {
		refs, _ := u.Refs(context.Background(), path)
		return refs
	}
	var spanning []*tablegen.Statement
	for _, st := range u.statementsOf(f) {
		if r := st.Range(); r.Start <= p && p <= r.End {
			spanning = append(spanning, st)
		}
	}
	fr, _ := u.resolve(context.Background(), spanning) // one statement or two
	return fr.refs
}

// RefAt returns the occurrence at p in the file of v (start <= p <= end).
func (v *FileView) RefAt(p tablegen.Pos) (Ref, bool) {
	refs := v.Unit.refsAround(v.Path, p)
	i := sort.Search(len(refs), func(i int) bool { return refs[i].Range.End >= p })
	for ; i < len(refs) && refs[i].Range.Start <= p; i++ {
		if refs[i].Range.End >= p {
			return refs[i], true
		}
	}
	return Ref{}, false
}

func (r *resolver) add(id *tablegen.Ident, d *Decl, role RefRole) {
	if id != nil && d != nil {
		r.refs = append(r.refs, Ref{Range: id.Range(), Decl: d, Role: role})
	}
}

func (r *resolver) lookup(name string, sc *rscope) *Decl {
	for s := sc; s != nil; s = s.parent {
		if s.rec != nil {
			if d := s.rec.own[name]; d != nil {
				return d
			}
			if d := r.g.fieldOfParents(s.rec.parents, name); d != nil {
				return d
			}
		}
		if d := s.names[name]; d != nil {
			return d
		}
	}
	if d := r.g.defvars[name]; d != nil {
		return d
	}
	if d := r.g.record(name); d != nil {
		return d
	}
	if d := r.g.defsets[name]; d != nil {
		return d
	}
	return &Decl{Kind: DeclRecord, Name: name}
}

func (r *resolver) statements(stmts []*tablegen.Statement, sc *rscope) {
	for _, st := range stmts {
		r.statement(st, sc)
	}
}

func (r *resolver) block(b *tablegen.Block, sc *rscope) {
	if b != nil {
		r.statements(b.Statements, sc)
	}
}

func (r *resolver) statement(st *tablegen.Statement, sc *rscope) {
	if st == nil {
		return
	}
	g, u := r.g, r.u
	switch {
	case st.Class() != nil:
		c := st.Class()
		if c.Name == nil {
			return
		}
		decl := u.declAt(DeclClass, c.Name, st.Range())
		if ci := g.classes[c.Name.Name]; ci != nil {
			decl = ci.decl
		}
		r.add(c.Name, decl, RoleDecl)
		inner := newRScope(sc)
		for _, a := range c.TemplateArgs {
			if a == nil || a.Name == nil {
				continue
			}
			r.typ(a.Type)
			r.value(a.Default, inner)
			d := g.templateArg(c.Name.Name, a.Name.Name)
			if d == nil || d.Range != a.Name.Range() {
				d = u.declAt(DeclTemplateArg, a.Name, a.Range())
				d.Owner, d.TArg = c.Name.Name, a
			}
			inner.names[a.Name.Name] = d
			r.add(a.Name, d, RoleDecl)
		}
		// Parent arguments see the fields of the parents before them.
		rec := newRScope(inner)
		rec.rec = &recordScope{name: c.Name.Name, own: map[string]*Decl{}, parents: c.Parents}
		r.parents(c.Parents, rec, false)
		r.body(c.Body, rec, c.Name.Name)
	case st.Def() != nil:
		d := st.Def()
		name := ""
		if id := plainName(d.Name); id != nil && id.Name != "NAME" {
			name = id.Name
			decl := g.record(id.Name)
			if decl == nil || decl.Range != id.Range() {
				decl = u.declAt(DeclRecord, id, st.Range())
				decl.Def = d
			}
			r.add(id, decl, RoleDecl)
		} else if d.Name != nil {
			r.nameValue(d.Name, sc)
			r.computedName(d, st.Range(), sc)
		}
		rec := newRScope(sc)
		rec.rec = &recordScope{name: name, own: map[string]*Decl{}, parents: d.Parents}
		r.parents(d.Parents, rec, false)
		r.body(d.Body, rec, name)
	case st.Defm() != nil:
		d := st.Defm()
		if id := plainName(d.Name); id != nil && id.Name != "NAME" {
			decl := u.declAt(DeclRecord, id, st.Range())
			decl.Defm = d
			r.add(id, decl, RoleDecl)
		} else if d.Name != nil {
			r.nameValue(d.Name, sc)
		}
		r.parents(d.Parents, sc, true)
	case st.Defvar() != nil:
		dv := st.Defvar()
		r.value(dv.Value, sc)
		if dv.Name == nil {
			return
		}
		decl := g.defvars[dv.Name.Name]
		if sc != nil || decl == nil || decl.Range != dv.Name.Range() {
			decl = u.declAt(DeclDefvar, dv.Name, st.Range())
			decl.Defvar = dv
		}
		if sc != nil {
			sc.names[dv.Name.Name] = decl
		}
		r.add(dv.Name, decl, RoleDecl)
	case st.Deftype() != nil:
		if st.Deftype().Name != nil {
			decl := g.deftypes[st.Deftype().Name.Name]
			if decl == nil {
				decl = u.declAt(DeclDeftype, st.Deftype().Name, st.Range())
			}
			r.add(st.Deftype().Name, decl, RoleDecl)
		}
		r.typ(st.Deftype().Type)
	case st.Assert() != nil:
		r.value(st.Assert().Cond, sc)
		r.value(st.Assert().Message, sc)
	case st.Dump() != nil:
		r.value(st.Dump().Value, sc)
	case st.Defset() != nil:
		if h := st.Defset().Header; h != nil {
			r.typ(h.Type)
			if h.Name != nil {
				decl := g.defsets[h.Name.Name]
				if decl == nil {
					decl = u.declAt(DeclDefset, h.Name, st.Range())
				}
				r.add(h.Name, decl, RoleDecl)
			}
		}
		r.block(st.Defset().Body, sc)
	case st.MultiClass() != nil:
		inner := newRScope(sc)
		if h := st.MultiClass().Header; h != nil && h.Name != nil {
			if mi := g.multiclass[h.Name.Name]; mi != nil {
				r.add(h.Name, mi.decl, RoleDecl)
			}
			for _, a := range h.TemplateArgs {
				if a == nil || a.Name == nil {
					continue
				}
				r.typ(a.Type)
				r.value(a.Default, inner)
				d := g.templateArg(h.Name.Name, a.Name.Name)
				if d == nil {
					d = u.declAt(DeclTemplateArg, a.Name, a.Range())
					d.Owner, d.TArg = h.Name.Name, a
				}
				inner.names[a.Name.Name] = d
				r.add(a.Name, d, RoleDecl)
			}
			for _, p := range h.Parents {
				if p != nil && p.Name != nil {
					if mi := g.multiclass[p.Name.Name]; mi != nil {
						r.add(p.Name, mi.decl, RoleUse)
					}
					r.args(p.Name.Name, p.Args, inner)
				}
			}
		}
		r.block(st.MultiClass().Body, inner)
	case st.Let() != nil:
		if h := st.Let().Header; h != nil {
			for _, it := range h.Items {
				if it == nil || it.Name == nil {
					continue
				}
				r.value(it.Value, sc)
				if ds := r.letTargets(st.Let().Body, it.Name.Name, nil); len(ds) > 0 {
					r.refs = append(r.refs, Ref{Range: it.Name.Range(), Decl: ds[0], Role: RoleLet, Also: ds[1:]})
				}
			}
		}
		r.block(st.Let().Body, sc)
	case st.Foreach() != nil:
		inner := newRScope(sc)
		if h := st.Foreach().Header; h != nil {
			r.value(h.List, sc)
			if h.Name != nil {
				d := u.declAt(DeclForeachVar, h.Name, h.Node.Range())
				inner.names[h.Name.Name] = d
				r.add(h.Name, d, RoleDecl)
			}
		}
		r.block(st.Foreach().Body, inner)
	case st.If() != nil:
		if h := st.If().Header; h != nil {
			r.value(h.Cond, sc)
		}
		r.block(st.If().Then, newRScope(sc))
		r.block(st.If().Else, newRScope(sc))
	}
}

// parents resolves a parent list; in a defm, a parent is a multiclass or a
// class.
func (r *resolver) parents(ps []*tablegen.ClassRef, sc *rscope, defm bool) {
	if sc != nil && sc.rec != nil {
		all := sc.rec.parents
		defer func() { sc.rec.parents = all }()
	}
	for i, p := range ps {
		if sc != nil && sc.rec != nil {
			sc.rec.parents = ps[:i] // the fields of the parents before this one
		}
		if p == nil || p.Name == nil {
			continue
		}
		r.calls = append(r.calls, Call{Owner: p.Name.Name, Name: p.Name.Range(), Args: p.Args, End: p.Range().End})
		if mi := r.g.multiclass[p.Name.Name]; defm && mi != nil {
			r.add(p.Name, mi.decl, RoleUse)
		} else if ci := r.g.classes[p.Name.Name]; ci != nil {
			r.add(p.Name, ci.decl, RoleUse)
		}
		r.args(p.Name.Name, p.Args, sc)
	}
}

// args resolves template argument values, and the names of named ones.
func (r *resolver) args(owner string, as []*tablegen.Arg, sc *rscope) {
	for _, a := range as {
		if a == nil {
			continue
		}
		if a.Name != nil {
			if d := r.g.templateArg(owner, a.Name.Name); d != nil {
				r.add(a.Name, d, RoleUse)
			}
		}
		r.value(a.Value, sc)
	}
}

func (r *resolver) body(b *tablegen.Body, sc *rscope, owner string) {
	if b == nil {
		return
	}
	rec := sc.rec
	for _, it := range b.Items {
		switch {
		case it == nil:
		case it.Field != nil:
			f := it.Field
			r.typ(f.Type)
			if f.Name != nil {
				if d := r.g.fieldOfParents(rec.parents, f.Name.Name); d != nil {
					r.add(f.Name, d, RoleLet) // a redeclaration sets the inherited field
				} else {
					d := rec.own[f.Name.Name]
					if d == nil {
						d = r.ownField(owner, f, it.Range())
						rec.own[f.Name.Name] = d
						r.add(f.Name, d, RoleDecl)
					} else {
						r.add(f.Name, d, RoleLet)
					}
				}
			}
			r.value(f.Value, sc)
		case it.Let != nil:
			if it.Let.Name != nil {
				if d := r.lookupField(rec, it.Let.Name.Name); d != nil {
					r.add(it.Let.Name, d, RoleLet)
				}
			}
			r.value(it.Let.Value, sc)
		case it.Defvar != nil:
			r.value(it.Defvar.Value, sc)
			if it.Defvar.Name != nil {
				d := r.u.declAt(DeclDefvar, it.Defvar.Name, it.Range())
				d.Defvar = it.Defvar
				sc.names[it.Defvar.Name.Name] = d
				r.add(it.Defvar.Name, d, RoleDecl)
			}
		case it.Assert != nil:
			r.value(it.Assert.Cond, sc)
			r.value(it.Assert.Message, sc)
		case it.Dump != nil:
			r.value(it.Dump.Value, sc)
		}
	}
}

// ownField is the Decl of a field declared in a body: the globals' one for
// a class, a new one for a def.
func (r *resolver) ownField(owner string, f *tablegen.FieldDecl, item tablegen.Range) *Decl {
	if ci := r.g.classes[owner]; ci != nil {
		if d := ci.fields[f.Name.Name]; d != nil && d.Range == f.Name.Range() {
			return d
		}
	}
	d := r.u.declAt(DeclField, f.Name, item)
	d.Owner, d.Field = owner, f
	return d
}

func (r *resolver) lookupField(rec *recordScope, name string) *Decl {
	if d := rec.own[name]; d != nil {
		return d
	}
	return r.g.fieldOfParents(rec.parents, name)
}

// letTargets finds the fields a top-level `let name` sets: for each
// record of the block that has the field, in order, its declaration, each
// declaration once (the records may get the field from different classes).
func (r *resolver) letTargets(b *tablegen.Block, name string, out []*Decl) []*Decl {
	if b == nil {
		return out
	}
	for _, st := range b.Statements {
		if st == nil {
			continue
		}
		var d *Decl
		switch {
		case st.Class() != nil && st.Class().Name != nil:
			d = r.g.fieldOf(st.Class().Name.Name, name)
		case st.Def() != nil:
			d = r.g.fieldOfParents(st.Def().Parents, name)
			if d == nil && st.Def().Body != nil {
				for _, it := range st.Def().Body.Items {
					if it != nil && it.Field != nil && it.Field.Name != nil && it.Field.Name.Name == name {
						d = r.ownField("", it.Field, it.Range())
					}
				}
			}
		case st.Defm() != nil:
			d = r.g.fieldOfParents(st.Defm().Parents, name)
		case st.Let() != nil:
			out = r.letTargets(st.Let().Body, name, out)
		case st.Foreach() != nil:
			out = r.letTargets(st.Foreach().Body, name, out)
		case st.Defset() != nil:
			out = r.letTargets(st.Defset().Body, name, out)
		case st.If() != nil:
			out = r.letTargets(st.If().Then, name, out)
			out = r.letTargets(st.If().Else, name, out)
		case st.MultiClass() != nil:
			out = r.letTargets(st.MultiClass().Body, name, out)
		}
		if d != nil && !slices.ContainsFunc(out, func(o *Decl) bool { return o.Key() == d.Key() }) {
			out = append(out, d)
		}
	}
	return out
}

func (r *resolver) typ(t *tablegen.Type) {
	for ; t != nil; t = t.List {
		if t.Class != nil {
			if ci := r.g.classes[t.Class.Name]; ci != nil {
				r.add(t.Class, ci.decl, RoleUse)
			} else if d := r.g.deftypes[t.Class.Name]; d != nil {
				r.add(t.Class, d, RoleUse)
			}
		}
	}
}

func (r *resolver) nameValue(n *tablegen.NameValue, sc *rscope) {
	for _, op := range n.Operands() {
		if op == nil || op.Simple == nil {
			continue
		}
		if id := op.Simple.Ident(); id != nil {
			if id.Name != "NAME" {
				if d := r.lookup(id.Name, sc); d.Placed() {
					r.add(id, d, RoleUse)
				}
			}
			continue
		}
		r.simple(op.Simple, sc)
	}
}

// computedName makes the literal identifiers of a def's computed name
// (Enc in `def Enc # i`, which LLVM reads as the string "Enc", and NAME
// in a multiclass's `def NAME # _x`) name the records the def makes: the
// evaluation places them (placeByEvaluation).
func (r *resolver) computedName(d *tablegen.Def, stmt tablegen.Range, sc *rscope) {
	var made *Decl
	for _, op := range d.Name.Operands() {
		if op == nil || op.Simple == nil {
			continue
		}
		id := op.Simple.Ident()
		if id == nil || id.Name != "NAME" && r.lookup(id.Name, sc).Placed() {
			continue
		}
		if made == nil {
			// Named by its text (unplaced decls are keyed by name), which
			// no def can be called.
			name := "def " + id.Name
			if f := r.u.TG.Set.File(d.Name.Start()); f != nil {
				name = "def " + string(f.Slice(d.Name.Range()))
			}
			made = &Decl{Kind: DeclRecord, Name: name, Def: d, Stmt: stmt}
		}
		r.add(id, made, RoleDecl)
	}
}

func (r *resolver) value(v *tablegen.Value, sc *rscope) {
	if v == nil {
		return
	}
	r.suffixed(&v.Operand, sc)
	for _, p := range v.Pastes() {
		if p != nil {
			r.suffixed(p.Operand, sc)
		}
	}
}

func (r *resolver) suffixed(s *tablegen.SuffixedValue, sc *rscope) {
	if s == nil {
		return
	}
	base := r.simple(s.Simple, sc)
	ty := declType(base) // the type of the value so far, when known
	cls := r.classOf(base)
	for _, x := range s.Suffixes() {
		if x == nil {
			continue
		}
		for _, e := range x.Slice {
			if e != nil {
				r.value(e.Start, sc)
				r.value(e.End, sc)
			}
		}
		if x.Field == nil {
			// One element of a list<T> is a T.
			cls, base = "", nil
			if len(x.Slice) == 1 && x.Slice[0] != nil && x.Slice[0].End == nil && ty != nil {
				ty = ty.List
				cls = typeClass(ty)
			} else {
				ty = nil
			}
			continue
		}
		var f *Decl
		if base != nil {
			f = r.memberOf(base, x.Field.Name)
		} else if cls != "" {
			f = r.g.fieldOf(cls, x.Field.Name)
		}
		if f != nil {
			via := cls
			if base != nil && base.Kind == DeclRecord && base.Def != nil {
				via = base.Name
			}
			r.refs = append(r.refs, Ref{Range: x.Field.Range(), Decl: f, Role: RoleUse, Via: via})
		} else if base != nil && base.Kind == DeclRecord && !base.Placed() {
			// A field of a record only the evaluator places.
			r.add(x.Field, &Decl{Kind: DeclField, Name: x.Field.Name, Owner: base.Name}, RoleUse)
		}
		base, ty = f, declType(f)
		cls = r.classOf(f)
	}
}

// declType returns the declared type of a template argument, field or
// !foreach variable.
func declType(d *Decl) *tablegen.Type {
	switch {
	case d == nil:
	case d.TArg != nil:
		return d.TArg.Type
	case d.Field != nil:
		return d.Field.Type
	case d.ElemType != nil:
		return d.ElemType
	}
	return nil
}

func typeClass(t *tablegen.Type) string {
	if t != nil && t.Class != nil {
		return t.Class.Name
	}
	return ""
}

// classOf returns the class whose fields base has, when it is a class.
func (r *resolver) classOf(base *Decl) string {
	if base != nil && base.Kind == DeclClass {
		return base.Name
	}
	return typeClass(declType(base))
}

// memberOf returns field name of what base refers to: a def's field, or a
// field of the class a template argument, field or defvar is typed with.
func (r *resolver) memberOf(base *Decl, name string) *Decl {
	if base == nil {
		return nil
	}
	switch {
	case base.Kind == DeclRecord && base.Def != nil:
		if base.Def.Body != nil {
			for _, it := range base.Def.Body.Items {
				if it != nil && it.Field != nil && it.Field.Name != nil && it.Field.Name.Name == name {
					return r.ownField("", it.Field, it.Range())
				}
			}
		}
		return r.g.fieldOfParents(base.Def.Parents, name)
	case base.Kind == DeclClass:
		return r.g.fieldOf(base.Name, name)
	case typeClass(declType(base)) != "":
		return r.g.fieldOf(typeClass(declType(base)), name)
	case base.Defvar != nil && base.Defvar.Value != nil:
		if s := &base.Defvar.Value.Operand; s.Simple != nil && s.Simple.ClassInst() != nil && s.Simple.ClassInst().Class != nil && len(s.Suffixes()) == 0 {
			return r.g.fieldOf(s.Simple.ClassInst().Class.Name, name)
		}
	}
	return nil
}

// simple resolves a simple value and returns what it refers to when it is
// a name or a class instance (for a following .field).
func (r *resolver) simple(s *tablegen.SimpleValue, sc *rscope) *Decl {
	if s == nil {
		return nil
	}
	switch x := s.Expr.(type) {
	case *tablegen.Ident:
		if x.Name == "NAME" {
			return nil
		}
		d := r.lookup(x.Name, sc)
		r.add(x, d, RoleUse)
		return d
	case *tablegen.BitsInit:
		r.values(x.Values, sc)
	case *tablegen.ListInit:
		r.values(x.Values, sc)
		r.typ(x.ElemType)
	case *tablegen.DagInit:
		r.dagArg(x.Operator, sc)
		for _, a := range x.Args {
			r.dagArg(a, sc)
		}
	case *tablegen.BangOp:
		r.bang(x, sc)
		switch {
		case x.Op == "!cast" && x.Type != nil && x.Type.Class != nil:
			// !cast<C>(v).field: a field of class C.
			if info := r.g.classes[x.Type.Class.Name]; info != nil {
				return info.decl
			}
		case x.Op == "!head" && len(x.Args) == 1 && x.Args[0] != nil:
			// !head(list).field: a field of the element.
			if t := r.elemType(x.Args[0].Value, sc); t != nil {
				return &Decl{Kind: DeclLocal, ElemType: t}
			}
		}
	case *tablegen.ClassInst:
		if x.Class == nil {
			return nil
		}
		r.calls = append(r.calls, Call{Owner: x.Class.Name, Name: x.Class.Range(), Args: x.Args, End: x.Range().End})
		info := r.g.classes[x.Class.Name]
		if info != nil {
			r.add(x.Class, info.decl, RoleUse)
		}
		r.args(x.Class.Name, x.Args, sc)
		if info != nil {
			return info.decl
		}
	}
	return nil
}

func (r *resolver) values(vs []*tablegen.Value, sc *rscope) {
	for _, v := range vs {
		r.value(v, sc)
	}
}

func (r *resolver) dagArg(a *tablegen.DagArg, sc *rscope) {
	if a != nil {
		r.value(a.Value, sc)
	}
}

// bang resolves an operator application; !foreach, !filter and !foldl bind
// names visible in their last argument.
func (r *resolver) bang(b *tablegen.BangOp, sc *rscope) {
	r.typ(b.Type)
	var binders []int
	arity := 0
	switch b.Op {
	case "!foreach", "!filter":
		binders, arity = []int{0}, 3
	case "!foldl":
		binders, arity = []int{2, 3}, 5
	}
	inner := sc
	if arity > 0 && len(b.Args) == arity {
		inner = newRScope(sc)
	}
	for i, a := range b.Args {
		if a == nil {
			continue
		}
		if inner != sc && isBinder(binders, i) {
			if id := identOf(a.Value); id != nil {
				d := r.u.declAt(DeclLocal, id, a.Range())
				// !foreach(x, list, ...), !filter(x, list, ...),
				// !foldl(init, list, acc, x, ...): x is an element.
				if elem := (b.Op == "!foldl" && i == 3) || i == 0; elem && b.Args[1] != nil {
					d.ElemType = r.elemType(b.Args[1].Value, sc)
				}
				inner.names[id.Name] = d
				r.add(id, d, RoleDecl)
				continue
			}
		}
		use := sc
		if inner != sc && i == len(b.Args)-1 {
			use = inner
		}
		r.value(a.Value, use)
		r.value(a.Then, use)
	}
}

// elemType returns T when v is of type list<T> as the syntax tells: a
// name or a field of one declared list<T>, !tail and the like of one, or
// a list literal (or a defvar bound to one) typed []<T>, whose first
// element instantiates class T or is a def of the one class T.
func (r *resolver) elemType(v *tablegen.Value, sc *rscope) *tablegen.Type {
	if id := identOf(v); id != nil {
		d := r.lookup(id.Name, sc)
		if t := declType(d); t != nil {
			return t.List
		}
		if d.Defvar != nil {
			v = d.Defvar.Value
		}
	}
	if v == nil || len(v.Pastes()) > 0 || v.Operand.Simple == nil {
		return nil
	}
	// !tail(l), !listconcat(l, ...), !listremove(l, ...), !filter(x, l, ...):
	// l's elements.
	if b := v.Operand.Simple.Bang(); b != nil && len(v.Operand.Suffixes()) == 0 {
		arg := 0
		switch b.Op {
		case "!tail", "!listconcat", "!listremove":
		case "!filter":
			arg = 1
		default:
			return nil
		}
		if len(b.Args) > arg && b.Args[arg] != nil {
			return r.elemType(b.Args[arg].Value, sc)
		}
		return nil
	}
	if sfx := v.Operand.Suffixes(); len(sfx) > 0 {
		// enum.enumerants: a field of a name, declared list<T>.
		id := v.Operand.Simple.Ident()
		if id == nil {
			return nil
		}
		d := r.lookup(id.Name, sc)
		for _, x := range sfx {
			if x == nil || x.Field == nil {
				return nil
			}
			if d = r.memberOf(d, x.Field.Name); d == nil {
				return nil
			}
		}
		if t := declType(d); t != nil {
			return t.List
		}
		return nil
	}
	l := v.Operand.Simple.List()
	switch {
	case l == nil:
		return nil
	case l.ElemType != nil:
		return l.ElemType
	case len(l.Values) > 0 && l.Values[0] != nil && len(l.Values[0].Operand.Suffixes()) == 0 && l.Values[0].Operand.Simple != nil:
		first := l.Values[0].Operand.Simple
		if ci := first.ClassInst(); ci != nil && ci.Class != nil {
			return &tablegen.Type{Node: ci.Class.Node, Class: ci.Class}
		}
		// A def of one class: [Foo] after def Foo : C<...>.
		if id := first.Ident(); id != nil {
			if d := r.lookup(id.Name, sc); d.Kind == DeclRecord && d.Def != nil && len(d.Def.Parents) == 1 && d.Def.Parents[0] != nil && d.Def.Parents[0].Name != nil {
				c := d.Def.Parents[0].Name
				return &tablegen.Type{Node: c.Node, Class: c}
			}
		}
	}
	return nil
}

func isBinder(bs []int, i int) bool {
	for _, b := range bs {
		if b == i {
			return true
		}
	}
	return false
}

// identOf returns the identifier a value consists of, or nil.
func identOf(v *tablegen.Value) *tablegen.Ident {
	if v == nil || len(v.Pastes()) > 0 || len(v.Operand.Suffixes()) > 0 || v.Operand.Simple == nil {
		return nil
	}
	return v.Operand.Simple.Ident()
}
