package ods

// Optional groups `(then...)?` and `(then...):(else...)?`: one element is
// the anchor `^` whose presence decides which branch is printed, and the
// group is parsed only when its first element can be recognised.

func (p *fmtParser) parseOptionalGroup(ctx fmtContext) *fmtElem {
	open := p.cur
	p.advance()
	if ctx != ctxTop {
		return p.skipRest(open.start, "ods-format-optional-group", "optional groups can only be used as top-level elements", func() bool {
			return p.parseGroupRest(open) != nil
		})
	}
	return p.parseGroupRest(open)
}

// parseGroupRest parses the group after its `(` and checks its elements.
func (p *fmtParser) parseGroupRest(open fmtToken) *fmtElem {
	g := &fmtElem{kind: feOptional, start: open.start}
	children := func(list *[]*fmtElem) bool {
		for {
			e := p.parseElement(ctxTop)
			if e == nil {
				return false
			}
			if p.cur.kind == ftCaret {
				if g.anchor != nil {
					p.semantic(p.cur.start, p.cur.end, "ods-format-optional-group", "only one element can be marked as the anchor of an optional group")
				} else {
					g.anchor = e
				}
				p.advance()
			}
			*list = append(*list, e)
			if p.cur.kind == ftRParen {
				p.advance()
				return true
			}
		}
	}
	if !children(&g.then) {
		return nil
	}
	if p.cur.kind == ftColon {
		p.advance()
		if !p.expect(ftLParen, "expected '(' to start else branch of optional group") || !children(&g.els) {
			return nil
		}
	}
	if !p.expect(ftQuestion, "expected '?' after optional group") {
		return nil
	}
	g.end = p.prev.end
	if g.anchor == nil {
		return p.semantic(g.start, g.end, "ods-format-optional-group", "optional group has no anchor element")
	}
	if !p.rules.checkGroup(g) {
		return g
	}
	first := firstNonWhitespace(g.then)
	if first != nil && first.kind != feInvalid && first.kind != feLiteral && !first.isVariable() && first.kind != feCustom {
		p.semantic(first.start, first.end, "ods-format-optional-group", "first parsable element of an optional group must be a literal, variable, or custom directive")
	}
	return g
}

func firstNonWhitespace(elems []*fmtElem) *fmtElem {
	for _, e := range elems {
		if e.kind != feWhitespace {
			return e
		}
	}
	return nil
}

// checkGroup checks the branches of an optional group; the anchor is
// checked as one only in the then branch, as mlir-tblgen.
func (p *opFormat) checkGroup(g *fmtElem) bool {
	return p.checkGroupElements(g.then, g.anchor) && p.checkGroupElements(g.els, nil)
}

// checkGroupElements reports the first element of a group branch that may
// not stand there; false if there was one.
func (p *opFormat) checkGroupElements(elems []*fmtElem, anchor *fmtElem) bool {
	for _, e := range elems {
		if bad := p.groupElementProblem(e, e == anchor); bad != nil {
			p.semantic(bad.at.start, bad.at.end, "ods-format-optional-group", bad.msg)
			return false
		}
	}
	return true
}

type groupProblem struct {
	at  *fmtElem
	msg string
}

// groupElementProblem says why e may not be in an optional group (or be
// its anchor), or nil.
func (p *opFormat) groupElementProblem(e *fmtElem, isAnchor bool) *groupProblem {
	switch e.kind {
	case feInvalid:
	case feAttribute:
		if isAnchor && !e.arg.OptionalAttr && !e.arg.DefaultValued {
			return &groupProblem{e, "only optional or default-valued attributes can be used to anchor an optional group"}
		}
	case feProperty:
		if isAnchor && !(e.arg.DefaultValued && propertyHasOptionalParser(e.arg)) {
			return &groupProblem{e, "only properties with default values that can be optionally parsed (have the `let optionalParser = ...` field defined) can be used to anchor an optional group"}
		}
	case feOperand:
		if !e.arg.IsVariableLength() {
			return &groupProblem{e, "only variable length operands can be used within an optional group"}
		}
	case feResult:
		if !e.result.IsVariableLength() {
			return &groupProblem{e, "only variable length results can be used within an optional group"}
		}
	case feRegion:
	case feType:
		return p.groupElementProblem(e.args[0], false)
	case feFunctionalType:
		if bad := p.groupElementProblem(e.args[0], false); bad != nil {
			return bad
		}
		return p.groupElementProblem(e.args[1], false)
	case feCustom:
		if !isAnchor {
			return nil
		}
		// Every argument of an anchoring custom directive may be absent.
		for _, a := range e.args {
			if a.kind == feRef {
				continue
			}
			if bad := p.groupElementProblem(a, true); bad != nil {
				return bad
			}
		}
	case feLiteral, feWhitespace, feOptional:
		if isAnchor {
			return &groupProblem{e, "only variables and types can be used to anchor an optional group"}
		}
	default:
		return &groupProblem{e, "only literals, types, and variables can be used within an optional group"}
	}
	return nil
}

// propertyHasOptionalParser reports a property with an `optionalParser`,
// which an optional group needs to tell whether it is there.
func propertyHasOptionalParser(a *Arg) bool {
	s, _ := stringFieldSet(a.Constraint, "optionalParser")
	return s != ""
}
