package codegen

import (
	"strconv"

	"tdls/ods"
)

// The build() methods of an op class and the create() methods that go
// with each (OpEmitter::genBuilder and its helpers). Which builders exist
// is decided by pruning: a builder whose parameters another one subsumes
// is never added, and one that subsumes earlier ones replaces them.

// resultTypesParam says how build() takes the result types.
type resultTypesParam uint8

const (
	noResultTypes resultTypesParam = iota
	separateResultTypes
	collectiveResultTypes
)

func (e *opEmitter) genBuilders() {
	v, op := e.v, e.v.op
	for _, b := range op.Builders {
		params := builderSignature(b)
		props := mStatic
		if b.Body == "" {
			props |= mDeclaration
		}
		m := v.must(e.c.addMethod("void", "build", props, params...), "build")
		if b.IsDeprecated {
			msg := b.Deprecated
			m.deprecated = &msg
		}
		e.genCreate(params)
	}
	if op.SkipDefaultBuilders {
		return
	}
	e.genSeparateArgParamBuilders()
	e.genCollectiveParamBuilder(false)
	e.genCollectiveParamBuilder(true)
	if v.numVariableLengthResults() != 0 {
		return
	}
	if v.hasTrait("::mlir::OpTrait::SameOperandsAndResultType") {
		for _, unwrapped := range v.attrParamKinds() {
			e.addBuilder(v.buildParamList(noResultTypes, unwrapped))
		}
		e.addBuilder(v.collectiveParams(false, false, true))
		if v.useProperties() {
			e.addBuilder(v.collectiveParams(false, true, true))
		}
	}
	if v.hasTrait("::mlir::OpTrait::FirstAttrDerivedResultType") {
		e.addBuilder(v.collectiveParams(false, false, false))
		e.addBuilder(v.collectiveParams(false, true, false))
	}
}

// builderSignature is getBuilderSignature: the builder and state, then the
// custom builder's parameters (odsArgN when unnamed).
func builderSignature(b *ods.Builder) []cppParam {
	params := []cppParam{param("::mlir::OpBuilder &", "odsBuilder"), param("::mlir::OperationState &", "odsState")}
	var ctx fmtContext
	ctx.withBuilder("odsBuilder")
	for i, p := range b.Params {
		name := p.Name
		if name == "" {
			name = "odsArg" + strconv.Itoa(i)
		}
		params = append(params, cppParam{typ: p.CppType, name: name, def: tgfmt(p.Default, &ctx)})
	}
	return params
}

// addBuilder adds a generated build() and, unless it was redundant, its
// create() methods.
func (e *opEmitter) addBuilder(params []cppParam) bool {
	if e.c.addMethod("void", "build", mStatic, params...) == nil {
		return false
	}
	e.genCreate(params)
	return true
}

// genCreate is genInlineCreateBody: create(OpBuilder &, Location, ...) and
// create(ImplicitLocOpBuilder &, ...) taking the build() parameters after
// the builder and state.
func (e *opEmitter) genCreate(params []cppParam) {
	loc := "location"
	for taken := true; taken; {
		taken = false
		for _, p := range params {
			if p.name == loc {
				loc += "_"
				taken = true
				break
			}
		}
	}
	withLoc := []cppParam{param("::mlir::OpBuilder &", "builder"), param("::mlir::Location", loc)}
	implicit := []cppParam{param("::mlir::ImplicitLocOpBuilder &", "builder")}
	for _, p := range params {
		if p.typ == "::mlir::OpBuilder &" || p.typ == "::mlir::OperationState &" {
			continue
		}
		withLoc = append(withLoc, p)
		implicit = append(implicit, p)
	}
	e.c.addMethod(e.c.name, "create", mStatic, withLoc...)
	e.c.addMethod(e.c.name, "create", mStatic, implicit...)
}

// attrParamKinds are the attribute parameter kinds separate builders are
// generated for: wrapped attributes, and raw values when some native
// attribute has one (canGenerateUnwrappedBuilder).
func (v *opView) attrParamKinds() []bool {
	for _, a := range v.attrs[:v.numNative] {
		if a.canUseUnwrapped() {
			return []bool{false, true}
		}
	}
	return []bool{false}
}

func (e *opEmitter) genSeparateArgParamBuilders() {
	v := e.v
	infer := v.hasTrait("::mlir::InferTypeOpInterface::Trait")
	for _, unwrapped := range v.attrParamKinds() {
		e.addBuilder(v.buildParamList(separateResultTypes, unwrapped))
		if infer {
			e.addBuilder(v.buildParamList(noResultTypes, unwrapped))
		}
		e.addBuilder(v.buildParamList(collectiveResultTypes, unwrapped))
	}
}

// genCollectiveParamBuilder adds build(TypeRange, ValueRange, attributes
// or Properties) and, for an op that infers its result types and has no
// successors, the same without result types.
func (e *opEmitter) genCollectiveParamBuilder(props bool) {
	v := e.v
	if props && !v.useProperties() {
		return
	}
	if !e.addBuilder(v.collectiveParams(true, props, true)) {
		return
	}
	if v.hasTrait("::mlir::InferTypeOpInterface::Trait") && len(v.op.Successors) == 0 {
		e.addBuilder(v.collectiveParams(false, props, true))
	}
}

// collectiveParams are the parameters of a collective builder: result
// types (resultTypes), operands, the Properties (props) and the attributes,
// and the count of variadic regions (regionCount).
func (v *opView) collectiveParams(resultTypes, props, regionCount bool) []cppParam {
	builder := "odsBuilder"
	if resultTypes {
		builder = ""
	}
	params := []cppParam{param("::mlir::OpBuilder &", builder), param("::mlir::OperationState &", "odsState")}
	if resultTypes {
		params = append(params, param("::mlir::TypeRange", "resultTypes"))
	}
	params = append(params, param("::mlir::ValueRange", "operands"))
	attrs := "attributes"
	if props {
		params = append(params, param("const Properties &", "properties"))
		attrs = "discardableAttributes"
	}
	variadicRegions := regionCount && v.numVariadicRegions() > 0
	def := "{}"
	if variadicRegions {
		def = ""
	}
	params = append(params, cppParam{typ: "::llvm::ArrayRef<::mlir::NamedAttribute>", name: attrs, def: def})
	if variadicRegions {
		params = append(params, param("unsigned", "numRegions"))
	}
	return params
}

// buildParamList is OpEmitter::buildParamList: one parameter per result
// type (or one for all, or none), argument, successor and variadic region,
// with default values on the trailing attributes and properties where they
// cannot make two builders ambiguous.
func (v *opView) buildParamList(types resultTypesParam, unwrapped bool) []cppParam {
	op := v.op
	params := []cppParam{param("::mlir::OpBuilder &", "odsBuilder"), param("::mlir::OperationState &", "odsState")}
	switch types {
	case separateResultTypes:
		for i, r := range op.Results {
			name := r.Name
			if name == "" {
				name = "resultType" + strconv.Itoa(i)
			}
			t := "::mlir::Type"
			if resultVariadic(r) {
				t = "::mlir::TypeRange"
			}
			params = append(params, cppParam{typ: t, name: name, optional: r.Optional})
		}
	case collectiveResultTypes:
		params = append(params, param("::mlir::TypeRange", "resultTypes"))
	}

	attrOf := map[*ods.Arg]*opAttr{}
	for _, a := range v.attrs[:v.numNative] {
		attrOf[a.arg] = a
	}
	n := len(op.Args)
	likeStart, attrStart := n, n
	if len(op.Successors) == 0 && v.numVariadicRegions() == 0 {
		for i := n - 1; i >= 0; i-- {
			a := op.Args[i]
			if a.Kind == ods.Property {
				if !a.DefaultValued {
					break
				}
				likeStart = i
				continue
			}
			attr := attrOf[a]
			if attr == nil || !attr.hasDefault() || attr.ret == "::llvm::APInt" || attr.ret == "::llvm::APFloat" {
				break
			}
			likeStart, attrStart = i, i
		}
	}
	ambiguous := true
	for _, a := range op.Args {
		attr := attrOf[a]
		if attr == nil || attr.hasDefault() || unwrapped || !attr.canUseUnwrapped() {
			continue
		}
		ambiguous = false
		break
	}
	if attrStart < n && ambiguous {
		if attr := attrOf[op.Args[attrStart]]; attr.canUseUnwrapped() != unwrapped {
			attrStart++
			likeStart = attrStart
		}
	}
	inferred := map[string]bool{}
	for _, a := range v.operands {
		if a.VariadicOfVariadic {
			inferred[a.SegmentAttr] = true
		}
	}
	var ctx fmtContext
	ctx.withBuilder("odsBuilder")
	operand := 0
	for i, a := range op.Args {
		switch a.Kind {
		case ods.Operand:
			params = append(params, cppParam{typ: a.OperandParamType(), name: v.operandName(operand), optional: a.Optional})
			operand++
		case ods.Property:
			def := ""
			if a.DefaultValued && i >= likeStart {
				def = tgfmt(a.DefaultValue, &ctx)
			}
			params = append(params, cppParam{typ: a.CppType, name: a.Name, def: def, optional: a.DefaultValued})
		case ods.Attribute:
			if inferred[a.Name] {
				continue
			}
			attr := attrOf[a]
			raw := unwrapped && attr.canUseUnwrapped()
			t := attr.storage
			if raw {
				t = attr.ret
			}
			def := ""
			if i >= attrStart {
				def = "nullptr"
				if raw {
					def = tgfmt(attr.def, &ctx)
				}
			}
			params = append(params, cppParam{typ: t, name: a.Name, def: def, optional: attr.optional})
		}
	}
	for _, s := range op.Successors {
		t := "::mlir::Block *"
		if s.Variadic {
			t = "::mlir::BlockRange"
		}
		params = append(params, param(t, s.Name))
	}
	for _, r := range op.Regions {
		if r.Variadic {
			params = append(params, param("unsigned", r.Name+"Count"))
		}
	}
	return params
}
