package analysis

import "tdls/tablegen"

// shifter copies syntax trees with every position moved by d bytes, so
// that statements after an edit can be reused at their new place without
// parsing them again. Trees are shared between snapshots and never
// modified: shifting always copies. A test checks by reflection that every
// field of every node type is carried over.
type shifter struct {
	d int
}

func (s shifter) node(n tablegen.Node) tablegen.Node {
	n.From = s.pos(n.From)
	n.To = s.pos(n.To)
	return n
}

func (s shifter) pos(p tablegen.Pos) tablegen.Pos {
	if p > 0 {
		p += tablegen.Pos(s.d)
	}
	return p
}

func (s shifter) statements(in []*tablegen.Statement) []*tablegen.Statement {
	if in == nil {
		return nil
	}
	out := make([]*tablegen.Statement, len(in))
	for i, st := range in {
		out[i] = s.statement(st)
	}
	return out
}

func (s shifter) statement(in *tablegen.Statement) *tablegen.Statement {
	if in == nil {
		return nil
	}
	var x tablegen.StatementNode
	switch n := in.StatementNode().(type) {
	case *tablegen.Assert:
		x = s.assert(n)
	case *tablegen.Class:
		x = s.class(n)
	case *tablegen.Def:
		x = s.def(n)
	case *tablegen.Defm:
		x = s.defm(n)
	case *tablegen.Defset:
		x = s.defset(n)
	case *tablegen.Deftype:
		x = s.deftype(n)
	case *tablegen.Defvar:
		x = s.defvar(n)
	case *tablegen.Dump:
		x = s.dump(n)
	case *tablegen.Foreach:
		x = s.foreach(n)
	case *tablegen.If:
		x = s.ifStmt(n)
	case *tablegen.Let:
		x = s.let(n)
	case *tablegen.MultiClass:
		x = s.multiClass(n)
	}
	return tablegen.NewStatement(s.node(in.Node), x)
}

func (s shifter) block(in *tablegen.Block) *tablegen.Block {
	if in == nil {
		return nil
	}
	return &tablegen.Block{Node: s.node(in.Node), Braced: in.Braced, Statements: s.statements(in.Statements)}
}

func (s shifter) assert(in *tablegen.Assert) *tablegen.Assert {
	if in == nil {
		return nil
	}
	return &tablegen.Assert{Node: s.node(in.Node), Cond: s.value(in.Cond), Message: s.value(in.Message)}
}

func (s shifter) class(in *tablegen.Class) *tablegen.Class {
	if in == nil {
		return nil
	}
	return &tablegen.Class{Node: s.node(in.Node), Name: s.ident(in.Name), TemplateArgs: s.templateArgs(in.TemplateArgs),
		Parents: s.classRefs(in.Parents), Body: s.body(in.Body)}
}

func (s shifter) def(in *tablegen.Def) *tablegen.Def {
	if in == nil {
		return nil
	}
	return &tablegen.Def{Node: s.node(in.Node), Name: s.nameValue(in.Name), Parents: s.classRefs(in.Parents), Body: s.body(in.Body)}
}

func (s shifter) defm(in *tablegen.Defm) *tablegen.Defm {
	if in == nil {
		return nil
	}
	return &tablegen.Defm{Node: s.node(in.Node), Name: s.nameValue(in.Name), Parents: s.classRefs(in.Parents)}
}

func (s shifter) defset(in *tablegen.Defset) *tablegen.Defset {
	if in == nil {
		return nil
	}
	out := &tablegen.Defset{Node: s.node(in.Node), Body: s.block(in.Body)}
	if h := in.Header; h != nil {
		out.Header = &tablegen.DefsetHeader{Node: s.node(h.Node), Type: s.typ(h.Type), Name: s.ident(h.Name)}
	}
	return out
}

func (s shifter) deftype(in *tablegen.Deftype) *tablegen.Deftype {
	if in == nil {
		return nil
	}
	return &tablegen.Deftype{Node: s.node(in.Node), Name: s.ident(in.Name), Type: s.typ(in.Type)}
}

func (s shifter) defvar(in *tablegen.Defvar) *tablegen.Defvar {
	if in == nil {
		return nil
	}
	return &tablegen.Defvar{Node: s.node(in.Node), Name: s.ident(in.Name), Value: s.value(in.Value)}
}

func (s shifter) dump(in *tablegen.Dump) *tablegen.Dump {
	if in == nil {
		return nil
	}
	return &tablegen.Dump{Node: s.node(in.Node), Value: s.value(in.Value)}
}

func (s shifter) foreach(in *tablegen.Foreach) *tablegen.Foreach {
	if in == nil {
		return nil
	}
	out := &tablegen.Foreach{Node: s.node(in.Node), Body: s.block(in.Body)}
	if h := in.Header; h != nil {
		out.Header = &tablegen.ForeachHeader{Node: s.node(h.Node), Name: s.ident(h.Name), Ranges: s.rangePieces(h.Ranges),
			Range: s.rangePiece(h.Range), List: s.value(h.List)}
	}
	return out
}

func (s shifter) ifStmt(in *tablegen.If) *tablegen.If {
	if in == nil {
		return nil
	}
	out := &tablegen.If{Node: s.node(in.Node), Then: s.block(in.Then), Else: s.block(in.Else)}
	if h := in.Header; h != nil {
		out.Header = &tablegen.IfHeader{Node: s.node(h.Node), Cond: s.value(h.Cond)}
	}
	return out
}

func (s shifter) let(in *tablegen.Let) *tablegen.Let {
	if in == nil {
		return nil
	}
	out := &tablegen.Let{Node: s.node(in.Node), Body: s.block(in.Body)}
	if h := in.Header; h != nil {
		hh := &tablegen.LetHeader{Node: s.node(h.Node)}
		if h.Items != nil {
			hh.Items = make([]*tablegen.LetItem, len(h.Items))
			for i, it := range h.Items {
				if it != nil {
					hh.Items[i] = &tablegen.LetItem{Node: s.node(it.Node), Name: s.ident(it.Name), Bits: s.rangePieces(it.Bits), Value: s.value(it.Value)}
				}
			}
		}
		out.Header = hh
	}
	return out
}

func (s shifter) multiClass(in *tablegen.MultiClass) *tablegen.MultiClass {
	if in == nil {
		return nil
	}
	out := &tablegen.MultiClass{Node: s.node(in.Node), Body: s.block(in.Body)}
	if h := in.Header; h != nil {
		out.Header = &tablegen.MultiClassHeader{Node: s.node(h.Node), Name: s.ident(h.Name),
			TemplateArgs: s.templateArgs(h.TemplateArgs), Parents: s.classRefs(h.Parents)}
	}
	return out
}

func (s shifter) ident(in *tablegen.Ident) *tablegen.Ident {
	if in == nil {
		return nil
	}
	return &tablegen.Ident{Node: s.node(in.Node), Name: in.Name}
}

func (s shifter) varName(in *tablegen.VarName) *tablegen.VarName {
	if in == nil {
		return nil
	}
	return &tablegen.VarName{Node: s.node(in.Node), Name: in.Name}
}

func (s shifter) templateArgs(in []*tablegen.TemplateArg) []*tablegen.TemplateArg {
	if in == nil {
		return nil
	}
	out := make([]*tablegen.TemplateArg, len(in))
	for i, a := range in {
		if a != nil {
			out[i] = &tablegen.TemplateArg{Node: s.node(a.Node), Type: s.typ(a.Type), Name: s.ident(a.Name), Default: s.value(a.Default)}
		}
	}
	return out
}

func (s shifter) classRefs(in []*tablegen.ClassRef) []*tablegen.ClassRef {
	if in == nil {
		return nil
	}
	out := make([]*tablegen.ClassRef, len(in))
	for i, r := range in {
		if r != nil {
			out[i] = &tablegen.ClassRef{Node: s.node(r.Node), Name: s.ident(r.Name), Args: s.args(r.Args)}
		}
	}
	return out
}

func (s shifter) args(in []*tablegen.Arg) []*tablegen.Arg {
	if in == nil {
		return nil
	}
	out := make([]*tablegen.Arg, len(in))
	for i, a := range in {
		if a != nil {
			out[i] = &tablegen.Arg{Name: s.ident(a.Name), Value: s.value(a.Value)}
		}
	}
	return out
}

func (s shifter) body(in *tablegen.Body) *tablegen.Body {
	if in == nil {
		return nil
	}
	out := &tablegen.Body{Node: s.node(in.Node), Semi: in.Semi}
	if in.Items != nil {
		out.Items = make([]*tablegen.BodyItem, len(in.Items))
		for i, it := range in.Items {
			if it == nil {
				continue
			}
			bi := &tablegen.BodyItem{Node: s.node(it.Node), Defvar: s.defvar(it.Defvar), Assert: s.assert(it.Assert), Dump: s.dump(it.Dump)}
			if l := it.Let; l != nil {
				bi.Let = &tablegen.BodyLet{Node: s.node(l.Node), Name: s.ident(l.Name), Bits: s.rangePieces(l.Bits), Value: s.value(l.Value)}
			}
			if f := it.Field; f != nil {
				bi.Field = &tablegen.FieldDecl{Node: s.node(f.Node), IsField: f.IsField, Type: s.typ(f.Type), Name: s.ident(f.Name), Value: s.value(f.Value)}
			}
			out.Items[i] = bi
		}
	}
	return out
}

func (s shifter) typ(in *tablegen.Type) *tablegen.Type {
	if in == nil {
		return nil
	}
	return &tablegen.Type{Node: s.node(in.Node), Prim: in.Prim, Bits: in.Bits, List: s.typ(in.List), Class: s.ident(in.Class)}
}

func (s shifter) rangePiece(in *tablegen.RangePiece) *tablegen.RangePiece {
	if in == nil {
		return nil
	}
	return &tablegen.RangePiece{Node: s.node(in.Node), Start: in.Start, Sep: in.Sep, End: in.End}
}

func (s shifter) rangePieces(in []*tablegen.RangePiece) []*tablegen.RangePiece {
	if in == nil {
		return nil
	}
	out := make([]*tablegen.RangePiece, len(in))
	for i, r := range in {
		out[i] = s.rangePiece(r)
	}
	return out
}

func (s shifter) values(in []*tablegen.Value) []*tablegen.Value {
	if in == nil {
		return nil
	}
	out := make([]*tablegen.Value, len(in))
	for i, v := range in {
		out[i] = s.value(v)
	}
	return out
}

func (s shifter) value(in *tablegen.Value) *tablegen.Value {
	if in == nil {
		return nil
	}
	out := &tablegen.Value{}
	if op := s.suffixed(&in.Operand); op != nil {
		out.Operand = *op
	}
	if in.Pasted != nil {
		out.Pasted = &tablegen.PasteList{Pastes: make([]*tablegen.Paste, len(in.Pasted.Pastes))}
		for i, p := range in.Pasted.Pastes {
			if p != nil {
				out.Pasted.Pastes[i] = &tablegen.Paste{Node: s.node(p.Node), Operand: s.suffixed(p.Operand)}
			}
		}
	}
	return out
}

func (s shifter) suffixed(in *tablegen.SuffixedValue) *tablegen.SuffixedValue {
	if in == nil {
		return nil
	}
	out := &tablegen.SuffixedValue{Simple: s.simple(in.Simple)}
	if in.Suffixed != nil {
		out.Suffixed = &tablegen.SuffixList{Suffixes: make([]*tablegen.Suffix, len(in.Suffixed.Suffixes))}
		for i, x := range in.Suffixed.Suffixes {
			if x != nil {
				out.Suffixed.Suffixes[i] = &tablegen.Suffix{Node: s.node(x.Node), Bits: s.rangePieces(x.Bits), Slice: s.slice(x.Slice), TrailingComma: x.TrailingComma, Field: s.ident(x.Field)}
			}
		}
	}
	return out
}

func (s shifter) slice(in []*tablegen.SliceElem) []*tablegen.SliceElem {
	if in == nil {
		return nil
	}
	out := make([]*tablegen.SliceElem, len(in))
	for i, e := range in {
		if e != nil {
			out[i] = &tablegen.SliceElem{Node: s.node(e.Node), Start: s.value(e.Start), Sep: e.Sep, End: s.value(e.End)}
		}
	}
	return out
}

func (s shifter) nameValue(in *tablegen.NameValue) *tablegen.NameValue {
	if in == nil {
		return nil
	}
	out := &tablegen.NameValue{Operand: s.nameOperand(in.Operand)}
	if in.Pasted != nil {
		out.Pasted = &tablegen.NamePasteList{Pastes: make([]*tablegen.NamePaste, len(in.Pasted.Pastes))}
		for i, p := range in.Pasted.Pastes {
			if p != nil {
				out.Pasted.Pastes[i] = &tablegen.NamePaste{Node: s.node(p.Node), Operand: s.nameOperand(p.Operand)}
			}
		}
	}
	return out
}

func (s shifter) nameOperand(in *tablegen.NameOperand) *tablegen.NameOperand {
	if in == nil {
		return nil
	}
	out := &tablegen.NameOperand{Simple: s.simple(in.Simple)}
	if in.Suffixed != nil {
		out.Suffixed = &tablegen.NameSuffixList{Suffixes: make([]*tablegen.NameSuffix, len(in.Suffixed.Suffixes))}
		for i, x := range in.Suffixed.Suffixes {
			if x != nil {
				out.Suffixed.Suffixes[i] = &tablegen.NameSuffix{Node: s.node(x.Node), Slice: s.slice(x.Slice), TrailingComma: x.TrailingComma, Field: s.ident(x.Field)}
			}
		}
	}
	return out
}

func (s shifter) simple(in *tablegen.SimpleValue) *tablegen.SimpleValue {
	if in == nil {
		return nil
	}
	out := &tablegen.SimpleValue{Node: s.node(in.Node), Literal: in.Literal}
	switch x := in.Expr.(type) {
	case *tablegen.AdjacentStrings:
		out.Expr = &tablegen.AdjacentStrings{Node: s.node(x.Node), Pieces: x.Pieces}
	case *tablegen.Ident:
		out.Expr = s.ident(x)
	case *tablegen.BitsInit:
		out.Expr = &tablegen.BitsInit{Node: s.node(x.Node), Values: s.values(x.Values)}
	case *tablegen.ListInit:
		out.Expr = &tablegen.ListInit{Node: s.node(x.Node), Values: s.values(x.Values), ElemType: s.typ(x.ElemType)}
	case *tablegen.DagInit:
		dd := &tablegen.DagInit{Node: s.node(x.Node), Operator: s.dagArg(x.Operator)}
		if x.Args != nil {
			dd.Args = make([]*tablegen.DagArg, len(x.Args))
			for i, a := range x.Args {
				dd.Args[i] = s.dagArg(a)
			}
		}
		out.Expr = dd
	case *tablegen.BangOp:
		bo := &tablegen.BangOp{Node: s.node(x.Node), Op: x.Op, Type: s.typ(x.Type)}
		if x.Args != nil {
			bo.Args = make([]*tablegen.BangArg, len(x.Args))
			for i, a := range x.Args {
				if a != nil {
					bo.Args[i] = &tablegen.BangArg{Node: s.node(a.Node), Value: s.value(a.Value), Then: s.value(a.Then)}
				}
			}
		}
		out.Expr = bo
	case *tablegen.ClassInst:
		out.Expr = &tablegen.ClassInst{Node: s.node(x.Node), Class: s.ident(x.Class), Args: s.args(x.Args)}
	}
	return out
}

func (s shifter) dagArg(in *tablegen.DagArg) *tablegen.DagArg {
	if in == nil {
		return nil
	}
	return &tablegen.DagArg{Node: s.node(in.Node), Value: s.value(in.Value), Name: s.varName(in.Name), Bare: s.varName(in.Bare)}
}
