package drr

import (
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Pattern is a def deriving from Pattern (directly or through Pat, a class,
// a multiclass or a foreach).
type Pattern struct {
	Record *eval.Record
	// Name is the record name (`anonymous_12` for `def : Pat<...>`).
	Name string
	// DefRange is where mlir-tblgen reports the pattern: the def's name, or
	// its `def` keyword when anonymous.
	DefRange tablegen.Range

	Source       *DagNode
	Results      []*DagNode
	Constraints  []*DagNode
	Supplemental []*DagNode
	// BenefitDelta is the `(addBenefit N)` dag.
	BenefitDelta *DagNode

	// NonDag lists the constraint or result entries that are not dags
	// (`?`), which mlir-tblgen rejects; their ranges.
	NonDagConstraints []tablegen.Range
	NonDagResults     []tablegen.Range

	// Symbols are the bindings of the source and result patterns.
	Symbols *SymbolTable
	// Uses are the `$symbol` references in result patterns, constraints
	// and supplemental patterns, in source order.
	Uses []*Use

	set        *PatternSet
	bindDiags  []Diagnostic
	bindErrors []BindError
}

// Benefit is the pattern's benefit as mlir-tblgen computes it: the number
// of op nodes in the source pattern plus the addBenefit delta. ok is false
// when the delta is not a single integer.
func (p *Pattern) Benefit() (benefit int, ok bool) {
	n := 0
	if p.Source != nil {
		n = p.Source.NumOps()
	}
	if p.BenefitDelta == nil || len(p.BenefitDelta.Args) != 1 {
		return n, false
	}
	l, isLeaf := p.BenefitDelta.Args[0].(*DagLeaf)
	if !isLeaf {
		return n, false
	}
	v, isInt := l.Value.(*eval.IntInit)
	if !isInt {
		return n, false
	}
	return n + int(v.V), true
}

// SourceNode returns the node of the source pattern made from d, or nil.
func (p *Pattern) SourceNode(d *eval.DagInit) *DagNode {
	var found *DagNode
	p.Source.Walk(func(n *DagNode) bool {
		if found == nil && n.Init == d {
			found = n
		}
		return found == nil
	})
	return found
}

// RootOp is the op the source pattern matches, or nil.
func (p *Pattern) RootOp() *ods.Op {
	if p.Source == nil {
		return nil
	}
	return p.Source.Op
}

// GeneratedOps lists the ops created by the result patterns (not the
// supplemental ones), unique, sorted by op name, as mlir-tblgen lists them
// in the RewritePattern constructor.
func (p *Pattern) GeneratedOps() []*ods.Op {
	seen := map[*ods.Op]bool{}
	var out []*ods.Op
	for _, r := range p.Results {
		r.Walk(func(n *DagNode) bool {
			if n.Kind == NodeOp && n.Op != nil && !seen[n.Op] {
				seen[n.Op] = true
				out = append(out, n.Op)
			}
			return true
		})
	}
	sortOps(out)
	return out
}

// Part says which part of a pattern a dag belongs to.
type Part int

const (
	PartSource Part = iota
	PartResult
	PartConstraint
	PartSupplemental
	PartBenefit
)

func (p Part) String() string {
	switch p {
	case PartSource:
		return "source pattern"
	case PartResult:
		return "result pattern"
	case PartConstraint:
		return "constraint"
	case PartSupplemental:
		return "supplemental pattern"
	}
	return "benefit"
}

// NodeKind is what a dag's operator makes of it, decided as mlir-tblgen
// does: directives by record name, NativeCodeCall by class, anything else
// is an op.
type NodeKind int

const (
	NodeOp NodeKind = iota
	NodeNativeCodeCall
	NodeReplaceWithValue
	NodeLocation
	NodeReturnType
	NodeEither
	NodeVariadic
)

func (k NodeKind) String() string {
	switch k {
	case NodeOp:
		return "op"
	case NodeNativeCodeCall:
		return "NativeCodeCall"
	case NodeReplaceWithValue:
		return "replaceWithValue"
	case NodeLocation:
		return "location"
	case NodeReturnType:
		return "returnType"
	case NodeEither:
		return "either"
	}
	return "variadic"
}

// IsDirective reports the directives of PatternBase.td.
func (k NodeKind) IsDirective() bool { return k >= NodeReplaceWithValue }

// Arg is an argument of a dag node: a nested *DagNode or a *DagLeaf.
type Arg interface {
	// ArgName is the bound `$name` without the dollar, or "".
	ArgName() string
	// ArgRange is the range of the whole argument as written
	// (`I32Attr:$a`, `(Op $x):$y`).
	ArgRange() tablegen.Range
	parent() *DagNode
}

// DagNode is a dag in a pattern: `(operator:$name args...)`.
type DagNode struct {
	Init *eval.DagInit
	// Operator is the record the operator refers to; nil when it is not a
	// def.
	Operator *eval.Record
	Kind     NodeKind
	// Op is the ODS op for an op node whose operator is an Op; nil
	// otherwise (for an op node that is nil when the operator is no Op).
	Op *ods.Op
	// Name is the `$name` bound to the operator, without the dollar.
	Name string
	Args []Arg

	// Part, Parent and Index place the node: Parent is nil for a top-level
	// dag; Index is its position among Parent's args (or among the
	// pattern's results/constraints/supplementals at top level).
	Part   Part
	Parent *DagNode
	Index  int

	// Range is the written dag `( ... )`; OperatorRange the operator
	// expression; NameRange the `$name` after the operator. Exact reports
	// whether the ranges are where this very dag is written; otherwise they
	// point at the expression that supplied it (a template argument, a
	// variable) or at the pattern's def.
	Range, OperatorRange, NameRange tablegen.Range
	Exact                           bool
	// argRange is the range of this node as an argument of its parent,
	// including a `:$name` written after it.
	argRange tablegen.Range
}

func (n *DagNode) ArgName() string          { return n.Name }
func (n *DagNode) ArgRange() tablegen.Range { return n.argRange }
func (n *DagNode) parent() *DagNode         { return n.Parent }

// OperatorName is the operator record's name, or its text.
func (n *DagNode) OperatorName() string {
	if n.Operator != nil {
		return n.Operator.NameString()
	}
	if n.Init != nil && n.Init.Op != nil {
		return n.Init.Op.String()
	}
	return ""
}

// Child returns argument i as a nested node, or nil.
func (n *DagNode) Child(i int) *DagNode {
	if i < 0 || i >= len(n.Args) {
		return nil
	}
	c, _ := n.Args[i].(*DagNode)
	return c
}

// Leaf returns argument i as a leaf, or nil.
func (n *DagNode) Leaf(i int) *DagLeaf {
	if i < 0 || i >= len(n.Args) {
		return nil
	}
	l, _ := n.Args[i].(*DagLeaf)
	return l
}

// Walk calls f on n and every nested node in pre-order; f returns false to
// skip a node's children.
func (n *DagNode) Walk(f func(*DagNode) bool) {
	if n == nil || !f(n) {
		return
	}
	for _, a := range n.Args {
		if c, ok := a.(*DagNode); ok {
			c.Walk(f)
		}
	}
}

// NumOps counts op nodes in the tree, directives and NativeCodeCalls
// excluded (DagNode::getNumOps).
func (n *DagNode) NumOps() int {
	c := 0
	n.Walk(func(x *DagNode) bool {
		if x.Kind == NodeOp {
			c++
		}
		return true
	})
	return c
}

// Trailing returns the trailing `location`/`returnType` directives of an op
// or NativeCodeCall node, scanning backwards as mlir-tblgen does, and the
// number of arguments before them.
func (n *DagNode) Trailing() (location, returnType []*DagNode, numArgs int) {
	i := len(n.Args) - 1
	for ; i >= 0; i-- {
		c := n.Child(i)
		if c == nil || (c.Kind != NodeLocation && c.Kind != NodeReturnType) {
			break
		}
		if c.Kind == NodeLocation {
			location = append([]*DagNode{c}, location...)
		} else {
			returnType = append([]*DagNode{c}, returnType...)
		}
	}
	return location, returnType, i + 1
}

// NativeCode is the expression template of a NativeCodeCall node.
func (n *DagNode) NativeCode() string { return nativeCode(n.Operator) }

// NumReturns is a NativeCodeCall's numReturns.
func (n *DagNode) NumReturns() int { return nativeReturns(n.Operator) }

// LeafKind classifies what a leaf's value is.
type LeafKind int

const (
	// LeafUnset is `?`: a bare `$name` or `?:$name`.
	LeafUnset LeafKind = iota
	// LeafDef is a record: a constraint, constant, enum case,
	// NativeCodeCall or any other def.
	LeafDef
	LeafString
	LeafInt
	// LeafOther is any other value (a list, bits, an unresolved reference).
	LeafOther
)

// DagLeaf is a non-dag argument of a dag node.
type DagLeaf struct {
	Value eval.Init
	Kind  LeafKind
	// Def is the record of a LeafDef.
	Def  *eval.Record
	Name string

	Parent *DagNode
	Index  int
	// Range is the whole argument as written; ValueRange the value before
	// `:`; NameRange the `$name`. Exact as for DagNode.
	Range, ValueRange, NameRange tablegen.Range
	Exact                        bool
}

func (l *DagLeaf) ArgName() string          { return l.Name }
func (l *DagLeaf) ArgRange() tablegen.Range { return l.Range }
func (l *DagLeaf) parent() *DagNode         { return l.Parent }

// IsSubClassOf reports whether the leaf is a record deriving from class.
func (l *DagLeaf) IsSubClassOf(class string) bool { return isA(l.Def, class) }

// IsOperandMatcher, IsAttrMatcher, IsPropMatcher and the others are
// mlir-tblgen's DagLeaf predicates.
func (l *DagLeaf) IsOperandMatcher() bool { return l.IsSubClassOf("TypeConstraint") }
func (l *DagLeaf) IsAttrMatcher() bool    { return l.IsSubClassOf("AttrConstraint") }
func (l *DagLeaf) IsPropMatcher() bool    { return l.IsSubClassOf("PropConstraint") }
func (l *DagLeaf) IsConstantAttr() bool   { return l.IsSubClassOf("ConstantAttr") }
func (l *DagLeaf) IsEnumCase() bool       { return l.IsSubClassOf("EnumCase") }
func (l *DagLeaf) IsConstantProp() bool   { return l.IsSubClassOf("ConstantProp") }
func (l *DagLeaf) IsNativeCodeCall() bool { return l.IsSubClassOf("NativeCodeCall") }
func (l *DagLeaf) IsConstraint() bool     { return l.IsSubClassOf("Constraint") }

// NewLeaf classifies v as a leaf outside any pattern (no parent, name or
// range), for an emitter that walks the records' dags as mlir-tblgen does
// and asks the same predicates.
func NewLeaf(v eval.Init) *DagLeaf {
	l := &DagLeaf{Value: v}
	l.Kind, l.Def = leafKind(v)
	return l
}

// Matcher is which of mlir-tblgen's matchers a constraint leaf is; the
// static matcher functions of the generated C++ are named after it.
type Matcher int

const (
	NoMatcher   Matcher = iota
	TypeMatcher         // a TypeConstraint: an operand
	AttrMatcher         // an AttrConstraint
	PropMatcher         // a PropConstraint
)

// Matcher is the matcher the leaf is, NoMatcher for none.
func (l *DagLeaf) Matcher() Matcher {
	switch {
	case l.IsOperandMatcher():
		return TypeMatcher
	case l.IsAttrMatcher():
		return AttrMatcher
	case l.IsPropMatcher():
		return PropMatcher
	}
	return NoMatcher
}

// Text is the leaf's value as TableGen prints it.
func (l *DagLeaf) Text() string {
	if l.Value == nil {
		return "?"
	}
	return l.Value.String()
}

// Use is a reference to a symbol: `$x`, `$x__1`, in a result pattern, a
// constraint or a supplemental pattern.
type Use struct {
	// Name is the symbol as written, without the dollar; Base the name
	// with a `__N` suffix stripped and Index that N (-1 without one).
	Name, Base string
	Index      int
	Range      tablegen.Range
	// Arg is the leaf or node the name is attached to.
	Arg  Arg
	Part Part
	// Symbol is the binding the use resolves to, nil when unbound.
	Symbol *Symbol
}
