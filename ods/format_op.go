package ods

// The rules of op assembly formats, as mlir-tblgen's OpFormatParser: what
// a variable refers to (attributes, properties, operands, regions, results,
// successors), that nothing is bound twice, and what custom directives,
// optional groups and qualified may hold.

// opFormat parses and verifies an op's assembly format.
type opFormat struct {
	*fmtParser
	op       *Op
	operands []*Arg
	// derived holds the attribute view of derived attributes the format uses.
	derived map[*DerivedAttribute]*Arg
	fmtState
}

// fmtState is what mlir-tblgen's parser tracks while parsing.
type fmtState struct {
	hasAttrDict, hasPropDict                     bool
	hasAllRegions, hasAllSuccessors              bool
	allOperands, allOperandTypes, allResultTypes bool
	seenOperandTypes, seenResultTypes            []bool
	seenAttrs, seenProps, seenOperands           map[*Arg]bool
	seenRegions                                  map[*Region]bool
	seenSuccessors                               map[*Successor]bool
}

func (s fmtState) clone() fmtState {
	c := s
	c.seenOperandTypes = append([]bool(nil), s.seenOperandTypes...)
	c.seenResultTypes = append([]bool(nil), s.seenResultTypes...)
	c.seenAttrs, c.seenProps, c.seenOperands = cloneSet(s.seenAttrs), cloneSet(s.seenProps), cloneSet(s.seenOperands)
	c.seenRegions, c.seenSuccessors = cloneSet(s.seenRegions), cloneSet(s.seenSuccessors)
	return c
}

func cloneSet[K comparable](m map[K]bool) map[K]bool {
	c := make(map[K]bool, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func newOpFormat(op *Op, src string) *opFormat {
	p := &opFormat{op: op, operands: op.Operands()}
	p.seenOperandTypes = make([]bool, len(p.operands))
	p.seenResultTypes = make([]bool, len(op.Results))
	p.seenAttrs, p.seenProps, p.seenOperands = map[*Arg]bool{}, map[*Arg]bool{}, map[*Arg]bool{}
	p.seenRegions, p.seenSuccessors = map[*Region]bool{}, map[*Successor]bool{}
	p.fmtParser = newFmtParser(p, src)
	return p
}

func (p *opFormat) saveState() func() {
	saved := p.fmtState.clone()
	return func() { p.fmtState = saved }
}

// qualifyProblem: an attribute or a type directive may be qualified.
func (p *opFormat) qualifyProblem(e *fmtElem) string {
	switch e.kind {
	case feAttribute, feType:
		e.qualified = true
		return ""
	}
	return "'qualified' directive expects an attribute or a `type` directive"
}

// customArgs: a custom directive takes variables, attr-dict, prop-dict,
// ref, strings, and type directives of operands or results.
func (p *opFormat) customArgs(e *fmtElem) *fmtElem {
	for _, arg := range e.args {
		switch arg.kind {
		case feInvalid, feAttrDict, fePropDict, feAttribute, feOperand, feProperty, feRef, feRegion, feSuccessor, feString:
		case feType:
			if k := arg.args[0].kind; k != feOperand && k != feResult && k != feInvalid {
				return p.semantic(arg.start, arg.end, "ods-format-custom", "type directives within a custom directive may only refer to variables")
			}
		default:
			return p.semantic(arg.start, arg.end, "ods-format-custom", "only variables and types may be used as parameters to a custom directive")
		}
	}
	return e
}

// variable resolves $name against the op, in mlir-tblgen's order:
// attributes, properties, operands, regions, results, successors.
func (p *opFormat) variable(tok fmtToken, ctx fmtContext) *fmtElem {
	name := tok.text[1:]
	e := &fmtElem{start: tok.start, end: tok.end, text: name}
	bad := func(code, msg string) *fmtElem { return p.semantic(tok.start, tok.end, code, msg) }
	if a := p.attributeNamed(name); a != nil {
		e.kind, e.arg = feAttribute, a
		switch {
		case ctx == ctxType:
			return bad("ods-format-context", "attributes cannot be used as children to a `type` directive")
		case ctx == ctxRef:
			if !p.seenAttrs[a] {
				return bad("ods-format-ref", "attribute '"+name+"' must be bound before it is referenced")
			}
		case p.seenAttrs[a]:
			return bad("ods-format-bound-twice", "attribute '"+name+"' is already bound")
		default:
			p.seenAttrs[a] = true
		}
		return e
	}
	if a := p.op.argNamed(name, Property); a != nil {
		e.kind, e.arg = feProperty, a
		switch {
		case ctx == ctxType:
			return bad("ods-format-context", "properties cannot be used as children to a `type` directive")
		case ctx == ctxRef:
			if !p.seenProps[a] {
				return bad("ods-format-ref", "property '"+name+"' must be bound before it is referenced")
			}
		case p.seenProps[a]:
			return bad("ods-format-bound-twice", "property '"+name+"' is already bound")
		default:
			p.seenProps[a] = true
		}
		return e
	}
	if a := p.op.argNamed(name, Operand); a != nil {
		e.kind, e.arg = feOperand, a
		switch ctx {
		case ctxTop, ctxCustom:
			if p.allOperands || p.seenOperands[a] {
				return bad("ods-format-bound-twice", "operand '"+name+"' is already bound")
			}
			p.seenOperands[a] = true
		case ctxRef:
			if !p.seenOperands[a] {
				return bad("ods-format-ref", "operand '"+name+"' must be bound before it is referenced")
			}
		}
		return e
	}
	for _, r := range p.op.Regions {
		if r.Name != name {
			continue
		}
		e.kind, e.region = feRegion, r
		switch ctx {
		case ctxTop, ctxCustom:
			if p.hasAllRegions || p.seenRegions[r] {
				return bad("ods-format-bound-twice", "region '"+name+"' is already bound")
			}
			p.seenRegions[r] = true
		case ctxRef:
			if !p.seenRegions[r] {
				return bad("ods-format-ref", "region '"+name+"' must be bound before it is referenced")
			}
		default:
			return bad("ods-format-context", "regions can only be used at the top level or in a ref directive")
		}
		return e
	}
	if r := p.op.Result(name); r != nil {
		e.kind, e.result = feResult, r
		if ctx != ctxType {
			return bad("ods-format-context", "result variables can can only be used as a child to a 'type' directive")
		}
		return e
	}
	for _, s := range p.op.Successors {
		if s.Name != name {
			continue
		}
		e.kind, e.successor = feSuccessor, s
		switch ctx {
		case ctxTop, ctxCustom:
			if p.hasAllSuccessors || p.seenSuccessors[s] {
				return bad("ods-format-bound-twice", "successor '"+name+"' is already bound")
			}
			p.seenSuccessors[s] = true
		case ctxRef:
			if !p.seenSuccessors[s] {
				return bad("ods-format-ref", "successor '"+name+"' must be bound before it is referenced")
			}
		default:
			return bad("ods-format-context", "successors can only be used at the top level or in a ref directive")
		}
		return e
	}
	return bad("ods-format-unknown-variable", "expected variable to refer to an argument, region, result, or successor")
}

// attributeNamed returns the attribute called name, or nil. Derived
// attributes count: mlir-tblgen lists them among the op's attributes.
func (p *opFormat) attributeNamed(name string) *Arg {
	if a := p.op.argNamed(name, Attribute); a != nil {
		return a
	}
	for _, da := range p.op.DerivedAttributes {
		if da.Name != name {
			continue
		}
		if p.derived == nil {
			p.derived = map[*DerivedAttribute]*Arg{}
		}
		if p.derived[da] == nil {
			c := da.Constraint
			p.derived[da] = &Arg{Kind: Attribute, Index: -1, Name: da.Name, Decl: c, Constraint: c,
				StorageType: stringField(c, "storageType"), OptionalAttr: bitField(c, "isOptional"),
				DefaultValued: stringField(c, "defaultValue") != ""}
		}
		return p.derived[da]
	}
	return nil
}

// argNamed returns the first argument of kind k called name, or nil.
func (op *Op) argNamed(name string, k ArgKind) *Arg {
	for _, a := range op.Args {
		if a.Kind == k && a.Name == name {
			return a
		}
	}
	return nil
}
