package eval

import (
	"hash/maphash"
	"strconv"
	"strings"

	"tdls/tablegen"
)

func parseInt(s string) (int64, error) {
	neg := false
	t := s
	if strings.HasPrefix(t, "-") {
		neg, t = true, t[1:]
	} else if strings.HasPrefix(t, "+") {
		t = t[1:]
	}
	var v int64
	if strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X") {
		u, err := strconv.ParseUint(t[2:], 16, 64)
		if err != nil {
			return 0, err
		}
		v = int64(u)
	} else {
		u, err := strconv.ParseUint(t, 10, 64)
		if err != nil {
			return 0, err
		}
		v = int64(u)
	}
	if neg {
		v = -v
	}
	return v, nil
}

func strConcat(l, r Init) Init {
	ls, lok := l.(*StringInit)
	rs, rok := r.(*StringInit)
	if lok && rok {
		return concatStrings(ls, rs)
	}
	return &BinOpInit{Op: opStrConcat, LHS: l, RHS: r, Ty: stringType}
}

func listConcat(l, r Init) Init {
	ll, lok := l.(*ListInit)
	rl, rok := r.(*ListInit)
	if lok && rok {
		out := append(append(make([]Init, 0, len(ll.Elems)+len(rl.Elems)), ll.Elems...), rl.Elems...)
		return &ListInit{Elem: ll.Elem, Elems: out}
	}
	return &BinOpInit{Op: opListConcat, LHS: l, RHS: r, Ty: l.Type()}
}

func (e *evaluator) parseType(t *tablegen.Type) *Type {
	if t == nil {
		return nil
	}
	switch {
	case t.Prim != "":
		switch t.Prim {
		case "bit":
			return bitType
		case "int":
			return intType
		case "string", "code":
			return stringType
		case "dag":
			return dagType
		}
	case t.Bits != "":
		n, err := parseInt(t.Bits)
		if err != nil || n < 0 || n > 1<<16 {
			e.failAt(t.Range(), "eval-type", "invalid bits width '"+t.Bits+"'")
			return nil
		}
		return bitsType(int(n))
	case t.List != nil:
		el := e.parseType(t.List)
		if el == nil {
			return nil
		}
		return listType(el)
	case t.Class != nil:
		if a := e.aliases.get(t.Class.Name); a != nil {
			return a
		}
		if c := e.classID(t.Class); c != nil {
			return c.selfType()
		}
	}
	return nil
}

// value evaluates a value expression (LLVM's ParseValue); nameMode makes
// unknown identifiers plain strings, as in record names and after `#`.
func (e *evaluator) value(v *tablegen.Value, itemType *Type, rec *Record, nameMode bool) Init {
	if v == nil || v.Operand.Simple == nil {
		return nil
	}
	res := e.suffixed(&v.Operand, itemType, rec, nameMode)
	if res == nil {
		return nil
	}
	return e.pastes(res, v.Pastes(), itemType, rec)
}

// nameValue evaluates the name of a def or defm.
func (e *evaluator) nameValue(nv *tablegen.NameValue, rec *Record) Init {
	res := e.nameOperand(nv.Operand, rec)
	if res == nil {
		return nil
	}
	ps := make([]*tablegen.Paste, len(nv.Pastes()))
	for i, p := range nv.Pastes() {
		ps[i] = &tablegen.Paste{Node: p.Node}
		if p.Operand != nil {
			sv := &tablegen.SuffixedValue{Simple: p.Operand.Simple}
			for _, s := range p.Operand.Suffixes() {
				sv.AddSuffix(&tablegen.Suffix{Node: s.Node, Slice: s.Slice, TrailingComma: s.TrailingComma, Field: s.Field})
			}
			ps[i].Operand = sv
		}
	}
	res = e.pastes(res, ps, stringType, rec)
	if res == nil {
		return nil
	}
	if t := res.Type(); t != nil && t.Kind != StringKind {
		res = foldUnOp(e, &UnOpInit{Op: opCast, Arg: res, Ty: stringType}, rec, false)
	}
	return res
}

func (e *evaluator) nameOperand(op *tablegen.NameOperand, rec *Record) Init {
	sv := &tablegen.SuffixedValue{Simple: op.Simple}
	for _, s := range op.Suffixes() {
		sv.AddSuffix(&tablegen.Suffix{Node: s.Node, Slice: s.Slice, TrailingComma: s.TrailingComma, Field: s.Field})
	}
	return e.suffixed(sv, stringType, rec, true)
}

// pastes applies `# operand` suffixes; each right-hand side is a value in
// name mode that extends to the end, so pastes nest to the right.
func (e *evaluator) pastes(lhs Init, ps []*tablegen.Paste, itemType *Type, rec *Record) Init {
	if len(ps) == 0 {
		return lhs
	}
	p := ps[0]
	lt := lhs.Type()
	if lt == nil {
		e.failAt(p.Range(), "eval-paste", "LHS of paste is not typed!")
		return nil
	}
	if lt.Kind == ListKind {
		if p.Operand == nil {
			return e.pastes(lhs, ps[1:], itemType, rec)
		}
		rhs := e.suffixed(p.Operand, itemType, rec, false)
		if rhs == nil {
			return nil
		}
		if rhs = e.pastes(rhs, ps[1:], itemType, rec); rhs == nil {
			return nil
		}
		return listConcat(lhs, rhs)
	}
	if lt.Kind != StringKind {
		lhs = foldUnOp(e, &UnOpInit{Op: opCast, Arg: lhs, Ty: stringType}, rec, false)
	}
	var rhs Init
	if p.Operand == nil {
		rhs = emptyString
		if len(ps) > 1 {
			return e.pastes(strConcat(lhs, rhs), ps[1:], itemType, rec)
		}
	} else {
		rhs = e.suffixed(p.Operand, nil, rec, true)
		if rhs == nil {
			return nil
		}
		if rhs = e.pastes(rhs, ps[1:], nil, rec); rhs == nil {
			return nil
		}
		rt := rhs.Type()
		if rt == nil {
			e.failAt(p.Range(), "eval-paste", "RHS of paste is not typed!")
			return nil
		}
		if rt.Kind != StringKind {
			rhs = foldUnOp(e, &UnOpInit{Op: opCast, Arg: rhs, Ty: stringType}, rec, false)
		}
	}
	return strConcat(lhs, rhs)
}

func (e *evaluator) suffixed(sv *tablegen.SuffixedValue, itemType *Type, rec *Record, nameMode bool) Init {
	res := e.simple(sv.Simple, itemType, rec, nameMode)
	if res == nil {
		return nil
	}
	for _, s := range sv.Suffixes() {
		switch {
		case s.Bits != nil:
			bits, ok := e.rangeList(s.Bits)
			if !ok {
				return nil
			}
			reverseInts(bits)
			res = bitRange(res, bits)
			if res == nil {
				e.failAt(s.Range(), "eval-bit-range", "Invalid bit range for value")
				return nil
			}
		case s.Slice != nil:
			res = e.slice(res, s, rec, sv)
			if res == nil {
				return nil
			}
		case s.Field != nil:
			name := s.Field.Name
			ft := fieldType(res, name)
			if ft == nil {
				e.failAt(s.Field.Range(), "eval-unknown-field", "Cannot access field '"+name+"' of value '"+res.String()+"'")
				return nil
			}
			if d, ok := res.(*DefInit); ok && d.Rec == rec {
				e.fatal(s.Field.Range(), "Attempting to access field '"+name+"' of '"+res.String()+"' is a forbidden self-reference")
			}
			if v := fieldValue(res, name); v != nil {
				res = v
			} else {
				res = &FieldInit{Rec: res, Field: name, Ty: ft}
			}
		}
	}
	return res
}

// fieldType is the type of field name of a record value, or nil.
func fieldType(v Init, name string) *Type {
	if d, ok := v.(*DefInit); ok {
		if rv := d.Rec.Field(name); rv != nil {
			return rv.Type
		}
		return nil
	}
	t := v.Type()
	if t == nil || t.Kind != RecordKind {
		return nil
	}
	for _, c := range t.Classes {
		if rv := c.Field(name); rv != nil {
			return rv.Type
		}
	}
	return nil
}

// bitRange is LLVM's convertInitializerBitRange.
func bitRange(v Init, bits []int) Init {
	out := make([]Init, len(bits))
	switch x := v.(type) {
	case *BitsInit:
		for i, b := range bits {
			if b >= len(x.Bits) {
				return nil
			}
			out[i] = x.Bits[b]
		}
	case *IntInit:
		for i, b := range bits {
			if b >= 64 {
				return nil
			}
			out[i] = bitOf(x, b)
		}
	default:
		t := v.Type()
		if t == nil || t.Kind != BitsKind {
			return nil
		}
		for i, b := range bits {
			if b >= t.Width {
				return nil
			}
			out[i] = &VarBitInit{V: v, Bit: b}
		}
	}
	return &BitsInit{Bits: out}
}

// slice applies `[...]` to a list: one index selects an element, anything
// else makes a sublist.
func (e *evaluator) slice(lhs Init, s *tablegen.Suffix, rec *Record, sv *tablegen.SuffixedValue) Init {
	lt := lhs.Type()
	if lt == nil {
		e.failAt(sv.Simple.Range(), "eval-slice", "Invalid value, list expected")
		return nil
	}
	if lt.Kind != ListKind {
		e.failAt(sv.Simple.Range(), "eval-slice", "Type '"+lt.String()+"' is invalid, list expected")
		return nil
	}
	var elems []Init
	var slices []Init
	single := len(s.Slice) == 1 && !s.TrailingComma
	flush := func() {
		if len(elems) > 0 {
			slices = append(slices, &ListInit{Elem: intType, Elems: elems})
			elems = nil
		}
	}
	for _, el := range s.Slice {
		v := e.value(el.Start, nil, rec, false)
		if v == nil {
			return nil
		}
		if el.End != nil || el.Sep != "" {
			var end Init
			if el.End != nil {
				end = e.value(el.End, nil, rec, false)
				if end == nil {
					return nil
				}
				if el.Sep == "" {
					// "a-5" lexes as a and -5.
					if i, ok := end.(*IntInit); ok {
						end = intInit(-i.V)
					}
				}
			}
			if end == nil || end.Type() == nil || end.Type().Kind != IntKind || v.Type() == nil || v.Type().Kind != IntKind {
				e.failAt(el.Range(), "eval-slice", "expected int...int")
				return nil
			}
			flush()
			slices = append(slices, foldBinOp(e, &BinOpInit{Op: opRangeC, LHS: v, RHS: end, Ty: listType(intType)}, rec))
			single = false
			continue
		}
		vt := v.Type()
		if vt != nil && vt.Kind == ListKind {
			if vt.Elem.Kind != IntKind {
				e.failAt(el.Range(), "eval-slice", "expected list<int>, got "+vt.String())
				return nil
			}
			flush()
			slices = append(slices, v)
			single = false
			continue
		}
		if vt == nil || vt.Kind != IntKind {
			ts := "?"
			if vt != nil {
				ts = vt.String()
			}
			e.failAt(el.Range(), "eval-slice", "unhandled type "+ts+" in range")
			return nil
		}
		if single {
			return foldBinOp(e, &BinOpInit{Op: opListElem, LHS: lhs, RHS: v, Ty: lt.Elem}, rec)
		}
		elems = append(elems, v)
	}
	flush()
	var idx Init
	for _, sl := range slices {
		if idx == nil {
			idx = sl
		} else {
			idx = listConcat(idx, sl)
		}
	}
	return foldBinOp(e, &BinOpInit{Op: opListSlice, LHS: lhs, RHS: idx, Ty: lt}, rec)
}

func (e *evaluator) simple(s *tablegen.SimpleValue, itemType *Type, rec *Record, nameMode bool) Init {
	switch {
	case s.Literal != "":
		return e.literal(s)
	}
	switch x := s.Expr.(type) {
	case *tablegen.AdjacentStrings:
		var sb strings.Builder
		for _, lit := range x.Pieces {
			u, _ := tablegen.Unquote(lit)
			sb.WriteString(u)
		}
		return stringInit(sb.String())
	case *tablegen.BitsInit:
		return e.bitsLiteral(x, rec)
	case *tablegen.ListInit:
		return e.listLiteral(x, itemType, rec)
	case *tablegen.DagInit:
		return e.dagLiteral(x, rec)
	case *tablegen.BangOp:
		return e.bang(x, itemType, rec)
	case *tablegen.ClassInst:
		return e.classInst(x, rec)
	case *tablegen.Ident:
		return e.idValue(x, rec, nameMode)
	}
	e.failAt(s.Range(), "eval-syntax", "expected a value")
	return nil
}

var stringSeed = maphash.MakeSeed()

// literal is the value of a single-token literal.
func (e *evaluator) literal(s *tablegen.SimpleValue) Init {
	switch s.LiteralKind() {
	case tablegen.TokBinary:
		digits := strings.TrimPrefix(strings.TrimPrefix(s.Literal, "0b"), "0B")
		if len(strings.TrimLeft(digits, "0")) > 64 {
			// LLVM's lexer reads the digits as a 64-bit value.
			e.failAt(s.Range(), "eval-int", "number out of range")
			return nil
		}
		bits := make([]Init, len(digits))
		for i := range digits {
			bits[i] = bitInit(digits[len(digits)-1-i] == '1')
		}
		return &BitsInit{Bits: bits}
	case tablegen.TokString:
		u, _ := tablegen.Unquote(s.Literal)
		slot := &e.strings[maphash.String(stringSeed, u)%uint64(len(e.strings))]
		if *slot == nil || (*slot).V != u {
			*slot = stringInit(u)
		}
		return *slot
	case tablegen.TokCode:
		return &StringInit{V: tablegen.CodeBody(s.Literal), Code: true}
	case tablegen.KwTrue:
		return intInit(1)
	case tablegen.KwFalse:
		return intInit(0)
	case tablegen.TokQuestion:
		return Unset
	}
	v, err := parseInt(s.Literal)
	if err != nil {
		e.failAt(s.Range(), "eval-int", "invalid integer '"+s.Literal+"'")
		return nil
	}
	return intInit(v)
}

// idValue resolves an identifier (LLVM's ParseIDValue).
func (e *evaluator) idValue(id *tablegen.Ident, rec *Record, nameMode bool) Init {
	name := id.Name
	if v := e.lookupVar(name); v != nil {
		return v
	}
	if nameMode {
		return stringInit(name)
	}
	if g := e.global(name); g != nil {
		return g
	}
	if rec != nil && !rec.IsClass && e.curMC == nil && rec.NameString() == name {
		return &UnOpInit{Op: opCast, Arg: stringInit(name), Ty: rec.defType()}
	}
	if e.poisoned.get(name) {
		e.failed = true // its own statement's error says why
		return nil
	}
	e.failAt(id.Range(), "eval-undefined", "Variable not defined: '"+name+"'")
	return nil
}

func (e *evaluator) bitsLiteral(b *tablegen.BitsInit, rec *Record) Init {
	var bits []Init
	for i, v := range b.Values {
		x := e.value(v, nil, rec, false)
		if x == nil {
			return nil
		}
		if bit := castTo(e, x, bitType); bit != nil {
			bits = append(bits, bit)
			continue
		}
		if bi, ok := x.(*BitsInit); ok {
			for j := len(bi.Bits) - 1; j >= 0; j-- {
				bits = append(bits, bi.Bits[j])
			}
			continue
		}
		if t := x.Type(); t != nil && t.Kind == BitsKind {
			for j := t.Width - 1; j >= 0; j-- {
				bits = append(bits, bitOf(x, j))
			}
			continue
		}
		e.failAt(v.Range(), "eval-type", "Element #"+strconv.Itoa(i)+" ("+x.String()+") is not convertable to a bit")
		return nil
	}
	reverseInits(bits)
	return &BitsInit{Bits: bits}
}

func reverseInits(s []Init) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func (e *evaluator) listLiteral(l *tablegen.ListInit, itemType *Type, rec *Record) Init {
	var given *Type
	if itemType != nil {
		if itemType.Kind != ListKind {
			e.failAt(l.Range(), "eval-type", "Encountered a list when expecting a "+itemType.String())
			return nil
		}
		given = itemType
	}
	var eltHint *Type
	if given != nil {
		eltHint = given.Elem
	}
	vals := make([]Init, 0, len(l.Values))
	for _, v := range l.Values {
		x := e.value(v, eltHint, rec, false)
		if x == nil {
			return nil
		}
		vals = append(vals, x)
	}
	var givenElt *Type
	if l.ElemType != nil {
		if givenElt = e.parseType(l.ElemType); givenElt == nil {
			return nil
		}
	}
	var elt *Type
	for _, v := range vals {
		t := v.Type()
		if t == nil {
			continue
		}
		if elt == nil {
			elt = t
			continue
		}
		elt = resolveTypes(elt, t)
		if elt == nil {
			e.failAt(l.Range(), "eval-type", "Incompatible types in list elements")
			return nil
		}
	}
	if givenElt != nil {
		if elt != nil && !convertibleTo(elt, givenElt) {
			e.failAt(l.Range(), "eval-type", "Incompatible types in list elements")
			return nil
		}
		elt = givenElt
	}
	if elt == nil {
		if given == nil {
			e.failAt(l.Range(), "eval-type", "No type for list")
			return nil
		}
		elt = given.Elem
	} else if given != nil && !convertibleTo(elt, given.Elem) {
		e.failAt(l.Range(), "eval-type", "Element type mismatch for list: element type '"+elt.String()+"' not convertible to '"+given.Elem.String())
		return nil
	}
	return &ListInit{Elem: elt, Elems: vals}
}

// dagOperatorStart reports whether a dag's operator starts with what
// LLVM's ParseSimpleValue takes there: an identifier, ?, [, !cast or
// !getdagop.
func dagOperatorStart(s *tablegen.SimpleValue) bool {
	if s == nil {
		return false
	}
	if s.Literal != "" {
		return s.LiteralKind() == tablegen.TokQuestion
	}
	switch x := s.Expr.(type) {
	case *tablegen.Ident, *tablegen.ClassInst, *tablegen.ListInit:
		return true
	case *tablegen.BangOp:
		return x.Op == "!cast" || x.Op == "!getdagop"
	}
	return false
}

func varName(v *tablegen.VarName) *StringInit {
	if v == nil {
		return nil
	}
	return stringInit(strings.TrimPrefix(v.Name, "$"))
}

func (e *evaluator) dagLiteral(d *tablegen.DagInit, rec *Record) Init {
	if d.Operator == nil || d.Operator.Value == nil || !dagOperatorStart(d.Operator.Value.Operand.Simple) {
		at := d.Range()
		if d.Operator != nil {
			at = d.Operator.Range()
		}
		e.failAt(at, "eval-syntax", "expected identifier or list of value types in dag init")
		return nil
	}
	op := e.value(d.Operator.Value, nil, rec, false)
	if op == nil {
		return nil
	}
	dag := &DagInit{Op: op, OpName: varName(d.Operator.Name)}
	dag.Args = make([]Init, 0, len(d.Args))
	dag.Names = make([]*StringInit, 0, len(d.Args))
	for _, a := range d.Args {
		if a.Bare != nil {
			dag.Args = append(dag.Args, Unset)
			dag.Names = append(dag.Names, varName(a.Bare))
			continue
		}
		v := e.value(a.Value, nil, rec, false)
		if v == nil {
			return nil
		}
		dag.Args = append(dag.Args, v)
		dag.Names = append(dag.Names, varName(a.Name))
	}
	return dag
}

func (e *evaluator) classInst(c *tablegen.ClassInst, rec *Record) Init {
	class := e.classes.get(c.Class.Name)
	if class == nil {
		e.failAt(c.Class.Range(), "eval-unknown-class", "Expected a class name, got '"+c.Class.Name+"'")
		return nil
	}
	args, ok := e.templateArgValues(c.Args, rec, class, make([]ArgInit, 0, len(c.Args)))
	if !ok {
		return nil
	}
	if !e.resolveArguments(class, args, c.Class.Range(), func(string, Init) {}) {
		return nil
	}
	return e.foldVarDef(e.varDef(class, args, c.Class.Range(), c.Range()))
}
