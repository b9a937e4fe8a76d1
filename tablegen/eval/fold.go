package eval

import (
	"math"
	"math/bits"
	"regexp"
	"slices"
	"strings"

	"tdls/tablegen"
)

// Limits on what one operator may build, so that no input can exhaust
// memory.
const (
	maxListLen   = 1 << 22
	maxStringLen = 1 << 26
)

// errLoc is where a failure while folding is reported: the record being
// built, else the statement being evaluated.
func (e *evaluator) errLoc(cur *Record) tablegen.Range {
	if cur != nil {
		return cur.loc()
	}
	return e.stmt
}

func asInt(v Init) (*IntInit, bool) {
	i, ok := convertTo(v, intType).(*IntInit)
	return i, ok
}

func foldUnOp(e *evaluator, u *UnOpInit, cur *Record, final bool) Init {
	if v := unOpValue(e, u, cur, final); v != nil {
		return v
	}
	return u
}

// unOpValue is the value of u when its operand folds it, else nil; it
// keeps no reference to u, which may be a candidate on the stack.
func unOpValue(e *evaluator, u *UnOpInit, cur *Record, final bool) Init {
	switch u.Op {
	case opCast:
		switch u.Ty.Kind {
		case StringKind:
			switch a := u.Arg.(type) {
			case *StringInit:
				return a
			case *AnonymousNameInit:
				return a
			case *DefInit:
				return stringInit(a.String())
			}
			if i, ok := asInt(u.Arg); ok {
				return stringInit(i.String())
			}
		case RecordKind:
			name, ok := u.Arg.(*StringInit)
			if !ok {
				break
			}
			d := e.defs.get(name.V)
			if d == nil && cur != nil {
				if nameKey(cur.Name) == name.V || cur.NameString() == name.V {
					if !final {
						return nil
					}
					d = cur
				}
			}
			if d == nil {
				if final {
					e.fatal(e.errLoc(cur), "Undefined reference to record: '"+name.V+"'")
				}
				return nil
			}
			di := d.defInit()
			if !typeIsA(di.Type(), u.Ty) {
				e.fatal(e.errLoc(cur), "Expected type '"+u.Ty.String()+"', got '"+di.Type().String()+"' in: "+u.String())
				return nil
			}
			return di
		}
		if c := convertTo(u.Arg, u.Ty); c != nil {
			return c
		}
	case opNot:
		if i, ok := asInt(u.Arg); ok {
			return bitInit(i.V == 0)
		}
	case opHead:
		if l, ok := u.Arg.(*ListInit); ok {
			if len(l.Elems) == 0 {
				e.fatal(e.errLoc(cur), "!head applied to an empty list")
				return nil
			}
			return l.Elems[0]
		}
	case opTail:
		if l, ok := u.Arg.(*ListInit); ok {
			if len(l.Elems) == 0 {
				e.fatal(e.errLoc(cur), "!tail applied to an empty list")
				return nil
			}
			return &ListInit{Elem: l.Elem, Elems: l.Elems[1:]}
		}
	case opSize:
		switch a := u.Arg.(type) {
		case *ListInit:
			return intInit(int64(len(a.Elems)))
		case *DagInit:
			return intInit(int64(len(a.Args)))
		case *StringInit:
			return intInit(int64(len(a.V)))
		}
	case opEmpty:
		switch a := u.Arg.(type) {
		case *ListInit:
			return bitInit(len(a.Elems) == 0)
		case *DagInit:
			return bitInit(len(a.Args) == 0)
		case *StringInit:
			return bitInit(a.V == "")
		}
	case opGetDagOp:
		if d, ok := u.Arg.(*DagInit); ok {
			t := d.Op.Type()
			if t == nil || !typeIsA(t, u.Ty) {
				got := "?"
				if t != nil {
					got = t.String()
				}
				e.fatal(e.errLoc(cur), "Expected type '"+u.Ty.String()+"', got '"+got+"' in: "+u.String())
				return nil
			}
			return d.Op
		}
	case opGetDagOpName:
		if d, ok := u.Arg.(*DagInit); ok {
			if d.OpName == nil {
				return Unset
			}
			return d.OpName
		}
	case opLog2:
		if i, ok := asInt(u.Arg); ok {
			if i.V <= 0 {
				e.fatal(e.errLoc(cur), "Illegal operation: logtwo is undefined on arguments less than or equal to 0")
				return nil
			}
			return intInit(int64(63 - bits.LeadingZeros64(uint64(i.V))))
		}
	case opListFlatten:
		if l, ok := u.Arg.(*ListInit); ok {
			// A list whose elements are not lists is its own flattening
			// (LLVM's UnOpInit::Fold).
			if l.Elem != nil && l.Elem.Kind != ListKind {
				return l
			}
			var out []Init
			for _, x := range l.Elems {
				xl, ok := x.(*ListInit)
				if !ok {
					return nil
				}
				out = append(out, xl.Elems...)
			}
			return &ListInit{Elem: u.Ty.Elem, Elems: out}
		}
	case opRepr:
		if d, ok := u.Arg.(*DefInit); ok {
			return stringInit(printRecord(d.Rec))
		}
		if u.Arg.IsConcrete() {
			return stringInit(u.Arg.String())
		}
	case opToLower:
		if s, ok := u.Arg.(*StringInit); ok {
			return stringInit(strings.ToLower(s.V))
		}
	case opToUpper:
		if s, ok := u.Arg.(*StringInit); ok {
			return stringInit(strings.ToUpper(s.V))
		}
	case opInitialized:
		if u.Arg == Unset {
			return intInit(0)
		}
		if u.Arg.IsConcrete() {
			return intInit(1)
		}
	}
	return nil
}

func compareInits(op opcode, l, r Init) (bool, bool) {
	li, lok := asInt(l)
	ri, rok := asInt(r)
	if lok && rok {
		a, b := li.V, ri.V
		switch op {
		case opEq:
			return a == b, true
		case opNe:
			return a != b, true
		case opLe:
			return a <= b, true
		case opLt:
			return a < b, true
		case opGe:
			return a >= b, true
		case opGt:
			return a > b, true
		}
	}
	ls, lok2 := stringValue(l)
	rs, rok2 := stringValue(r)
	if lok2 && rok2 {
		switch op {
		case opEq:
			return ls == rs, true
		case opNe:
			return ls != rs, true
		case opLe:
			return ls <= rs, true
		case opLt:
			return ls < rs, true
		case opGe:
			return ls >= rs, true
		case opGt:
			return ls > rs, true
		}
	}
	if op == opEq || op == opNe {
		ld, lok := l.(*DefInit)
		rd, rok := r.(*DefInit)
		if lok && rok {
			return (ld.Rec == rd.Rec) == (op == opEq), true
		}
	}
	return false, false
}

func stringValue(v Init) (string, bool) {
	switch x := v.(type) {
	case *StringInit:
		return x.V, true
	case *AnonymousNameInit:
		return x.String(), true
	}
	return "", false
}

func concatStrings(a, b *StringInit) *StringInit {
	if len(a.V)+len(b.V) > maxStringLen {
		return a
	}
	return &StringInit{V: a.V + b.V, Code: a.Code || b.Code}
}

// dagArgIndex finds a dag argument by index or $name.
func dagArgIndex(d *DagInit, key Init) (int, string) {
	switch k := key.(type) {
	case *IntInit:
		if k.V < 0 || k.V >= int64(len(d.Args)) {
			return -1, "index " + k.String() + " is out of range (dag has " + itoa(int64(len(d.Args))) + " arguments)"
		}
		return int(k.V), ""
	case *StringInit:
		for i, n := range d.Names {
			if n != nil && n.V == k.V {
				return i, ""
			}
		}
		return -1, "key '" + k.V + "' is not found"
	}
	return -1, "key is neither an int nor a string"
}

func foldBinOp(e *evaluator, b *BinOpInit, cur *Record) Init {
	if v := binOpValue(e, b, cur); v != nil {
		return v
	}
	return b
}

// binOpValue is the value of b when its operands fold it, else nil; it
// keeps no reference to b, which may be a candidate on the stack.
func binOpValue(e *evaluator, b *BinOpInit, cur *Record) Init {
	switch b.Op {
	case opConcat:
		l, lok := b.LHS.(*DagInit)
		r, rok := b.RHS.(*DagInit)
		if !lok || !rok {
			break
		}
		lop, lIsDef := l.Op.(*DefInit)
		rop, rIsDef := r.Op.(*DefInit)
		if (!lIsDef && l.Op != Unset) || (!rIsDef && r.Op != Unset) {
			break
		}
		if lIsDef && rIsDef && lop.Rec != rop.Rec {
			e.fatal(e.errLoc(cur), "Concatenated Dag operators do not match: '"+l.String()+"' vs. '"+r.String()+"'")
			return nil
		}
		var op Init = Unset
		if lIsDef {
			op = lop
		} else if rIsDef {
			op = rop
		}
		name := l.OpName
		if name == nil {
			name = r.OpName
		}
		args := append(append(make([]Init, 0, len(l.Args)+len(r.Args)), l.Args...), r.Args...)
		names := append(append(make([]*StringInit, 0, len(l.Args)+len(r.Args)), l.Names...), r.Names...)
		return &DagInit{Op: op, OpName: name, Args: args, Names: names}
	case opListConcat:
		l, lok := b.LHS.(*ListInit)
		r, rok := b.RHS.(*ListInit)
		if lok && rok {
			if len(l.Elems)+len(r.Elems) > maxListLen {
				e.fatal(e.errLoc(cur), "list too long")
				return nil
			}
			out := append(append(make([]Init, 0, len(l.Elems)+len(r.Elems)), l.Elems...), r.Elems...)
			return &ListInit{Elem: l.Elem, Elems: out}
		}
	case opListSplat:
		n, ok := b.RHS.(*IntInit)
		vt := b.LHS.Type()
		if ok && vt != nil {
			if n.V < 0 || n.V > maxListLen {
				e.fatal(e.errLoc(cur), "!listsplat count "+n.String()+" is out of range")
				return nil
			}
			out := make([]Init, n.V)
			for i := range out {
				out[i] = b.LHS
			}
			return &ListInit{Elem: vt, Elems: out}
		}
	case opListRemove:
		l, lok := b.LHS.(*ListInit)
		r, rok := b.RHS.(*ListInit)
		if lok && rok {
			var out []Init
			for _, x := range l.Elems {
				found := false
				for _, y := range r.Elems {
					if eq, ok := compareInits(opEq, x, y); ok && eq {
						found = true
						break
					}
				}
				if !found {
					out = append(out, x)
				}
			}
			return &ListInit{Elem: l.Elem, Elems: out}
		}
	case opListElem:
		l, lok := b.LHS.(*ListInit)
		i, iok := b.RHS.(*IntInit)
		if lok && iok && i.V >= 0 && i.V < int64(len(l.Elems)) {
			return l.Elems[i.V]
		}
	case opListSlice:
		l, lok := b.LHS.(*ListInit)
		idx, iok := b.RHS.(*ListInit)
		if !lok || !iok {
			break
		}
		out := make([]Init, 0, len(idx.Elems))
		for _, x := range idx.Elems {
			i, ok := x.(*IntInit)
			if !ok || i.V < 0 || i.V >= int64(len(l.Elems)) {
				return nil
			}
			out = append(out, l.Elems[i.V])
		}
		return &ListInit{Elem: l.Elem, Elems: out}
	case opRangeC:
		l, lok := b.LHS.(*IntInit)
		r, rok := b.RHS.(*IntInit)
		if !lok || !rok {
			break
		}
		n := r.V - l.V
		if n < 0 {
			n = -n
		}
		if n >= maxListLen {
			e.fatal(e.errLoc(cur), "range "+b.String()+" is too long")
			return nil
		}
		out := make([]Init, 0, n+1)
		if l.V <= r.V {
			for i := l.V; i <= r.V; i++ {
				out = append(out, intInit(i))
			}
		} else {
			for i := l.V; i >= r.V; i-- {
				out = append(out, intInit(i))
			}
		}
		return &ListInit{Elem: intType, Elems: out}
	case opStrConcat:
		l, lok := b.LHS.(*StringInit)
		r, rok := b.RHS.(*StringInit)
		if lok && rok {
			return concatStrings(l, r)
		}
	case opInterleave:
		l, lok := b.LHS.(*ListInit)
		d, dok := b.RHS.(*StringInit)
		if !lok || !dok {
			break
		}
		var sb strings.Builder
		for i, x := range l.Elems {
			if i > 0 {
				sb.WriteString(d.V)
			}
			if l.Elem.Kind == StringKind {
				s, ok := x.(*StringInit)
				if !ok {
					return nil
				}
				sb.WriteString(s.V)
			} else {
				iv, ok := asInt(x)
				if !ok {
					return nil
				}
				sb.WriteString(iv.String())
			}
			if sb.Len() > maxStringLen {
				return nil
			}
		}
		return stringInit(sb.String())
	case opEq, opNe, opLe, opLt, opGe, opGt:
		if v, ok := compareInits(b.Op, b.LHS, b.RHS); ok {
			return bitInit(v)
		}
	case opGetDagArg:
		d, ok := b.LHS.(*DagInit)
		if !ok {
			break
		}
		switch b.RHS.(type) {
		case *IntInit, *StringInit:
		default:
			return nil
		}
		i, msg := dagArgIndex(d, b.RHS)
		if i < 0 {
			e.fatal(e.errLoc(cur), "!getdagarg "+msg)
			return nil
		}
		a := d.Args[i]
		if t := a.Type(); t != nil && !convertibleTo(t, b.Ty) {
			return Unset
		}
		return a
	case opGetDagName:
		d, dok := b.LHS.(*DagInit)
		i, iok := b.RHS.(*IntInit)
		if dok && iok {
			if i.V < 0 || i.V >= int64(len(d.Args)) {
				e.fatal(e.errLoc(cur), "!getdagname index is out of range 0..."+itoa(int64(len(d.Args)-1))+": "+i.String())
				return nil
			}
			if d.Names[i.V] == nil {
				return Unset
			}
			return d.Names[i.V]
		}
	case opSetDagOp:
		d, dok := b.LHS.(*DagInit)
		op, ook := b.RHS.(*DefInit)
		if dok && ook {
			return &DagInit{Op: op, OpName: d.OpName, Args: d.Args, Names: d.Names}
		}
	case opSetDagOpName:
		d, dok := b.LHS.(*DagInit)
		n, nok := b.RHS.(*StringInit)
		if dok && nok {
			return &DagInit{Op: d.Op, OpName: n, Args: d.Args, Names: d.Names}
		}
	case opMatch:
		s, sok := b.LHS.(*StringInit)
		p, pok := b.RHS.(*StringInit)
		if sok && pok {
			re, err := e.regexp(p.V)
			if err != nil {
				e.fatal(e.errLoc(cur), "invalid regular expression '"+p.V+"': "+err.Error())
				return nil
			}
			return bitInit(re.MatchString(s.V))
		}
	case opAdd, opSub, opMul, opDiv, opAnd, opOr, opXor, opShl, opSra, opSrl:
		li, lok := asInt(b.LHS)
		ri, rok := asInt(b.RHS)
		if !lok || !rok {
			break
		}
		l, r := li.V, ri.V
		var v int64
		switch b.Op {
		case opAdd:
			v = l + r
		case opSub:
			v = l - r
		case opMul:
			v = l * r
		case opDiv:
			if r == 0 {
				e.fatal(e.errLoc(cur), "Illegal operation: division by zero")
				return nil
			}
			if l == math.MinInt64 && r == -1 {
				e.fatal(e.errLoc(cur), "Illegal operation: INT64_MIN / -1")
				return nil
			}
			v = l / r
		case opAnd:
			v = l & r
		case opOr:
			v = l | r
		case opXor:
			v = l ^ r
		case opShl, opSra, opSrl:
			if r < 0 || r >= 64 {
				e.fatal(e.errLoc(cur), "Illegal operation: out of bounds shift")
				return nil
			}
			switch b.Op {
			case opShl:
				v = int64(uint64(l) << uint64(r))
			case opSra:
				v = l >> uint64(r)
			default:
				v = int64(uint64(l) >> uint64(r))
			}
		}
		return intInit(v)
	}
	return nil
}

func (e *evaluator) regexp(p string) (*regexp.Regexp, error) {
	if re, ok := e.regexps[p]; ok {
		return re, nil
	}
	re, err := regexp.Compile(p)
	if err != nil {
		return nil, err
	}
	e.regexps[p] = re
	return re, nil
}

func applyForeach(e *evaluator, name string, elem, expr Init, cur *Record) Init {
	m := e.newMap(cur)
	m.set(name, elem)
	v := expr.resolve(m)
	e.doneMap(m)
	return v
}

func foreachDag(e *evaluator, name string, d *DagInit, expr Init, cur *Record) Init {
	changed := false
	op := applyForeach(e, name, d.Op, expr, cur)
	if op != d.Op {
		changed = true
	}
	args := make([]Init, len(d.Args))
	for i, a := range d.Args {
		if ad, ok := a.(*DagInit); ok {
			args[i] = foreachDag(e, name, ad, expr, cur)
		} else {
			args[i] = applyForeach(e, name, a, expr, cur)
		}
		changed = changed || args[i] != a
	}
	if !changed {
		return d
	}
	return &DagInit{Op: op, OpName: d.OpName, Args: args, Names: d.Names}
}

func foldTernOp(e *evaluator, t *TernOpInit, cur *Record) Init {
	if v := ternOpValue(e, t, cur); v != nil {
		return v
	}
	return t
}

// ternOpValue is the value of t when its operands fold it, else nil; it
// keeps no reference to t, which may be a candidate on the stack.
func ternOpValue(e *evaluator, t *TernOpInit, cur *Record) Init {
	switch t.Op {
	case opSubst:
		switch l := t.LHS.(type) {
		case *DefInit:
			m, mok := t.MHS.(*DefInit)
			r, rok := t.RHS.(*DefInit)
			if mok && rok {
				if l.String() == r.String() {
					return m
				}
				return r
			}
		case *VarInit:
			m, mok := t.MHS.(*VarInit)
			r, rok := t.RHS.(*VarInit)
			if mok && rok {
				name := r.Name
				if l.Name == r.Name {
					name = m.Name
				}
				return &VarInit{Name: name, Ty: t.Ty}
			}
		case *StringInit:
			m, mok := t.MHS.(*StringInit)
			r, rok := t.RHS.(*StringInit)
			if mok && rok {
				if l.V == "" {
					return stringInit(r.V)
				}
				s := strings.ReplaceAll(r.V, l.V, m.V)
				if len(s) > maxStringLen {
					return nil
				}
				return stringInit(s)
			}
		}
	case opForeach:
		name := unquoted(t.LHS)
		switch m := t.MHS.(type) {
		case *DagInit:
			return foreachDag(e, name, m, t.RHS, cur)
		case *ListInit:
			out := make([]Init, len(m.Elems))
			for i, x := range m.Elems {
				out[i] = applyForeach(e, name, x, t.RHS, cur)
			}
			return &ListInit{Elem: t.Ty.Elem, Elems: out}
		}
	case opFilter:
		m, ok := t.MHS.(*ListInit)
		if !ok {
			break
		}
		name := unquoted(t.LHS)
		var out []Init
		for _, x := range m.Elems {
			inc, ok := asInt(applyForeach(e, name, x, t.RHS, cur))
			if !ok {
				return nil
			}
			if inc.V != 0 {
				out = append(out, x)
			}
		}
		return &ListInit{Elem: t.Ty.Elem, Elems: out}
	case opIf:
		if c, ok := asInt(t.LHS); ok {
			if c.V != 0 {
				return t.MHS
			}
			return t.RHS
		}
	case opDag:
		ml, mIsList := t.MHS.(*ListInit)
		rl, rIsList := t.RHS.(*ListInit)
		if t.MHS == Unset && t.RHS == Unset {
			break
		}
		if (!mIsList && t.MHS != Unset) || (!rIsList && t.RHS != Unset) {
			break
		}
		if mIsList && rIsList && len(ml.Elems) != len(rl.Elems) {
			break
		}
		n := 0
		if mIsList {
			n = len(ml.Elems)
		} else {
			n = len(rl.Elems)
		}
		args := make([]Init, n)
		names := make([]*StringInit, n)
		for i := 0; i < n; i++ {
			args[i] = Unset
			if mIsList {
				args[i] = ml.Elems[i]
			}
			if rIsList {
				switch nm := rl.Elems[i].(type) {
				case *StringInit:
					names[i] = nm
				case *UnsetInit:
				default:
					return nil
				}
			}
		}
		return &DagInit{Op: t.LHS, Args: args, Names: names}
	case opRange:
		l, lok := t.LHS.(*IntInit)
		m, mok := t.MHS.(*IntInit)
		r, rok := t.RHS.(*IntInit)
		if !lok || !mok || !rok {
			break
		}
		start, end, step := l.V, m.V, r.V
		if step == 0 {
			e.fatal(e.errLoc(cur), "Step of !range can't be 0")
			return nil
		}
		var out []Init
		if (start < end && step > 0) || (start > end && step < 0) {
			n := (end - start) / step
			if n > maxListLen {
				e.fatal(e.errLoc(cur), "!range is too long")
				return nil
			}
			out = make([]Init, 0, n+1)
		}
		if start < end && step > 0 {
			for i := start; i < end; i += step {
				out = append(out, intInit(i))
			}
		} else if start > end && step < 0 {
			for i := start; i > end; i += step {
				out = append(out, intInit(i))
			}
		}
		return &ListInit{Elem: intType, Elems: out}
	case opSubstr:
		s, sok := t.LHS.(*StringInit)
		m, mok := t.MHS.(*IntInit)
		r, rok := t.RHS.(*IntInit)
		if sok && mok && rok {
			size := int64(len(s.V))
			if m.V < 0 || m.V > size {
				e.fatal(e.errLoc(cur), "!substr start position is out of range 0..."+itoa(size)+": "+m.String())
				return nil
			}
			if r.V < 0 {
				e.fatal(e.errLoc(cur), "!substr length must be nonnegative")
				return nil
			}
			end := m.V + r.V
			if end > size || end < 0 {
				end = size
			}
			return &StringInit{V: s.V[m.V:end], Code: s.Code}
		}
	case opFind:
		s, sok := t.LHS.(*StringInit)
		m, mok := t.MHS.(*StringInit)
		r, rok := t.RHS.(*IntInit)
		if sok && mok && rok {
			size := int64(len(s.V))
			if r.V < 0 || r.V > size {
				e.fatal(e.errLoc(cur), "!find start position is out of range 0..."+itoa(size)+": "+r.String())
				return nil
			}
			i := strings.Index(s.V[r.V:], m.V)
			if i < 0 {
				return intInit(-1)
			}
			return intInit(int64(i) + r.V)
		}
	case opSetDagArg, opSetDagName:
		d, ok := t.LHS.(*DagInit)
		if !ok {
			break
		}
		switch t.MHS.(type) {
		case *IntInit, *StringInit:
		default:
			return nil
		}
		i, msg := dagArgIndex(d, t.MHS)
		if i < 0 {
			e.fatal(e.errLoc(cur), opNames[t.Op]+" "+msg)
			return nil
		}
		if t.Op == opSetDagArg {
			args := append([]Init(nil), d.Args...)
			args[i] = t.RHS
			return &DagInit{Op: d.Op, OpName: d.OpName, Args: args, Names: d.Names}
		}
		names := append([]*StringInit(nil), d.Names...)
		names[i], _ = t.RHS.(*StringInit)
		return &DagInit{Op: d.Op, OpName: d.OpName, Args: d.Args, Names: names}
	}
	return nil
}

func foldCond(e *evaluator, c *CondOpInit, cur *Record) Init {
	if v := condValue(e, c, cur); v != nil {
		return v
	}
	return c
}

// condValue is the value of c when its conditions fold it, else nil; it
// keeps no reference to c.
func condValue(e *evaluator, c *CondOpInit, cur *Record) Init {
	for i, cond := range c.Conds {
		ci, ok := asInt(cond)
		if !ok {
			return nil
		}
		if ci.V != 0 {
			if v := convertTo(c.Vals[i], c.Ty); v != nil {
				return v
			}
			return c.Vals[i]
		}
	}
	name := ""
	if cur != nil {
		name = cur.NameString()
	}
	e.fatal(e.errLoc(cur), name+" does not have any true condition in:"+c.String())
	return nil
}

func foldFoldl(e *evaluator, f *FoldOpInit, cur *Record) Init {
	l, ok := f.List.(*ListInit)
	if !ok {
		return f
	}
	acc, elems := f.Start, l.Elems
	switch start := acc.(type) {
	case *StringInit:
		if suffix := appendedTo(e, f.Expr, f.A, opStrConcat); suffix != nil {
			acc, elems = appendStrings(e, start, elems, f.B, suffix, cur)
		}
	case *ListInit:
		if suffix := appendedTo(e, f.Expr, f.A, opListConcat); suffix != nil {
			acc, elems = appendLists(e, start, elems, f.B, suffix, cur)
		}
	}
	for _, x := range elems {
		m := e.newMap(cur)
		m.set(f.A, acc)
		m.set(f.B, x)
		acc = f.Expr.resolve(m)
		e.doneMap(m)
	}
	return acc
}

// appendedTo recognises a fold step that appends to the accumulator with
// op (!strconcat or !listconcat): `acc # s1 # s2`, `!strconcat(acc, s1, s2)`
// or `!listconcat(acc, l1, l2)`, and returns s1, s2, ...; nil when expr is
// anything else or reads acc again.
func appendedTo(e *evaluator, expr Init, acc string, op opcode) []Init {
	b, ok := expr.(*BinOpInit)
	if !ok || b.Op != op {
		return nil
	}
	uses := &nameFinder{e: e, name: acc}
	if b.RHS.resolve(uses); uses.found {
		return nil
	}
	if v, ok := b.LHS.(*VarInit); ok && v.Name == acc {
		return []Init{b.RHS}
	}
	if head := appendedTo(e, b.LHS, acc, op); head != nil {
		return append(head, b.RHS)
	}
	return nil
}

// The appending folds run in one buffer instead of copying the growing
// accumulator at every step, which is quadratic. Each stops at the first
// element that is not concrete or whose appended parts do not all fold to
// the accumulator's kind of value, and returns the accumulator so far with
// the elements still to fold the general way.

// appendParts resolves the appended parts for one element into parts; it
// reports false when one is not a T.
func appendParts[T Init](e *evaluator, x Init, elem string, suffix []Init, cur *Record, parts []T) bool {
	if !x.IsConcrete() {
		return false
	}
	m := e.newMap(cur)
	m.set(elem, x)
	ok := true
	for j, op := range suffix {
		if parts[j], ok = op.resolve(m).(T); !ok {
			break
		}
	}
	e.doneMap(m)
	return ok
}

func appendStrings(e *evaluator, acc *StringInit, elems []Init, elem string, suffix []Init, cur *Record) (Init, []Init) {
	var buf strings.Builder // from the first element that folds
	code := acc.Code
	parts := make([]*StringInit, len(suffix))
	i := 0
	for ; i < len(elems) && appendParts(e, elems[i], elem, suffix, cur, parts); i++ {
		if i == 0 {
			buf.WriteString(acc.V)
		}
		for _, p := range parts { // as concatStrings, which keeps a too long result unchanged
			if buf.Len()+len(p.V) <= maxStringLen {
				buf.WriteString(p.V)
				code = code || p.Code
			}
		}
	}
	if i == 0 {
		return acc, elems
	}
	return &StringInit{V: buf.String(), Code: code}, elems[i:]
}

func appendLists(e *evaluator, acc *ListInit, elems []Init, elem string, suffix []Init, cur *Record) (Init, []Init) {
	var out []Init // from the first element that folds
	parts := make([]*ListInit, len(suffix))
	i := 0
	for ; i < len(elems) && appendParts(e, elems[i], elem, suffix, cur, parts); i++ {
		if i == 0 {
			out = slices.Clone(acc.Elems)
		}
		n := len(out)
		for _, p := range parts {
			n += len(p.Elems)
		}
		if n > maxListLen {
			break // the general way reports it
		}
		for _, p := range parts {
			out = append(out, p.Elems...)
		}
	}
	if i == 0 {
		return acc, elems
	}
	return &ListInit{Elem: acc.Elem, Elems: out}, elems[i:]
}

func foldIsA(x *IsAOpInit) Init {
	t := x.Expr.Type()
	if t == nil {
		return x
	}
	if convertibleTo(t, x.Check) {
		return intInit(1)
	}
	if x.Check.Kind == RecordKind {
		_, isDef := x.Expr.(*DefInit)
		if (!convertibleTo(x.Check, t) && x.Expr.IsConcrete()) || isDef {
			return intInit(0)
		}
		return x
	}
	return intInit(0)
}

func foldExists(e *evaluator, x *ExistsOpInit, cur *Record, final bool) Init {
	name, ok := x.Expr.(*StringInit)
	if !ok {
		return x
	}
	if d := e.defs.get(name.V); d != nil {
		return bitInit(typeIsA(d.defType(), x.Check))
	}
	if cur != nil && (nameKey(cur.Name) == name.V || cur.NameString() == name.V) {
		if !final {
			return x
		}
		return bitInit(typeIsA(cur.defType(), x.Check))
	}
	if final {
		return bitInit(false)
	}
	return x
}

func foldInstances(e *evaluator, x *InstancesOpInit, cur *Record, final bool) Init {
	if !final {
		return x
	}
	re := (*regexp.Regexp)(nil)
	switch p := x.Regex.(type) {
	case *StringInit:
		var err error
		if re, err = e.regexp(p.V); err != nil {
			e.fatal(e.errLoc(cur), "invalid regular expression '"+p.V+"': "+err.Error())
			return x
		}
	case *UnsetInit:
	default:
		return x
	}
	var out []Init
	for _, d := range e.sortedDefs() {
		if x.Check.Kind == RecordKind && !typeIsA(d.defType(), x.Check) {
			continue
		}
		if re != nil && !re.MatchString(d.NameString()) {
			continue
		}
		out = append(out, d.defInit())
	}
	return &ListInit{Elem: x.Check, Elems: out}
}
