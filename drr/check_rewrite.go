package drr

import (
	"strconv"

	"tdls/ods"
	"tdls/tablegen"
)

// value is what handleResultPattern returns: the symbol standing for the
// values a result dag produces.
type value struct {
	name string
	rng  tablegen.Range
	// auto marks a name mlir-tblgen makes up (always bound); none a dag
	// that failed; void a NativeCodeCall returning nothing, whose
	// expression is then looked up as if it were a symbol.
	auto, none, void bool
	node             *DagNode
}

// rewrite emulates PatternEmitter::emitRewriteLogic.
func (c *checker) rewrite() {
	p := c.p
	root := p.Source
	numExpected := -1
	if root.Kind == NodeOp && root.Op != nil {
		numExpected = root.Op.NumResults()
	}
	n := len(p.Results)
	for _, r := range p.NonDagResults {
		c.errorf(r, "drr-result-not-dag", "a result pattern must be a dag")
	}
	replStart := n
	offsets := make([]int, n+1)
	if numExpected >= 0 {
		replStart = -1
		if numExpected == 0 {
			replStart = n
		}
		for i := range offsets {
			offsets[i] = numExpected
		}
		for i := n - 1; i >= 0; i-- {
			offsets[i] = offsets[i+1] - c.valueCount(p.Results[i])
			if offsets[i] == 0 {
				if replStart == -1 {
					replStart = i
				}
			} else if offsets[i] < 0 && offsets[i+1] > 0 {
				r := p.Results[i]
				c.errorf(r.Range, "drr-straddle", "cannot use the same multi-result op '%s' to generate both auxiliary values and values to be used for replacing the matched op: it makes %d values, of which %d replace results of '%s'",
					r.Name, c.valueCount(r), offsets[i+1], root.Op.Name)
			}
		}
		if offsets[0] > 0 {
			rng := p.DefRange
			if n > 0 {
				rng = tablegen.Range{Start: p.Results[0].Range.Start, End: p.Results[n-1].Range.End}
			}
			made := numExpected - offsets[0]
			c.errorf(rng, "drr-not-enough-values", "not enough values generated to replace the matched op: '%s' has %s, the result patterns make %d", root.Op.Name, plural(numExpected, "result"), made).withOp(root.Op)
		}
		if replStart < 0 {
			replStart = n
		}
	}
	for i := 0; i < min(replStart, n); i++ {
		c.result(p.Results[i], offsets[i]-boolInt(numExpected < 0), 0)
	}
	for i := max(replStart, 0); i < n; i++ {
		v := c.result(p.Results[i], offsets[i], 0)
		c.use(v)
	}
	for i, s := range p.Supplemental {
		c.result(s, i-len(p.Supplemental), 0)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// valueCount is getNodeValueCount.
func (c *checker) valueCount(n *DagNode) int {
	switch n.Kind {
	case NodeOp:
		if n.Name != "" {
			base, idx := SplitIndex(n.Name)
			if idx >= 0 || base != n.Name {
				return 1
			}
			if s := c.p.Symbols.Lookup(base); s != nil {
				return staticCount(s)
			}
			return 1
		}
		if n.Op != nil {
			return n.Op.NumResults()
		}
		return 1
	case NodeNativeCodeCall:
		return n.NumReturns()
	}
	return 1
}

func staticCount(s *Symbol) int {
	switch s.Kind {
	case SymResult:
		if s.Op != nil {
			return s.Op.NumResults()
		}
	case SymValues:
		return s.NumValues
	}
	return 1
}

// use resolves a produced value where mlir-tblgen looks it up.
func (c *checker) use(v value) *Symbol {
	switch {
	case v.auto || v.none:
		return nil
	case v.void:
		c.errorf(v.rng, "drr-unbound-symbol", "NativeCodeCall '%s' returns no value (numReturns = 0) but is used as one (mlir-tblgen: referencing unbound symbol)", v.node.OperatorName())
		return nil
	}
	return c.lookup(v.name, v.rng, false)
}

// result is handleResultPattern.
func (c *checker) result(n *DagNode, resultIndex, depth int) value {
	switch n.Kind {
	case NodeLocation:
		c.errorf(n.Range, "drr-location-misplaced", "location directive can only be used with op creation, as the last argument of an op or NativeCodeCall")
		return value{none: true}
	case NodeNativeCodeCall:
		return c.nativeResult(n, depth)
	case NodeReplaceWithValue:
		if len(n.Args) != 1 {
			c.errorf(n.Range, "drr-replace-arity", "replaceWithValue directive must take exactly one argument, got %d", len(n.Args))
			return value{none: true}
		}
		if n.Name != "" && n.Part == PartSupplemental {
			c.errorf(n.NameRange, "drr-bind-directive", "cannot bind symbol to replaceWithValue")
		}
		a := n.Args[0]
		return value{name: a.ArgName(), rng: nameRange(a)}
	case NodeVariadic:
		for i, a := range n.Args {
			switch x := a.(type) {
			case *DagNode:
				c.result(x, i, depth+1)
			case *DagLeaf:
				c.opArgument(x)
			}
		}
		return value{auto: true, node: n}
	}
	return c.opCreation(n, resultIndex, depth)
}

// nativeResult is handleReplaceWithNativeCodeCall.
func (c *checker) nativeResult(n *DagNode, depth int) value {
	loc, rt, numArgs := c.trailing(n)
	if rt != nil {
		c.errorf(rt.Range, "drr-native-return-type", "`NativeCodeCall` cannot have return type specifier").
			withFix(Fix{Title: "remove the returnType directive", Edits: []TextEdit{deleteArg(n, rt.Index)}})
	}
	if loc != nil {
		c.location(loc, false)
	}
	for i := 0; i < numArgs; i++ {
		switch x := n.Args[i].(type) {
		case *DagNode:
			c.result(x, i, depth+1)
		case *DagLeaf:
			c.opArgument(x)
		}
	}
	c.placeholders(n, numArgs, false)
	if n.NumReturns() == 0 {
		return value{void: true, rng: n.Range, node: n}
	}
	if n.Name != "" {
		return value{name: n.Name, rng: n.NameRange, node: n}
	}
	return value{auto: true, node: n}
}

// location is handleLocationDirective.
func (c *checker) location(n *DagNode, matching bool) {
	if len(n.Args) == 0 {
		c.errorf(n.Range, "drr-location-empty", "At least one argument to location directive required")
		return
	}
	if n.Name != "" && n.Part == PartSupplemental {
		c.errorf(n.NameRange, "drr-bind-directive", "cannot bind symbol to location")
	}
	if len(n.Args) == 1 {
		if l := n.Leaf(0); l != nil && l.Kind == LeafString {
			return
		}
		c.lookup(n.Args[0].ArgName(), nameRange(n.Args[0]), matching)
		return
	}
	seenString := false
	for _, a := range n.Args {
		if l, ok := a.(*DagLeaf); ok && l.Kind == LeafString {
			if seenString {
				c.errorf(l.Range, "drr-location-strings", "Only one string attribute may be specified in a location directive")
			}
			seenString = true
			continue
		}
		c.lookup(a.ArgName(), nameRange(a), matching)
	}
}

// opCreation is handleOpCreation.
func (c *checker) opCreation(n *DagNode, resultIndex, depth int) value {
	if n.Kind != NodeOp || n.Op == nil {
		c.notAnOp(n)
		return value{none: true}
	}
	op := n.Op
	loc, rt, numArgs := c.trailing(n)
	if loc != nil {
		c.location(loc, false)
	}
	if numArgs != len(op.Args) || (n.Part != PartSupplemental && !opArityOK(n)) {
		if n.Part == PartSupplemental || opArityOK(n) {
			reportArity(&c.reporter, n, "resultant op", numArgs)
		}
		for i, a := range n.Args {
			if x, ok := a.(*DagNode); ok && x != loc && x != rt {
				c.result(x, i, depth+1)
			}
		}
		return value{none: true}
	}
	children := make([]value, numArgs)
	for i := 0; i < numArgs; i++ {
		c.checkVariadicChild(n, i)
		if x := n.Child(i); x != nil {
			children[i] = c.result(x, i, depth+1)
		}
	}
	res := value{auto: true, node: n}
	partial := false
	if n.Name != "" {
		res = value{name: n.Name, rng: n.NameRange, node: n}
		base, _ := SplitIndex(n.Name)
		partial = base != n.Name
	}
	traits := op.Trait("::mlir::OpTrait::SameOperandsAndResultType") != nil || op.Trait("::mlir::OpTrait::FirstAttrDerivedResultType") != nil
	switch {
	case rt == nil && traits:
		c.aggregateArgs(n, children)
		c.buildCall(n, createWithoutTypes, partial, depth, resultIndex)
	case rt == nil && (partial || depth > 0 || resultIndex < 0):
		c.separateArgs(n, children)
		c.buildCall(n, createSeparate, partial, depth, resultIndex)
	default:
		if depth == 0 && resultIndex >= 0 && rt != nil {
			c.errorf(rt.Range, "drr-return-type-root", "Cannot specify explicit return types in an op whose return values replace the source pattern's root op: the types of '%s' come from the matched op", op.Name).
				withFix(Fix{Title: "remove the returnType directive", Edits: []TextEdit{deleteArg(n, rt.Index)}})
			return res
		}
		c.aggregateArgs(n, children)
		c.buildCall(n, createWithTypes, partial, depth, resultIndex)
		if rt != nil {
			for i, a := range rt.Args {
				c.returnTypeArg(a, i, depth+1)
			}
			if op.NumVariableLengthResults() == 0 && len(rt.Args) != op.NumResults() {
				c.warnf(rt.Range, "drr-return-type-count", "returnType gives %s but '%s' has %s", plural(len(rt.Args), "type"), op.Name, plural(op.NumResults(), "result")).withOp(op)
			}
		}
	}
	return res
}

// checkVariadicChild is checkIfMatchedVariadic: a nested op given for a
// variadic operand.
func (c *checker) checkVariadicChild(n *DagNode, i int) {
	slot := n.Op.Args[i]
	if !slot.Variadic || slot.Kind != ods.Operand {
		return
	}
	child := n.Child(i)
	for child != nil && child.Kind == NodeReplaceWithValue {
		child = child.Child(0)
	}
	if child == nil || child.Kind == NodeNativeCodeCall || child.Kind == NodeVariadic {
		return
	}
	c.errorf(child.Range, "drr-variadic-operand", "op expects variadic operand `%s`, while provided is non-variadic: wrap it as (variadic ...)", slot.Name).withOp(n.Op).
		withFix(Fix{Title: "wrap in (variadic ...)", Edits: []TextEdit{
			{Range: tablegen.Range{Start: child.Range.Start, End: child.Range.Start}, NewText: "(variadic "},
			{Range: tablegen.Range{Start: child.Range.End, End: child.Range.End}, NewText: ")"},
		}})
}

// aggregateArgs is createAggregateLocalVarsForOpArgs.
func (c *checker) aggregateArgs(n *DagNode, children []value) {
	for i, slot := range n.Op.Args {
		x := n.Child(i)
		l := n.Leaf(i)
		switch slot.Kind {
		case ods.Attribute, ods.Property:
			if x != nil {
				if x.Kind != NodeNativeCodeCall {
					c.errorf(x.Range, "drr-nested-attribute", "only NativeCodeCall allowed in nested dag node for creating %s: argument #%d%s of '%s' is %s", map[bool]string{true: "attribute", false: "property"}[slot.Kind == ods.Attribute], i, slotName(slot), n.Op.Name, kindArticle(slot.Kind)).withOp(n.Op)
				}
				continue
			}
			c.opArgument(l)
		default:
			if x != nil {
				c.operandValue(n, slot, children[i], x)
				continue
			}
			if !slot.Variadic && l.IsConstantAttr() {
				c.errorf(l.Range, "drr-attribute-as-value", "attribute found where value was expected, if attempting to use constant value, construct a constant op with given attribute instead (operand #%d%s of '%s')", i, slotName(slot), n.Op.Name).withOp(n.Op)
				continue
			}
			c.operandLeaf(n, slot, l)
		}
	}
}

// separateArgs is createSeparateLocalVarsForOpArgs plus
// supplyValuesForOpArgs.
func (c *checker) separateArgs(n *DagNode, children []value) {
	for i, slot := range n.Op.Args {
		x := n.Child(i)
		l := n.Leaf(i)
		if slot.Kind == ods.Operand {
			if x != nil {
				c.operandValue(n, slot, children[i], x)
			} else {
				c.operandLeaf(n, slot, l)
			}
			continue
		}
		if x != nil {
			if x.Kind != NodeNativeCodeCall {
				c.errorf(x.Range, "drr-nested-attribute", "only NativeCodeCall allowed in nested dag node for creating attributes and properties: argument #%d%s of '%s' is %s", i, slotName(slot), n.Op.Name, kindArticle(slot.Kind)).withOp(n.Op)
			}
			continue
		}
		switch {
		case (l.IsConstantAttr() || l.IsEnumCase()) && slot.Kind != ods.Attribute:
			c.errorf(l.Range, "drr-expected-attribute", "expected attribute %d: %s is a constant attribute but argument #%d%s of '%s' is %s", i, l.Text(), i, slotName(slot), n.Op.Name, kindArticle(slot.Kind)).withOp(n.Op)
			continue
		case l.IsConstantProp() && slot.Kind != ods.Property:
			c.errorf(l.Range, "drr-expected-property", "expected property %d: %s is a constant property but argument #%d%s of '%s' is %s", i, l.Text(), i, slotName(slot), n.Op.Name, kindArticle(slot.Kind)).withOp(n.Op)
			continue
		}
		c.opArgument(l)
	}
}

// operandValue checks a nested dag's values given for an operand.
func (c *checker) operandValue(n *DagNode, slot *ods.Arg, v value, x *DagNode) {
	c.use(v)
	if v.none || v.void {
		return
	}
	if slot.Variadic {
		return
	}
	count := 1
	switch x.Kind {
	case NodeOp:
		if x.Op != nil {
			count = x.Op.NumResults()
		}
	case NodeNativeCodeCall:
		count = x.NumReturns()
	}
	// A node bound as $name__N passes its Nth value only, as mlir-tblgen's
	// SymbolInfoMap resolves the name (an op's result, or name[N] of a
	// NativeCodeCall's values).
	if x.Name != "" {
		if _, idx := SplitIndex(x.Name); idx >= 0 {
			count = 1
		}
	}
	if count > 1 {
		c.warnf(x.Range, "drr-multi-value", "'%s' makes %d values but operand #%d%s of '%s' takes one; the generated C++ passes all of them and does not compile (bind it with $name and use $name__N)", x.OperatorName(), count, slot.Index, slotName(slot), n.Op.Name).withOp(n.Op)
	}
}

// operandLeaf checks a `$name` given for an operand.
func (c *checker) operandLeaf(n *DagNode, slot *ods.Arg, l *DagLeaf) {
	s := c.lookup(l.Name, nameRange(l), false)
	if s == nil {
		return
	}
	_, idx := SplitIndex(l.Name)
	if slot.Variadic {
		if !rangeValued(s, idx) {
			c.warnf(l.Range, "drr-value-into-variadic", "'%s' is a single value (%s) but operand #%d%s of '%s' is variadic; the generated C++ iterates over it and does not compile: wrap it as (variadic $%s)", l.Name, describeSymbol(s), slot.Index, slotName(slot), n.Op.Name, l.Name).withOp(n.Op).
				withFix(Fix{Title: "wrap in (variadic ...)", Edits: []TextEdit{
					{Range: tablegen.Range{Start: l.Range.Start, End: l.Range.Start}, NewText: "(variadic "},
					{Range: tablegen.Range{Start: l.Range.End, End: l.Range.End}, NewText: ")"},
				}})
		}
		return
	}
	if k := valuesOf(s, idx); k > 1 {
		c.warnf(l.Range, "drr-multi-value", "'%s' stands for %d values but operand #%d%s of '%s' takes one; the generated C++ passes all of them and does not compile: use $%s__N to pick one", l.Name, k, slot.Index, slotName(slot), n.Op.Name, l.Name).withOp(n.Op)
	}
	if s.Kind == SymAttr || s.Kind == SymProp {
		c.warnf(l.Range, "drr-attribute-as-value", "'%s' is %s but is given for operand #%d%s of '%s'; the generated C++ will not compile", l.Name, describeSymbol(s), slot.Index, slotName(slot), n.Op.Name).withOp(n.Op)
	}
}

// rangeValued reports a symbol whose use is a range of values.
func rangeValued(s *Symbol, idx int) bool {
	switch s.Kind {
	case SymOperand:
		if s.WholeRange {
			return true
		}
		a := s.ArgDef()
		return a != nil && s.VariadicSub < 0 && (a.Variadic || a.VariadicOfVariadic)
	case SymResult:
		if s.Op == nil {
			return false
		}
		if idx >= 0 {
			return idx < len(s.Op.Results) && s.Op.Results[idx].Variadic
		}
		return len(s.Op.Results) == 1 && s.Op.Results[0].Variadic
	case SymValues:
		return true
	}
	return false
}

// valuesOf is how many values a use expands to.
func valuesOf(s *Symbol, idx int) int {
	if idx >= 0 {
		return 1
	}
	switch s.Kind {
	case SymResult:
		if s.Op != nil {
			return s.Op.NumResults()
		}
	case SymValues:
		return s.NumValues
	}
	return 1
}

// opArgument is handleOpArgument.
func (c *checker) opArgument(l *DagLeaf) {
	if l == nil {
		return
	}
	switch {
	case l.Kind == LeafString:
		c.errorf(l.Range, "drr-raw-string", "raw string not supported as argument: %s (use a ConstantAttr or a NativeCodeCall)", l.Text())
		return
	case l.IsConstantAttr():
		if ar := recordOf(l.Def.Value("attr")); ar != nil {
			if s, _ := stringField(ar, "constBuilderCall"); s == "" {
				c.errorf(l.ValueRange, "drr-const-builder", "Attribute %s does not have the 'constBuilderCall' field, so %s cannot be built", ar.NameString(), l.Text())
			}
		}
		return
	case l.IsEnumCase():
		if s, _ := stringField(l.Def, "constBuilderCall"); s == "" {
			c.errorf(l.ValueRange, "drr-const-builder", "Attribute %s does not have the 'constBuilderCall' field, so it cannot be built", l.Def.NameString())
		}
		return
	case l.IsConstantProp():
		return
	}
	c.lookup(l.Name, nameRange(l), false)
	switch {
	case l.Kind == LeafUnset || l.IsOperandMatcher() || l.IsNativeCodeCall():
	default:
		c.errorf(l.ValueRange, "drr-unhandled-argument", "unhandled case when rewriting op: %s is %s; in a result pattern an argument is a $name, a constant or a NativeCodeCall", l.Text(), leafWhat(l))
	}
}

// returnTypeArg is handleReturnTypeArg.
func (c *checker) returnTypeArg(a Arg, i, depth int) {
	if x, ok := a.(*DagNode); ok {
		if x.Kind != NodeNativeCodeCall {
			c.errorf(x.Range, "drr-return-type-nested", "nested DAG in `returnType` must be a native code call, not `%s`", x.OperatorName())
			return
		}
		c.nativeResult(x, depth)
		return
	}
	l := a.(*DagLeaf)
	if l.Kind == LeafString {
		return
	}
	c.opArgument(l)
}

// indexUses warns about `$name__N` uses mlir-tblgen accepts unchecked.
func (c *checker) indexUses() {
	for _, u := range c.p.Uses {
		if u.Index < 0 || u.Symbol == nil {
			continue
		}
		s := u.Symbol
		switch s.Kind {
		case SymResult:
			if s.Op != nil && u.Index >= s.Op.NumResults() {
				// mlir-tblgen reads past the op's results: it crashes or
				// emits garbage.
				c.errorf(u.Range, "drr-index-range", "'%s' has %s; result index %d is out of range", s.Op.Name, plural(s.Op.NumResults(), "result"), u.Index).withOp(s.Op)
			}
		case SymValues:
			if u.Index >= s.NumValues {
				c.warnf(u.Range, "drr-index-range", "'%s' stands for %s; index %d is out of range", s.Name, plural(s.NumValues, "value"), u.Index)
			}
		default:
			c.warnf(u.Range, "drr-index-ignored", "'%s' is %s, not an op or NativeCodeCall result: the index __%s is ignored", s.Name, describeSymbol(s), strconv.Itoa(u.Index))
		}
	}
	if c.p.Source != nil {
		c.p.Source.Walk(func(n *DagNode) bool {
			for _, a := range n.Args {
				if x, ok := a.(*DagNode); ok && x.Kind == NodeEither && x.Name != "" && n.Kind == NodeOp {
					c.warnf(x.NameRange, "drr-either-name", "the name $%s on `either` is ignored; bind the operands inside it instead", x.Name).
						withFix(removeName(x.NameRange, x.Name))
				}
			}
			return true
		})
	}
}

// deleteArg is an edit removing argument i of n with its separating comma.
func deleteArg(n *DagNode, i int) TextEdit {
	r := n.Args[i].ArgRange()
	if i > 0 {
		r.Start = n.Args[i-1].ArgRange().End
	} else if len(n.Args) > 1 {
		r.End = n.Args[1].ArgRange().Start
	}
	return TextEdit{Range: r, NewText: ""}
}
