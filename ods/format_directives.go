package ods

// Directives of the op assembly format: where each may stand and what it
// binds, as mlir-tblgen's OpFormatParser decides.

func (p *opFormat) directive(tok fmtToken, ctx fmtContext) *fmtElem {
	e := &fmtElem{start: tok.start, end: tok.end}
	bad := func(code, msg string) *fmtElem { return p.semantic(tok.start, tok.end, code, msg) }
	switch tok.kind {
	case ftType:
		return p.parseType(tok, ctx)
	case ftFunctionalType:
		return p.parseFunctionalType(tok, ctx)
	case ftOIList:
		return p.parseOIList(tok, ctx)

	case ftAttrDict, ftAttrDictWithKeyword:
		e.kind, e.withKeyword = feAttrDict, tok.kind == ftAttrDictWithKeyword
		switch {
		case ctx == ctxType:
			return bad("ods-format-context", "'attr-dict' directive can only be used as a top-level directive")
		case ctx == ctxRef:
			if !p.hasAttrDict {
				return bad("ods-format-ref", "'ref' of 'attr-dict' is not bound by a prior 'attr-dict' directive")
			}
		case p.hasAttrDict:
			return bad("ods-format-attr-dict", "'attr-dict' directive has already been seen")
		default:
			p.hasAttrDict = true
		}
		return e

	case ftPropDict:
		e.kind = fePropDict
		switch {
		case ctx == ctxType:
			return bad("ods-format-context", "'prop-dict' directive can only be used as a top-level directive")
		case ctx == ctxRef:
			// mlir-tblgen aborts with this as an LLVM ERROR.
			return bad("ods-format-ref", "'ref' of 'prop-dict' unsupported")
		case p.hasPropDict:
			return bad("ods-format-prop-dict", "'prop-dict' directive has already been seen")
		}
		p.hasPropDict = true
		return e

	case ftOperands:
		e.kind = feOperands
		switch ctx {
		case ctxRef:
			if !p.allOperands {
				return bad("ods-format-ref", "'ref' of 'operands' is not bound by a prior 'operands' directive")
			}
		case ctxTop, ctxCustom:
			if p.allOperands || len(p.seenOperands) > 0 {
				return bad("ods-format-overlap", "'operands' directive creates overlap in format")
			}
			p.allOperands = true
		}
		return e

	case ftResults:
		e.kind = feResults
		if ctx != ctxType {
			return bad("ods-format-context", "'results' directive can can only be used as a child to a 'type' directive")
		}
		return e

	case ftRegions:
		e.kind = feRegions
		switch ctx {
		case ctxType:
			return bad("ods-format-context", "'regions' is only valid as a top-level directive")
		case ctxRef:
			if !p.hasAllRegions {
				return bad("ods-format-ref", "'ref' of 'regions' is not bound by a prior 'regions' directive")
			}
		default:
			if p.hasAllRegions || len(p.seenRegions) > 0 {
				return bad("ods-format-overlap", "'regions' directive creates overlap in format")
			}
			p.hasAllRegions = true
		}
		return e

	case ftSuccessors:
		e.kind = feSuccessors
		switch ctx {
		case ctxType:
			return bad("ods-format-context", "'successors' is only valid as a top-level directive")
		case ctxRef:
			if !p.hasAllSuccessors {
				return bad("ods-format-ref", "'ref' of 'successors' is not bound by a prior 'successors' directive")
			}
		default:
			if p.hasAllSuccessors || len(p.seenSuccessors) > 0 {
				return bad("ods-format-overlap", "'successors' directive creates overlap in format")
			}
			p.hasAllSuccessors = true
		}
		return e
	}
	// `params` and `struct` belong to attribute and type formats; how they
	// would be written here is unknown, so the parse stops.
	p.errs = append(p.errs, formatError{start: tok.start, end: tok.end, code: "ods-format-context", msg: "unsupported directive kind"})
	p.failed = true
	return nil
}

// parseType parses `type(...)`; the keyword is consumed.
func (p *opFormat) parseType(tok fmtToken, ctx fmtContext) *fmtElem {
	rest := func() *fmtElem {
		if !p.expect(ftLParen, "expected '(' before argument list") {
			return nil
		}
		arg := p.parseTypeOperand(ctx == ctxRef)
		if arg == nil || !p.expect(ftRParen, "expected ')' after argument list") {
			return nil
		}
		return &fmtElem{kind: feType, start: tok.start, end: p.prev.end, args: []*fmtElem{arg}}
	}
	if ctx == ctxType {
		return p.skipRest(tok.start, "ods-format-context", "'type' cannot be used as a child of another `type`", func() bool { return rest() != nil })
	}
	return rest()
}

// parseTypeOperand parses the argument of type or functional-type and
// marks the types it prints as bound (or, under ref, checks they are).
func (p *opFormat) parseTypeOperand(isRef bool) *fmtElem {
	e := p.parseElement(ctxType)
	if e == nil || e.kind == feInvalid {
		return e
	}
	bad := func(code, msg string) *fmtElem { return p.semantic(e.start, e.end, code, msg) }
	switch e.kind {
	case feLiteral, feWhitespace:
		return bad("ods-format-context", "'type' directive operand expects variable or directive operand")
	case feOperand:
		i := e.arg.KindIndex
		bound := p.allOperandTypes || p.seenOperandTypes[i]
		if !isRef && bound {
			return bad("ods-format-bound-twice", "'type' of '"+e.text+"' is already bound")
		}
		if isRef && !bound {
			return bad("ods-format-ref", "'ref' of 'type($"+e.text+")' is not bound by a prior 'type' directive")
		}
		p.seenOperandTypes[i] = true
	case feResult:
		i := e.result.Index
		bound := p.allResultTypes || p.seenResultTypes[i]
		if !isRef && bound {
			return bad("ods-format-bound-twice", "'type' of '"+e.text+"' is already bound")
		}
		if isRef && !bound {
			return bad("ods-format-ref", "'ref' of 'type($"+e.text+")' is not bound by a prior 'type' directive")
		}
		p.seenResultTypes[i] = true
	case feOperands:
		if !isRef && (p.allOperandTypes || anyTrue(p.seenOperandTypes)) {
			return bad("ods-format-bound-twice", "'operands' 'type' is already bound")
		}
		if isRef && !p.allOperandTypes {
			return bad("ods-format-ref", "'ref' of 'type(operands)' is not bound by a prior 'type' directive")
		}
		p.allOperandTypes = true
	case feResults:
		if !isRef && (p.allResultTypes || anyTrue(p.seenResultTypes)) {
			return bad("ods-format-bound-twice", "'results' 'type' is already bound")
		}
		if isRef && !p.allResultTypes {
			return bad("ods-format-ref", "'ref' of 'type(results)' is not bound by a prior 'type' directive")
		}
		p.allResultTypes = true
	default:
		return bad("ods-format-context", "invalid argument to 'type' directive")
	}
	return e
}

func anyTrue(bs []bool) bool {
	for _, b := range bs {
		if b {
			return true
		}
	}
	return false
}

// parseFunctionalType parses `functional-type(inputs, results)`.
func (p *opFormat) parseFunctionalType(tok fmtToken, ctx fmtContext) *fmtElem {
	rest := func() *fmtElem {
		if !p.expect(ftLParen, "expected '(' before argument list") {
			return nil
		}
		in := p.parseTypeOperand(false)
		if in == nil || !p.expect(ftComma, "expected ',' after inputs argument") {
			return nil
		}
		out := p.parseTypeOperand(false)
		if out == nil || !p.expect(ftRParen, "expected ')' after argument list") {
			return nil
		}
		return &fmtElem{kind: feFunctionalType, start: tok.start, end: p.prev.end, args: []*fmtElem{in, out}}
	}
	if ctx != ctxTop {
		return p.skipRest(tok.start, "ods-format-context", "'functional-type' is only valid as a top-level directive", func() bool { return rest() != nil })
	}
	return rest()
}

// parseOIList parses `oilist(`kw` elems... | `kw` elems...)`.
func (p *opFormat) parseOIList(tok fmtToken, ctx fmtContext) *fmtElem {
	if !p.expect(ftLParen, "expected '(' before oilist argument list") {
		return nil
	}
	e := &fmtElem{kind: feOIList, start: tok.start}
	for {
		key := p.parseLiteral(ctx)
		if key == nil {
			return nil
		}
		e.keys = append(e.keys, key)
		var clause []*fmtElem
		for p.cur.kind != ftPipe && p.cur.kind != ftRParen {
			el := p.parseElement(ctx)
			if el == nil {
				return nil
			}
			p.checkOIListElement(el)
			clause = append(clause, el)
		}
		e.clauses = append(e.clauses, clause)
		p.advance()
		if p.prev.kind == ftRParen {
			break
		}
	}
	e.end = p.prev.end
	return e
}

// checkOIListElement checks that the variables of an oilist clause may be
// absent, as each clause is optional.
func (p *opFormat) checkOIListElement(el *fmtElem) {
	for _, v := range collectVariables(el, nil) {
		bad := func(msg string) { p.semantic(v.start, v.end, "ods-format-oilist", msg) }
		switch v.kind {
		case feAttribute:
			if !v.arg.OptionalAttr && !v.arg.DefaultValued {
				bad("only optional attributes can be used in an oilist parsing group")
				return
			}
		case feProperty:
			if !v.arg.DefaultValued {
				bad("only default-valued or optional properties can be used in an olist parsing group")
				return
			}
		case feOperand:
			if !v.arg.IsVariableLength() {
				bad("only variable length operands can be used within an oilist parsing group")
				return
			}
		case feResult:
			if !v.result.IsVariableLength() {
				bad("only variable length results can be used within an oilist parsing group")
				return
			}
		case feRegion:
		default:
			bad("only literals, types, and variables can be used within an oilist group")
			return
		}
	}
}

// collectVariables appends the variables of e and of the custom
// directives, optional groups, functional-types and oilists in it; the
// argument of a type directive is not collected, as in mlir-tblgen.
func collectVariables(e *fmtElem, out []*fmtElem) []*fmtElem {
	switch e.kind {
	case feOperand, feAttribute, feProperty, feResult, feRegion, feSuccessor:
		out = append(out, e)
	case feCustom, feFunctionalType:
		for _, a := range e.args {
			out = collectVariables(a, out)
		}
	case feOptional:
		for _, a := range e.then {
			out = collectVariables(a, out)
		}
		for _, a := range e.els {
			out = collectVariables(a, out)
		}
	case feOIList:
		for _, c := range e.clauses {
			for _, a := range c {
				out = collectVariables(a, out)
			}
		}
	}
	return out
}
