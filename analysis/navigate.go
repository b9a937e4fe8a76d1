package analysis

import (
	"context"
	"slices"
	"sort"

	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Target is what a position names: the declaration and the occurrence.
type Target struct {
	Ref  Ref
	Decl *Decl // placed by the evaluator when the syntax could not
	// Made names every record a def with a computed name made (Decl is
	// the first): `Enc` in `def Enc # i` names them all.
	Made []string
}

// TargetAt returns the declared name at p. Records the syntax cannot place
// (made by defm, foreach or a paste) are placed by the evaluation, waited
// for under ctx.
func (v *FileView) TargetAt(ctx context.Context, p tablegen.Pos) (Target, bool) {
	ref, ok := v.RefAt(p)
	if !ok {
		return Target{}, false
	}
	d := ref.Decl
	if !d.Placed() {
		res, err := v.Unit.Evaluated(ctx)
		if err != nil {
			return Target{}, false
		}
		var made []string
		if d.Kind == DeclRecord && d.Def != nil { // def Enc # i: the records it made
			for _, rec := range res.Defs {
				if rec.Decl == d.Stmt {
					made = append(made, rec.NameString())
				}
			}
			if len(made) == 0 {
				return Target{}, false
			}
			d = &Decl{Kind: DeclRecord, Name: made[0]}
		}
		pd := v.Unit.placeByEvaluation(res, d)
		if pd == nil {
			return Target{}, false
		}
		return Target{Ref: ref, Decl: pd, Made: made}, true
	}
	return Target{Ref: ref, Decl: d}, true
}

// placeByEvaluation finds an unplaced record (or one of its fields) among
// the evaluated records.
func (u *Unit) placeByEvaluation(res *eval.Result, d *Decl) *Decl {
	if res == nil {
		return nil
	}
	switch d.Kind {
	case DeclRecord:
		rec := res.Def(d.Name)
		if rec == nil || len(rec.Locs()) == 0 {
			return nil
		}
		return u.declRange(DeclRecord, rec.NameString(), rec.Locs()[0], rec.Decl)
	case DeclField:
		rec := res.Def(d.Owner)
		if rec == nil {
			return nil
		}
		rv := rec.Field(d.Name)
		if rv == nil || !rv.Decl.Start.IsValid() {
			return nil
		}
		if fd := u.fieldAt(rv.Decl.Start); fd != nil {
			return fd
		}
		out := u.declRange(DeclField, d.Name, rv.Decl, rv.Decl)
		return out
	}
	return nil
}

// fieldAt returns the class field declared at p.
func (u *Unit) fieldAt(p tablegen.Pos) *Decl {
	g := u.globals()
	for _, ci := range g.classOrder {
		for _, f := range ci.fields {
			if f.Range.Start == p {
				return f
			}
		}
	}
	return nil
}

// Location returns where d is declared in u.
func (u *Unit) Location(d *Decl) (Location, bool) {
	f := u.TG.Set.File(d.Range.Start)
	if f == nil || f.Name == "" {
		return Location{}, false
	}
	return Location{File: f, Range: d.Range}, true
}

// Overrides returns the `let`s of field d in the record enclosing p and in
// its ancestor classes (or in class via and its ancestors), ancestors
// first.
func (v *FileView) Overrides(d *Decl, p tablegen.Pos, via string) []tablegen.Range {
	g := v.Unit.globals()
	var parents []*tablegen.ClassRef
	var body *tablegen.Body
	if ci := g.classes[via]; ci != nil && ci.decl.Class != nil {
		parents, body = ci.parents, ci.decl.Class.Body
	} else if rd := g.record(via); rd != nil && rd.Def != nil {
		parents, body = rd.Def.Parents, rd.Def.Body
	} else if via != "" {
		return nil
	}
	forEachRecord(v.Statements(), func(st *tablegen.Statement) bool {
		if via != "" {
			return false
		}
		if r := st.Range(); r.Start <= p && p <= r.End {
			if st.Class() != nil {
				parents, body = st.Class().Parents, st.Class().Body
			} else if st.Def() != nil {
				parents, body = st.Def().Parents, st.Def().Body
			}
			return false
		}
		return true
	})
	var out []tablegen.Range
	seen := map[string]bool{}
	var visit func(ps []*tablegen.ClassRef, depth int)
	visit = func(ps []*tablegen.ClassRef, depth int) {
		for _, pr := range ps {
			if pr == nil || pr.Name == nil || seen[pr.Name.Name] || depth > 64 {
				continue
			}
			seen[pr.Name.Name] = true
			ci := g.classes[pr.Name.Name]
			if ci == nil || ci.decl.Class == nil {
				continue
			}
			visit(ci.parents, depth+1)
			out = append(out, letsIn(ci.decl.Class.Body, d.Name)...)
		}
	}
	visit(parents, 0)
	out = append(out, letsIn(body, d.Name)...)
	return out
}

func letsIn(b *tablegen.Body, name string) []tablegen.Range {
	if b == nil {
		return nil
	}
	var out []tablegen.Range
	for _, it := range b.Items {
		if it != nil && it.Let != nil && it.Let.Name != nil && it.Let.Name.Name == name {
			out = append(out, it.Let.Name.Range())
		}
	}
	return out
}

// forEachRecord calls f for each class and def statement, descending into
// blocks, until f returns false.
func forEachRecord(stmts []*tablegen.Statement, f func(*tablegen.Statement) bool) bool {
	for _, st := range stmts {
		if st == nil {
			continue
		}
		switch {
		case st.Class() != nil || st.Def() != nil:
			if !f(st) {
				return false
			}
		case st.Let() != nil && st.Let().Body != nil:
			if !forEachRecord(st.Let().Body.Statements, f) {
				return false
			}
		case st.Foreach() != nil && st.Foreach().Body != nil:
			if !forEachRecord(st.Foreach().Body.Statements, f) {
				return false
			}
		case st.Defset() != nil && st.Defset().Body != nil:
			if !forEachRecord(st.Defset().Body.Statements, f) {
				return false
			}
		case st.MultiClass() != nil && st.MultiClass().Body != nil:
			if !forEachRecord(st.MultiClass().Body.Statements, f) {
				return false
			}
		case st.If() != nil:
			for _, b := range []*tablegen.Block{st.If().Then, st.If().Else} {
				if b != nil && !forEachRecord(b.Statements, f) {
					return false
				}
			}
		}
	}
	return true
}

// Occurrence is one place a declaration is named, by file and byte offsets,
// valid across units.
type Occurrence struct {
	Path       string
	Start, End int
	Role       RefRole
}

// UnitOccurrences returns the occurrences of key in every file of u; none
// when ctx ended first.
func (u *Unit) UnitOccurrences(ctx context.Context, key DeclKey) []Occurrence {
	var out []Occurrence
	paths := make([]string, 0, len(u.Files))
	for p := range u.Files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if ctx.Err() != nil {
			return nil
		}
		out = append(out, u.occurrencesIn(ctx, p, key)...)
	}
	return out
}

func (u *Unit) occurrencesIn(ctx context.Context, path string, key DeclKey) []Occurrence {
	f := u.File(path)
	refs, err := u.Refs(ctx, path)
	if err != nil {
		return nil
	}
	var out []Occurrence
	for _, r := range refs {
		if slices.Contains(r.Keys(), key) {
			out = append(out, Occurrence{Path: f.Name, Start: f.Offset(r.Range.Start), End: f.Offset(r.Range.End), Role: r.Role})
		}
	}
	return out
}

// keysOf returns the keys under which occurrences of t are recorded: its
// declaration's own, and for a record the evaluator placed, the by-name
// key of the references the syntax could not place (of every record a
// computed def name made).
func keysOf(t Target) []DeclKey {
	d, orig := t.Decl, t.Ref.Decl
	keys := []DeclKey{d.Key()}
	for _, a := range t.Ref.Also { // the other fields a top-level let sets
		keys = append(keys, a.Key())
	}
	if orig != nil && !orig.Placed() {
		keys = append(keys, orig.Key())
	}
	if d.Kind == DeclRecord && d.Placed() {
		keys = append(keys, (&Decl{Kind: DeclRecord, Name: d.Name}).Key())
		for _, n := range t.Made {
			if n != d.Name {
				keys = append(keys, (&Decl{Kind: DeclRecord, Name: n}).Key())
			}
		}
	}
	return keys
}

// RefsTo returns the occurrences of t's declaration in this file; none when
// ctx ended first.
func (v *FileView) RefsTo(ctx context.Context, t Target) []Ref {
	keys := map[DeclKey]bool{}
	for _, k := range keysOf(t) {
		keys[k] = true
	}
	refs, err := v.Unit.Refs(ctx, v.Path)
	if err != nil {
		return nil
	}
	var out []Ref
	for _, r := range refs {
		// The declaring name too when it is keyed otherwise: Enc in
		// `def Enc # i` declares Enc2 (as references have it).
		if slices.ContainsFunc(r.Keys(), func(k DeclKey) bool { return keys[k] }) || r.Role == RoleDecl && t.Decl.Placed() && r.Range == t.Decl.Range {
			out = append(out, r)
		}
	}
	return out
}

// RecordAt returns the evaluated record enclosing p, or class (or def) via
// when given.
func (v *FileView) RecordAt(p tablegen.Pos, res *eval.Result, via string) *eval.Record {
	if res == nil {
		return nil
	}
	if via != "" {
		if c := res.Class(via); c != nil {
			return c
		}
		return res.Def(via)
	}
	var rec *eval.Record
	forEachRecord(v.Statements(), func(st *tablegen.Statement) bool {
		if r := st.Range(); r.Start <= p && p <= r.End {
			if st.Class() != nil && st.Class().Name != nil {
				rec = res.Class(st.Class().Name.Name)
			} else if st.Def() != nil {
				if id := plainName(st.Def().Name); id != nil {
					rec = res.Def(id.Name)
				}
			}
			return false
		}
		return true
	})
	return rec
}
