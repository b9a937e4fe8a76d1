package eval

import (
	"strconv"
	"strings"

	"tdls/tablegen"
)

// opcode names an operator of the op inits below.
type opcode uint8

const (
	// unary
	opCast opcode = iota
	opNot
	opHead
	opTail
	opSize
	opEmpty
	opGetDagOp
	opGetDagOpName
	opLog2
	opListFlatten
	opRepr
	opToLower
	opToUpper
	opInitialized
	// binary
	opAdd
	opSub
	opMul
	opDiv
	opAnd
	opOr
	opXor
	opShl
	opSra
	opSrl
	opListConcat
	opListSplat
	opListRemove
	opListElem
	opListSlice
	opRangeC
	opStrConcat
	opInterleave
	opConcat
	opEq
	opNe
	opLe
	opLt
	opGe
	opGt
	opGetDagArg
	opGetDagName
	opSetDagOp
	opSetDagOpName
	opMatch
	// ternary
	opSubst
	opForeach
	opFilter
	opIf
	opDag
	opRange
	opSubstr
	opFind
	opSetDagArg
	opSetDagName
)

var opNames = [...]string{
	opCast: "!cast", opNot: "!not", opHead: "!head", opTail: "!tail", opSize: "!size",
	opEmpty: "!empty", opGetDagOp: "!getdagop", opGetDagOpName: "!getdagopname",
	opLog2: "!logtwo", opListFlatten: "!listflatten", opRepr: "!repr",
	opToLower: "!tolower", opToUpper: "!toupper", opInitialized: "!initialized",
	opAdd: "!add", opSub: "!sub", opMul: "!mul", opDiv: "!div", opAnd: "!and",
	opOr: "!or", opXor: "!xor", opShl: "!shl", opSra: "!sra", opSrl: "!srl",
	opListConcat: "!listconcat", opListSplat: "!listsplat", opListRemove: "!listremove",
	opStrConcat: "!strconcat", opInterleave: "!interleave", opConcat: "!con",
	opEq: "!eq", opNe: "!ne", opLe: "!le", opLt: "!lt", opGe: "!ge", opGt: "!gt",
	opGetDagArg: "!getdagarg", opGetDagName: "!getdagname", opSetDagOp: "!setdagop",
	opSetDagOpName: "!setdagopname", opMatch: "!match", opSubst: "!subst",
	opForeach: "!foreach", opFilter: "!filter", opIf: "!if", opDag: "!dag",
	opRange: "!range", opSubstr: "!substr", opFind: "!find",
	opSetDagArg: "!setdagarg", opSetDagName: "!setdagname",
}

// UnOpInit is a unary operator whose operand is not yet known.
type UnOpInit struct {
	Op  opcode
	Arg Init
	Ty  *Type
}

func (u *UnOpInit) String() string {
	name := opNames[u.Op]
	if u.Op == opCast {
		name += "<" + u.Ty.String() + ">"
	}
	return name + "(" + u.Arg.String() + ")"
}
func (u *UnOpInit) Type() *Type    { return u.Ty }
func (*UnOpInit) IsConcrete() bool { return false }
func (*UnOpInit) IsComplete() bool { return true }
func (u *UnOpInit) resolve(r resolver) Init {
	a := u.Arg.resolve(r)
	if a == u.Arg && (!r.final() || u.Op != opCast) {
		return u
	}
	nu := UnOpInit{Op: u.Op, Arg: a, Ty: u.Ty}
	if v := unOpValue(r.ev(), &nu, r.cur(), r.final()); v != nil {
		return v
	}
	return &UnOpInit{Op: u.Op, Arg: a, Ty: u.Ty}
}

// BinOpInit is a binary operator whose operands are not yet known.
type BinOpInit struct {
	Op       opcode
	LHS, RHS Init
	Ty       *Type
}

func (b *BinOpInit) String() string {
	switch b.Op {
	case opListElem, opListSlice:
		return b.LHS.String() + "[" + b.RHS.String() + "]"
	case opRangeC:
		return b.LHS.String() + "..." + b.RHS.String()
	case opGetDagArg:
		return "!getdagarg<" + b.Ty.String() + ">(" + b.LHS.String() + ", " + b.RHS.String() + ")"
	}
	return opNames[b.Op] + "(" + b.LHS.String() + ", " + b.RHS.String() + ")"
}
func (b *BinOpInit) Type() *Type    { return b.Ty }
func (*BinOpInit) IsConcrete() bool { return false }
func (*BinOpInit) IsComplete() bool { return true }
func (b *BinOpInit) resolve(r resolver) Init {
	if b.Op == opStrConcat {
		return resolveStrConcat(b, r)
	}
	l := b.LHS.resolve(r)
	rr := b.RHS.resolve(r)
	if b.Op == opAnd || b.Op == opOr {
		if li, ok := convertTo(l, intType).(*IntInit); ok {
			if (b.Op == opAnd && li.V == 0) || (b.Op == opOr && li.V == -1) {
				return li
			}
		}
	}
	if l == b.LHS && rr == b.RHS {
		return b
	}
	nb := BinOpInit{Op: b.Op, LHS: l, RHS: rr, Ty: b.Ty}
	if v := binOpValue(r.ev(), &nb, r.cur()); v != nil {
		return v
	}
	return &BinOpInit{Op: b.Op, LHS: l, RHS: rr, Ty: b.Ty}
}

// resolveStrConcat resolves a tree of !strconcat nodes (`a # b # c` is a
// nest of pairs) as BinOpInit.resolve would node by node, except that the
// string of a subtree whose leaves all resolve to strings is joined once,
// where that subtree ends, instead of once per node: a chain of n pieces
// made n-1 ever longer strings.
func resolveStrConcat(b *BinOpInit, r resolver) Init {
	var inline [16]*StringInit // the leaves resolved to strings, in order
	p, leaves := strConcatNode(b, r, inline[:0])
	return strConcatValue(p, leaves)
}

// strConcatPart is what a node of the tree resolves to: a value, or the
// run leaves[from:to] of strings still to be joined.
type strConcatPart struct {
	v        Init
	from, to int
	n        int  // the run's length in bytes
	same     bool // the node resolved to itself
}

func strConcatNode(n Init, r resolver, leaves []*StringInit) (strConcatPart, []*StringInit) {
	b, ok := n.(*BinOpInit)
	if !ok || b.Op != opStrConcat {
		v := n.resolve(r)
		if s, ok := v.(*StringInit); ok {
			leaves = append(leaves, s)
			return strConcatPart{from: len(leaves) - 1, to: len(leaves), n: len(s.V), same: v == n}, leaves
		}
		return strConcatPart{v: v, same: v == n}, leaves
	}
	l, leaves := strConcatNode(b.LHS, r, leaves)
	rr, leaves := strConcatNode(b.RHS, r, leaves)
	switch {
	case l.same && rr.same:
		return strConcatPart{v: b, same: true}, leaves
	case l.v == nil && rr.v == nil && l.n+rr.n <= maxStringLen:
		return strConcatPart{from: l.from, to: rr.to, n: l.n + rr.n}, leaves
	}
	lv, rv := strConcatValue(l, leaves), strConcatValue(rr, leaves)
	nb := BinOpInit{Op: opStrConcat, LHS: lv, RHS: rv, Ty: b.Ty}
	if v := binOpValue(r.ev(), &nb, r.cur()); v != nil {
		return strConcatPart{v: v}, leaves
	}
	return strConcatPart{v: &BinOpInit{Op: opStrConcat, LHS: lv, RHS: rv, Ty: b.Ty}}, leaves
}

// strConcatValue is the Init of p, joining a run of strings as
// concatStrings would.
func strConcatValue(p strConcatPart, leaves []*StringInit) Init {
	switch {
	case p.v != nil:
		return p.v
	case p.to-p.from == 1:
		return leaves[p.from]
	}
	var sb strings.Builder
	sb.Grow(p.n)
	code := false
	for _, s := range leaves[p.from:p.to] {
		sb.WriteString(s.V)
		code = code || s.Code
	}
	return &StringInit{V: sb.String(), Code: code}
}

// TernOpInit is a ternary operator whose operands are not yet known.
type TernOpInit struct {
	Op            opcode
	LHS, MHS, RHS Init
	Ty            *Type
}

func (t *TernOpInit) String() string {
	return opNames[t.Op] + "(" + t.LHS.String() + ", " + t.MHS.String() + ", " + t.RHS.String() + ")"
}
func (t *TernOpInit) Type() *Type    { return t.Ty }
func (*TernOpInit) IsConcrete() bool { return false }
func (*TernOpInit) IsComplete() bool { return true }
func (t *TernOpInit) resolve(r resolver) Init {
	l := t.LHS.resolve(r)
	if t.Op == opIf && l != t.LHS {
		if v, ok := convertTo(l, intType).(*IntInit); ok {
			if v.V != 0 {
				return t.MHS.resolve(r)
			}
			return t.RHS.resolve(r)
		}
	}
	var m, rr Init
	if t.Op == opForeach || t.Op == opFilter {
		m = t.MHS.resolve(r)
		sh := r.ev().shadow(r, unquoted(l), "")
		rr = t.RHS.resolve(sh)
		r.ev().doneShadow(sh)
	} else {
		m = t.MHS.resolve(r)
		rr = t.RHS.resolve(r)
	}
	if l == t.LHS && m == t.MHS && rr == t.RHS {
		return t
	}
	nt := TernOpInit{Op: t.Op, LHS: l, MHS: m, RHS: rr, Ty: t.Ty}
	if v := ternOpValue(r.ev(), &nt, r.cur()); v != nil {
		return v
	}
	return &TernOpInit{Op: t.Op, LHS: l, MHS: m, RHS: rr, Ty: t.Ty}
}

// CondOpInit is !cond whose conditions are not yet known.
type CondOpInit struct {
	Conds, Vals []Init
	Ty          *Type
}

func (c *CondOpInit) String() string {
	var sb strings.Builder
	sb.WriteString("!cond(")
	for i := range c.Conds {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(c.Conds[i].String())
		sb.WriteString(": ")
		sb.WriteString(c.Vals[i].String())
	}
	sb.WriteByte(')')
	return sb.String()
}
func (c *CondOpInit) Type() *Type    { return c.Ty }
func (*CondOpInit) IsConcrete() bool { return false }
func (*CondOpInit) IsComplete() bool { return true }
func (c *CondOpInit) resolve(r resolver) Init {
	// One array holds the new conditions and values, made at the first
	// change; on the stack when small, as most fold to one of the values.
	var inline [16]Init
	var both []Init
	n := len(c.Conds)
	for i := range c.Conds {
		nc, nv := c.Conds[i].resolve(r), c.Vals[i].resolve(r)
		if both == nil && (nc != c.Conds[i] || nv != c.Vals[i]) {
			if 2*n <= len(inline) {
				both = inline[:2*n]
			} else {
				both = make([]Init, 2*n)
			}
			copy(both, c.Conds[:i])
			copy(both[n:], c.Vals[:i])
		}
		if both != nil {
			both[i], both[n+i] = nc, nv
		}
	}
	if both == nil {
		return c
	}
	nc := CondOpInit{Conds: both[:n:n], Vals: both[n:], Ty: c.Ty}
	if v := condValue(r.ev(), &nc, r.cur()); v != nil {
		return v
	}
	kept := append([]Init(nil), both...)
	return &CondOpInit{Conds: kept[:n:n], Vals: kept[n:], Ty: c.Ty}
}

// FoldOpInit is !foldl whose list is not yet known.
type FoldOpInit struct {
	Start, List Init
	A, B        string
	Expr        Init
	Ty          *Type
}

func (f *FoldOpInit) String() string {
	return "!foldl(" + f.Start.String() + ", " + f.List.String() + ", " + f.A + ", " + f.B + ", " + f.Expr.String() + ")"
}
func (f *FoldOpInit) Type() *Type    { return f.Ty }
func (*FoldOpInit) IsConcrete() bool { return false }
func (*FoldOpInit) IsComplete() bool { return true }
func (f *FoldOpInit) resolve(r resolver) Init {
	s := f.Start.resolve(r)
	l := f.List.resolve(r)
	sh := r.ev().shadow(r, f.A, f.B)
	x := f.Expr.resolve(sh)
	r.ev().doneShadow(sh)
	if s == f.Start && l == f.List && x == f.Expr {
		return f
	}
	return foldFoldl(r.ev(), &FoldOpInit{Start: s, List: l, A: f.A, B: f.B, Expr: x, Ty: f.Ty}, r.cur())
}

// IsAOpInit is !isa<Type>(expr).
type IsAOpInit struct {
	Check *Type
	Expr  Init
}

func (i *IsAOpInit) String() string { return "!isa<" + i.Check.String() + ">(" + i.Expr.String() + ")" }
func (*IsAOpInit) Type() *Type      { return intType }
func (*IsAOpInit) IsConcrete() bool { return false }
func (*IsAOpInit) IsComplete() bool { return true }
func (i *IsAOpInit) resolve(r resolver) Init {
	x := i.Expr.resolve(r)
	if x != i.Expr {
		return foldIsA(&IsAOpInit{Check: i.Check, Expr: x})
	}
	return i
}

// ExistsOpInit is !exists<Type>(name).
type ExistsOpInit struct {
	Check *Type
	Expr  Init
}

func (x *ExistsOpInit) String() string {
	return "!exists<" + x.Check.String() + ">(" + x.Expr.String() + ")"
}
func (*ExistsOpInit) Type() *Type      { return bitType }
func (*ExistsOpInit) IsConcrete() bool { return false }
func (*ExistsOpInit) IsComplete() bool { return true }
func (x *ExistsOpInit) resolve(r resolver) Init {
	n := x.Expr.resolve(r)
	if n != x.Expr || r.final() {
		return foldExists(r.ev(), &ExistsOpInit{Check: x.Check, Expr: n}, r.cur(), r.final())
	}
	return x
}

// InstancesOpInit is !instances<Type>(regex).
type InstancesOpInit struct {
	Check *Type
	Regex Init
}

func (x *InstancesOpInit) String() string {
	return "!instances<" + x.Check.String() + ">(" + x.Regex.String() + ")"
}
func (x *InstancesOpInit) Type() *Type    { return listType(x.Check) }
func (*InstancesOpInit) IsConcrete() bool { return false }
func (*InstancesOpInit) IsComplete() bool { return true }
func (x *InstancesOpInit) resolve(r resolver) Init {
	n := x.Regex.resolve(r)
	if n != x.Regex || r.final() {
		return foldInstances(r.ev(), &InstancesOpInit{Check: x.Check, Regex: n}, r.cur(), r.final())
	}
	return x
}

// ArgInit is one argument of an inline class instantiation: the value of
// template argument Index of the class, given by position or by name.
// Index is an int32 and the name is not kept (it is the class's
// TemplateArgs[Index]): instantiations keep their arguments, 24 bytes each.
type ArgInit struct {
	Index int32
	Named bool
	Value Init
}

// VarDefInit is an inline class instantiation `Class<args>` whose arguments
// are not yet all known.
type VarDefInit struct {
	Class *Record
	Args  []ArgInit
	// Loc is the class name of the instantiation, Span all of it
	// (`Class<args>`), which becomes the anonymous def's Decl.
	Loc, Span tablegen.Range
	def       *DefInit
	// frozen marks an instantiation held by a checkpoint: its def is then
	// kept by each resumed evaluation, never written here.
	frozen bool
}

func (v *VarDefInit) String() string {
	var sb strings.Builder
	sb.WriteString(v.Class.NameString())
	sb.WriteByte('<')
	for i, a := range v.Args {
		if i > 0 {
			sb.WriteString(", ")
		}
		if a.Named && a.Index >= 0 {
			sb.WriteString(v.Class.TemplateArgs()[a.Index])
			sb.WriteByte('=')
		}
		sb.WriteString(a.Value.String())
	}
	sb.WriteByte('>')
	return sb.String()
}
func (v *VarDefInit) Type() *Type    { return v.Class.selfType() }
func (*VarDefInit) IsConcrete() bool { return false }
func (*VarDefInit) IsComplete() bool { return true }
func (v *VarDefInit) resolve(r resolver) Init {
	e := r.ev()
	tr := e.newTracker(r)
	var inline [8]ArgInit
	var args []ArgInit // made at the first change; copied if it is new
	for i, a := range v.Args {
		na := a.Value.resolve(tr)
		if na != a.Value && args == nil {
			args = append(inline[:0], v.Args...)
		}
		if args != nil {
			args[i].Value = na
		}
	}
	found := tr.found
	e.doneTracker(tr)
	if args == nil {
		return v
	}
	nv := e.findVarDef(v.Class, args)
	if nv == nil {
		nv = e.addVarDef(v.Class, append([]ArgInit(nil), args...), v.Loc, v.Span)
	}
	if !found {
		return e.instantiate(nv)
	}
	return nv
}

// unresolvedTracker passes lookups to its parent and notes whether any name
// stayed unresolved (LLVM's TrackUnresolvedResolver).
type unresolvedTracker struct {
	parent resolver
	e      *evaluator
	found  bool
}

// newTracker lends a tracker passing lookups to parent (nil: none); give
// it back with doneTracker.
func (e *evaluator) newTracker(parent resolver) *unresolvedTracker {
	t := e.resolvers.trackers.borrow()
	t.parent, t.e, t.found = parent, e, false
	return t
}

func (e *evaluator) doneTracker(t *unresolvedTracker) {
	t.parent = nil
	e.resolvers.trackers.giveBack(t)
}

func (t *unresolvedTracker) lookup(name string) Init {
	var v Init
	if t.parent != nil {
		v = t.parent.lookup(name)
		if v != nil && !t.found {
			e := t.ev()
			sub := e.newTracker(nil)
			v.resolve(sub)
			t.found = t.found || sub.found
			e.doneTracker(sub)
		}
	}
	if v == nil {
		t.found = true
	}
	return v
}
func (t *unresolvedTracker) cur() *Record {
	if t.parent == nil {
		return nil
	}
	return t.parent.cur()
}
func (t *unresolvedTracker) final() bool {
	return t.parent != nil && t.parent.final()
}
func (t *unresolvedTracker) keepUnsetBits() bool {
	return t.parent != nil && t.parent.keepUnsetBits()
}
func (t *unresolvedTracker) ev() *evaluator {
	if t.parent == nil {
		return t.e
	}
	return t.parent.ev()
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
