package drr

import (
	"strconv"
	"strings"

	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// matchRoot emulates PatternEmitter::emitMatchLogic on the source pattern.
func (c *checker) matchRoot() {
	root := c.p.Source
	if root.Kind != NodeOp || root.Op == nil {
		c.notAnOp(root)
		return
	}
	c.matchOp(root, 0)
}

// match is emitMatch: a NativeCodeCall matcher or an op.
func (c *checker) match(n *DagNode, depth int) {
	switch {
	case n.Kind == NodeNativeCodeCall:
		c.matchNative(n, depth)
	case n.Kind == NodeOp:
		if n.Op == nil {
			c.notAnOp(n)
			return
		}
		c.matchOp(n, depth)
	default:
		c.errorf(n.Range, "drr-match-directive", "encountered non-op, non-NativeCodeCall match.: `%s` cannot be matched in a source pattern", n.OperatorName())
	}
}

// matchOp is emitOpMatch: each argument against the op's argument at the
// same position (`either` takes two).
func (c *checker) matchOp(n *DagNode, depth int) {
	op := n.Op
	arityOK := opArityOK(n)
	opArg := 0
	for _, a := range n.Args {
		if opArg >= len(op.Args) {
			if x, ok := a.(*DagNode); ok && arityOK && (x.Kind == NodeLocation || x.Kind == NodeReturnType) {
				c.errorf(x.Range, "drr-match-directive", "encountered non-op, non-NativeCodeCall match.: `%s` cannot be used in a source pattern", x.OperatorName())
			}
			opArg++
			continue
		}
		slot := op.Args[opArg]
		switch x := a.(type) {
		case *DagNode:
			if x.Kind == NodeEither {
				c.matchEither(n, x, opArg, depth)
				opArg += 2
				continue
			}
			if isOperandSlot(slot) {
				if x.Kind == NodeVariadic {
					if !isVariadicSlot(slot) {
						c.errorf(x.Range, "drr-variadic-slot", "variadic DAG construct can't match op %s's non-variadic operand #%d%s", op.Name, opArg, slotName(slot)).withOp(op)
					} else {
						c.matchVariadic(n, x, opArg, depth)
					}
					opArg++
					continue
				}
				if slot.IsVariableLength() {
					c.errorf(x.Range, "drr-nested-variadic", "use nested DAG construct to match op %s's variadic operand #%d%s unsupported now", op.Name, opArg, slotName(slot)).withOp(op)
				}
			}
			c.match(x, depth+1)
		case *DagLeaf:
			switch slot.Kind {
			case ods.Operand:
				c.matchOperand(n, x, slot)
			case ods.Attribute:
				c.matchAttrOrProp(n, opArg, slot)
			case ods.Property:
				c.matchAttrOrProp(n, opArg, slot)
			}
		}
		opArg++
	}
}

func slotName(a *ods.Arg) string {
	if a.Name == "" {
		return ""
	}
	return " `" + a.Name + "`"
}

// matchOperand is emitOperandMatch for a leaf in an operand slot.
func (c *checker) matchOperand(n *DagNode, l *DagLeaf, slot *ods.Arg) {
	if l.Kind == LeafUnset {
		return
	}
	op := n.Op
	if !l.IsOperandMatcher() {
		c.errorf(l.ValueRange, "drr-expected-operand", "the %d-th argument of op '%s' should be an operand%s, but %s is %s", slot.Index+1, op.Name, slotName(slot), l.Text(), leafWhat(l)).withOp(op)
		return
	}
	if slot.IsVariableLength() && !sameConstraint(l.Def, slot) {
		c.errorf(l.ValueRange, "drr-constrain-variadic", "further constrain op %s's variadic operand #%d%s unsupported now: %s differs from its declared constraint", op.Name, slot.Index, slotName(slot), l.Text()).withOp(op)
	}
}

// sameConstraint is mlir-tblgen's Constraint equality between a leaf's
// constraint and the op's declared one: the same record, or the same
// predicate and summary.
func sameConstraint(leaf *eval.Record, slot *ods.Arg) bool {
	decl := slot.Constraint
	if leaf == nil || decl == nil {
		return leaf == decl
	}
	if isA(leaf, "OpVariable") {
		if d, ok := leaf.Value("constraint").(*eval.DefInit); ok {
			leaf = d.Rec
		}
	}
	if leaf == decl {
		return true
	}
	return predicateText(leaf) == predicateText(decl) && summaryText(leaf) == summaryText(decl)
}

func predicateText(r *eval.Record) string {
	if v := r.Value("predicate"); v != nil {
		if d, ok := v.(*eval.DefInit); ok {
			return d.Rec.NameString() + "|" + predExpr(d.Rec)
		}
		return v.String()
	}
	return ""
}

func predExpr(r *eval.Record) string {
	s, _ := stringField(r, "predExpr")
	return s
}

func summaryText(r *eval.Record) string {
	s, _ := stringField(r, "summary")
	return s
}

// matchAttrOrProp is emitAttributeMatch/emitPropertyMatch: they read the
// pattern argument at the op-argument index (which differs after `either`).
func (c *checker) matchAttrOrProp(n *DagNode, argIndex int, slot *ods.Arg) {
	op := n.Op
	if argIndex >= len(n.Args) {
		// After an `either`, mlir-tblgen reads the pattern argument at the
		// op-argument index, here past the end of the dag.
		c.errorf(n.Args[len(n.Args)-1].ArgRange(), "drr-either-shift", "the %d-th argument of op '%s' should be %s%s: after `either`, mlir-tblgen reads argument #%d of the dag, which does not exist; put the `either` after the %s", argIndex+1, op.Name, kindArticle(slot.Kind), slotName(slot), argIndex, slot.Kind).withOp(op)
		return
	}
	l, isLeaf := n.Args[argIndex].(*DagLeaf)
	if isLeaf && l.Kind == LeafUnset {
		return
	}
	rng := n.Args[argIndex].ArgRange()
	text := "a dag"
	if isLeaf {
		rng, text = l.ValueRange, l.Text()+" is "+leafWhat(l)
	}
	if slot.Kind == ods.Attribute {
		if !isLeaf || !l.IsAttrMatcher() {
			c.errorf(rng, "drr-expected-attribute", "the %d-th argument of op '%s' should be an attribute%s, but %s", argIndex+1, op.Name, slotName(slot), text).withOp(op)
		}
		return
	}
	if !isLeaf || !l.IsPropMatcher() {
		c.errorf(rng, "drr-expected-property", "the %d-th argument of op '%s' should be a property%s, but %s", argIndex+1, op.Name, slotName(slot), text).withOp(op)
	}
}

// leafWhat says what kind of constraint a leaf is.
func leafWhat(l *DagLeaf) string {
	switch {
	case l.Kind == LeafString:
		return "a string"
	case l.Kind == LeafInt:
		return "an integer"
	case l.Kind != LeafDef:
		return "not a constraint"
	case l.Matcher() != NoMatcher:
		return matcherWhat[l.Matcher()]
	case l.IsNativeCodeCall():
		return "a NativeCodeCall"
	}
	return "not a type, attribute or property constraint"
}

var matcherWhat = [...]string{TypeMatcher: "a type constraint", AttrMatcher: "an attribute constraint", PropMatcher: "a property constraint"}

// matchEither is emitEitherOperandMatch.
func (c *checker) matchEither(parent, e *DagNode, argIndex, depth int) {
	if len(e.Args) != 2 {
		c.errorf(e.Range, "drr-either-arity", "`either` only supports grouping two operands, got %d", len(e.Args))
		return
	}
	op := parent.Op
	for i, a := range e.Args {
		switch x := a.(type) {
		case *DagNode:
			if x.Kind == NodeEither {
				c.errorf(x.Range, "drr-either-nested", "either cannot be nested")
				continue
			}
			c.match(x, depth+1)
		case *DagLeaf:
			if argIndex+i >= len(op.Args) {
				continue
			}
			slot := op.Args[argIndex+i]
			if !isOperandSlot(slot) {
				c.errorf(x.Range, "drr-either-operand", "either can only be applied on operand: argument #%d%s of '%s' is %s", argIndex+i, slotName(slot), op.Name, kindArticle(slot.Kind)).withOp(op)
				continue
			}
			c.matchOperand(parent, x, slot)
		}
	}
}

func kindArticle(k ods.ArgKind) string {
	if k == ods.Attribute {
		return "an attribute"
	}
	return "a " + k.String()
}

// matchVariadic is emitVariadicOperandMatch.
func (c *checker) matchVariadic(parent, v *DagNode, argIndex, depth int) {
	slot := parent.Op.Args[argIndex]
	for _, a := range v.Args {
		switch x := a.(type) {
		case *DagNode:
			if x.Kind != NodeOp {
				c.errorf(x.Range, "drr-variadic-element", "variadic only accepts operation sub-dags, not `%s`", x.OperatorName())
				continue
			}
			c.match(x, depth+1)
		case *DagLeaf:
			c.matchOperand(parent, x, slot)
		}
	}
}

// matchNative is emitNativeCodeMatch: a NativeCodeCall used as a matcher.
func (c *checker) matchNative(n *DagNode, depth int) {
	for _, a := range n.Args {
		switch x := a.(type) {
		case *DagNode:
			switch x.Kind {
			case NodeEither:
				c.errorf(x.Range, "drr-native-either", "NativeCodeCall cannot have `either` operands")
			case NodeVariadic:
				c.errorf(x.Range, "drr-native-variadic", "NativeCodeCall cannot have `variadic` operands")
			}
		case *DagLeaf:
			if x.Kind == LeafDef && x.IsPropMatcher() && (x.Name == "" || x.Name == "_") {
				if it, _ := stringField(x.Def, "interfaceType"); it == "" {
					c.errorf(x.Range, "drr-untyped-property", "NativeCodeCall cannot have a property operand with unspecified interface type")
				}
			}
		}
	}
	loc, rt, numArgs := c.trailing(n)
	if rt != nil {
		c.errorf(rt.Range, "drr-native-return-type", "`NativeCodeCall` cannot have return type specifier").
			withFix(Fix{Title: "remove the returnType directive", Edits: []TextEdit{deleteArg(n, rt.Index)}})
	}
	if loc != nil {
		c.location(loc, true)
	}
	tmpl := n.NativeCode()
	if k := strings.Count(tmpl, "$_self"); k != 1 {
		c.errorf(n.OperatorRange, "drr-native-self", "NativeCodeCall must have $_self as argument for passing the defining Operation: the template of '%s' uses $_self %d times", n.OperatorName(), k)
	}
	for i := 0; i < numArgs; i++ {
		if x := n.Child(i); x != nil {
			c.errorf(x.Range, "drr-native-nested", "Matching nested tree in NativeCodecall not support for arg%d_%d as arg %d", depth, i, i)
		}
	}
	c.placeholders(n, numArgs, true)
}

// trailing is getTrailingDirectives: it reports a repeated location or
// returnType among the trailing directives.
func (c *checker) trailing(n *DagNode) (loc, rt *DagNode, numArgs int) {
	locs, rts, numArgs := n.Trailing()
	// Scanning backwards, the second one met (the earlier written) fails.
	if len(locs) > 1 {
		c.errorf(locs[len(locs)-2].Range, "drr-location-twice", "`location` directive can only be specified once").
			withFix(Fix{Title: "remove this location directive", Edits: []TextEdit{deleteArg(n, locs[len(locs)-2].Index)}})
	}
	if len(rts) > 1 {
		c.errorf(rts[len(rts)-2].Range, "drr-return-type-twice", "`returnType` directive can only be specified once").
			withFix(Fix{Title: "remove this returnType directive", Edits: []TextEdit{deleteArg(n, rts[len(rts)-2].Index)}})
	}
	if len(locs) > 0 {
		loc = locs[len(locs)-1]
	}
	if len(rts) > 0 {
		rt = rts[len(rts)-1]
	}
	return loc, rt, numArgs
}

// constraints emulates the constraints list handling of emitMatchLogic.
func (c *checker) constraints() {
	for _, r := range c.p.NonDagConstraints {
		c.errorf(r, "drr-constraint-not-dag", "all elements in Pattern multi-entity constraints should be DAG nodes")
	}
	for _, n := range c.p.Constraints {
		named := true
		for _, a := range n.Args {
			if a.ArgName() == "" {
				named = false
				c.errorf(a.ArgRange(), "drr-constraint-operand", "operands to additional constraints can only be symbol references")
			}
		}
		if n.Operator == nil || !(isA(n.Operator, "Constraint") || isA(n.Operator, "OpVariable")) {
			c.errorf(n.OperatorRange, "drr-not-constraint", "'%s' is not a constraint; an entry of the constraints list must apply a Constraint (mlir-tblgen aborts: Expected a constraint)", n.OperatorName())
			continue
		}
		if !named {
			continue
		}
		switch {
		case isA(n.Operator, "TypeConstraint"):
			if len(n.Args) != 1 {
				c.errorf(n.Range, "drr-constraint-arity", "type constraint requires exactly one argument, got %d", len(n.Args))
				continue
			}
			c.lookup(n.Args[0].ArgName(), nameRange(n.Args[0]), true)
		case isA(n.Operator, "AttrConstraint"):
			c.errorf(n.OperatorRange, "drr-constraint-attr", "cannot use AttrConstraint in Pattern multi-entity constraints: constrain the attribute where it is bound (%s:$name) instead", n.OperatorName())
		default:
			if len(n.Args) > 4 {
				c.errorf(n.Range, "drr-constraint-arity", "only support up to 4-entity constraints now, got %d", len(n.Args))
				continue
			}
			for _, a := range n.Args {
				c.lookup(a.ArgName(), nameRange(a), true)
			}
			if n.Name != "" {
				c.lookup(n.Name, n.NameRange, true)
			}
		}
	}
}

// nameRange is where a use of an argument's name is reported: the $name,
// or the whole argument when it has none.
func nameRange(a Arg) tablegen.Range {
	if a.ArgName() == "" {
		return a.ArgRange()
	}
	switch x := a.(type) {
	case *DagLeaf:
		return x.NameRange
	case *DagNode:
		return x.NameRange
	}
	return a.ArgRange()
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
