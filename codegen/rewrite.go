package codegen

import (
	"fmt"
	"sort"
	"strings"

	"tdls/drr"
	"tdls/ods"
	"tdls/tablegen/eval"
)

// emitPattern writes the RewritePattern struct of the pattern.
func (e *emitter) emitPattern() {
	p := e.p
	src := p.source()
	root := p.op(src)
	ops := map[*operator]bool{}
	for _, r := range p.results() {
		e.collectOps(r, ops)
	}
	e.w.w("/* Generated from:\n    ", strings.Join(e.file.locations(p.rec), " instantiating\n    "), "\n*/\n")
	e.w.w(fmt.Sprintf("struct %s : public ::mlir::RewritePattern {\n  %s(::mlir::MLIRContext *context)\n      : ::mlir::RewritePattern(\"%s\", %d, context, {",
		p.name, p.name, root.name, p.benefit()))
	var names []string
	for op := range ops {
		names = append(names, op.name)
	}
	sort.Strings(names)
	for i, n := range names {
		if i > 0 {
			e.w.w(", ")
		}
		e.w.w(`"` + n + `"`)
	}
	e.w.w("}) {}\n")
	e.w.in()
	e.w.reindented("\n    ::llvm::LogicalResult matchAndRewrite(::mlir::Operation *op0,\n        ::mlir::PatternRewriter &rewriter) const override {")
	e.w.w("\n")
	e.w.in()
	e.syms.addBindings(e.file, p.sourceBindings())
	e.syms.assignAlternativeNames()
	e.w.w("// Variables for capturing values and attributes used while creating ops\n")
	e.syms.m.each(func(n *hashNode[*symbolInfo]) { e.w.w(e.syms.varDecl(n.key, n.val)) })
	e.w.w("::llvm::SmallVector<::mlir::Operation *, 4> tblgen_ops;\n\n")
	e.w.w("// Match\n")
	e.w.w("tblgen_ops.push_back(op0);\n")
	e.emitMatchLogic(src, "op0")
	e.w.w("\n// Rewrite\n")
	e.emitRewriteLogic()
	e.w.w("return ::mlir::success();\n")
	e.w.out()
	e.w.w("}\n")
	e.w.out()
	e.w.w("};\n\n")
}

func (e *emitter) collectOps(tree *eval.DagInit, ops map[*operator]bool) {
	if isOperation(tree) {
		ops[e.p.op(tree)] = true
	}
	for i := range tree.Args {
		if c := nested(tree, i); c != nil {
			e.collectOps(c, ops)
		}
	}
}

func (e *emitter) nodeValueCount(node *eval.DagInit) int {
	if isOperation(node) {
		if s := dagSymbol(node); s != "" {
			return e.syms.staticValueCount(s)
		}
		return len(e.p.op(node).results)
	}
	if isNativeCodeCall(node) {
		return nativeReturns(node)
	}
	return 1
}

func (e *emitter) emitRewriteLogic() {
	p := e.p
	root := p.op(p.source())
	numExpected := len(root.results)
	results := p.results()
	e.syms.addBindings(e.file, p.resultBindings())
	offsets := make([]int, len(results)+1)
	for i := range offsets {
		offsets[i] = numExpected
	}
	replStart := -1
	if numExpected == 0 {
		replStart = len(results)
	}
	for i := len(results) - 1; i >= 0; i-- {
		offsets[i] = offsets[i+1] - e.nodeValueCount(results[i])
		if offsets[i] == 0 {
			if replStart == -1 {
				replStart = i
			}
		} else if offsets[i] < 0 && offsets[i+1] > 0 {
			panic(fatalf("cannot use the same multi-result op '%s' to generate both auxiliary values and values to be used for replacing the matched op", dagSymbol(results[i])))
		}
	}
	if offsets[0] > 0 {
		panic(fatalf("not enough values generated to replace the matched op"))
	}
	e.w.w("auto odsLoc = rewriter.getFusedLoc({")
	for i, n := 0, numOps(p.source()); i != n; i++ {
		if i > 0 {
			e.w.w(", ")
		}
		e.w.w(fmt.Sprintf("tblgen_ops[%d]->getLoc()", i))
	}
	e.w.w("}); (void)odsLoc;\n")
	for i := 0; i < replStart; i++ {
		val := e.handleResultPattern(results[i], offsets[i], 0)
		if isNativeCodeCall(results[i]) && nativeReturns(results[i]) == 0 {
			e.w.w(val + ";\n")
		}
	}
	supplemental := func() {
		sup := p.supplemental()
		offset := -len(sup)
		for _, r := range sup {
			val := e.handleResultPattern(r, offset, 0)
			offset++
			if isNativeCodeCall(r) && nativeReturns(r) == 0 {
				e.w.w(val + ";\n")
			}
		}
	}
	if numExpected == 0 {
		supplemental()
		e.w.w("rewriter.eraseOp(op0);\n")
		return
	}
	e.w.w("::llvm::SmallVector<::mlir::Value, 4> tblgen_repl_values;\n")
	for i := replStart; i < len(results); i++ {
		val := e.handleResultPattern(results[i], offsets[i], 0)
		e.w.w("\n")
		e.w.w(e.syms.allRange(val, func(s string) string {
			return "for (auto v: ::llvm::SmallVector<::mlir::Value, 4>{ " + s + " }) {\n  tblgen_repl_values.push_back(v);\n}\n"
		}, "\n"))
	}
	supplemental()
	e.w.w("\nrewriter.replaceOp(op0, tblgen_repl_values);\n")
}

func (e *emitter) uniqueSymbol(op *operator) string {
	s := fmt.Sprintf("tblgen_%s_%d", op.className, e.nextID)
	e.nextID++
	return s
}

func (e *emitter) handleResultPattern(tree *eval.DagInit, resultIndex, depth int) string {
	switch {
	case isLocationDirective(tree):
		panic(fatalf("location directive can only be used with op creation"))
	case isNativeCodeCall(tree):
		return e.handleNativeCodeCall(tree, depth)
	case isReplaceWithValue(tree):
		if len(tree.Args) != 1 {
			panic(fatalf("replaceWithValue directive must take exactly one argument"))
		}
		if dagSymbol(tree) != "" {
			panic(fatalf("cannot bind symbol to replaceWithValue"))
		}
		return argName(tree, 0)
	case isVariadicDirective(tree):
		return e.handleVariadic(tree, depth)
	}
	sym := e.handleOpCreation(tree, resultIndex, depth)
	if dagSymbol(tree) == "" {
		e.syms.bindOpResult(sym, e.p.op(tree))
	}
	return sym
}

func (e *emitter) handleVariadic(tree *eval.DagInit, depth int) string {
	name := fmt.Sprintf("tblgen_variadic_values_%d", e.nextID)
	e.nextID++
	e.syms.bindValue(name)
	// The children are emitted as they are handled, but this block's own
	// lines are buffered and written after them.
	var sb strings.Builder
	sb.WriteString("::llvm::SmallVector<::mlir::Value, 4> " + name + ";\n")
	for i := range tree.Args {
		if c := nested(tree, i); c != nil {
			sb.WriteString(name + ".push_back(" + e.handleResultPattern(c, i, depth+1) + ");\n")
		} else {
			sb.WriteString(name + ".push_back(" + e.handleOpArgument(newLeaf(tree.Args[i]), argName(tree, i)) + ");\n")
		}
	}
	e.w.w(sb.String())
	return name
}

func (e *emitter) handleLocationDirective(tree *eval.DagInit) string {
	argLoc := func(i int) string {
		return e.syms.useFmt(argName(tree, i), func(s string) string { return s + ".getLoc()" }, ", ")
	}
	if len(tree.Args) == 0 {
		panic(fatalf("At least one argument to location directive required"))
	}
	if dagSymbol(tree) != "" {
		panic(fatalf("cannot bind symbol to location"))
	}
	if len(tree.Args) == 1 {
		if l := newLeaf(tree.Args[0]); l.isStringAttr() {
			return `::mlir::NameLoc::get(rewriter.getStringAttr("` + l.stringAttr() + `"))`
		}
		return argLoc(0)
	}
	var sb strings.Builder
	sb.WriteString("rewriter.getFusedLoc({")
	str := ""
	first := true
	for i := range tree.Args {
		if l := newLeaf(tree.Args[i]); nested(tree, i) == nil && l.isStringAttr() {
			if str != "" {
				panic(fatalf("Only one string attribute may be specified"))
			}
			str = l.stringAttr()
			continue
		}
		if !first {
			sb.WriteString(", ")
		}
		sb.WriteString(argLoc(i))
		first = false
	}
	sb.WriteString("}")
	if str != "" {
		sb.WriteString(`, rewriter.getStringAttr("` + str + `")`)
	}
	sb.WriteString(")")
	return sb.String()
}

func (e *emitter) location(t trailing) string {
	if t.location != nil {
		return e.handleLocationDirective(t.location)
	}
	return "odsLoc"
}

func (e *emitter) handleReturnTypeArg(rt *eval.DagInit, i, depth int) string {
	if c := nested(rt, i); c != nil {
		if !isNativeCodeCall(c) {
			panic(fatalf("nested DAG in `returnType` must be a native code call"))
		}
		return e.handleNativeCodeCall(c, depth)
	}
	l := newLeaf(rt.Args[i])
	if l.isStringAttr() {
		return tgfmt(l.stringAttr(), &e.ctx)
	}
	return tgfmt("$0.getType()", &e.ctx, e.handleOpArgument(l, argName(rt, i)))
}

func (e *emitter) handleConstantAttr(attr *eval.Record, value string) string {
	b := attrString(attr, "constBuilderCall")
	if b == "" {
		panic(fatalf("Attribute %s does not have the 'constBuilderCall' field", attrDefName(attr)))
	}
	return tgfmt(b, &e.ctx, value)
}

// attrDefName is Attribute::getAttrDefName: the base attribute's name for
// an anonymous one.
func attrDefName(attr *eval.Record) string {
	if attr.Anonymous {
		if base := defField(attr, "baseAttr"); base != nil {
			return attrDefName(base)
		}
	}
	return attr.NameString()
}

func (e *emitter) handleOpArgument(l leaf, patArgName string) string {
	if l.isStringAttr() {
		panic(fatalf("raw string not supported as argument"))
	}
	if l.IsConstantAttr() {
		return e.handleConstantAttr(defField(l.Def, "attr"), stringField(l.Def, "value"))
	}
	if l.IsEnumCase() {
		return e.handleConstantAttr(l.Def, fmt.Sprint(intField(l.Def, "value")))
	}
	if l.IsConstantProp() {
		return stringField(l.Def, "value")
	}
	arg := e.syms.use(patArgName)
	if l.isUnspecified() || l.IsOperandMatcher() {
		return arg
	}
	if l.IsNativeCodeCall() {
		return tgfmt(l.nativeTemplate(), e.ctx.withSelf(arg))
	}
	panic(fatalf("unhandled case when rewriting op"))
}

func (e *emitter) handleNativeCodeCall(tree *eval.DagInit, depth int) string {
	tmpl := nativeTemplate(tree)
	tail := trailingDirectives(tree)
	if tail.returnType != nil {
		panic(fatalf("`NativeCodeCall` cannot have return type specifier"))
	}
	loc := e.location(tail)
	var args []string
	for i := 0; i < len(tree.Args)-tail.count; i++ {
		if c := nested(tree, i); c != nil {
			args = append(args, e.handleResultPattern(c, i, depth+1))
		} else {
			args = append(args, e.handleOpArgument(newLeaf(tree.Args[i]), argName(tree, i)))
		}
	}
	sym := tgfmt(tmpl, e.ctx.addSubst("_loc", loc), args...)
	if n := nativeReturns(tree); n != 0 {
		name, _ := drr.SplitIndex(dagSymbol(tree))
		if name == "" {
			name = fmt.Sprintf("nativeVar_%d", e.nextID)
			e.nextID++
			e.syms.bindValues(name, n)
		}
		e.w.w(fmt.Sprintf("auto %s = %s; (void)%s;\n", name, sym, name))
		if s := dagSymbol(tree); s != "" {
			sym = s
		} else {
			sym = name
		}
	}
	return sym
}

func (e *emitter) handleOpCreation(tree *eval.DagInit, resultIndex, depth int) string {
	op := e.p.op(tree)
	tail := trailingDirectives(tree)
	loc := e.location(tail)
	inPattern := len(tree.Args) - tail.count
	if len(op.args) != inPattern {
		panic(fatalf("resultant op '%s' argument number mismatch: %d in pattern vs. %d in definition", op.name, inPattern, len(op.args)))
	}
	children := map[int]string{}
	for i := 0; i < inPattern; i++ {
		if arg := &op.args[i]; arg.kind == operandArg && arg.isVariadic() {
			if c := nested(tree, i); c != nil {
				for c != nil && isReplaceWithValue(c) {
					c = nested(c, 0)
				}
				if c != nil && !isNativeCodeCall(c) && !isVariadicDirective(c) {
					panic(fatalf("op expects variadic operand `%s`, while provided is non-variadic", arg.name))
				}
			}
		}
		if c := nested(tree, i); c != nil {
			children[i] = e.handleResultPattern(c, i, depth+1)
		}
	}
	var packName, result string
	if s := dagSymbol(tree); s == "" {
		packName = e.uniqueSymbol(op)
		result = packName
	} else {
		result = s
		packName, _ = drr.SplitIndex(s)
	}
	cls := op.qualClassName()
	e.w.w(cls + " " + packName + ";\n{\n")
	if tail.returnType == nil && (op.traits["::mlir::OpTrait::SameOperandsAndResultType"] || op.traits["::mlir::OpTrait::FirstAttrDerivedResultType"]) {
		e.aggregateArgs(tree, children)
		e.w.in()
		e.w.w(fmt.Sprintf("%s = %s::create(rewriter, %s, tblgen_values, %s);", packName, cls, loc, op.builtAttrs()))
		e.w.out()
		e.w.w("\n}\n")
		return result
	}
	partial := packName != result
	if tail.returnType == nil && (partial || depth > 0 || resultIndex < 0) {
		e.separateArgs(tree, children)
		e.w.in()
		e.w.w(fmt.Sprintf("%s = %s::create(rewriter, %s", packName, cls, loc))
		e.w.out()
		e.supplyArgs(tree, children)
		e.w.w("\n  );\n}\n")
		return result
	}
	if depth == 0 && resultIndex >= 0 && tail.returnType != nil {
		panic(fatalf("Cannot specify explicit return types in an op whose return values replace the source pattern's root op"))
	}
	e.aggregateArgs(tree, children)
	e.w.in()
	e.w.w("::llvm::SmallVector<::mlir::Type, 4> tblgen_types; (void)tblgen_types;\n")
	if tail.returnType != nil {
		for i := range tail.returnType.Args {
			v := e.handleReturnTypeArg(tail.returnType, i, depth+1)
			e.w.w("tblgen_types.push_back(" + v + ");\n")
		}
	} else {
		for i := range op.results {
			e.w.w(fmt.Sprintf("for (auto v: castedOp0.getODSResults(%d)) {\n  tblgen_types.push_back(v.getType());\n}\n", resultIndex+i))
		}
	}
	e.w.w(fmt.Sprintf("%s = %s::create(rewriter, %s, tblgen_types, tblgen_values, %s);\n", packName, cls, loc, op.builtAttrs()))
	e.w.out()
	e.w.w("}\n")
	return result
}

// separateArgs declares one local per operand for a separate-parameter
// builder call.
func (e *emitter) separateArgs(tree *eval.DagInit, children map[int]string) {
	op := e.p.op(tree)
	k := 0
	for i := range op.args {
		arg := &op.args[i]
		if arg.kind != operandArg {
			continue
		}
		e.w.in()
		var name string
		if arg.isVariadic() {
			name = fmt.Sprintf("tblgen_values_%d", k)
			k++
			e.w.w("::llvm::SmallVector<::mlir::Value, 4> " + name + ";\n")
			rng := argName(tree, i)
			if nested(tree, i) != nil {
				rng = children[i]
			}
			rng = e.syms.use(rng)
			e.w.w(fmt.Sprintf("for (auto v: %s) {\n  %s.push_back(v);\n}\n", rng, name))
		} else {
			name = fmt.Sprintf("tblgen_value_%d", k)
			k++
			e.w.w("::mlir::Value " + name + " = ")
			if nested(tree, i) != nil {
				e.w.w(e.syms.use(children[i]))
			} else {
				l := newLeaf(tree.Args[i])
				sym := e.syms.use(argName(tree, i))
				if l.IsNativeCodeCall() {
					e.w.w(tgfmt(l.nativeTemplate(), e.ctx.withSelf(sym)))
				} else {
					e.w.w(sym)
				}
			}
			e.w.w(";\n")
		}
		e.w.out()
		children[i] = name
	}
}

// supplyArgs writes the builder arguments, one per op argument.
func (e *emitter) supplyArgs(tree *eval.DagInit, children map[int]string) {
	op := e.p.op(tree)
	for i := range op.args {
		e.w.w(",\n    ")
		arg := &op.args[i]
		if arg.kind == operandArg {
			if arg.name != "" {
				e.w.w("/*" + arg.name + "=*/")
			}
			e.w.w(children[i])
			continue
		}
		if c := nested(tree, i); c != nil {
			if !isNativeCodeCall(c) {
				panic(fatalf("only NativeCodeCall allowed in nested dag node for creating attributes and properties"))
			}
			e.w.w(fmt.Sprintf("/*%s=*/%s", arg.name, children[i]))
			continue
		}
		l := newLeaf(tree.Args[i])
		pat := argName(tree, i)
		switch {
		case l.IsConstantAttr() || l.IsEnumCase():
			if arg.kind != attrArg {
				panic(fatalf("expected attribute %d", i))
			}
			if pat != "" {
				e.w.w("/*" + pat + "=*/")
			}
		case l.IsConstantProp():
			if arg.kind != propArg {
				panic(fatalf("expected property %d", i))
			}
			if pat != "" {
				e.w.w("/*" + pat + "=*/")
			}
		default:
			e.w.w("/*" + arg.name + "=*/")
		}
		e.w.w(e.handleOpArgument(l, pat))
	}
}

// builtAttrs is what a builder taking all operands at once gets the
// attributes in: the op's Properties, or where its dialect keeps
// attributes in the dictionary, a list of named attributes.
func (op *operator) builtAttrs() string {
	if op.dialectProps {
		return "tblgen_props"
	}
	return "tblgen_attrs"
}

// aggregateArgs fills tblgen_values and tblgen_props (or tblgen_attrs) for
// a builder taking all operands and attributes at once.
func (e *emitter) aggregateArgs(tree *eval.DagInit, children map[int]string) {
	op := e.p.op(tree)
	e.w.in()
	e.w.w("::llvm::SmallVector<::mlir::Value, 4> tblgen_values; (void)tblgen_values;\n")
	setAttr := func(name, v string) {
		e.w.w(fmt.Sprintf("tblgen_props.%s = ::llvm::dyn_cast_if_present<decltype(tblgen_props.%s)>(%s);\n", name, name, v))
	}
	if op.dialectProps {
		e.w.w(op.qualClassName() + "::Properties tblgen_props; (void)tblgen_props;\n")
	} else {
		e.w.w("::llvm::SmallVector<::mlir::NamedAttribute, 4> tblgen_attrs; (void)tblgen_attrs;\n")
		setAttr = func(name, v string) {
			e.w.w("if (auto tmpAttr = " + v + ") {\n  tblgen_attrs.emplace_back(rewriter.getStringAttr(\"" + name + "\"), tmpAttr);\n}\n")
		}
	}
	numVariadic := 0
	hasSegments := false
	var sizes []string
	for i := range op.args {
		arg := &op.args[i]
		switch arg.kind {
		case attrArg:
			hasSegments = hasSegments || arg.name == "operandSegmentSizes"
			if c := nested(tree, i); c != nil {
				if !isNativeCodeCall(c) {
					panic(fatalf("only NativeCodeCall allowed in nested dag node for creating attribute"))
				}
				setAttr(arg.name, children[i])
			} else {
				setAttr(arg.name, e.handleOpArgument(newLeaf(tree.Args[i]), argName(tree, i)))
			}
			continue
		case propArg:
			setter := ods.SetterName(arg.name)
			if c := nested(tree, i); c != nil {
				if !isNativeCodeCall(c) {
					panic(fatalf("only NativeCodeCall allowed in nested dag node for creating property"))
				}
				e.w.w(fmt.Sprintf("tblgen_props.%s(%s);\n", setter, children[i]))
			} else {
				e.w.w(fmt.Sprintf("tblgen_props.%s(%s);\n", setter, e.handleOpArgument(newLeaf(tree.Args[i]), argName(tree, i))))
			}
			continue
		}
		if arg.isVariadic() {
			numVariadic++
			rng := argName(tree, i)
			if nested(tree, i) != nil {
				rng = children[i]
			}
			rng = e.syms.use(rng)
			e.w.w(fmt.Sprintf("for (auto v: %s) {\n  tblgen_values.push_back(v);\n}\n", rng))
			sizes = append(sizes, fmt.Sprintf("static_cast<int32_t>(%s.size())", rng))
			continue
		}
		sizes = append(sizes, "1")
		e.w.w("tblgen_values.push_back(")
		if nested(tree, i) != nil {
			e.w.w(e.syms.use(children[i]))
		} else {
			l := newLeaf(tree.Args[i])
			if l.IsConstantAttr() {
				panic(fatalf("attribute found where value was expected, if attempting to use constant value, construct a constant op with given attribute instead"))
			}
			sym := e.syms.use(argName(tree, i))
			if l.IsNativeCodeCall() {
				e.w.w(tgfmt(l.nativeTemplate(), e.ctx.withSelf(sym)))
			} else {
				e.w.w(sym)
			}
		}
		e.w.w(");\n")
	}
	if numVariadic > 1 && !hasSegments && !op.traits["::mlir::OpTrait::SameVariadicOperandSize"] {
		if op.dialectProps {
			e.w.reindented("\n          tblgen_props.operandSegmentSizes = { " + strings.Join(sizes, ", ") + " };\n        ")
		} else {
			e.w.reindented("\n          tblgen_attrs.emplace_back(rewriter.getStringAttr(\"operandSegmentSizes\"),\n" +
				"            rewriter.getDenseI32ArrayAttr({ " + strings.Join(sizes, ", ") + " }));\n        ")
			// mlir-tblgen leaves two spaces after it, which indent the next line.
			e.w.w("  ")
		}
	}
	e.w.out()
}
