package codegen

import (
	"fmt"
	"strconv"
	"strings"

	"tdls/ods"
)

// opEmitter builds the class of one op as OpEmitter's constructor does:
// the traits, then every method in mlir-tblgen's order, each added with
// the same pruning, keeping the bodies of the inline methods the header
// shows.
type opEmitter struct {
	v          *opView
	c          *cppClass
	traits     *cppParent
	usingNames map[string]bool
}

// must is ERROR_IF_PRUNED: mlir-tblgen stops when a method it needs is
// made redundant by one added before.
func (v *opView) must(m *cppMethod, what string) *cppMethod {
	if m == nil {
		panic(fatalf("Unexpected overlap when generating `%s` for %s", what, v.op.Name))
	}
	return m
}

func (v *opView) opClass() *cppClass {
	op := v.op
	c := &cppClass{name: op.CppClass}
	e := &opEmitter{v: v, c: c, usingNames: map[string]bool{}}
	e.traits = c.addParent("::mlir::Op")
	e.traits.addTemplateParam(op.CppClass)
	c.declareVisibility(public)
	c.declareUsing("Op::Op", "")
	c.declareUsing("Op::print", "")
	c.declareUsing("Adaptor", op.CppClass+"Adaptor")
	c.declareUsing("GenericAdaptor", op.CppClass+"GenericAdaptor<RangeT>", "RangeT")
	c.declareUsing("FoldAdaptor", "GenericAdaptor<::llvm::ArrayRef<::mlir::Attribute>>")

	e.genTraits()
	e.genAttrNameGetters()
	e.genOpAsmInterface()
	e.genOpNameGetter()
	v.genOperandGetters(c, nil, "::mlir::Operation::operand_range", "::mlir::Value",
		"getOperation()->operand_begin()", "getOperation()->getNumOperands()")
	e.genOperandSetters()
	e.genResultGetters()
	e.genRegionGetters()
	e.genSuccessorGetters()
	e.genPropertiesSupport()
	e.genPropGetters()
	e.genPropSetters()
	e.genAttrGetters()
	e.genAttrSetters()
	e.genOptionalAttrRemovers()
	e.genBuilders()
	e.genPopulateDefaultAttributes()
	e.genParserPrinter()
	e.genVerifiers()
	e.genCanonicalizerDecls()
	e.genFolderDecls()
	e.genTypeInterfaceMethods()
	e.genOpInterfaceMethods()
	e.genOpFormat()
	e.genSideEffectInterfaceMethods()

	c.finalize()
	c.declareVisibility(public)
	c.declareExtra(v.extraClassDeclaration())
	return c
}

// extraClassDeclaration is formatExtraDeclarations: the native traits'
// extra declarations, then the op's own, joined by newlines.
func (v *opView) extraClassDeclaration() string {
	var parts []string
	for _, t := range v.op.Traits {
		if t.Kind == ods.NativeTrait && t.ExtraConcreteClassDeclaration != "" {
			parts = append(parts, t.ExtraConcreteClassDeclaration)
		}
	}
	return strings.Join(append(parts, v.op.ExtraClassDeclaration), "\n")
}

func (e *opEmitter) addSizeCountTrait(kind string, total, variadic int) {
	switch {
	case variadic != 0 && total == variadic:
		e.traits.addTemplateParam("::mlir::OpTrait::Variadic" + kind + "s")
	case variadic != 0:
		e.traits.addTemplateParam("::mlir::OpTrait::AtLeastN" + kind + "s<" + strconv.Itoa(total-variadic) + ">::Impl")
	case total == 0:
		e.traits.addTemplateParam("::mlir::OpTrait::Zero" + kind + "s")
	case total == 1:
		e.traits.addTemplateParam("::mlir::OpTrait::One" + kind)
	default:
		e.traits.addTemplateParam("::mlir::OpTrait::N" + kind + "s<" + strconv.Itoa(total) + ">::Impl")
	}
}

func (e *opEmitter) genTraits() {
	v, op := e.v, e.v.op
	e.addSizeCountTrait("Region", len(op.Regions), v.numVariadicRegions())
	e.addSizeCountTrait("Result", len(op.Results), v.numVariableLengthResults())
	if len(op.Results) == 1 && v.numVariableLengthResults() == 0 {
		e.traits.addTemplateParam("::mlir::OpTrait::OneTypedResult<" + op.Results[0].CppType + ">::Impl")
	}
	variadicSuccessors := 0
	for _, s := range op.Successors {
		if s.Variadic {
			variadicSuccessors++
		}
	}
	e.addSizeCountTrait("Successor", len(op.Successors), variadicSuccessors)
	e.addSizeCountTrait("Operand", len(v.operands), v.numVariableLengthOperands())
	for _, t := range op.Traits {
		if t.Kind == ods.NativeTrait && t.Structural {
			e.traits.addTemplateParam(t.CppName)
		}
	}
	e.traits.addTemplateParam("::mlir::OpTrait::OpInvariants")
	if v.hasNonEmptyPropertiesStruct() {
		e.traits.addTemplateParam("::mlir::BytecodeOpInterface::Trait")
	}
	for _, t := range op.Traits {
		if (t.Kind == ods.NativeTrait && !t.Structural) || t.Kind == ods.InterfaceTrait {
			e.traits.addTemplateParam(t.CppName)
		}
	}
}

func (e *opEmitter) genAttrNameGetters() {
	v, c := e.v, e.c
	m := v.must(c.addMethod("::llvm::ArrayRef<::llvm::StringRef>", "getAttributeNames", mStatic|mInline), "getAttributeNames")
	segmentsProp := v.attrSizedOperands && v.dialectProps
	if !segmentsProp && len(v.meta) == 0 {
		m.addBody("  return {};")
		return
	}
	var names []string
	for _, a := range v.meta {
		names = append(names, `::llvm::StringRef("`+a.name+`")`)
	}
	if segmentsProp {
		names = append(names, `::llvm::StringRef("operandSegmentSizes")`)
	}
	m.addBody("  static ::llvm::StringRef attrNames[] = {" + strings.Join(names, ", ") + "};\n  return ::llvm::ArrayRef(attrNames);")

	m = v.must(c.addMethod("::mlir::StringAttr", "getAttributeNameForIndex", mPrivate|mInline, param("unsigned", "index")), "getAttributeNameForIndex")
	m.addBody("  return getAttributeNameForIndex((*this)->getName(), index);")
	m = v.must(c.addMethod("::mlir::StringAttr", "getAttributeNameForIndex", mPrivate|mStatic|mInline,
		param("::mlir::OperationName", "name"), param("unsigned", "index")), "getAttributeNameForIndex")
	if len(v.meta) == 0 {
		m.addBody("  return {};")
	} else {
		m.addBody("\n  assert(index < " + strconv.Itoa(len(v.meta)) + " && \"invalid attribute index\");\n" +
			"  assert(name.getStringRef() == getOperationName() && \"invalid operation name\");\n" +
			"  assert(name.isRegistered() && \"Operation isn't registered, missing a \"\n" +
			"        \"dependent dialect loading?\");\n" +
			"  return name.getAttributeNames()[index];\n")
	}
	for i, a := range v.meta {
		name := getter(a.name) + "AttrName"
		v.must(c.addMethod("::mlir::StringAttr", name, mInline), name).addBody("  return getAttributeNameForIndex(" + strconv.Itoa(i) + ");")
		v.must(c.addMethod("::mlir::StringAttr", name, mStatic|mInline, param("::mlir::OperationName", "name")), name).
			addBody("  return getAttributeNameForIndex(name, " + strconv.Itoa(i) + ");")
	}
	if segmentsProp {
		name := "getOperandSegmentSizesAttrName"
		v.must(c.addMethod("::mlir::StringAttr", name, mInline), name).addBody(" return (*this)->getName().getAttributeNames().back();")
		v.must(c.addMethod("::mlir::StringAttr", name, mStatic|mInline, param("::mlir::OperationName", "name")), name).
			addBody(" return name.getAttributeNames().back();")
	}
}

func (e *opEmitter) genOpAsmInterface() {
	op := e.v.op
	if len(op.Results) <= 1 || op.Trait("::mlir::OpAsmOpInterface::Trait") != nil {
		return
	}
	named := false
	for _, r := range op.Results {
		named = named || r.Name != ""
	}
	if !named {
		return
	}
	e.traits.addTemplateParam("::mlir::OpAsmOpInterface::Trait")
	e.v.must(e.c.addMethod("void", "getAsmResultNames", 0, param("::mlir::OpAsmSetValueNameFn", "setNameFn")), "getAsmResultNames")
}

func (e *opEmitter) genOpNameGetter() {
	e.v.must(e.c.addMethod("::llvm::StringLiteral", "getOperationName", mStatic|mConstexpr), "getOperationName").
		addBody(`  return ::llvm::StringLiteral("` + e.v.op.Name + `");`)
}

// valueRangeReturnCode is the body of getODSOperands/getODSResults.
func valueRangeReturnCode(begin, call string) string {
	return "\n  auto valueRange = " + call + ";\n  return {std::next(" + begin + ", valueRange.first),\n" +
		"           std::next(" + begin + ", valueRange.first + valueRange.second)};\n"
}

// genOperandGetters is generateNamedOperandGetters: on the op class (base
// nil) or on the generic adaptor, whose index computation lives in its
// non-template base class.
func (v *opView) genOperandGetters(c, base *cppClass, rangeType, elemType, beginCall, sizeCall string) {
	for i, a := range v.operands {
		if a.Name != "" {
			c.declareField("static constexpr int", "odsIndex_"+a.Name+" = "+strconv.Itoa(i))
		}
	}
	numVariadic := v.numVariableLengthOperands()
	props := methodProps(0)
	if numVariadic == 0 {
		props = mInline
	}
	params := []cppParam{param("unsigned", "index")}
	target := c
	if base != nil {
		target = base
		params = append(params, param("unsigned", "odsOperandsSize"))
	}
	if m := target.addMethod("std::pair<unsigned, unsigned>", "getODSOperandIndexAndLength", props, params...); m != nil && numVariadic == 0 {
		m.addBody("  return {index, 1};\n")
	}
	if base != nil {
		v.must(c.addMethod("std::pair<unsigned, unsigned>", "getODSOperandIndexAndLength", mInline, param("unsigned", "index")), "getODSOperandIndexAndLength").
			b().in().w("return Base::getODSOperandIndexAndLength(index, " + sizeCall + ");")
	}
	v.must(c.addMethod(rangeType, "getODSOperands", mInline, param("unsigned", "index")), "getODSOperands").
		addBody(valueRangeReturnCode(beginCall, "getODSOperandIndexAndLength(index)"))
	for i, a := range v.operands {
		if a.Name == "" {
			continue
		}
		name := getter(a.Name)
		idx := strconv.Itoa(i)
		switch {
		case a.Optional:
			ret := elemType
			if base == nil {
				ret = typedValue(a.CppType)
			}
			b := v.must(c.addMethod(ret, name, mInline), name).b()
			b.in().w("auto operands = getODSOperands(" + idx + ");\nreturn operands.empty() ? " + ret + "{} : ")
			if base == nil {
				b.w("::llvm::cast<" + ret + ">")
			}
			b.w("(*operands.begin());")
		case a.VariadicOfVariadic:
			seg := getter(a.SegmentAttr)
			if base != nil {
				v.must(c.addMethod("::llvm::SmallVector<"+rangeType+">", name, 0), name).addBody(
					"\n  auto tblgenTmpOperands = getODSOperands(" + idx + ");\n  auto sizes = " + seg + "();\n\n" +
						"  ::llvm::SmallVector<" + rangeType + "> tblgenTmpOperandGroups;\n" +
						"  for (int i = 0, e = sizes.size(); i < e; ++i) {\n" +
						"    tblgenTmpOperandGroups.push_back(tblgenTmpOperands.take_front(sizes[i]));\n" +
						"    tblgenTmpOperands = tblgenTmpOperands.drop_front(sizes[i]);\n" +
						"  }\n  return tblgenTmpOperandGroups;\n")
				continue
			}
			v.must(c.addMethod("::mlir::OperandRangeRange", name, mInline), name).
				addBody("  return getODSOperands(" + idx + ").split(" + seg + "Attr());")
		case a.Variadic:
			v.must(c.addMethod(rangeType, name, mInline), name).addBody("  return getODSOperands(" + idx + ");")
		default:
			ret := elemType
			if base == nil {
				ret = typedValue(a.CppType)
			}
			b := v.must(c.addMethod(ret, name, mInline), name).b()
			b.in().w("return ")
			if base == nil {
				b.w("::llvm::cast<" + ret + ">")
			}
			b.w("(*getODSOperands(" + idx + ").begin());")
		}
	}
}

func (e *opEmitter) genOperandSetters() {
	for i, a := range e.v.operands {
		if a.Name == "" {
			continue
		}
		name := getter(a.Name)
		ret, props := "::mlir::OpOperand &", mInline
		switch {
		case a.VariadicOfVariadic:
			ret, props = "::mlir::MutableOperandRangeRange", 0
		case operandVariableLength(a):
			ret, props = "::mlir::MutableOperandRange", 0
		}
		m := e.v.must(e.c.addMethod(ret, name+"Mutable", props), name)
		if props == mInline {
			m.addBody("  auto range = getODSOperandIndexAndLength(" + strconv.Itoa(i) + ");\n" +
				"  return getOperation()->getOpOperand(range.first);\n")
		}
	}
}

func (e *opEmitter) genResultGetters() {
	v, c := e.v, e.c
	props := methodProps(0)
	if v.numVariableLengthResults() == 0 {
		props = mInline
	}
	if m := c.addMethod("std::pair<unsigned, unsigned>", "getODSResultIndexAndLength", props, param("unsigned", "index")); m != nil && props == mInline {
		m.addBody("  return {index, 1};\n")
	}
	v.must(c.addMethod("::mlir::Operation::result_range", "getODSResults", mInline, param("unsigned", "index")), "getODSResults").
		addBody(valueRangeReturnCode("getOperation()->result_begin()", "getODSResultIndexAndLength(index)"))
	for i, r := range v.op.Results {
		if r.Name == "" {
			continue
		}
		name, idx := getter(r.Name), strconv.Itoa(i)
		switch {
		case r.Optional:
			t := typedValue(r.CppType)
			v.must(c.addMethod(t, name, mInline), name).addBody("  auto results = getODSResults(" + idx + ");\n" +
				"  return results.empty() ? " + t + "() : ::llvm::cast<" + t + ">(*results.begin());")
		case resultVariadic(r):
			v.must(c.addMethod("::mlir::Operation::result_range", name, mInline), name).addBody("  return getODSResults(" + idx + ");")
		default:
			t := typedValue(r.CppType)
			v.must(c.addMethod(t, name, mInline), name).addBody("  return ::llvm::cast<" + t + ">(*getODSResults(" + idx + ").begin());")
		}
	}
}

func (e *opEmitter) genRegionGetters() {
	for i, r := range e.v.op.Regions {
		e.genIndexedGetter(r.Name, i, r.Variadic,
			"::mlir::MutableArrayRef<::mlir::Region>", "  return (*this)->getRegions().drop_front(%d);",
			"::mlir::Region &", "  return (*this)->getRegion(%d);")
	}
}

func (e *opEmitter) genSuccessorGetters() {
	for i, s := range e.v.op.Successors {
		e.genIndexedGetter(s.Name, i, s.Variadic,
			"::mlir::SuccessorRange", "  return {std::next((*this)->successor_begin(), %d), (*this)->successor_end()};",
			"::mlir::Block *", "  return (*this)->getSuccessor(%d);")
	}
}

// genIndexedGetter adds the inline getter of the named region or successor
// at index i: one returning the rest from i when it is variadic, else the
// one at i.
func (e *opEmitter) genIndexedGetter(name string, i int, variadic bool, variadicRet, variadicBody, ret, body string) {
	if name == "" {
		return
	}
	if variadic {
		ret, body = variadicRet, variadicBody
	}
	name = getter(name)
	e.v.must(e.c.addMethod(ret, name, mInline), name).addBody(fmt.Sprintf(body, i))
}

func (e *opEmitter) genPropertiesSupport() {
	v, c := e.v, e.c
	if !v.useProperties() {
		return
	}
	for _, m := range []struct {
		ret, name string
		params    []cppParam
	}{
		{"::llvm::LogicalResult", "setPropertiesFromAttr", []cppParam{param("Properties &", "prop"), param("::mlir::Attribute", "attr"),
			param("::llvm::function_ref<::mlir::InFlightDiagnostic()>", "emitError")}},
		{"::mlir::Attribute", "getPropertiesAsAttr", []cppParam{param("::mlir::MLIRContext *", "ctx"), param("const Properties &", "prop")}},
		{"llvm::hash_code", "computePropertiesHash", []cppParam{param("const Properties &", "prop")}},
		{"std::optional<mlir::Attribute>", "getInherentAttr", []cppParam{param("::mlir::MLIRContext *", "ctx"),
			param("const Properties &", "prop"), param("llvm::StringRef", "name")}},
		{"void", "setInherentAttr", []cppParam{param("Properties &", "prop"), param("llvm::StringRef", "name"), param("mlir::Attribute", "value")}},
		{"void", "populateInherentAttrs", []cppParam{param("::mlir::MLIRContext *", "ctx"), param("const Properties &", "prop"),
			param("::mlir::NamedAttrList &", "attrs")}},
		{"::llvm::LogicalResult", "verifyInherentAttrs", []cppParam{param("::mlir::OperationName", "opName"),
			param("::mlir::NamedAttrList &", "attrs"), param("llvm::function_ref<::mlir::InFlightDiagnostic()>", "emitError")}},
	} {
		v.must(c.addMethod(m.ret, m.name, mStatic, m.params...), m.name)
	}
	c.declareUsing("Properties", "FoldAdaptor::Properties")
	if len(v.propEntries()) == 0 {
		return
	}
	// Custom encodings declare the same two methods without a body.
	c.addMethod("::llvm::LogicalResult", "readProperties", mStatic,
		param("::mlir::DialectBytecodeReader &", "reader"), param("::mlir::OperationState &", "state"))
	c.addMethod("void", "writeProperties", 0, param("::mlir::DialectBytecodeWriter &", "writer"))
}

func (e *opEmitter) genPropGetters() {
	for _, p := range e.v.props {
		name := getter(p.Name)
		e.v.must(e.c.addMethod(p.CppType, name, mInline), name).addBody("  return getProperties()." + name + "();")
	}
}

func (e *opEmitter) genPropSetters() {
	for _, p := range e.v.props {
		name := setter(p.Name)
		arg := "new" + strings.TrimPrefix(name, "set")
		m := e.c.addMethod("void", name, mInline, param(p.CppType, arg))
		if m == nil {
			return
		}
		m.addBody("  getProperties()." + name + "(" + arg + ");")
	}
}

// castKind is the cast a stored attribute is read with: absent values are
// allowed when it is optional or default-valued.
func (a *opAttr) castKind() string {
	if a.optional || a.hasDefault() {
		return "dyn_cast_or_null"
	}
	return "cast"
}

// checkDefaultBuildable is emitAttrGetterWithReturnType's check that a
// default-valued optional attribute can build its default.
func (a *opAttr) checkDefaultBuildable() {
	if a.hasDefault() && a.optional && a.constBuilder == "" {
		attrDef := ""
		if a.arg != nil {
			attrDef = a.arg.AttrDefName()
		}
		panic(fatalf("DefaultValuedAttr of type %s must have a constBuilder", attrDef))
	}
}

func (e *opEmitter) genAttrGetters() {
	v, c := e.v, e.c
	derived := false
	for _, a := range v.attrs {
		name := getter(a.name)
		if a.derived {
			derived = true
			c.addMethod(a.ret, name, 0)
			continue
		}
		if m := c.addMethod(a.storage, name+"Attr", mInline); m != nil {
			stored := "getProperties()." + a.name
			if !v.useProperties() {
				stored = a.sortedAttrLookup()
			}
			m.addBody("  return ::llvm::" + a.castKind() + "<" + a.storage + ">(" + stored + ");")
		}
		v.must(c.addMethod(a.ret, name, 0), name)
		a.checkDefaultBuildable()
	}
	if !derived {
		return
	}
	e.traits.addTemplateParam("::mlir::DerivedAttributeOpInterface::Trait")
	v.must(c.addMethod("bool", "isDerivedAttribute", mStatic, param("::llvm::StringRef", "name")), "isDerivedAttribute")
	v.must(c.addMethod("::mlir::DictionaryAttr", "materializeDerivedAttributes", 0), "materializeDerivedAttributes")
}

func (e *opEmitter) genAttrSetters() {
	for _, a := range e.v.attrs {
		if a.derived {
			continue
		}
		name := setter(a.name)
		if m := e.c.addMethod("void", name+"Attr", mInline, param(a.storage, "attr")); m != nil {
			if e.v.dialectProps {
				m.addBody("  getProperties()." + a.name + " = attr;")
			} else {
				m.addBody("  (*this)->setAttr(" + getter(a.name) + "AttrName(), attr);")
			}
		}
		base := a.arg.BaseAttr()
		baseStorage := trimmed(base, "storageType")
		if baseStorage == "" {
			baseStorage = "::mlir::Attribute"
		}
		baseRet := trimmed(base, "returnType")
		if baseRet == baseStorage || trimmed(base, "constBuilderCall") == "" {
			continue
		}
		typ := a.ret
		switch {
		case a.arg.AttrDefName() == "UnitAttr":
			typ = "bool"
		case a.optional:
			typ = "::std::optional<" + baseRet + ">"
		}
		e.c.addMethod("void", name, 0, param(typ, "attrValue"))
	}
}

func (e *opEmitter) genOptionalAttrRemovers() {
	for _, a := range e.v.attrs {
		if !a.optional {
			continue
		}
		if m := e.c.addMethod("::mlir::Attribute", remover(a.name)+"Attr", mInline); m != nil {
			if e.v.dialectProps {
				m.addBody("\n    auto attr = getProperties()." + a.name + ";\n    getProperties()." + a.name + " = {};\n    return attr;\n")
			} else {
				m.addBody("return (*this)->removeAttr(" + getter(a.name) + "AttrName());")
			}
		}
	}
}

func (e *opEmitter) genPopulateDefaultAttributes() {
	for _, a := range e.v.attrs {
		if !a.hasDefault() || a.optional {
			continue
		}
		if e.v.useProperties() {
			e.v.must(e.c.addMethod("void", "populateDefaultProperties", mStatic,
				param("::mlir::OperationName", "opName"), param("Properties &", "properties")), "populateDefaultProperties")
		} else {
			e.v.must(e.c.addMethod("void", "populateDefaultAttrs", mStatic,
				param("const ::mlir::OperationName &", "opName"), param("::mlir::NamedAttrList &", "attributes")), "populateDefaultAttrs")
		}
		return
	}
}

func (e *opEmitter) genParserPrinter() {
	op := e.v.op
	if op.HasAssemblyFormat || !op.HasCustomAssemblyFormat {
		return
	}
	e.v.must(e.c.addMethod("::mlir::ParseResult", "parse", mStatic|mDeclaration,
		param("::mlir::OpAsmParser &", "parser"), param("::mlir::OperationState &", "result")), "parse")
	e.v.must(e.c.addMethod("void", "print", mDeclaration, param("::mlir::OpAsmPrinter &", "p")), "print")
}

func (e *opEmitter) genVerifiers() {
	v, c := e.v, e.c
	v.must(c.addMethod("::llvm::LogicalResult", "verifyInvariantsImpl", 0), "verifyInvariantsImpl")
	v.must(c.addMethod("::llvm::LogicalResult", "verifyInvariants", 0), "verifyInvariants")
	if v.op.HasVerifier {
		v.must(c.addMethod("::llvm::LogicalResult", "verify", mDeclaration), "verify")
	}
	if v.op.HasRegionVerifier {
		v.must(c.addMethod("::llvm::LogicalResult", "verifyRegions", mDeclaration), "verifyRegions")
	}
}

func (e *opEmitter) genCanonicalizerDecls() {
	v, op := e.v, e.v.op
	if op.HasCanonicalizeMethod {
		v.must(e.c.addMethod("::llvm::LogicalResult", "canonicalize", mStatic|mDeclaration,
			param(op.CppClass, "op"), param("::mlir::PatternRewriter &", "rewriter")), "canonicalize")
	}
	if !op.HasCanonicalizeMethod && !op.HasCanonicalizer {
		return
	}
	hasBody := op.HasCanonicalizeMethod && !op.HasCanonicalizer
	props := mStatic | mDeclaration
	if hasBody {
		props = mStatic
	}
	m := e.c.addMethod("void", "getCanonicalizationPatterns", props,
		param("::mlir::RewritePatternSet &", "results"), param("::mlir::MLIRContext *", "context"))
	if hasBody {
		v.must(m, "getCanonicalizationPatterns")
	}
}

func (e *opEmitter) genFolderDecls() {
	v := e.v
	if !v.op.HasFolder {
		return
	}
	params := []cppParam{param("FoldAdaptor", "adaptor")}
	ret := "::mlir::OpFoldResult"
	if len(v.op.Results) != 1 || v.numVariableLengthResults() != 0 {
		params = append(params, param("::llvm::SmallVectorImpl<::mlir::OpFoldResult> &", "results"))
		ret = "::llvm::LogicalResult"
	}
	v.must(e.c.addMethod(ret, "fold", mDeclaration, params...), "fold")
}

// interfaceMethod is genOpInterfaceMethod.
func (e *opEmitter) interfaceMethod(m *ods.InterfaceMethod, declaration bool) *cppMethod {
	var params []cppParam
	for _, a := range m.Args {
		params = append(params, param(a.Type, a.Name))
	}
	props := methodProps(0)
	if m.IsStatic {
		props |= mStatic
	}
	if declaration {
		props |= mDeclaration
	}
	return e.c.addMethod(m.ReturnType, m.Name, props, params...)
}

func (e *opEmitter) genTypeInterfaceMethods() {
	v, op := e.v, e.v.op
	if !op.AllResultTypesKnown() {
		return
	}
	for i := range op.Results {
		if it, ok := op.InferredResultType(i); ok && it.Arg >= 0 && it.Arg < len(op.Args) && op.Args[it.Arg].Kind == ods.Property {
			panic(fatalf("Properties cannot be used for type inference"))
		}
	}
	t := op.Trait("::mlir::InferTypeOpInterface::Trait")
	if t == nil {
		return
	}
	for _, m := range op.InterfaceMethods(t) {
		if m.Name == "inferReturnTypes" {
			v.must(e.interfaceMethod(m, false), "inferReturnTypes")
			return
		}
	}
	panic(fatalf("unable to find inferReturnTypes interface method"))
}

func (e *opEmitter) genOpInterfaceMethods() {
	for _, t := range e.v.op.Traits {
		if t.Kind != ods.InterfaceTrait || !t.DeclaresMethods {
			continue
		}
		always := map[string]bool{}
		for _, n := range t.AlwaysOverridden {
			always[n] = true
		}
		for _, m := range e.v.op.InterfaceMethods(t) {
			if m.Body != "" {
				continue
			}
			if m.DefaultBody != "" && !always[m.Name] {
				name := t.CppName + "<" + e.v.op.CppClass + ">::" + m.Name
				if !e.usingNames[name] {
					e.usingNames[name] = true
					e.c.declareUsing(name, "")
				}
				continue
			}
			e.interfaceMethod(m, true)
		}
	}
}

// genOpFormat declares what the declarative assembly format generator
// adds: parse and print for an op with a format (and the parsed-attribute
// setter when it has `prop-dict`), the parsed-attribute setter alone for an
// op without one.
func (e *opEmitter) genOpFormat() {
	op := e.v.op
	setter := func() {
		if !e.v.useProperties() {
			return
		}
		e.c.addMethod("::llvm::LogicalResult", "setPropertiesFromParsedAttr", mStatic, param("Properties &", "prop"),
			param("::mlir::Attribute", "attr"), param("::llvm::function_ref<::mlir::InFlightDiagnostic()>", "emitError"))
	}
	if !op.HasAssemblyFormat {
		setter()
		return
	}
	e.c.addMethod("::mlir::ParseResult", "parse", mStatic, param("::mlir::OpAsmParser &", "parser"), param("::mlir::OperationState &", "result"))
	if op.FormatUsesPropDict() {
		setter()
	}
	e.c.addMethod("void", "print", 0, param("::mlir::OpAsmPrinter &", "_odsPrinter"))
}

func (e *opEmitter) genSideEffectInterfaceMethods() {
	v, op := e.v, e.v.op
	var bases []string
	seen := map[string]bool{}
	add := func(base string) {
		if !seen[base] {
			seen[base] = true
			bases = append(bases, base)
		}
	}
	for _, t := range op.Traits {
		if t.SideEffects {
			add(t.BaseEffect)
		}
	}
	decorate := func(effects []*ods.SideEffect) {
		for _, eff := range effects {
			e.traits.addTemplateParam(eff.InterfaceTrait)
			add(eff.BaseEffect)
		}
	}
	for _, a := range op.Args {
		switch a.Kind {
		case ods.Operand:
			decorate(a.Effects)
		case ods.Attribute:
			if isSymbolRefAttr(a.BaseAttr()) {
				decorate(a.Effects)
			}
		}
	}
	for _, r := range op.Results {
		decorate(r.Effects)
	}
	for _, base := range stringMapOrder(bases) {
		v.must(e.c.addMethod("void", "getEffects", 0,
			param("::llvm::SmallVectorImpl<::mlir::SideEffects::EffectInstance<"+base+">> &", "effects")), "getEffects")
	}
}
