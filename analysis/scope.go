package analysis

import (
	"sort"

	"tdls/tablegen"
)

// allFields returns the fields records deriving from parents have, in
// LLVM's order, each once.
func (g *globals) allFields(parents []*tablegen.ClassRef) []*Decl {
	var out []*Decl
	seen := map[string]bool{}
	visited := map[string]bool{}
	var visit func(ps []*tablegen.ClassRef, depth int)
	visit = func(ps []*tablegen.ClassRef, depth int) {
		for _, p := range ps {
			if p == nil || p.Name == nil || visited[p.Name.Name] || depth > 64 {
				continue
			}
			visited[p.Name.Name] = true
			ci := g.classes[p.Name.Name]
			if ci == nil {
				continue
			}
			visit(ci.parents, depth+1)
			if ci.decl.Class != nil && ci.decl.Class.Body != nil {
				for _, it := range ci.decl.Class.Body.Items {
					if it != nil && it.Field != nil && it.Field.Name != nil && !seen[it.Field.Name.Name] {
						seen[it.Field.Name.Name] = true
						out = append(out, ci.fields[it.Field.Name.Name])
					}
				}
			}
		}
	}
	visit(parents, 0)
	return out
}

func bodyFields(u *Unit, owner string, b *tablegen.Body) []*Decl {
	var out []*Decl
	if b == nil {
		return nil
	}
	for _, it := range b.Items {
		if it != nil && it.Field != nil && it.Field.Name != nil {
			d := u.declAt(DeclField, it.Field.Name, it.Range())
			d.Owner, d.Field = owner, it.Field
			out = append(out, d)
		}
	}
	return out
}

// NamesInScope returns the names visible at p besides the globals: foreach
// variables, template arguments, the fields of the enclosing record and
// the defvars of its body written before p; and the fields of the record
// alone (what a `let` can set). It reads the tokens where the record being
// written does not parse yet.
func (v *FileView) NamesInScope(p tablegen.Pos) (names, fields []*Decl) {
	u, g := v.Unit, v.Unit.globals()
	var walk func(stmts []*tablegen.Statement)
	walk = func(stmts []*tablegen.Statement) {
		for _, st := range stmts {
			if st == nil {
				continue
			}
			if r := st.Range(); p < r.Start || p > r.End {
				continue
			}
			switch {
			case st.Class() != nil && st.Class().Name != nil:
				names = append(names, g.templateArgs(st.Class().Name.Name)...)
				fields = append(g.allFields(st.Class().Parents), bodyFields(u, st.Class().Name.Name, st.Class().Body)...)
				names = append(names, fields...)
				names = append(names, bodyDefvars(u, st.Class().Body, p)...)
			case st.Def() != nil:
				fields = append(g.allFields(st.Def().Parents), bodyFields(u, "", st.Def().Body)...)
				names = append(names, fields...)
				names = append(names, bodyDefvars(u, st.Def().Body, p)...)
			case st.MultiClass() != nil:
				if h := st.MultiClass().Header; h != nil && h.Name != nil {
					names = append(names, g.templateArgs(h.Name.Name)...)
				}
				if st.MultiClass().Body != nil {
					walk(st.MultiClass().Body.Statements)
				}
			case st.Foreach() != nil:
				if h := st.Foreach().Header; h != nil && h.Name != nil {
					names = append(names, u.declAt(DeclForeachVar, h.Name, h.Node.Range()))
				}
				if st.Foreach().Body != nil {
					walk(st.Foreach().Body.Statements)
				}
			default:
				for _, b := range st.Blocks() {
					walk(b.Statements)
				}
			}
		}
	}
	walk(v.Statements())
	if fields == nil {
		// The record being typed may not parse yet: take its parents from
		// the tokens.
		fields = g.allFields(v.parentsFromTokens(p))
		names = append(names, fields...)
	}
	return names, fields
}

// parentsFromTokens finds the record body enclosing p by brace matching
// and returns the classes named in its header.
func (v *FileView) parentsFromTokens(p tablegen.Pos) []*tablegen.ClassRef {
	if open := v.EnclosingBody(p); open >= 0 {
		return v.headerParents(open)
	}
	return nil
}

// EnclosingBody is the index of the `{` that opens the body holding p
// (p's own brace excluded), found by brace matching backwards; -1 when p
// is in no body.
func (v *FileView) EnclosingBody(p tablegen.Pos) int {
	toks := v.toks
	depth := 0
	for i := v.TokenFrom(p) - 1; i >= 0; i-- {
		switch toks.Kind(i) {
		case tablegen.TokRBrace:
			depth++
		case tablegen.TokLBrace:
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return -1
}

// headerParents reads `def|class Name<...> : A<...>, B {` backwards from
// the brace at open.
func (v *FileView) headerParents(open int) []*tablegen.ClassRef {
	toks := v.toks
	var names []string
	angle := 0
	for j := open - 1; j >= 0; j-- {
		t := toks.At(j)
		switch {
		case t.Kind == tablegen.TokGreater:
			angle++
		case t.Kind == tablegen.TokLess:
			angle--
		case t.Kind == tablegen.TokSemi || t.Kind == tablegen.TokRBrace || t.Kind == tablegen.TokLBrace:
			return nil
		case t.Kind == tablegen.KwDef || t.Kind == tablegen.KwClass:
			var out []*tablegen.ClassRef
			for k := len(names) - 1; k >= 0; k-- {
				out = append(out, &tablegen.ClassRef{Name: &tablegen.Ident{Name: names[k]}})
			}
			return out
		case t.Kind == tablegen.TokIdent && angle == 0 && j > 0 &&
			(toks.Kind(j-1) == tablegen.TokColon || toks.Kind(j-1) == tablegen.TokComma):
			names = append(names, t.Text)
		}
	}
	return nil
}

func bodyDefvars(u *Unit, b *tablegen.Body, p tablegen.Pos) []*Decl {
	var out []*Decl
	if b == nil {
		return nil
	}
	for _, it := range b.Items {
		if it != nil && it.Defvar != nil && it.Defvar.Name != nil && it.Range().End <= p {
			d := u.declAt(DeclDefvar, it.Defvar.Name, it.Range())
			d.Defvar = it.Defvar
			out = append(out, d)
		}
	}
	return out
}

// Members returns the fields of the value named by the token before the
// '.' at dot.
func (v *FileView) Members(dot tablegen.Pos) []*Decl {
	i := v.TokenFrom(dot)
	if i <= 0 || i >= v.toks.Len() || v.toks.Kind(i) != tablegen.TokDot {
		return nil
	}
	g := v.Unit.globals()
	var d *Decl
	if ref, ok := v.RefAt(v.toks.Pos(i - 1)); ok {
		d = ref.Decl
	} else if v.toks.Kind(i-1) == tablegen.TokIdent {
		// In a statement that does not parse yet: a global by name.
		d = (&resolver{u: v.Unit, g: g}).lookup(v.toks.Text(i-1), nil)
	} else {
		return nil
	}
	switch {
	case d.Kind == DeclRecord && d.Def != nil:
		return append(g.allFields(d.Def.Parents), bodyFields(v.Unit, d.Name, d.Def.Body)...)
	case d.Kind == DeclRecord:
		res := v.Unit.EvaluatedIfReady()
		if res == nil || res.Def(d.Name) == nil {
			return nil
		}
		var out []*Decl
		for _, rv := range res.Def(d.Name).Values {
			if !rv.TemplateArg {
				out = append(out, &Decl{Kind: DeclField, Name: rv.Name, Owner: d.Name})
			}
		}
		return out
	}
	r := &resolver{u: v.Unit, g: g}
	if cls := r.classOf(d); cls != "" {
		if ci := g.classes[cls]; ci != nil && ci.decl.Class != nil {
			return append(g.allFields(ci.parents), bodyFields(v.Unit, cls, ci.decl.Class.Body)...)
		}
	}
	return nil
}

// TokenFrom returns the index of the first token starting at or after p.
func (v *FileView) TokenFrom(p tablegen.Pos) int {
	return sort.Search(v.toks.Len(), func(i int) bool { return v.toks.Pos(i) >= p })
}

// DeclaredName is a name declared at the top level of a unit.
type DeclaredName struct {
	Name   string
	Detail string // "class", "multiclass", "def", "defvar"
	Class  bool   // a class or multiclass
}

// DeclaredNames lists the classes and multiclasses (classesOnly) or every
// named class, multiclass, def and defvar declared at the top level of the
// unit, sorted by name: what a parse alone knows is in scope.
func (u *Unit) DeclaredNames(classesOnly bool) []DeclaredName {
	return u.names.get(classesOnly, func() []DeclaredName {
		var out []DeclaredName
		seen := map[string]bool{}
		add := func(n DeclaredName) {
			if n.Name != "" && !seen[n.Name] {
				seen[n.Name] = true
				out = append(out, n)
			}
		}
		var walk func(stmts []*tablegen.Statement)
		walk = func(stmts []*tablegen.Statement) {
			for _, st := range stmts {
				switch {
				case st == nil:
				case st.Class() != nil && st.Class().Name != nil:
					add(DeclaredName{Name: st.Class().Name.Name, Detail: "class", Class: true})
				case st.MultiClass() != nil && st.MultiClass().Header != nil && st.MultiClass().Header.Name != nil:
					add(DeclaredName{Name: st.MultiClass().Header.Name.Name, Detail: "multiclass", Class: true})
				case classesOnly:
				case st.Def() != nil && st.Def().Name != nil && st.Def().Name.Operand != nil && len(st.Def().Name.Pastes()) == 0 &&
					st.Def().Name.Operand.Simple != nil && st.Def().Name.Operand.Simple.Ident() != nil:
					add(DeclaredName{Name: st.Def().Name.Operand.Simple.Ident().Name, Detail: "def"})
				case st.Defvar() != nil && st.Defvar().Name != nil:
					add(DeclaredName{Name: st.Defvar().Name.Name, Detail: "defvar"})
				}
				for _, b := range st.Blocks() {
					if st.MultiClass() == nil {
						walk(b.Statements)
					}
				}
			}
		}
		walk(u.TG.Statements)
		sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
		return out
	})
}
