package drr

import (
	"fmt"

	"tdls/ods"
	"tdls/tablegen"
)

// BindError is a binding Pattern::collectBoundSymbols rejects, with the
// message mlir-tblgen stops with.
type BindError struct {
	Node    *DagNode // the dag being bound when it happens
	Message string
}

// binder builds a symbol table the way Pattern::collectBoundSymbols does,
// recording on the way the bindings mlir-tblgen rejects (errs, in the order
// it meets them) and the diagnostics the checks report for them (rep).
type binder struct {
	t    *SymbolTable
	rep  *reporter
	errs []BindError
}

func bindPattern(p *Pattern) {
	t := NewSymbolTable()
	b := &binder{t: t, rep: &reporter{p: p}}
	if p.Source != nil {
		b.collect(p.Source, true)
	}
	for _, r := range p.Results {
		b.collect(r, false)
	}
	p.Symbols = t
	p.bindErrors = b.errs
	p.bindDiags = b.rep.diags
	p.collectUses()
}

// Bind adds the symbols of tree, a dag of p (source: of its source
// pattern), to t as Pattern::collectBoundSymbols does, and returns the
// bindings mlir-tblgen rejects, in the order it meets them. The pattern's
// own table (Symbols) is its source then its results bound in one table;
// the C++ emitter binds parts of a pattern into tables of their own.
func (p *Pattern) Bind(tree *DagNode, t *SymbolTable, source bool) []BindError {
	b := &binder{t: t, rep: &reporter{p: p}}
	b.collect(tree, source)
	return b.errs
}

// BindErrors returns the bindings of the pattern's table that mlir-tblgen
// rejects, in the order it meets them.
func (p *Pattern) BindErrors() []BindError { return p.bindErrors }

// fail records a rejected binding.
func (b *binder) fail(n *DagNode, msg string) {
	b.errs = append(b.errs, BindError{Node: n, Message: msg})
}

func (b *binder) collect(n *DagNode, src bool) {
	switch n.Kind {
	case NodeNativeCodeCall:
		b.collectNative(n, src)
	case NodeOp:
		b.collectOp(n, src)
	default:
		if n.Name != "" {
			msg := fmt.Sprintf("binding symbol '%s' to non-operation/native code call unsupported right now", n.Name)
			b.fail(n, msg)
			b.rep.errorf(n.NameRange, "drr-bind-directive", "%s", msg).withFix(removeName(n.NameRange, n.Name))
		}
	}
}

func (b *binder) collectNative(n *DagNode, src bool) {
	if n.Name != "" {
		if src {
			msg := fmt.Sprintf("binding symbol '%s' to NativecodeCall in MatchPattern is not supported", n.Name)
			b.fail(n, msg)
			b.rep.errorf(n.NameRange, "drr-bind-matcher", "%s", msg).withFix(removeName(n.NameRange, n.Name))
		} else {
			kind, num := SymValue, n.NumReturns()
			if num > 1 {
				kind = SymValues
			}
			base, _ := SplitIndex(n.Name)
			b.bind(n, base, &Symbol{Kind: kind, NumValues: num, ArgIndex: -1, VariadicSub: -1, Node: n, Arg: n, Range: n.NameRange, Part: n.Part})
		}
	}
	for _, a := range n.Args {
		switch x := a.(type) {
		case *DagNode:
			b.collect(x, src)
		case *DagLeaf:
			if !src || x.Name == "" || x.Name == "_" {
				continue
			}
			b.bind(n, x.Name, b.capture(n, x))
		}
	}
}

// capture is the binding of a leaf a NativeCodeCall matcher captures: an
// attribute, a property or a value, decided as mlir-tblgen decides it.
func (b *binder) capture(n *DagNode, x *DagLeaf) *Symbol {
	s := &Symbol{Kind: SymValue, ArgIndex: -1, VariadicSub: -1, Arg: x, Range: x.NameRange, Part: n.Part}
	switch {
	case x.Kind == LeafUnset:
	case x.IsPropMatcher():
		if it, _ := stringField(x.Def, "interfaceType"); it == "" {
			msg := fmt.Sprintf("binding symbol '%s' in NativeCodeCall to a property constraint without specifying that constraint's type is unsupported", x.Name)
			b.fail(n, msg)
			b.rep.errorf(x.Range, "drr-untyped-property", "%s", msg)
			return nil
		}
		s.Kind = SymProp
	default:
		c, failure := ConstraintOf(x.Value)
		if failure != "" {
			b.fail(n, failure) // reported as drr-not-constraint or drr-source-literal
		}
		if x.IsAttrMatcher() || x.IsEnumCase() || x.IsConstantAttr() || isA(c, "AttrConstraint") {
			s.Kind = SymAttr
		}
	}
	return s
}

func (b *binder) collectOp(n *DagNode, src bool) {
	op := n.Op
	if op == nil {
		// Not an op: reported by the checks (mlir-tblgen fails on the
		// operator record); bind what is nested so uses still resolve.
		b.fail(n, notAnOpMessage(n))
		for _, a := range n.Args {
			if c, ok := a.(*DagNode); ok {
				b.collect(c, src)
			}
		}
		return
	}
	if msg, bad := op.ConstructionError(); bad {
		b.fail(n, msg) // reported by the ODS checks
	}
	numDirectives, numEither := 0, 0
	for _, a := range n.Args {
		if c, ok := a.(*DagNode); ok {
			switch c.Kind {
			case NodeLocation, NodeReturnType:
				numDirectives++
			case NodeEither:
				numEither++
			}
		}
	}
	if len(op.Args) != len(n.Args)-numDirectives+numEither {
		b.fail(n, fmt.Sprintf("op '%s' argument number mismatch: %d in pattern vs. %d in definition", op.Name, len(n.Args)+numEither, len(op.Args)))
		reportArity(b.rep, n, "op", len(n.Args)+numEither)
	}
	if n.Name != "" {
		base, _ := SplitIndex(n.Name)
		b.bind(n, base, &Symbol{Kind: SymResult, Op: op, ArgIndex: -1, VariadicSub: -1, Node: n, Arg: n, Range: n.NameRange, Part: n.Part})
	}
	opArg := 0
	for _, a := range n.Args {
		switch x := a.(type) {
		case *DagNode:
			switch x.Kind {
			case NodeEither:
				idx := opArg
				for _, ea := range x.Args {
					switch y := ea.(type) {
					case *DagNode:
						b.collect(y, src)
					case *DagLeaf:
						if y.Name != "" && y.Name != "_" {
							b.bindArg(n, y, y.Name, idx, -1, y.NameRange)
						}
					}
					idx++
				}
				opArg++
			case NodeVariadic:
				if x.Name != "" {
					s := b.bindArg(n, x, x.Name, opArg, -1, x.NameRange)
					if s != nil {
						s.WholeRange = true
					}
				}
				for i, va := range x.Args {
					switch y := va.(type) {
					case *DagNode:
						b.collect(y, src)
					case *DagLeaf:
						if y.Name != "" && y.Name != "_" {
							b.bindArg(n, y, y.Name, opArg, i, y.NameRange)
						}
					}
				}
			default:
				b.collect(x, src)
			}
		case *DagLeaf:
			if src && x.Name != "" && x.Name != "_" {
				b.bindArg(n, x, x.Name, opArg, -1, x.NameRange)
			}
		}
		opArg++
	}
}

// notAnOpMessage is how mlir-tblgen fails on an op node whose operator
// is not an op.
func notAnOpMessage(n *DagNode) string {
	if n.Operator == nil {
		return "expected an op as dag operator, got " + n.OperatorName()
	}
	return fmt.Sprintf("Record `%s' does not have a field named `opDialect'!", n.Operator.NameString())
}

// bindArg is SymbolInfoMap::bindOpArgument: an argument of n's op.
func (b *binder) bindArg(n *DagNode, at Arg, name string, argIndex, sub int, rng tablegen.Range) *Symbol {
	if base, _ := SplitIndex(name); base != name {
		msg := fmt.Sprintf("symbol '%s' with trailing index cannot bind to op argument", name)
		b.fail(n, msg)
		b.rep.errorf(rng, "drr-indexed-argument", "%s", msg).
			withFix(Fix{Title: "bind as $" + base, Edits: []TextEdit{{Range: rng, NewText: "$" + base}}})
		return nil
	}
	op := n.Op
	if argIndex < 0 || argIndex >= len(op.Args) {
		// Beyond the op's arguments: the arity problem is reported; keep
		// the name resolvable.
		b.fail(n, fmt.Sprintf("op '%s' argument %d out of range", op.Name, argIndex))
		s := &Symbol{Kind: SymOperand, ArgIndex: -1, VariadicSub: sub, Node: n, Arg: at, Range: rng, Part: n.Part}
		b.t.add(name, s)
		return s
	}
	s := &Symbol{Op: op, ArgIndex: argIndex, VariadicSub: sub, Node: n, Arg: at, Range: rng, Part: n.Part}
	switch op.Args[argIndex].Kind {
	case ods.Attribute:
		s.Kind = SymAttr
	case ods.Property:
		s.Kind = SymProp
	default:
		s.Kind = SymOperand
	}
	b.bind(n, name, s)
	return s
}

// bind adds s under key, reporting a second binding of key (verifyBind).
func (b *binder) bind(n *DagNode, key string, s *Symbol) {
	if s == nil {
		return
	}
	if !b.t.add(key, s) {
		first := b.t.byName[key][0]
		msg := fmt.Sprintf("symbol '%s' bound more than once", key)
		d := b.rep.errorf(s.Range, "drr-bound-twice", "%s", msg)
		d.Related = append([]tablegen.Related{{Range: first.Range, Message: "'" + key + "' is first bound here, to " + describeSymbol(first)}}, d.Related...)
		b.fail(n, msg)
	}
}

// collectUses records the `$name` references of result patterns,
// constraints and supplemental patterns.
func (p *Pattern) collectUses() {
	p.Uses = nil
	var visit func(n *DagNode, part Part)
	visit = func(n *DagNode, part Part) {
		if part == PartConstraint && n.Name != "" {
			p.addUse(n.Name, n.NameRange, n, part)
		}
		for _, a := range n.Args {
			switch x := a.(type) {
			case *DagNode:
				visit(x, part)
			case *DagLeaf:
				if x.Name != "" && x.Name != "_" {
					p.addUse(x.Name, x.NameRange, x, part)
				}
			}
		}
	}
	for _, r := range p.Results {
		visit(r, PartResult)
	}
	for _, c := range p.Constraints {
		visit(c, PartConstraint)
	}
	for _, s := range p.Supplemental {
		visit(s, PartSupplemental)
	}
}

func (p *Pattern) addUse(name string, rng tablegen.Range, at Arg, part Part) {
	base, idx := SplitIndex(name)
	u := &Use{Name: name, Base: base, Index: idx, Range: rng, Arg: at, Part: part, Symbol: p.Symbols.Lookup(name)}
	if u.Symbol != nil && u.Symbol.Arg == at {
		// A binding, not a use (a leaf inside a result `variadic`).
		return
	}
	p.Uses = append(p.Uses, u)
}

func removeName(rng tablegen.Range, name string) Fix {
	// rng covers `$name`; the ':' before it goes too.
	return Fix{Title: "remove the binding $" + name, Edits: []TextEdit{{Range: tablegen.Range{Start: rng.Start - 1, End: rng.End}, NewText: ""}}}
}
