package ide

import (
	"context"
	"sort"

	"tdls/analysis"
	"tdls/tablegen"
)

// TokenType is the role of a token for semantic highlighting.
type TokenType int

const (
	TokKeyword     TokenType = iota
	TokTypeName              // bit, int, string, list, ..., deftypes
	TokClassName             // classes and multiclasses
	TokRecord                // defs, defms, defsets and references to records
	TokField                 // fields
	TokTemplateArg           // template arguments
	TokVariable              // defvars, foreach variables, !foreach/!foldl/!filter names
	TokDagName               // $names in dags
	TokBang                  // !operators
	TokString
	TokNumber
	TokCode // [{ code }]
	TokOperator
)

func (t TokenType) String() string {
	switch t {
	case TokKeyword:
		return "keyword"
	case TokTypeName:
		return "type"
	case TokClassName:
		return "class"
	case TokRecord:
		return "record"
	case TokField:
		return "field"
	case TokTemplateArg:
		return "templateArg"
	case TokVariable:
		return "variable"
	case TokDagName:
		return "dagName"
	case TokBang:
		return "bang"
	case TokString:
		return "string"
	case TokNumber:
		return "number"
	case TokCode:
		return "code"
	case TokOperator:
		return "operator"
	}
	return "unknown"
}

// Token modifiers, as bits.
const (
	ModDeclaration = 1 << iota
	ModReadonly
	ModDefaultLibrary
)

// SemanticToken is one highlighted range.
type SemanticToken struct {
	Range tablegen.Range
	Type  TokenType
	Mods  int
}

type role struct {
	typ  TokenType
	mods int
}

// SemanticTokens classifies every token of the file. A name has the role of
// what the resolver (Unit.Refs) says it refers to: class, record, field,
// template argument or variable, a declaration or a use. A name the resolver
// leaves alone has the role its place in the syntax gives it (the class of
// a parent list, the field of a `let`, the argument of a named template
// argument, a record in a value). Other tokens have their lexical class.
// The work stops when ctx ends, with its error.
func SemanticTokens(ctx context.Context, v *analysis.FileView) ([]SemanticToken, error) {
	p := &placeRoles{}
	for i, st := range v.Statements() {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		p.statement(st)
	}
	marks := p.marks
	sort.SliceStable(marks, func(i, j int) bool { return marks[i].pos < marks[j].pos })
	refs, err := v.Unit.Refs(ctx, v.Path) // sorted by position
	if err != nil {
		return nil, err
	}
	toks := v.Tokens()
	out := make([]SemanticToken, 0, toks.Len())
	mi, ri := 0, 0
	for i := range toks.Len() {
		t := toks.At(i)
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// The resolver's role for a name it knows, else the last mark at
		// the token, else the token's lexical class.
		var r role
		marked, resolved := false, false
		for ; mi < len(marks) && marks[mi].pos <= t.Pos; mi++ {
			if marks[mi].pos == t.Pos {
				r, marked = marks[mi].role, true
			}
		}
		var ref analysis.Ref
		for ; ri < len(refs) && refs[ri].Range.Start <= t.Pos; ri++ {
			if refs[ri].Range.Start == t.Pos {
				ref, resolved = refs[ri], true
			}
		}
		switch tokenKind(t, resolved) {
		case KindName:
			r = refRole(ref)
			out = append(out, SemanticToken{Range: t.Range(), Type: r.typ, Mods: r.mods})
			continue
		case KindBang:
			if !marked {
				out = append(out, SemanticToken{Range: t.Range(), Type: TokBang, Mods: ModDefaultLibrary})
				continue
			}
		}
		if marked {
			out = append(out, SemanticToken{Range: t.Range(), Type: r.typ, Mods: r.mods})
			continue
		}
		switch {
		case t.Kind.IsKeyword():
			typ := TokKeyword
			switch t.Kind {
			case tablegen.KwBit, tablegen.KwBits, tablegen.KwInt, tablegen.KwString, tablegen.KwDag, tablegen.KwCode, tablegen.KwList:
				typ = TokTypeName
			}
			out = append(out, SemanticToken{Range: t.Range(), Type: typ})
		case t.Kind == tablegen.TokString:
			out = append(out, SemanticToken{Range: t.Range(), Type: TokString})
		case t.Kind == tablegen.TokCode:
			out = append(out, SemanticToken{Range: t.Range(), Type: TokCode})
		case t.Kind == tablegen.TokInt || t.Kind == tablegen.TokBinary:
			out = append(out, SemanticToken{Range: t.Range(), Type: TokNumber})
		case t.Kind == tablegen.TokVarName:
			out = append(out, SemanticToken{Range: t.Range(), Type: TokDagName})
		case t.Kind == tablegen.TokPaste:
			out = append(out, SemanticToken{Range: t.Range(), Type: TokOperator})
		}
	}
	return out, nil
}

// refRole is the role of a name the resolver resolved.
func refRole(r analysis.Ref) role {
	var ro role
	switch r.Decl.Kind {
	case analysis.DeclClass, analysis.DeclMulticlass:
		ro.typ = TokClassName
	case analysis.DeclField:
		ro.typ = TokField
	case analysis.DeclTemplateArg:
		ro.typ = TokTemplateArg
	case analysis.DeclDefvar, analysis.DeclForeachVar, analysis.DeclLocal:
		ro.typ = TokVariable
	case analysis.DeclDeftype:
		ro.typ = TokTypeName
	default: // records and defsets
		ro.typ = TokRecord
	}
	if r.Role == analysis.RoleDecl {
		ro.mods = ModDeclaration
		if r.Decl.Kind == analysis.DeclDefvar {
			ro.mods |= ModReadonly
		}
	}
	return ro
}

// placeRoles gives the names whose role their place in the syntax decides
// (a parent class, a type, a `let` target, a named argument, a `.field`)
// that role, for the names the resolver cannot resolve: an undeclared
// class, a field no parent has. It resolves nothing.
type placeRoles struct{ marks []mark }

// mark is a role given at a position; a later mark at the same position
// wins.
type mark struct {
	pos  tablegen.Pos
	role role
}

func (c *placeRoles) mark(id *tablegen.Ident, t TokenType, mods int) {
	if id != nil {
		c.marks = append(c.marks, mark{id.Range().Start, role{t, mods}})
	}
}

func (c *placeRoles) statement(st *tablegen.Statement) {
	if st == nil {
		return
	}
	switch {
	case st.Class() != nil:
		c.mark(st.Class().Name, TokClassName, ModDeclaration)
		c.templateArgs(st.Class().TemplateArgs)
		c.parents(st.Class().Parents)
		c.body(st.Class().Body)
	case st.Def() != nil:
		c.nameValue(st.Def().Name)
		c.parents(st.Def().Parents)
		c.body(st.Def().Body)
	case st.Defm() != nil:
		c.nameValue(st.Defm().Name)
		c.parents(st.Defm().Parents)
	case st.Defvar() != nil:
		c.mark(st.Defvar().Name, TokVariable, ModDeclaration|ModReadonly)
		c.value(st.Defvar().Value)
	case st.Deftype() != nil:
		c.mark(st.Deftype().Name, TokTypeName, ModDeclaration)
		c.typ(st.Deftype().Type)
	case st.Assert() != nil:
		c.value(st.Assert().Cond)
		c.value(st.Assert().Message)
	case st.Dump() != nil:
		c.value(st.Dump().Value)
	case st.Defset() != nil:
		if h := st.Defset().Header; h != nil {
			c.typ(h.Type)
			c.mark(h.Name, TokRecord, ModDeclaration)
		}
	case st.MultiClass() != nil:
		if h := st.MultiClass().Header; h != nil {
			c.mark(h.Name, TokClassName, ModDeclaration)
			c.templateArgs(h.TemplateArgs)
			c.parents(h.Parents)
		}
	case st.Let() != nil:
		if h := st.Let().Header; h != nil {
			for _, it := range h.Items {
				if it != nil {
					c.mark(it.Name, TokField, 0)
					c.value(it.Value)
				}
			}
		}
	case st.Foreach() != nil:
		if h := st.Foreach().Header; h != nil {
			c.mark(h.Name, TokVariable, ModDeclaration)
			c.value(h.List)
		}
	case st.If() != nil:
		if h := st.If().Header; h != nil {
			c.value(h.Cond)
		}
	}
	for _, b := range st.Blocks() {
		for _, inner := range b.Statements {
			c.statement(inner)
		}
	}
}

func (c *placeRoles) templateArgs(args []*tablegen.TemplateArg) {
	for _, a := range args {
		if a != nil {
			c.typ(a.Type)
			c.mark(a.Name, TokTemplateArg, ModDeclaration)
			c.value(a.Default)
		}
	}
}

func (c *placeRoles) parents(ps []*tablegen.ClassRef) {
	for _, p := range ps {
		if p != nil {
			c.mark(p.Name, TokClassName, 0)
			c.args(p.Args)
		}
	}
}

func (c *placeRoles) args(as []*tablegen.Arg) {
	for _, a := range as {
		if a != nil {
			c.mark(a.Name, TokTemplateArg, 0)
			c.value(a.Value)
		}
	}
}

func (c *placeRoles) body(b *tablegen.Body) {
	if b == nil {
		return
	}
	for _, it := range b.Items {
		switch {
		case it == nil:
		case it.Field != nil:
			c.typ(it.Field.Type)
			c.mark(it.Field.Name, TokField, ModDeclaration)
			c.value(it.Field.Value)
		case it.Let != nil:
			c.mark(it.Let.Name, TokField, 0)
			c.value(it.Let.Value)
		case it.Defvar != nil:
			c.mark(it.Defvar.Name, TokVariable, ModDeclaration|ModReadonly)
			c.value(it.Defvar.Value)
		case it.Assert != nil:
			c.value(it.Assert.Cond)
			c.value(it.Assert.Message)
		case it.Dump != nil:
			c.value(it.Dump.Value)
		}
	}
}

func (c *placeRoles) typ(t *tablegen.Type) {
	for ; t != nil; t = t.List {
		if t.Class != nil {
			c.mark(t.Class, TokClassName, 0)
		}
	}
}

// nameValue marks the plain name of a def or defm as a record declared
// there; the names in a computed name are values.
func (c *placeRoles) nameValue(n *tablegen.NameValue) {
	if n == nil {
		return
	}
	for i, op := range n.Operands() {
		if op == nil || op.Simple == nil {
			continue
		}
		if id := op.Simple.Ident(); id != nil {
			if i == 0 || id.Name != "NAME" {
				c.mark(id, TokRecord, ModDeclaration)
			}
			continue
		}
		c.simple(op.Simple)
	}
}

func (c *placeRoles) value(v *tablegen.Value) {
	if v == nil {
		return
	}
	c.suffixed(&v.Operand)
	for _, p := range v.Pastes() {
		if p != nil {
			c.suffixed(p.Operand)
		}
	}
}

func (c *placeRoles) suffixed(s *tablegen.SuffixedValue) {
	if s == nil {
		return
	}
	c.simple(s.Simple)
	for _, x := range s.Suffixes() {
		if x == nil {
			continue
		}
		c.mark(x.Field, TokField, 0)
		for _, e := range x.Slice {
			if e != nil {
				c.value(e.Start)
				c.value(e.End)
			}
		}
	}
}

func (c *placeRoles) simple(s *tablegen.SimpleValue) {
	if s == nil {
		return
	}
	switch x := s.Expr.(type) {
	case *tablegen.Ident:
		c.mark(x, TokRecord, 0)
	case *tablegen.BitsInit:
		for _, v := range x.Values {
			c.value(v)
		}
	case *tablegen.ListInit:
		for _, v := range x.Values {
			c.value(v)
		}
		c.typ(x.ElemType)
	case *tablegen.DagInit:
		if x.Operator != nil {
			c.value(x.Operator.Value)
		}
		for _, a := range x.Args {
			if a != nil {
				c.value(a.Value)
			}
		}
	case *tablegen.BangOp:
		c.typ(x.Type)
		for _, a := range x.Args {
			if a != nil {
				c.value(a.Value)
				c.value(a.Then)
			}
		}
	case *tablegen.ClassInst:
		c.mark(x.Class, TokClassName, 0)
		c.args(x.Args)
	}
}
