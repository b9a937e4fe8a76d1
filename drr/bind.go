package drr

import (
	"tdls/ods"
	"tdls/tablegen"
)

// binder builds a pattern's symbol table the way Pattern::collectBoundSymbols
// does, recording the binding errors mlir-tblgen raises on the way.
type binder struct {
	p   *Pattern
	t   *SymbolTable
	rep *reporter
}

func bindPattern(p *Pattern) {
	b := &binder{p: p, t: newSymbolTable(), rep: &reporter{p: p}}
	if p.Source != nil {
		b.collect(p.Source, true)
	}
	for _, r := range p.Results {
		b.collect(r, false)
	}
	p.Symbols = b.t
	p.bindDiags = b.rep.diags
	p.collectUses()
}

func (b *binder) collect(n *DagNode, src bool) {
	switch n.Kind {
	case NodeNativeCodeCall:
		b.collectNative(n, src)
	case NodeOp:
		b.collectOp(n, src)
	default:
		if n.Name != "" {
			b.rep.errorf(n.NameRange, "drr-bind-directive", "binding symbol '%s' to non-operation/native code call unsupported right now", n.Name).
				withFix(removeName(n.NameRange, n.Name))
		}
	}
}

func (b *binder) collectNative(n *DagNode, src bool) {
	if n.Name != "" {
		if src {
			b.rep.errorf(n.NameRange, "drr-bind-matcher", "binding symbol '%s' to NativecodeCall in MatchPattern is not supported", n.Name).
				withFix(removeName(n.NameRange, n.Name))
		} else {
			kind, num := SymValue, n.NumReturns()
			if num > 1 {
				kind = SymValues
			}
			base, _ := splitIndex(n.Name)
			b.bind(base, &Symbol{Kind: kind, NumValues: num, ArgIndex: -1, VariadicSub: -1, Node: n, Arg: n, Range: n.NameRange, Part: n.Part})
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
			s := &Symbol{Kind: SymValue, ArgIndex: -1, VariadicSub: -1, Arg: x, Range: x.NameRange, Part: n.Part}
			if x.Kind != LeafUnset {
				switch {
				case x.IsAttrMatcher() || x.IsEnumCase() || x.IsConstantAttr():
					s.Kind = SymAttr
				case x.IsPropMatcher():
					if it, _ := stringField(x.Def, "interfaceType"); it == "" {
						b.rep.errorf(x.Range, "drr-untyped-property", "binding symbol '%s' in NativeCodeCall to a property constraint without specifying that constraint's type is unsupported", x.Name)
						continue
					}
					s.Kind = SymProp
				}
			}
			b.bind(x.Name, s)
		}
	}
}

func (b *binder) collectOp(n *DagNode, src bool) {
	op := n.Op
	if op == nil {
		// Not an op: reported by the checks (mlir-tblgen fails on the
		// operator record); bind what is nested so uses still resolve.
		for _, a := range n.Args {
			if c, ok := a.(*DagNode); ok {
				b.collect(c, src)
			}
		}
		return
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
	arityOK := len(op.Args) == len(n.Args)-numDirectives+numEither
	if !arityOK {
		reportArity(b.rep, n, "op", len(n.Args)+numEither)
	}
	if n.Name != "" {
		base, _ := splitIndex(n.Name)
		b.bind(base, &Symbol{Kind: SymResult, Op: op, ArgIndex: -1, VariadicSub: -1, Node: n, Arg: n, Range: n.NameRange, Part: n.Part})
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

// bindArg is SymbolInfoMap::bindOpArgument: an argument of n's op.
func (b *binder) bindArg(n *DagNode, at Arg, name string, argIndex, sub int, rng tablegen.Range) *Symbol {
	if base, _ := splitIndex(name); base != name {
		b.rep.errorf(rng, "drr-indexed-argument", "symbol '%s' with trailing index cannot bind to op argument", name).
			withFix(Fix{Title: "bind as $" + base, Edits: []TextEdit{{Range: rng, NewText: "$" + base}}})
		return nil
	}
	op := n.Op
	if argIndex < 0 || argIndex >= len(op.Args) {
		// Beyond the op's arguments: the arity problem is reported; keep
		// the name resolvable.
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
	b.bind(name, s)
	return s
}

func (b *binder) bind(key string, s *Symbol) {
	if !b.t.add(key, s) {
		first := b.t.byName[key][0]
		d := b.rep.errorf(s.Range, "drr-bound-twice", "symbol '%s' bound more than once", key)
		d.Related = append([]tablegen.Related{{Range: first.Range, Message: "'" + key + "' is first bound here, to " + describeSymbol(first)}}, d.Related...)
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
	base, idx := splitIndex(name)
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
