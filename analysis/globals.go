package analysis

import (
	"runtime"
	"sort"
	"strings"
	"sync"

	"tdls/tablegen"
)

// globals is what a unit declares at the top level, found from the syntax:
// classes (with their fields and template arguments), multiclasses, defs
// written with a plain name, defsets, defvars and deftypes.
type globals struct {
	u          *Unit
	classes    map[string]*classInfo
	multiclass map[string]*multiclassInfo
	defsets    map[string]*Decl
	defvars    map[string]*Decl
	deftypes   map[string]*Decl
	classOrder []*classInfo
	// recordStmts are the statements of the defs written with a plain
	// name; their declarations are made when asked for (record): a
	// generated file has a million defs, and a request reads a few of them.
	recordStmts recordTable

	mu     sync.Mutex
	fields map[[2]string]*Decl // (class, field) -> declaration, memo of fieldOf

	recordsMu sync.Mutex
	records   map[string]*Decl // memo of record
}

type classInfo struct {
	decl    *Decl
	fields  map[string]*Decl // declared in the class's own body
	targs   []*Decl
	parents []*tablegen.ClassRef
}

type multiclassInfo struct {
	decl  *Decl
	targs []*Decl
}

// globals returns the unit's top-level declarations, computed once.
func (u *Unit) globals() *globals {
	return u.decls.get(func() *globals {
		g := &globals{u: u, classes: map[string]*classInfo{}, multiclass: map[string]*multiclassInfo{},
			records: map[string]*Decl{}, defsets: map[string]*Decl{}, defvars: map[string]*Decl{},
			deftypes: map[string]*Decl{}, fields: map[[2]string]*Decl{}}
		// The unit's statements are walked in consecutive parts at once:
		// a generated file's million defs take most of the time, in the
		// table of their names. The rest, a few declarations, is declared
		// in order after.
		stmts := u.TG.Statements
		parts := make([]declaring, max(1, min(runtime.GOMAXPROCS(0), len(stmts)/recordsPart)))
		var wg sync.WaitGroup
		for i := range parts {
			part := stmts[i*len(stmts)/len(parts) : (i+1)*len(stmts)/len(parts)]
			parts[i].records.byName = make(map[string]*tablegen.Statement, len(part))
			wg.Go(func() { parts[i].walk(part, true) })
		}
		wg.Wait()
		for _, p := range parts {
			g.recordStmts = append(g.recordStmts, p.records)
			for _, d := range p.others {
				g.declare(d.st, d.top)
			}
		}
		return g
	})
}

// recordsPart is the fewest top-level statements worth a part of their own.
const recordsPart = 1 << 16

// declaring is what a part of the unit's statements declares: the defs in
// recordStmts, the other declarations in order.
type declaring struct {
	records recordPart
	others  []declared
}

type declared struct {
	st  *tablegen.Statement
	top bool // outside foreach and if
}

// walk goes through stmts and the blocks of statements they hold as the
// unit's top level does (let, defset, foreach, if).
func (p *declaring) walk(stmts []*tablegen.Statement, top bool) {
	for _, st := range stmts {
		switch {
		case st == nil:
		case st.Def() != nil:
			p.records.add(st)
		case st.Let() != nil:
			if st.Let().Body != nil {
				p.walk(st.Let().Body.Statements, top)
			}
		case st.Foreach() != nil:
			if st.Foreach().Body != nil {
				p.walk(st.Foreach().Body.Statements, false)
			}
		case st.If() != nil:
			for _, b := range []*tablegen.Block{st.If().Then, st.If().Else} {
				if b != nil {
					p.walk(b.Statements, false)
				}
			}
		default:
			p.others = append(p.others, declared{st, top})
			if ds := st.Defset(); ds != nil && ds.Header != nil && ds.Header.Name != nil && ds.Body != nil {
				p.walk(ds.Body.Statements, top)
			}
		}
	}
}

// recordTable holds the defs written with a plain name, the first of
// each name, from consecutive parts of the unit: a name's first def is in
// the first part that has the name.
type recordTable []recordPart

type recordPart struct {
	byName map[string]*tablegen.Statement // the first def of each name in the part
	order  []*tablegen.Statement          // those, in order
}

func (p *recordPart) add(st *tablegen.Statement) {
	if id := plainName(st.Def().Name); id != nil && id.Name != "NAME" {
		if _, dup := p.byName[id.Name]; !dup {
			p.byName[id.Name] = st
			p.order = append(p.order, st)
		}
	}
}

// get returns the first def called name, or nil.
func (t recordTable) get(name string) *tablegen.Statement {
	for _, p := range t {
		if st := p.byName[name]; st != nil {
			return st
		}
	}
	return nil
}

// each calls f with the first def of each name, in order.
func (t recordTable) each(f func(*tablegen.Statement)) {
	for i, p := range t {
		for _, st := range p.order {
			if i == 0 || t[:i].get(plainName(st.Def().Name).Name) == nil {
				f(st)
			}
		}
	}
}

// declAt makes a Decl for a name written at id.
func (u *Unit) declAt(kind DeclKind, id *tablegen.Ident, stmt tablegen.Range) *Decl {
	if id == nil {
		return nil
	}
	return u.declRange(kind, id.Name, id.Range(), stmt)
}

func (u *Unit) declRange(kind DeclKind, name string, r, stmt tablegen.Range) *Decl {
	d := &Decl{Kind: kind, Name: name, Range: r, Stmt: stmt}
	if f := u.TG.Set.File(r.Start); f != nil && f.Name != "" {
		d.Path, d.offset = f.Name, f.Offset(r.Start)
	}
	return d
}

// declare declares what st, a top-level statement other than a def, a
// let, a foreach or an if, declares (in a defset, not its body).
func (g *globals) declare(st *tablegen.Statement, top bool) {
	u := g.u
	switch {
	case st.Class() != nil && st.Class().Name != nil:
		c := st.Class()
		old := g.classes[c.Name.Name]
		if old != nil && (c.Body == nil || c.Body.Semi) && len(c.TemplateArgs) == 0 && len(c.Parents) == 0 {
			return // a forward declaration after the definition
		}
		ci := &classInfo{decl: u.declAt(DeclClass, c.Name, st.Range()), fields: map[string]*Decl{}, parents: c.Parents}
		ci.decl.Class = c
		for _, a := range c.TemplateArgs {
			if a != nil && a.Name != nil {
				d := u.declAt(DeclTemplateArg, a.Name, a.Range())
				d.Owner, d.TArg = c.Name.Name, a
				ci.targs = append(ci.targs, d)
			}
		}
		if c.Body != nil {
			for _, it := range c.Body.Items {
				if it != nil && it.Field != nil && it.Field.Name != nil {
					if _, dup := ci.fields[it.Field.Name.Name]; !dup {
						d := u.declAt(DeclField, it.Field.Name, it.Range())
						d.Owner, d.Field = c.Name.Name, it.Field
						ci.fields[it.Field.Name.Name] = d
					}
				}
			}
		}
		if old == nil {
			g.classOrder = append(g.classOrder, ci)
		} else {
			for i, o := range g.classOrder {
				if o == old {
					g.classOrder[i] = ci
				}
			}
		}
		g.classes[c.Name.Name] = ci
	case st.MultiClass() != nil && st.MultiClass().Header != nil && st.MultiClass().Header.Name != nil:
		h := st.MultiClass().Header
		mi := &multiclassInfo{decl: u.declAt(DeclMulticlass, h.Name, st.Range())}
		mi.decl.MultiClass = st.MultiClass()
		for _, a := range h.TemplateArgs {
			if a != nil && a.Name != nil {
				d := u.declAt(DeclTemplateArg, a.Name, a.Range())
				d.Owner, d.TArg = h.Name.Name, a
				mi.targs = append(mi.targs, d)
			}
		}
		g.multiclass[h.Name.Name] = mi
	case st.Defset() != nil && st.Defset().Header != nil && st.Defset().Header.Name != nil:
		d := u.declAt(DeclDefset, st.Defset().Header.Name, st.Range())
		d.Defset = st.Defset()
		g.defsets[d.Name] = d
	case st.Defvar() != nil && st.Defvar().Name != nil && top:
		d := u.declAt(DeclDefvar, st.Defvar().Name, st.Range())
		d.Defvar = st.Defvar()
		g.defvars[d.Name] = d
	case st.Deftype() != nil && st.Deftype().Name != nil:
		d := u.declAt(DeclDeftype, st.Deftype().Name, st.Range())
		d.Deftype = st.Deftype()
		g.deftypes[d.Name] = d
	}
}

// record returns the declaration of the def called name written with a
// plain name (the first of them), or nil.
func (g *globals) record(name string) *Decl {
	st := g.recordStmts.get(name)
	if st == nil {
		return nil
	}
	return g.recordDecl(st)
}

// recordDecl returns the declaration of st, a def in recordStmts, made once.
func (g *globals) recordDecl(st *tablegen.Statement) *Decl {
	id := plainName(st.Def().Name)
	g.recordsMu.Lock()
	defer g.recordsMu.Unlock()
	d := g.records[id.Name]
	if d == nil {
		d = g.u.declAt(DeclRecord, id, st.Range())
		d.Def = st.Def()
		g.records[id.Name] = d
	}
	return d
}

// plainName returns the identifier of a record name written as one plain
// identifier, or nil.
func plainName(n *tablegen.NameValue) *tablegen.Ident {
	if n == nil || len(n.Pastes()) > 0 || n.Operand == nil || len(n.Operand.Suffixes()) > 0 || n.Operand.Simple == nil {
		return nil
	}
	return n.Operand.Simple.Ident()
}

// fieldOf returns the declaration of field name as class cls has it: the
// first declaration met in LLVM's order (each parent with its ancestors, in
// order, then the class's own body; a later declaration only sets it).
func (g *globals) fieldOf(cls, name string) *Decl {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.fieldOfLocked(cls, name, 0)
}

func (g *globals) fieldOfLocked(cls, name string, depth int) *Decl {
	key := [2]string{cls, name}
	if d, ok := g.fields[key]; ok {
		return d
	}
	ci := g.classes[cls]
	if ci == nil || depth > 64 {
		return nil
	}
	g.fields[key] = nil // a cycle finds nothing
	var d *Decl
	for _, p := range ci.parents {
		if p != nil && p.Name != nil {
			if d = g.fieldOfLocked(p.Name.Name, name, depth+1); d != nil {
				break
			}
		}
	}
	if d == nil {
		d = ci.fields[name]
	}
	g.fields[key] = d
	return d
}

// fieldOfParents looks name up in a list of parent classes, in order.
func (g *globals) fieldOfParents(parents []*tablegen.ClassRef, name string) *Decl {
	for _, p := range parents {
		if p != nil && p.Name != nil {
			if d := g.fieldOf(p.Name.Name, name); d != nil {
				return d
			}
		}
	}
	return nil
}

// templateArg returns template argument name of a class or multiclass.
func (g *globals) templateArg(owner, name string) *Decl {
	var targs []*Decl
	if ci := g.classes[owner]; ci != nil {
		targs = ci.targs
	} else if mi := g.multiclass[owner]; mi != nil {
		targs = mi.targs
	}
	for _, d := range targs {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// TemplateArgs returns the template arguments of a class or multiclass
// declared in the unit, in order.
func (u *Unit) TemplateArgs(owner string) []*Decl { return u.globals().templateArgs(owner) }

// templateArgs returns the template arguments of a class or multiclass.
func (g *globals) templateArgs(owner string) []*Decl {
	if ci := g.classes[owner]; ci != nil {
		return ci.targs
	}
	if mi := g.multiclass[owner]; mi != nil {
		return mi.targs
	}
	return nil
}

// TopDecls returns the top-level declarations written in path, in order.
func (u *Unit) TopDecls(path string) []*Decl {
	g := u.globals()
	var out []*Decl
	add := func(d *Decl) {
		if d != nil && d.Path == path {
			out = append(out, d)
		}
	}
	for _, ci := range g.classOrder {
		add(ci.decl)
	}
	for _, mi := range g.multiclass {
		add(mi.decl)
	}
	g.recordStmts.each(func(st *tablegen.Statement) {
		if f := u.TG.Set.File(st.Range().Start); f != nil && f.Name == path {
			add(g.recordDecl(st))
		}
	})
	for _, m := range []map[string]*Decl{g.defsets, g.defvars, g.deftypes} {
		for _, d := range m {
			add(d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Range.Start < out[j].Range.Start })
	return out
}

// Detail is a one-line description of a declaration: its parents, type or
// owner.
func (d *Decl) Detail(u *Unit) string {
	var parents []*tablegen.ClassRef
	switch {
	case d.Class != nil:
		parents = d.Class.Parents
	case d.Def != nil:
		parents = d.Def.Parents
	case d.Defm != nil:
		parents = d.Defm.Parents
	case d.MultiClass != nil && d.MultiClass.Header != nil:
		var names []string
		for _, p := range d.MultiClass.Header.Parents {
			if p != nil && p.Name != nil {
				names = append(names, p.Name.Name)
			}
		}
		if len(names) > 0 {
			return ": " + strings.Join(names, ", ")
		}
		return ""
	case d.TArg != nil || d.Field != nil:
		return d.TypeText(u) + " (" + d.Owner + ")"
	}
	var names []string
	for _, p := range parents {
		if p != nil && p.Name != nil {
			names = append(names, p.Name.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return ": " + strings.Join(names, ", ")
}

// TypeText is the declared type of a field, template argument or defset
// as written.
func (d *Decl) TypeText(u *Unit) string {
	var t *tablegen.Type
	switch {
	case d.TArg != nil:
		t = d.TArg.Type
	case d.Field != nil:
		t = d.Field.Type
	case d.Defset != nil && d.Defset.Header != nil:
		t = d.Defset.Header.Type
	}
	if t == nil {
		return ""
	}
	return u.Text(t.Range())
}

// Text returns the source text of r.
func (u *Unit) Text(r tablegen.Range) string {
	f := u.TG.Set.File(r.Start)
	if f == nil || !f.Contains(r.End) || r.End < r.Start {
		return ""
	}
	return string(f.Slice(r))
}
