package ide

import (
	"context"
	"strings"

	"tdls/analysis"
	"tdls/tablegen"
)

// SymbolKind says what a document symbol is.
type SymbolKind int

const (
	SymClass SymbolKind = iota + 1
	SymDef
	SymDefm
	SymMulticlass
	SymDefset
	SymDefvar
	SymDeftype
	SymField
	SymTemplateArg
	SymLet
	SymForeach
	SymIf
)

// Symbol is one entry of the document outline.
type Symbol struct {
	Name      string
	Detail    string
	Kind      SymbolKind
	Range     tablegen.Range // the whole declaration
	Selection tablegen.Range // the name
	Children  []Symbol
}

// DocumentSymbols returns the outline of the file: classes with their
// template arguments and fields, defs (with the op's full name, `arith.addi`,
// as the detail of an op's def, an attribute's or type's syntax, `#my.range`,
// a pass's flag, `-my-pass`, an interface's or enum's C++ class, a
// dialect's name), defms, multiclasses with what they define,
// defsets, let/foreach/if blocks with their contents.
func DocumentSymbols(ctx context.Context, v *analysis.FileView) []Symbol {
	o := outline{v}
	syms := o.statements(v.Statements())
	m := modelsWithin(ctx, v.Unit)
	if m == nil {
		return syms
	}
	names := map[tablegen.Pos]string{}
	for _, op := range m.Ops.Ops {
		if v.File.Contains(op.Range.Start) {
			names[op.Range.Start] = op.Name
		}
	}
	for r, detail := range dialectSymbolDetails(m.Ops) {
		if v.File.Contains(r.Start) {
			names[r.Start] = detail
		}
	}
	if len(names) == 0 {
		return syms
	}
	var mark func([]Symbol)
	mark = func(ss []Symbol) {
		for i := range ss {
			if n, ok := names[ss[i].Selection.Start]; ok && (ss[i].Kind == SymDef || ss[i].Kind == SymDefm) {
				ss[i].Detail = n
			}
			mark(ss[i].Children)
		}
	}
	mark(syms)
	return syms
}

// outline builds the symbols of a file view.
type outline struct{ v *analysis.FileView }

func (o outline) statements(stmts []*tablegen.Statement) []Symbol {
	v := o.v
	var out []Symbol
	for _, st := range stmts {
		if st == nil || !v.File.Contains(st.Range().Start) {
			continue
		}
		if s, ok := o.statement(st); ok {
			out = append(out, s)
		}
	}
	return out
}

func (o outline) statement(st *tablegen.Statement) (Symbol, bool) {
	v := o.v
	r := st.Range()
	switch {
	case st.Class() != nil:
		c := st.Class()
		s := Symbol{Name: identName(c.Name), Kind: SymClass, Range: r, Selection: c.Name.Range(), Detail: o.parentsDetail(c.Parents)}
		for _, a := range c.TemplateArgs {
			if a != nil && a.Name != nil {
				s.Children = append(s.Children, Symbol{Name: a.Name.Name, Kind: SymTemplateArg, Range: a.Range(), Selection: a.Name.Range(), Detail: v.Text(a.Type.Range())})
			}
		}
		s.Children = append(s.Children, o.body(c.Body)...)
		return s, true
	case st.Def() != nil:
		s := o.record(SymDef, r, st.Def().Name, st.Def().Parents)
		s.Children = o.body(st.Def().Body)
		return s, true
	case st.Defm() != nil:
		return o.record(SymDefm, r, st.Defm().Name, st.Defm().Parents), true
	case st.MultiClass() != nil && st.MultiClass().Header != nil:
		h := st.MultiClass().Header
		s := Symbol{Name: identName(h.Name), Kind: SymMulticlass, Range: r, Selection: identRange(h.Name, r)}
		for _, a := range h.TemplateArgs {
			if a != nil && a.Name != nil {
				s.Children = append(s.Children, Symbol{Name: a.Name.Name, Kind: SymTemplateArg, Range: a.Range(), Selection: a.Name.Range(), Detail: v.Text(a.Type.Range())})
			}
		}
		if st.MultiClass().Body != nil {
			s.Children = append(s.Children, o.statements(st.MultiClass().Body.Statements)...)
		}
		return s, true
	case st.Defset() != nil && st.Defset().Header != nil:
		h := st.Defset().Header
		s := Symbol{Name: identName(h.Name), Kind: SymDefset, Range: r, Selection: identRange(h.Name, r), Detail: v.Text(h.Type.Range())}
		if st.Defset().Body != nil {
			s.Children = o.statements(st.Defset().Body.Statements)
		}
		return s, true
	case st.Defvar() != nil:
		return Symbol{Name: identName(st.Defvar().Name), Kind: SymDefvar, Range: r, Selection: identRange(st.Defvar().Name, r)}, true
	case st.Deftype() != nil:
		return Symbol{Name: identName(st.Deftype().Name), Kind: SymDeftype, Range: r, Selection: identRange(st.Deftype().Name, r), Detail: v.Text(st.Deftype().Type.Range())}, true
	case st.Let() != nil && st.Let().Header != nil:
		s := Symbol{Name: shorten(v.Text(st.Let().Header.Range())), Kind: SymLet, Range: r, Selection: st.Let().Header.Range()}
		if st.Let().Body != nil {
			s.Children = o.statements(st.Let().Body.Statements)
		}
		return s, true
	case st.Foreach() != nil && st.Foreach().Header != nil:
		s := Symbol{Name: shorten(v.Text(st.Foreach().Header.Node.Range())), Kind: SymForeach, Range: r, Selection: st.Foreach().Header.Node.Range()}
		if st.Foreach().Body != nil {
			s.Children = o.statements(st.Foreach().Body.Statements)
		}
		return s, true
	case st.If() != nil && st.If().Header != nil:
		s := Symbol{Name: shorten(v.Text(st.If().Header.Range())), Kind: SymIf, Range: r, Selection: st.If().Header.Range()}
		for _, b := range []*tablegen.Block{st.If().Then, st.If().Else} {
			if b != nil {
				s.Children = append(s.Children, o.statements(b.Statements)...)
			}
		}
		return s, true
	}
	return Symbol{}, false
}

// record is the symbol of a def or defm.
func (o outline) record(kind SymbolKind, r tablegen.Range, name *tablegen.NameValue, parents []*tablegen.ClassRef) Symbol {
	s := Symbol{Name: "<anonymous>", Kind: kind, Range: r, Selection: r, Detail: o.parentsDetail(parents)}
	if name != nil {
		s.Name, s.Selection = o.v.Text(name.Range()), name.Range()
	}
	return s
}

func (o outline) body(b *tablegen.Body) []Symbol {
	v := o.v
	if b == nil {
		return nil
	}
	var out []Symbol
	for _, it := range b.Items {
		switch {
		case it == nil:
		case it.Field != nil && it.Field.Name != nil:
			out = append(out, Symbol{Name: it.Field.Name.Name, Kind: SymField, Range: it.Range(), Selection: it.Field.Name.Range(), Detail: v.Text(it.Field.Type.Range())})
		case it.Let != nil && it.Let.Name != nil:
			out = append(out, Symbol{Name: it.Let.Name.Name, Kind: SymField, Range: it.Range(), Selection: it.Let.Name.Range(), Detail: "let"})
		case it.Defvar != nil && it.Defvar.Name != nil:
			out = append(out, Symbol{Name: it.Defvar.Name.Name, Kind: SymDefvar, Range: it.Range(), Selection: it.Defvar.Name.Range()})
		}
	}
	return out
}

func (o outline) parentsDetail(ps []*tablegen.ClassRef) string {
	var names []string
	for _, p := range ps {
		if p != nil && p.Name != nil {
			names = append(names, p.Name.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return ": " + strings.Join(names, ", ")
}

func identName(id *tablegen.Ident) string {
	if id == nil {
		return "<unnamed>"
	}
	return id.Name
}

func identRange(id *tablegen.Ident, fallback tablegen.Range) tablegen.Range {
	if id == nil {
		return fallback
	}
	return id.Range()
}

// shorten makes a one-line label of at most 60 characters.
func shorten(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
