package codegen

import (
	"fmt"
	"strings"

	"tdls/ods"
	"tdls/tablegen/eval"
)

// emitter writes the C++ of one pattern (or one static matcher made from
// a pattern's sub-dag), as mlir-tblgen's PatternEmitter.
type emitter struct {
	p      *pattern
	file   *fileGen
	w      *indentWriter
	syms   symbolTable
	ctx    fmtContext
	nextID int
	used   map[string]bool // helper functions this output calls
}

func newEmitter(p *pattern) *emitter {
	e := &emitter{p: p, file: p.file, w: newIndentWriter(), used: map[string]bool{}}
	e.ctx.withBuilder("rewriter")
	return e
}

// matchCheck emits `if (!(cond))` with a notifyMatchFailure block.
func (e *emitter) matchCheck(opName, cond, failure string) {
	e.w.w("if (!(", cond, "))")
	e.w.w("{\n")
	e.w.in()
	e.w.w("return rewriter.notifyMatchFailure(", opName, ", [&](::mlir::Diagnostic &diag) {\n  diag << ", failure, ";\n});")
	e.w.out()
	e.w.w("\n}\n")
}

func (e *emitter) verifierCall(fn, opName, arg, failure string) {
	e.used[fn] = true
	e.w.w(fmt.Sprintf("if(::mlir::failed(%s(rewriter, %s, %s, %s))) {\n", fn, opName, arg, failure))
	e.w.in().w("return ::mlir::failure();\n")
	e.w.out().w("}\n")
}

func quote(s string) string { return `"` + s + `"` }

// emitStaticMatcher writes the function matching tree on behalf of every
// pattern that contains it.
func (e *emitter) emitStaticMatcher(tree *eval.DagInit, name string) {
	e.w.w(fmt.Sprintf("static ::llvm::LogicalResult %s(::mlir::PatternRewriter &rewriter, ::mlir::Operation *op0, ::llvm::SmallVector<::mlir::Operation *, 4> &tblgen_ops", name))
	e.syms.addBindings(e.file, e.p.subtreeBindings(tree))
	e.syms.assignAlternativeNames()
	e.syms.m.each(func(n *hashNode[*symbolInfo]) { e.w.w(", " + e.syms.argDecl(n.key, n.val)) })
	e.w.w(") {\n")
	e.w.in()
	e.w.w("(void)tblgen_ops;\n")
	e.emitMatch(tree, "op0", 1)
	e.w.w("return ::mlir::success();\n")
	e.w.out()
	e.w.w("}\n\n")
}

func (e *emitter) emitMatch(tree *eval.DagInit, name string, depth int) {
	if isNativeCodeCall(tree) {
		e.emitNativeCodeMatch(tree, name, depth)
		return
	}
	if isOperation(tree) {
		e.emitOpMatch(tree, name, depth)
		return
	}
	panic(fatalf("encountered non-op, non-NativeCodeCall match."))
}

func (e *emitter) emitStaticMatchCall(tree *eval.DagInit, opName string) {
	fn := e.file.matcherNames[e.file.nodeID(tree)]
	e.used[fn] = true
	e.w.w(fmt.Sprintf("if(::mlir::failed(%s(rewriter, %s, tblgen_ops", fn, opName))
	var local symbolTable
	local.addBindings(e.file, e.p.subtreeBindings(tree))
	local.m.each(func(n *hashNode[*symbolInfo]) {
		found := e.syms.findBound(n.key, n.val.where)
		if found == nil {
			panic(fatalf("symbol not found: %s", n.key))
		}
		e.w.w(", " + e.syms.varName(n.key, found.val))
	})
	e.w.w("))) {\n")
	e.w.in().w("return ::mlir::failure();\n")
	e.w.out().w("}\n")
}

// trailing are the `location` and `returnType` directives at the end of a
// dag's arguments.
type trailing struct {
	location, returnType *eval.DagInit
	count                int
}

func trailingDirectives(tree *eval.DagInit) trailing {
	var t trailing
	for i := len(tree.Args) - 1; i >= 0; i-- {
		c := nested(tree, i)
		if c == nil {
			break
		}
		loc, rt := isLocationDirective(c), isReturnTypeDirective(c)
		if !loc && !rt {
			break
		}
		t.count++
		if loc {
			if t.location != nil {
				panic(fatalf("`location` directive can only be specified once"))
			}
			t.location = c
		} else {
			if t.returnType != nil {
				panic(fatalf("`returnType` directive can only be specified once"))
			}
			t.returnType = c
		}
	}
	return t
}

func (e *emitter) emitNativeCodeMatch(tree *eval.DagInit, opName string, depth int) {
	if e.file.useStaticMatcher(tree) && e.file.matcherNames[e.file.nodeID(tree)] != "" {
		e.emitStaticMatchCall(tree, opName)
		return
	}
	var capture []string
	e.w.in()
	for i := range tree.Args {
		arg := fmt.Sprintf("arg%d_%d", depth, i)
		if c := nested(tree, i); c != nil {
			if isEither(c) {
				panic(fatalf("NativeCodeCall cannot have `either` operands"))
			}
			if isVariadicDirective(c) {
				panic(fatalf("NativeCodeCall cannot have `variadic` operands"))
			}
			e.w.w("::mlir::Value " + arg + ";\n")
		} else {
			l := newLeaf(tree.Args[i])
			switch {
			case l.IsAttrMatcher() || l.IsConstantAttr():
				e.w.w("::mlir::Attribute " + arg + ";\n")
			case l.IsPropMatcher():
				it := stringField(l.Def, "interfaceType")
				if it == "" {
					panic(fatalf("NativeCodeCall cannot have a property operand with unspecified interface type"))
				}
				e.w.w(it + " " + arg)
				if l.isPropDefinition() {
					if dv := stringField(l.Def, "defaultValue"); dv != "" {
						e.w.w(" = " + dv)
					}
				}
				e.w.w(";\n")
			default:
				e.w.w("::mlir::Value " + arg + ";\n")
			}
		}
		capture = append(capture, arg)
	}
	tail := trailingDirectives(tree)
	if tail.returnType != nil {
		panic(fatalf("`NativeCodeCall` cannot have return type specifier"))
	}
	loc := e.location(tail)
	tmpl := nativeTemplate(tree)
	if strings.Count(tmpl, "$_self") != 1 {
		panic(fatalf("NativeCodeCall must have $_self as argument for passing the defining Operation"))
	}
	call := tgfmt(tmpl, e.ctx.addSubst("_loc", loc).withSelf(opName), capture...)
	e.matchCheck(opName, "!::mlir::failed("+call+")", quote(call+" return ::mlir::failure"))
	for i := 0; i < len(tree.Args)-tail.count; i++ {
		if name := argName(tree, i); name != "" && name != "_" {
			e.w.w(name + " = " + capture[i] + ";\n")
		}
	}
	for i := 0; i < len(tree.Args)-tail.count; i++ {
		if nested(tree, i) != nil {
			panic(fatalf("Matching nested tree in NativeCodecall not support for %s as arg %d", capture[i], i))
		}
		l := newLeaf(tree.Args[i])
		if l.isUnspecified() {
			continue
		}
		c := l.constraint()
		self := capture[i] + ".getType()"
		if l.IsAttrMatcher() || l.IsConstantAttr() || l.IsPropMatcher() {
			self = capture[i]
		}
		e.verifierCall(e.file.verifierName(l), opName, self,
			fmt.Sprintf(`"operand %d of native code call '%s' failed to satisfy constraint: '%s'"`,
				i, tmpl, escapeString(summaryOf(c))))
	}
	e.w.out()
}

func (e *emitter) emitOpMatch(tree *eval.DagInit, opName string, depth int) {
	op := e.p.op(tree)
	casted := fmt.Sprintf("castedOp%d", depth)
	if e.file.useStaticMatcher(tree) && e.file.matcherNames[e.file.nodeID(tree)] != "" {
		e.emitStaticMatchCall(tree, opName)
		if depth == 0 {
			e.w.w(fmt.Sprintf("auto %s = ::llvm::dyn_cast_or_null<%s>(%s); (void)%s;\n", casted, op.qualClassName(), opName, casted))
		}
		return
	}
	e.w.w(fmt.Sprintf("auto %s = ::llvm::dyn_cast<%s>(%s); (void)%s;\n", casted, op.qualClassName(), opName, casted))
	if depth != 0 {
		e.matchCheck(opName, casted, quote(casted+" is not "+op.qualClassName()+" type"))
	}
	if name := dagSymbol(tree); name != "" {
		e.w.w(name + " = " + casted + ";\n")
	}
	nextOperand := 0
	for i, opArgIdx := 0, 0; i != len(tree.Args); i, opArgIdx = i+1, opArgIdx+1 {
		if opArgIdx >= len(op.args) {
			panic(fatalf("op '%s' argument %d out of range", op.name, opArgIdx))
		}
		arg := &op.args[opArgIdx]
		argVar := fmt.Sprintf("op%d", depth+1)
		if c := nested(tree, i); c != nil {
			if isEither(c) {
				e.emitEitherOperandMatch(tree, c, casted, opArgIdx, &nextOperand, depth)
				opArgIdx++
				continue
			}
			if arg.kind == operandArg {
				if isVariadicDirective(c) {
					if !arg.isVariadic() {
						panic(fatalf("variadic DAG construct can't match op %s's non-variadic operand #%d", op.name, opArgIdx))
					}
					e.emitVariadicOperandMatch(tree, c, casted, opArgIdx, &nextOperand, depth)
					nextOperand++
					continue
				}
				if arg.isVariableLength() {
					panic(fatalf("use nested DAG construct to match op %s's variadic operand #%d unsupported now", op.name, opArgIdx))
				}
			}
			e.w.w("{\n")
			e.w.in().w(fmt.Sprintf("auto *%s = (*%s.getODSOperands(%d).begin()).getDefiningOp();\n", argVar, casted, nextOperand))
			e.matchCheck(casted, argVar, fmt.Sprintf(`"There's no operation that defines operand %d of %s"`, nextOperand, casted))
			nextOperand++
			e.emitMatch(c, argVar, depth+1)
			e.w.w("tblgen_ops.push_back(" + argVar + ");\n")
			e.w.out().w("}\n")
			continue
		}
		switch arg.kind {
		case operandArg:
			e.emitOperandMatch(tree, casted, fmt.Sprintf("%s.getODSOperands(%d)", casted, nextOperand), nextOperand,
				newLeaf(tree.Args[i]), argName(tree, i), opArgIdx, -1)
			nextOperand++
		case attrArg:
			e.emitAttributeMatch(tree, casted, opArgIdx)
		case propArg:
			e.emitPropertyMatch(tree, casted, opArgIdx)
		}
	}
}

func (e *emitter) emitOperandMatch(tree *eval.DagInit, opName, operandName string, operandIndex int,
	matcher leaf, name string, argIndex, subIndex int) {
	op := e.p.op(tree)
	operand := op.operand(operandIndex)
	if !matcher.isUnspecified() {
		if !matcher.IsOperandMatcher() {
			panic(fatalf("the %d-th argument of op '%s' should be an operand", argIndex+1, op.name))
		}
		c := matcher.constraint()
		if operand == nil || operand.def != c {
			if operand != nil && operand.isVariableLength() {
				panic(fatalf("further constrain op %s's variadic operand #%d unsupported now", op.name, argIndex))
			}
			e.verifierCall(e.file.verifierName(matcher), opName, "(*"+operandName+".begin()).getType()",
				fmt.Sprintf(`"operand %d of op '%s' failed to satisfy constraint: '%s'"`,
					operandIndex, op.name, escapeString(summaryOf(c))))
		}
	}
	if name != "" && name != "_" {
		found := e.syms.findBound(name, &dagAndConstant{e.file.nodeID(tree), argIndex, subIndex})
		if found == nil {
			panic(fatalf("symbol not found: %s", name))
		}
		e.w.w(e.syms.varName(name, found.val) + " = " + operandName + ";\n")
	}
}

func (e *emitter) emitEitherOperandMatch(tree, either *eval.DagInit, opName string, argIndex int, operandIndex *int, depth int) {
	if len(either.Args) != 2 {
		panic(fatalf("`either` only supports grouping two operands"))
	}
	op := e.p.op(tree)
	var pushes []string
	lambda := fmt.Sprintf("eitherLambda%d", depth)
	e.w.w("auto " + lambda + " = [&](::mlir::OperandRange v0, ::mlir::OperandRange v1) {\n")
	e.w.in()
	for i := 0; i < 2; i, argIndex = i+1, argIndex+1 {
		if c := nested(either, i); c != nil {
			if isEither(c) {
				panic(fatalf("either cannot be nested"))
			}
			argVar := fmt.Sprintf("local_op_%d", i)
			e.w.w(fmt.Sprintf("auto %s = (*v%d.begin()).getDefiningOp();\n", argVar, i))
			e.w.w("{\n")
			e.w.in()
			e.matchCheck(opName, argVar, fmt.Sprintf(`"There's no operation that defines operand %d of %s"`, *operandIndex, opName))
			*operandIndex++
			e.emitMatch(c, argVar, depth+1)
			e.w.out().w("}\n")
			pushes = append(pushes, "tblgen_ops.push_back("+argVar+");\n")
		} else if argIndex < len(op.args) && op.args[argIndex].kind == operandArg {
			e.emitOperandMatch(tree, opName, fmt.Sprintf("v%d", i), *operandIndex, newLeaf(either.Args[i]),
				argName(either, i), argIndex, -1)
			*operandIndex++
		} else {
			panic(fatalf("either can only be applied on operand"))
		}
	}
	e.w.w(strings.Join(pushes, ""))
	e.w.w("return ::mlir::success();\n")
	e.w.out().w("};\n")
	e.w.w("{\n")
	e.w.in()
	e.w.w(fmt.Sprintf("auto eitherOperand0 = %s.getODSOperands(%d);\n", opName, *operandIndex-2))
	e.w.w(fmt.Sprintf("auto eitherOperand1 = %s.getODSOperands(%d);\n", opName, *operandIndex-1))
	e.w.w(fmt.Sprintf("if(::mlir::failed(%s(eitherOperand0, eitherOperand1)) && ::mlir::failed(%s(eitherOperand1, eitherOperand0)))\n", lambda, lambda))
	e.w.in().w("return ::mlir::failure();\n")
	e.w.out().out().w("}\n")
}

func (e *emitter) emitVariadicOperandMatch(tree, variadic *eval.DagInit, opName string, argIndex int, operandIndex *int, depth int) {
	op := e.p.op(tree)
	e.w.w("{\n")
	e.w.in()
	e.w.w(fmt.Sprintf("auto variadic_operand_range = %s.getODSOperands(%d);\n", opName, *operandIndex))
	e.w.w(fmt.Sprintf("if (variadic_operand_range.size() != %d) return ::mlir::failure();\n", len(variadic.Args)))
	if name := dagSymbol(variadic); name != "" {
		found := e.syms.findBound(name, &dagAndConstant{e.file.nodeID(tree), argIndex, -1})
		if found == nil {
			panic(fatalf("symbol not found: %s", name))
		}
		e.w.w(e.syms.varName(name, found.val) + " = variadic_operand_range;\n")
	}
	for i := range variadic.Args {
		if c := nested(variadic, i); c != nil {
			if !isOperation(c) {
				panic(fatalf("variadic only accepts operation sub-dags"))
			}
			e.w.w("{\n")
			e.w.in()
			argVar := fmt.Sprintf("local_op_%d", i)
			e.w.w(fmt.Sprintf("auto *%s = variadic_operand_range[%d].getDefiningOp();\n", argVar, i))
			e.matchCheck(opName, argVar, fmt.Sprintf(`"There's no operation that defines variadic operand %d (variadic sub-opearnd #%d) of %s"`, *operandIndex, i, opName))
			e.emitMatch(c, argVar, depth+1)
			e.w.w("tblgen_ops.push_back(" + argVar + ");\n")
			e.w.out().w("}\n")
		} else if op.args[argIndex].kind == operandArg {
			e.emitOperandMatch(tree, opName, fmt.Sprintf("variadic_operand_range.slice(%d, 1)", i), *operandIndex,
				newLeaf(variadic.Args[i]), argName(variadic, i), argIndex, i)
		} else {
			panic(fatalf("variadic can only be applied on operand"))
		}
	}
	e.w.out().w("}\n")
}

func (e *emitter) emitAttributeMatch(tree *eval.DagInit, casted string, argIndex int) {
	op := e.p.op(tree)
	named := &op.args[argIndex]
	attr := named.def
	e.w.w("{\n")
	if op.dialectProps {
		e.w.in().w(fmt.Sprintf("[[maybe_unused]] auto tblgen_attr = %s.getProperties().%s();\n", casted, ods.GetterName(named.name)))
	} else {
		e.w.in().w(fmt.Sprintf("[[maybe_unused]] auto tblgen_attr = %s->getAttrOfType<%s>(\"%s\");\n", casted, attrStorageType(attr), named.name))
	}
	switch {
	case attrHasDefault(attr):
		e.w.w("if (!tblgen_attr) tblgen_attr = " +
			tgfmt(attrString(attr, "constBuilderCall"), &e.ctx, tgfmt(attrString(attr, "defaultValue"), &e.ctx)) + ";\n")
	case attrIsOptional(attr):
	default:
		e.matchCheck(casted, tgfmt("tblgen_attr", &e.ctx),
			fmt.Sprintf(`"expected op '%s' to have attribute '%s' of type '%s'"`, op.name, named.name, attrStorageType(attr)))
	}
	if argIndex >= len(tree.Args) {
		panic(fatalf("op '%s' argument %d out of range", op.name, argIndex))
	}
	matcher := newLeaf(tree.Args[argIndex])
	if !matcher.isUnspecified() {
		if !matcher.IsAttrMatcher() {
			panic(fatalf("the %d-th argument of op '%s' should be an attribute", argIndex+1, op.name))
		}
		fn := e.file.verifierName(matcher)
		if attrIsOptional(attr) {
			cond := matcher.conditionTemplate()
			if !strings.Contains(cond, "!$_self") && strings.Contains(cond, "$_self") {
				e.w.w("if (!tblgen_attr) return ::mlir::failure();\n")
			}
		}
		e.verifierCall(fn, casted, "tblgen_attr",
			fmt.Sprintf(`"op '%s' attribute '%s' failed to satisfy constraint: '%s'"`,
				op.name, named.name, escapeString(summaryOf(matcher.constraint()))))
	}
	if name := argName(tree, argIndex); name != "" && name != "_" {
		e.w.w(name + " = tblgen_attr;\n")
	}
	e.w.out().w("}\n")
}

func (e *emitter) emitPropertyMatch(tree *eval.DagInit, casted string, argIndex int) {
	op := e.p.op(tree)
	named := &op.args[argIndex]
	e.w.w("{\n")
	e.w.in().w(fmt.Sprintf("[[maybe_unused]] auto tblgen_prop = %s.getProperties().%s();\n", casted, ods.GetterName(named.name)))
	if argIndex >= len(tree.Args) {
		panic(fatalf("op '%s' argument %d out of range", op.name, argIndex))
	}
	matcher := newLeaf(tree.Args[argIndex])
	if !matcher.isUnspecified() {
		if !matcher.IsPropMatcher() {
			panic(fatalf("the %d-th argument of op '%s' should be a property", argIndex+1, op.name))
		}
		e.verifierCall(e.file.verifierName(matcher), casted, "tblgen_prop",
			fmt.Sprintf(`"op '%s' property '%s' failed to satisfy constraint: '%s'"`,
				op.name, named.name, escapeString(summaryOf(matcher.constraint()))))
	}
	if name := argName(tree, argIndex); name != "" && name != "_" {
		e.w.w(name + " = tblgen_prop;\n")
	}
	e.w.out().w("}\n")
}

// emitMatchLogic matches the source tree, then checks operands bound to the
// same name for equality and applies the pattern's constraints.
func (e *emitter) emitMatchLogic(tree *eval.DagInit, opName string) {
	e.emitMatch(tree, opName, 0)
	for p := e.syms.m.before.next; p != nil; {
		group := e.syms.m.equalRange(p.key)
		first := e.syms.varName(p.key, group[0].val)
		for _, n := range group[1:] {
			second := e.syms.varName(p.key, n.val)
			e.matchCheck(opName, fmt.Sprintf("*%s.begin() == *%s.begin()", first, second),
				fmt.Sprintf(`"Operands '%s' and '%s' must be equal"`, first, second))
		}
		p = group[len(group)-1].next
	}
	for _, ac := range e.p.constraints() {
		cond := conditionTemplate(ac.constraint)
		switch {
		case isA(ac.constraint, "TypeConstraint"):
			if len(ac.entities) != 1 {
				panic(fatalf("type constraint requires exactly one argument"))
			}
			self := "(" + e.syms.use(ac.entities[0]) + ".getType())"
			e.matchCheck(opName, tgfmt(cond, e.ctx.withSelf(self)),
				fmt.Sprintf(`"value entity '%s' failed to satisfy constraint: '%s'"`, ac.entities[0], escapeString(summaryOf(ac.constraint))))
		case isA(ac.constraint, "AttrConstraint"):
			panic(fatalf("cannot use AttrConstraint in Pattern multi-entity constraints"))
		default:
			if len(ac.entities) > 4 {
				panic(fatalf("only support up to 4-entity constraints now"))
			}
			var names []string
			for _, ent := range ac.entities {
				names = append(names, e.syms.use(ent))
			}
			self := ac.self
			if self != "" {
				self = e.syms.use(self)
			}
			for len(names) < 4 {
				names = append(names, "<unused>")
			}
			e.matchCheck(opName, tgfmt(cond, e.ctx.withSelf(self), names...),
				fmt.Sprintf(`"entities '%s' failed to satisfy constraint: '%s'"`, strings.Join(ac.entities, ", "), escapeString(summaryOf(ac.constraint))))
		}
	}
}
