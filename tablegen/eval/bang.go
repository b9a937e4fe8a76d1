package eval

import (
	"math"

	"tdls/tablegen"
)

var unaryOps = map[string]opcode{
	"cast": opCast, "not": opNot, "head": opHead, "tail": opTail, "size": opSize,
	"empty": opEmpty, "getdagop": opGetDagOp, "getdagopname": opGetDagOpName,
	"logtwo": opLog2, "listflatten": opListFlatten, "repr": opRepr,
	"tolower": opToLower, "toupper": opToUpper, "initialized": opInitialized,
}

var binaryOps = map[string]opcode{
	"add": opAdd, "sub": opSub, "mul": opMul, "div": opDiv, "and": opAnd, "or": opOr,
	"xor": opXor, "shl": opShl, "sra": opSra, "srl": opSrl, "listconcat": opListConcat,
	"listsplat": opListSplat, "listremove": opListRemove, "strconcat": opStrConcat,
	"interleave": opInterleave, "con": opConcat, "eq": opEq, "ne": opNe, "le": opLe,
	"lt": opLt, "ge": opGe, "gt": opGt, "getdagarg": opGetDagArg, "getdagname": opGetDagName,
	"setdagop": opSetDagOp, "setdagopname": opSetDagOpName, "match": opMatch,
}

// bang evaluates a !operator application (LLVM's ParseOperation).
func (e *evaluator) bang(b *tablegen.BangOp, itemType *Type, rec *Record) Init {
	name := b.Op
	if len(name) > 0 && name[0] == '!' {
		name = name[1:]
	}
	if op, ok := unaryOps[name]; ok {
		return e.unary(b, op, rec)
	}
	if op, ok := binaryOps[name]; ok {
		return e.binary(b, op, itemType, rec)
	}
	switch name {
	case "if", "subst", "dag", "setdagarg", "setdagname":
		return e.ternary(b, name, itemType, rec)
	case "foreach", "filter":
		return e.foreachOp(b, name == "filter", itemType, rec)
	case "foldl":
		return e.foldlOp(b, rec)
	case "cond":
		return e.condOp(b, itemType, rec)
	case "range":
		return e.rangeOp(b, rec)
	case "substr", "find":
		return e.substrFind(b, name == "find", rec)
	case "isa", "exists", "instances":
		return e.typeTest(b, name, rec)
	}
	// The parser has reported the unknown name; the statement fails as in
	// LLVM, without a second diagnostic.
	e.failed = true
	return nil
}

func (e *evaluator) argCount(b *tablegen.BangOp, min, max int) bool {
	if len(b.Args) < min || len(b.Args) > max {
		msg := "expected " + itoa(int64(min)) + " operands to operator"
		if min != max {
			msg = "wrong number of operands to operator"
		}
		e.failAt(b.Range(), "eval-operands", msg)
		return false
	}
	for _, a := range b.Args {
		if a.Then != nil {
			e.failAt(a.Range(), "eval-syntax", "unexpected ':' in operator argument")
			return false
		}
	}
	return true
}

func (e *evaluator) opType(b *tablegen.BangOp, required bool) (*Type, bool) {
	if b.Type == nil {
		if required {
			e.failAt(b.Range(), "eval-operator-type", "did not get type for "+b.Op+" operator")
			return nil, false
		}
		return nil, true
	}
	t := e.parseType(b.Type)
	return t, t != nil
}

func (e *evaluator) unary(b *tablegen.BangOp, op opcode, rec *Record) Init {
	var ty *Type
	switch op {
	case opCast:
		t, ok := e.opType(b, true)
		if !ok {
			return nil
		}
		ty = t
	case opRepr, opToLower, opToUpper, opGetDagOpName:
		ty = stringType
	case opNot, opLog2, opSize, opEmpty, opInitialized:
		ty = intType
	case opGetDagOp:
		t, ok := e.opType(b, false)
		if !ok {
			return nil
		}
		ty = t
		if ty == nil {
			ty = anyRecordType
		}
	}
	if !e.argCount(b, 1, 1) {
		return nil
	}
	arg := e.value(b.Args[0].Value, nil, rec, false)
	if arg == nil {
		return nil
	}
	at := arg.Type()
	// LLVM reports these at the token after the argument.
	after := tablegen.Range{Start: b.Args[0].Range().End, End: b.Args[0].Range().End}
	switch op {
	case opEmpty, opSize:
		if at == nil || (at.Kind != ListKind && at.Kind != StringKind && at.Kind != DagKind) {
			e.failAt(after, "eval-operator-type", "expected string, list, or dag type argument in unary operator")
			return nil
		}
	case opHead, opTail, opListFlatten:
		if at == nil || at.Kind != ListKind {
			e.failAt(after, "eval-operator-type", "expected list type argument in unary operator")
			return nil
		}
		l, isList := arg.(*ListInit)
		if isList && len(l.Elems) == 0 && op != opListFlatten {
			e.failAt(after, "eval-operator-type", "empty list argument in unary operator")
			return nil
		}
		elemTy := at.Elem
		if isList && len(l.Elems) > 0 {
			elemTy = l.Elems[0].Type()
			if elemTy == nil {
				e.failAt(b.Args[0].Range(), "eval-operator-type", "untyped list element in unary operator")
				return nil
			}
		}
		switch op {
		case opHead:
			ty = elemTy
		case opTail:
			ty = listType(elemTy)
		default:
			if elemTy.Kind == ListKind {
				ty = listType(elemTy.Elem)
			} else {
				ty = listType(elemTy)
			}
		}
	}
	return foldUnOp(e, &UnOpInit{Op: op, Arg: arg, Ty: ty}, rec, false)
}

func isIntOp(op opcode) bool {
	switch op {
	case opAdd, opSub, opMul, opDiv, opAnd, opOr, opXor, opShl, opSra, opSrl:
		return true
	}
	return false
}

func (e *evaluator) binary(b *tablegen.BangOp, op opcode, itemType *Type, rec *Record) Init {
	var ty, argTy *Type
	switch op {
	case opConcat, opSetDagOp, opSetDagOpName:
		ty, argTy = dagType, dagType
	case opGetDagArg:
		t, ok := e.opType(b, true)
		if !ok {
			return nil
		}
		ty, argTy = t, dagType
	case opGetDagName:
		ty, argTy = stringType, dagType
	case opEq, opNe, opLe, opLt, opGe, opGt, opMatch:
		ty = bitType
	case opListConcat, opListRemove:
		argTy = itemType
	case opListSplat:
	case opStrConcat:
		ty, argTy = stringType, stringType
	case opInterleave:
		ty = stringType
	default:
		ty, argTy = intType, intType
	}
	if ty != nil && itemType != nil && !convertibleTo(ty, itemType) {
		e.failAt(b.Range(), "eval-operator-type", "expected value of type '"+itemType.String()+"', got '"+ty.String()+"'")
		return nil
	}
	var args []Init
	for _, a := range b.Args {
		if a.Then != nil {
			e.failAt(a.Range(), "eval-syntax", "unexpected ':' in operator argument")
			return nil
		}
		v := e.value(a.Value, argTy, rec, false)
		if v == nil {
			return nil
		}
		vt := v.Type()
		if vt == nil {
			e.failAt(a.Range(), "eval-operator-type", "expected value to be a typed value, got '"+v.String()+"'")
			return nil
		}
		args = append(args, v)
		if argTy == nil {
			argTy = vt
			switch op {
			case opListConcat, opListRemove:
				if vt.Kind != ListKind {
					e.failAt(a.Range(), "eval-operator-type", "expected a list, got value of type '"+vt.String()+"'")
					return nil
				}
			case opListSplat:
				if len(args) == 2 && vt.Kind != IntKind {
					e.failAt(a.Range(), "eval-operator-type", "expected second parameter to be an int, got value of type '"+vt.String()+"'")
					return nil
				}
				argTy = nil
			case opEq, opNe:
				if !convertibleTo(vt, intType) && !convertibleTo(vt, stringType) && !convertibleTo(vt, anyRecordType) {
					e.failAt(a.Range(), "eval-operator-type", "expected bit, bits, int, string, or record; got value of type '"+vt.String()+"'")
					return nil
				}
			case opGetDagArg, opLe, opLt, opGe, opGt:
				if !convertibleTo(vt, intType) && !convertibleTo(vt, stringType) {
					e.failAt(a.Range(), "eval-operator-type", "expected bit, bits, int, or string; got value of type '"+vt.String()+"'")
					return nil
				}
			case opInterleave, opMatch:
				argTy = nil
			}
		} else {
			r := resolveTypes(argTy, vt)
			if r == nil {
				e.failAt(a.Range(), "eval-operator-type", "expected value of type '"+argTy.String()+"', got '"+vt.String()+"'")
				return nil
			}
			if !isIntOp(op) {
				argTy = r
			}
		}
		switch op {
		case opSetDagOpName:
			argTy = stringType
		case opSetDagOp:
			argTy = anyRecordType
		case opGetDagArg:
			argTy = nil
		case opGetDagName:
			argTy = intType
		}
	}
	switch op {
	case opListConcat, opListRemove:
		ty = argTy
	case opListSplat:
		if len(args) > 0 {
			ty = listType(args[0].Type())
		}
	}
	switch op {
	case opStrConcat, opListConcat, opConcat, opAdd, opAnd, opOr, opXor, opMul:
		for len(args) > 2 {
			n := len(args)
			args[n-2] = foldBinOp(e, &BinOpInit{Op: op, LHS: args[n-2], RHS: args[n-1], Ty: ty}, rec)
			args = args[:n-1]
		}
	}
	if len(args) != 2 {
		e.failAt(b.Range(), "eval-operands", "expected two operands to operator")
		return nil
	}
	return foldBinOp(e, &BinOpInit{Op: op, LHS: args[0], RHS: args[1], Ty: ty}, rec)
}

// typeOfValue is the type LLVM's !if and !cond use for an operand.
func typeOfValue(v Init) *Type {
	if b, ok := v.(*BitsInit); ok {
		return bitsType(len(b.Bits))
	}
	return v.Type()
}

func (e *evaluator) ternary(b *tablegen.BangOp, name string, itemType *Type, rec *Record) Init {
	var op opcode
	var ty *Type
	switch name {
	case "dag":
		op, ty, itemType = opDag, dagType, nil
	case "if":
		op = opIf
	case "subst":
		op = opSubst
	case "setdagarg":
		op, ty, itemType = opSetDagArg, dagType, nil
	case "setdagname":
		op, ty, itemType = opSetDagName, dagType, nil
	}
	if !e.argCount(b, 3, 3) {
		return nil
	}
	lhs := e.value(b.Args[0].Value, nil, rec, false)
	if lhs == nil {
		return nil
	}
	mhs := e.value(b.Args[1].Value, itemType, rec, false)
	if mhs == nil {
		return nil
	}
	rhs := e.value(b.Args[2].Value, itemType, rec, false)
	if rhs == nil {
		return nil
	}
	switch op {
	case opDag:
		mt, rt := mhs.Type(), rhs.Type()
		if mt != nil && mt.Kind != ListKind {
			e.failAt(b.Args[1].Range(), "eval-operator-type", "expected list of children, got type '"+mt.String()+"'")
			return nil
		}
		if rt != nil && !sameType(rt, listType(stringType)) {
			e.failAt(b.Args[2].Range(), "eval-operator-type", "expected list<string>, got type '"+rt.String()+"'")
			return nil
		}
		if mt == nil && rt == nil {
			e.failAt(b.Args[1].Range(), "eval-operator-type", "cannot have both unset children and unset names in !dag")
			return nil
		}
	case opIf:
		mt, rt := typeOfValue(mhs), typeOfValue(rhs)
		if mhs == Unset {
			mt = rt
		}
		if rhs == Unset {
			rt = mt
		}
		if mt == nil || rt == nil {
			e.failAt(b.Range(), "eval-operator-type", "could not get type for !if")
			return nil
		}
		ty = resolveTypes(mt, rt)
		if ty == nil {
			e.failAt(b.Range(), "eval-operator-type", "inconsistent types '"+mt.String()+"' and '"+rt.String()+"' for !if")
			return nil
		}
	case opSubst:
		ty = rhs.Type()
		if ty == nil {
			e.failAt(b.Range(), "eval-operator-type", "could not get type for !subst")
			return nil
		}
	case opSetDagArg, opSetDagName:
		mt := mhs.Type()
		if mt == nil || (mt.Kind != IntKind && mt.Kind != StringKind) {
			e.failAt(b.Args[1].Range(), "eval-operator-type", "expected integer index or string name, got '"+mhs.String()+"'")
			return nil
		}
		if op == opSetDagName {
			if rt := rhs.Type(); rt == nil || rt.Kind != StringKind {
				e.failAt(b.Args[2].Range(), "eval-operator-type", "expected string, got '"+rhs.String()+"'")
				return nil
			}
		}
	}
	return foldTernOp(e, &TernOpInit{Op: op, LHS: lhs, MHS: mhs, RHS: rhs, Ty: ty}, rec)
}

// bareName returns the identifier an argument consists of, or "".
func bareName(a *tablegen.BangArg) (string, tablegen.Range) {
	if a == nil || a.Value == nil || len(a.Value.Pastes()) > 0 ||
		len(a.Value.Operand.Suffixes()) > 0 || a.Value.Operand.Simple == nil || a.Value.Operand.Simple.Ident() == nil {
		return "", tablegen.Range{}
	}
	return a.Value.Operand.Simple.Ident().Name, a.Value.Operand.Simple.Ident().Range()
}

// withVars evaluates v with some names bound to typed variables.
func (e *evaluator) withVars(names []string, types []*Type, f func() Init) Init {
	sc := e.pushScope(scopeLocal)
	if sc.vars == nil {
		sc.vars = map[string]Init{}
	}
	for i, n := range names {
		sc.vars[n] = &VarInit{Name: n, Ty: types[i]}
	}
	defer e.popScope(sc)
	return f()
}

func (e *evaluator) foreachOp(b *tablegen.BangOp, filter bool, itemType *Type, rec *Record) Init {
	if !e.argCount(b, 3, 3) {
		return nil
	}
	name, _ := bareName(b.Args[0])
	if name == "" {
		e.failAt(b.Args[0].Range(), "eval-syntax", "first argument of "+b.Op+" must be an identifier")
		return nil
	}
	list := e.value(b.Args[1].Value, nil, rec, false)
	if list == nil {
		return nil
	}
	lt := list.Type()
	var inElt, exprTy *Type
	isDag := false
	switch {
	case lt != nil && lt.Kind == ListKind:
		inElt = lt.Elem
		if itemType != nil {
			if itemType.Kind != ListKind {
				e.failAt(b.Range(), "eval-operator-type", "expected value of type '"+itemType.String()+"', but got list type")
				return nil
			}
			if filter {
				exprTy = intType
			} else {
				exprTy = itemType.Elem
			}
		}
	case lt != nil && lt.Kind == DagKind && !filter:
		inElt, isDag = lt, true
	default:
		msg := "!foreach must have a list or dag argument"
		if filter {
			msg = "!filter must have a list argument"
		}
		e.failAt(b.Args[1].Range(), "eval-operator-type", msg)
		return nil
	}
	expr := e.withVars([]string{name}, []*Type{inElt}, func() Init {
		return e.value(b.Args[2].Value, exprTy, rec, false)
	})
	if expr == nil {
		return nil
	}
	out := inElt
	if !filter && !isDag {
		et := expr.Type()
		if et == nil {
			e.failAt(b.Args[2].Range(), "eval-operator-type", "could not get type of !foreach result expression")
			return nil
		}
		out = listType(et)
	} else if filter {
		out = listType(inElt)
	}
	op := opForeach
	if filter {
		op = opFilter
	}
	return foldTernOp(e, &TernOpInit{Op: op, LHS: stringInit(name), MHS: list, RHS: expr, Ty: out}, rec)
}

func (e *evaluator) foldlOp(b *tablegen.BangOp, rec *Record) Init {
	if !e.argCount(b, 5, 5) {
		return nil
	}
	start := e.value(b.Args[0].Value, nil, rec, false)
	if start == nil {
		return nil
	}
	st := start.Type()
	if st == nil {
		e.failAt(b.Args[0].Range(), "eval-operator-type", "could not get type of !foldl start: '"+start.String()+"'")
		return nil
	}
	list := e.value(b.Args[1].Value, nil, rec, false)
	if list == nil {
		return nil
	}
	lt := list.Type()
	if lt == nil || lt.Kind != ListKind {
		e.failAt(b.Args[1].Range(), "eval-operator-type", "!foldl list must be a list")
		return nil
	}
	a, _ := bareName(b.Args[2])
	bn, _ := bareName(b.Args[3])
	if a == "" || bn == "" {
		e.failAt(b.Range(), "eval-syntax", "!foldl variables must be identifiers")
		return nil
	}
	if a == bn {
		e.failAt(b.Args[3].Range(), "eval-syntax", "left and right !foldl variables must differ")
		return nil
	}
	expr := e.withVars([]string{a, bn}, []*Type{st, lt.Elem}, func() Init {
		return e.value(b.Args[4].Value, nil, rec, false)
	})
	if expr == nil {
		return nil
	}
	if et := expr.Type(); et == nil || !convertibleTo(et, st) {
		ets := "?"
		if et != nil {
			ets = et.String()
		}
		e.failAt(b.Args[4].Range(), "eval-operator-type", "!foldl expression must be of same type as start ("+st.String()+"), but is of type "+ets)
		return nil
	}
	return foldFoldl(e, &FoldOpInit{Start: start, List: list, A: a, B: bn, Expr: expr, Ty: st}, rec)
}

func (e *evaluator) condOp(b *tablegen.BangOp, itemType *Type, rec *Record) Init {
	if len(b.Args) == 0 {
		e.failAt(b.Range(), "eval-operands", "!cond needs at least one clause")
		return nil
	}
	c := &CondOpInit{}
	for _, a := range b.Args {
		if a.Then == nil {
			e.failAt(a.Range(), "eval-syntax", "expected ':' following a condition in !cond operator")
			return nil
		}
		cond := e.value(a.Value, nil, rec, false)
		if cond == nil {
			return nil
		}
		val := e.value(a.Then, itemType, rec, false)
		if val == nil {
			return nil
		}
		c.Conds = append(c.Conds, cond)
		c.Vals = append(c.Vals, val)
	}
	for _, v := range c.Vals {
		if v == Unset {
			continue
		}
		vt := typeOfValue(v)
		if c.Ty == nil {
			c.Ty = vt
			continue
		}
		r := resolveTypes(c.Ty, vt)
		if r == nil {
			e.failAt(b.Range(), "eval-operator-type", "inconsistent types '"+c.Ty.String()+"' and '"+vt.String()+"' for !cond")
			return nil
		}
		c.Ty = r
	}
	if c.Ty == nil {
		e.failAt(b.Range(), "eval-operator-type", "could not determine type for !cond from its arguments")
		return nil
	}
	return foldCond(e, c, rec)
}

func (e *evaluator) rangeOp(b *tablegen.BangOp, rec *Record) Init {
	if !e.argCount(b, 1, 3) {
		return nil
	}
	var args []Init
	for i, a := range b.Args {
		v := e.value(a.Value, nil, rec, false)
		if v == nil {
			return nil
		}
		t := v.Type()
		if t == nil || !(t.Kind == IntKind || (i == 0 && t.Kind == ListKind && len(b.Args) == 1)) {
			e.failAt(a.Range(), "eval-operator-type", "expected value of type 'int', got '"+v.String()+"'")
			return nil
		}
		args = append(args, v)
	}
	var l, m, r Init = intInit(0), nil, intInit(1)
	switch len(args) {
	case 1:
		if args[0].Type().Kind == ListKind {
			m = foldUnOp(e, &UnOpInit{Op: opSize, Arg: args[0], Ty: intType}, rec, false)
		} else {
			m = args[0]
		}
	case 2:
		l, m = args[0], args[1]
	case 3:
		l, m, r = args[0], args[1], args[2]
	}
	return foldTernOp(e, &TernOpInit{Op: opRange, LHS: l, MHS: m, RHS: r, Ty: listType(intType)}, rec)
}

func (e *evaluator) substrFind(b *tablegen.BangOp, find bool, rec *Record) Init {
	if !e.argCount(b, 2, 3) {
		return nil
	}
	lhs := e.value(b.Args[0].Value, nil, rec, false)
	if lhs == nil {
		return nil
	}
	var mhs Init
	var rhs Init
	if find {
		mhs = e.value(b.Args[1].Value, nil, rec, false)
		rhs = intInit(0)
	} else {
		mhs = e.value(b.Args[1].Value, nil, rec, false)
		rhs = intInit(math.MaxInt64)
	}
	if mhs == nil {
		return nil
	}
	if len(b.Args) == 3 {
		if rhs = e.value(b.Args[2].Value, nil, rec, false); rhs == nil {
			return nil
		}
	}
	if t := lhs.Type(); t == nil || t.Kind != StringKind {
		e.failAt(b.Args[0].Range(), "eval-operator-type", "expected string, got '"+lhs.String()+"'")
		return nil
	}
	if find {
		return foldTernOp(e, &TernOpInit{Op: opFind, LHS: lhs, MHS: mhs, RHS: rhs, Ty: intType}, rec)
	}
	return foldTernOp(e, &TernOpInit{Op: opSubstr, LHS: lhs, MHS: mhs, RHS: rhs, Ty: stringType}, rec)
}

func (e *evaluator) typeTest(b *tablegen.BangOp, name string, rec *Record) Init {
	t, ok := e.opType(b, true)
	if !ok {
		return nil
	}
	if name == "instances" {
		if !e.argCount(b, 0, 1) {
			return nil
		}
		var re Init = Unset
		if len(b.Args) == 1 {
			if re = e.value(b.Args[0].Value, stringType, rec, false); re == nil {
				return nil
			}
		}
		return foldInstances(e, &InstancesOpInit{Check: t, Regex: re}, rec, false)
	}
	if !e.argCount(b, 1, 1) {
		return nil
	}
	v := e.value(b.Args[0].Value, nil, rec, false)
	if v == nil {
		return nil
	}
	if name == "isa" {
		return foldIsA(&IsAOpInit{Check: t, Expr: v})
	}
	if vt := v.Type(); vt == nil || vt.Kind != StringKind {
		e.failAt(b.Args[0].Range(), "eval-operator-type", "expected string type argument in !exists operator")
		return nil
	}
	return foldExists(e, &ExistsOpInit{Check: t, Expr: v}, rec, false)
}
