package analysis

import (
	"tdls/tablegen"
)

// TokenType is the role of a token for semantic highlighting.
type TokenType int

const (
	TokKeyword     TokenType = iota
	TokTypeName              // bit, int, string, list, ... and class names used as types
	TokClassName             // classes and multiclasses
	TokRecord                // defs, defms, defsets and references to records
	TokField                 // fields
	TokTemplateArg           // template arguments
	TokVariable              // defvar, foreach variables
	TokDagName               // $names in dags
	TokBang                  // !operators
	TokString
	TokNumber
	TokCode // [{ code }]
	TokOperator
	tokenTypeCount
)

// TokenTypeNames are the legend names, indexed by TokenType.
var TokenTypeNames = [tokenTypeCount]string{
	TokKeyword: "keyword", TokTypeName: "type", TokClassName: "class", TokRecord: "variable",
	TokField: "property", TokTemplateArg: "typeParameter", TokVariable: "variable",
	TokDagName: "parameter", TokBang: "function", TokString: "string", TokNumber: "number",
	TokCode: "string", TokOperator: "operator",
}

// Token modifiers, as bits.
const (
	ModDeclaration = 1 << iota
	ModReadonly
	ModDefaultLibrary
)

// ModifierNames are the legend names, by bit index.
var ModifierNames = []string{"declaration", "readonly", "defaultLibrary"}

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

// SemanticTokens classifies every token of the file by its syntactic role:
// names declared or referenced as classes, records, fields, template
// arguments and variables, and the lexical classes of the rest.
func (v *FileView) SemanticTokens() []SemanticToken {
	roles := map[tablegen.Pos]role{}
	c := &classifier{v: v, roles: roles}
	for _, st := range v.stmts {
		c.statement(st, nil)
	}
	out := make([]SemanticToken, 0, len(v.toks))
	for _, t := range v.toks {
		if r, ok := roles[t.Pos]; ok {
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
		case t.Kind == tablegen.TokBang:
			out = append(out, SemanticToken{Range: t.Range(), Type: TokBang, Mods: ModDefaultLibrary})
		case t.Kind == tablegen.TokPaste:
			out = append(out, SemanticToken{Range: t.Range(), Type: TokOperator})
		}
	}
	return out
}

// classifier walks the syntax, giving identifiers their role. scope holds
// the names declared by the enclosing class or multiclass (template args,
// fields, defvars, foreach variables).
type classifier struct {
	v     *FileView
	roles map[tablegen.Pos]role
}

type scope struct {
	names  map[string]TokenType
	parent *scope
}

func (s *scope) lookup(n string) (TokenType, bool) {
	for ; s != nil; s = s.parent {
		if t, ok := s.names[n]; ok {
			return t, true
		}
	}
	return 0, false
}

func newScope(parent *scope) *scope { return &scope{names: map[string]TokenType{}, parent: parent} }

func (c *classifier) mark(id *tablegen.Ident, t TokenType, mods int) {
	if id != nil {
		c.roles[id.Range().Start] = role{t, mods}
	}
}

func (c *classifier) statement(st *tablegen.Statement, sc *scope) {
	if st == nil {
		return
	}
	switch {
	case st.Class != nil:
		k := st.Class
		c.mark(k.Name, TokClassName, ModDeclaration)
		inner := newScope(sc)
		c.templateArgs(k.TemplateArgs, inner)
		c.parents(k.Parents, inner)
		c.body(k.Body, inner)
	case st.Def != nil:
		inner := newScope(sc)
		if st.Def.Name != nil {
			c.nameValue(st.Def.Name, sc)
		}
		c.parents(st.Def.Parents, sc)
		c.body(st.Def.Body, inner)
	case st.Defm != nil:
		if st.Defm.Name != nil {
			c.nameValue(st.Defm.Name, sc)
		}
		c.parents(st.Defm.Parents, sc)
	case st.Defvar != nil:
		c.mark(st.Defvar.Name, TokVariable, ModDeclaration|ModReadonly)
		c.value(st.Defvar.Value, sc)
		if sc != nil && st.Defvar.Name != nil {
			sc.names[st.Defvar.Name.Name] = TokVariable
		}
	case st.Deftype != nil:
		c.mark(st.Deftype.Name, TokTypeName, ModDeclaration)
		c.typ(st.Deftype.Type)
	case st.Assert != nil:
		c.value(st.Assert.Cond, sc)
		c.value(st.Assert.Message, sc)
	case st.Dump != nil:
		c.value(st.Dump.Value, sc)
	case st.Defset != nil:
		if h := st.Defset.Header; h != nil {
			c.typ(h.Type)
			c.mark(h.Name, TokRecord, ModDeclaration)
		}
		c.block(st.Defset.Body, sc)
	case st.MultiClass != nil:
		inner := newScope(sc)
		if h := st.MultiClass.Header; h != nil {
			c.mark(h.Name, TokClassName, ModDeclaration)
			c.templateArgs(h.TemplateArgs, inner)
			c.parents(h.Parents, inner)
		}
		c.block(st.MultiClass.Body, inner)
	case st.Let != nil:
		if h := st.Let.Header; h != nil {
			for _, it := range h.Items {
				if it != nil {
					c.mark(it.Name, TokField, 0)
					c.value(it.Value, sc)
				}
			}
		}
		c.block(st.Let.Body, sc)
	case st.Foreach != nil:
		inner := newScope(sc)
		if h := st.Foreach.Header; h != nil {
			c.mark(h.Name, TokVariable, ModDeclaration)
			c.value(h.List, sc)
			if h.Name != nil {
				inner.names[h.Name.Name] = TokVariable
			}
		}
		c.block(st.Foreach.Body, inner)
	case st.If != nil:
		if h := st.If.Header; h != nil {
			c.value(h.Cond, sc)
		}
		c.block(st.If.Then, sc)
		c.block(st.If.Else, sc)
	}
}

func (c *classifier) block(b *tablegen.Block, sc *scope) {
	if b == nil {
		return
	}
	for _, st := range b.Statements {
		c.statement(st, sc)
	}
}

func (c *classifier) templateArgs(args []*tablegen.TemplateArg, sc *scope) {
	for _, a := range args {
		if a == nil {
			continue
		}
		c.typ(a.Type)
		c.mark(a.Name, TokTemplateArg, ModDeclaration)
		c.value(a.Default, sc)
		if a.Name != nil {
			sc.names[a.Name.Name] = TokTemplateArg
		}
	}
}

func (c *classifier) parents(ps []*tablegen.ClassRef, sc *scope) {
	for _, p := range ps {
		if p == nil {
			continue
		}
		c.mark(p.Name, TokClassName, 0)
		c.args(p.Args, sc)
	}
}

func (c *classifier) args(as []*tablegen.Arg, sc *scope) {
	for _, a := range as {
		if a != nil {
			c.mark(a.Name, TokTemplateArg, 0)
			c.value(a.Value, sc)
		}
	}
}

func (c *classifier) body(b *tablegen.Body, sc *scope) {
	if b == nil {
		return
	}
	// Fields are visible in the whole body, whatever the order.
	for _, it := range b.Items {
		if it != nil && it.Field != nil && it.Field.Name != nil {
			sc.names[it.Field.Name.Name] = TokField
		}
	}
	for _, it := range b.Items {
		switch {
		case it == nil:
		case it.Field != nil:
			c.typ(it.Field.Type)
			c.mark(it.Field.Name, TokField, ModDeclaration)
			c.value(it.Field.Value, sc)
		case it.Let != nil:
			c.mark(it.Let.Name, TokField, 0)
			if it.Let.Name != nil {
				sc.names[it.Let.Name.Name] = TokField
			}
			c.value(it.Let.Value, sc)
		case it.Defvar != nil:
			c.mark(it.Defvar.Name, TokVariable, ModDeclaration|ModReadonly)
			if it.Defvar.Name != nil {
				sc.names[it.Defvar.Name.Name] = TokVariable
			}
			c.value(it.Defvar.Value, sc)
		case it.Assert != nil:
			c.value(it.Assert.Cond, sc)
			c.value(it.Assert.Message, sc)
		case it.Dump != nil:
			c.value(it.Dump.Value, sc)
		}
	}
}

func (c *classifier) typ(t *tablegen.Type) {
	for ; t != nil; t = t.List {
		if t.Class != nil {
			c.mark(t.Class, TokClassName, 0)
		}
	}
}

func (c *classifier) nameValue(n *tablegen.NameValue, sc *scope) {
	ops := []*tablegen.NameOperand{n.Operand}
	for _, p := range n.Pastes {
		if p != nil {
			ops = append(ops, p.Operand)
		}
	}
	for i, op := range ops {
		if op == nil || op.Simple == nil {
			continue
		}
		if id := op.Simple.Ident; id != nil {
			if t, ok := sc.lookup(id.Name); ok {
				c.mark(id, t, 0)
			} else if i == 0 || id.Name != "NAME" {
				c.mark(id, TokRecord, ModDeclaration)
			}
			continue
		}
		c.simple(op.Simple, sc)
	}
}

func (c *classifier) values(vs []*tablegen.Value, sc *scope) {
	for _, v := range vs {
		c.value(v, sc)
	}
}

func (c *classifier) value(v *tablegen.Value, sc *scope) {
	if v == nil {
		return
	}
	c.suffixed(v.Operand, sc)
	for _, p := range v.Pastes {
		if p != nil {
			c.suffixed(p.Operand, sc)
		}
	}
}

func (c *classifier) suffixed(s *tablegen.SuffixedValue, sc *scope) {
	if s == nil {
		return
	}
	c.simple(s.Simple, sc)
	for _, x := range s.Suffixes {
		if x == nil {
			continue
		}
		c.mark(x.Field, TokField, 0)
		for _, e := range x.Slice {
			if e != nil {
				c.value(e.Start, sc)
				c.value(e.End, sc)
			}
		}
	}
}

func (c *classifier) simple(s *tablegen.SimpleValue, sc *scope) {
	if s == nil {
		return
	}
	switch {
	case s.Ident != nil:
		if t, ok := sc.lookup(s.Ident.Name); ok {
			c.mark(s.Ident, t, 0)
		} else {
			c.mark(s.Ident, TokRecord, 0)
		}
	case s.Bits != nil:
		c.values(s.Bits.Values, sc)
	case s.List != nil:
		c.values(s.List.Values, sc)
		c.typ(s.List.ElemType)
	case s.Dag != nil:
		c.dagArg(s.Dag.Operator, sc)
		for _, a := range s.Dag.Args {
			c.dagArg(a, sc)
		}
	case s.Bang != nil:
		c.typ(s.Bang.Type)
		for _, a := range s.Bang.Args {
			if a != nil {
				c.value(a.Value, sc)
				c.value(a.Then, sc)
			}
		}
	case s.ClassInst != nil:
		c.mark(s.ClassInst.Class, TokClassName, 0)
		c.args(s.ClassInst.Args, sc)
	}
}

func (c *classifier) dagArg(a *tablegen.DagArg, sc *scope) {
	if a != nil {
		c.value(a.Value, sc)
	}
}
