package ods

import "tdls/tablegen"

// The rules of attribute and type assembly formats, as mlir-tblgen's
// DefFormatParser: variables are the parameters, each bound once; the
// `params` and `struct` directives; what optional groups may hold; and,
// once parsed, that every required parameter is in the format.

// defFormat parses and verifies the assembly format of an attribute or
// type.
type defFormat struct {
	*fmtParser
	def  *AttrOrTypeDef
	seen map[*AttrOrTypeParameter]bool
}

func newDefFormat(d *AttrOrTypeDef, src string) *defFormat {
	p := &defFormat{def: d, seen: map[*AttrOrTypeParameter]bool{}}
	p.fmtParser = newFmtParser(p, src)
	return p
}

func (p *defFormat) saveState() func() {
	saved := cloneSet(p.seen)
	return func() { p.seen = saved }
}

func (p *defFormat) variable(tok fmtToken, ctx fmtContext) *fmtElem {
	name := tok.text[1:]
	param := p.def.Parameter(name)
	if param == nil {
		return p.semantic(tok.start, tok.end, "ods-format-unknown-variable", p.def.Def.NameString()+" has no parameter named '"+name+"'")
	}
	switch {
	case ctx != ctxRef:
		if p.seen[param] {
			return p.semantic(tok.start, tok.end, "ods-format-bound-twice", "duplicate parameter '"+name+"'")
		}
		p.seen[param] = true
	case !p.seen[param] && !param.IsSelfType:
		return p.semantic(tok.start, tok.end, "ods-format-ref", "parameter '"+name+"' must be bound before it is referenced")
	}
	return &fmtElem{kind: feParam, start: tok.start, end: tok.end, text: name, param: param}
}

func (p *defFormat) directive(tok fmtToken, ctx fmtContext) *fmtElem {
	switch tok.kind {
	case ftParams:
		return p.parseParams(tok, ctx)
	case ftStruct:
		return p.parseStruct(tok, ctx)
	}
	// What the op directives would be followed by is unknown here, so the
	// parse stops.
	p.errs = append(p.errs, formatError{start: tok.start, end: tok.end, code: "ods-format-context", msg: "unsupported directive kind"})
	p.failed = true
	return nil
}

// parseParams parses `params`: every parameter but the self type, in
// order.
func (p *defFormat) parseParams(tok fmtToken, ctx fmtContext) *fmtElem {
	if ctx != ctxTop && ctx != ctxStruct {
		return p.semantic(tok.start, tok.end, "ods-format-context", "`params` can only be used at the top-level context or within a `struct` directive")
	}
	e := &fmtElem{kind: feParams, start: tok.start, end: tok.end}
	for _, param := range p.def.Parameters {
		if p.seen[param] {
			return p.semantic(tok.start, tok.end, "ods-format-bound-twice", "`params` captures duplicate parameter: "+param.Name)
		}
		if param.IsSelfType {
			continue
		}
		p.seen[param] = true
		e.args = append(e.args, &fmtElem{kind: feParam, start: tok.start, end: tok.end, text: param.Name, param: param})
	}
	return e
}

// parseStruct parses `struct(...)`: parameters, custom directives, or
// `params`, printed as `name = value` pairs.
func (p *defFormat) parseStruct(tok fmtToken, ctx fmtContext) *fmtElem {
	rest := func() *fmtElem {
		if !p.expect(ftLParen, "expected '(' before `struct` argument list") {
			return nil
		}
		e := &fmtElem{kind: feStruct, start: tok.start}
		first := p.parseElement(ctxStruct)
		if first == nil {
			return nil
		}
		switch first.kind {
		case feInvalid:
		case feParams:
			e.args = first.args
		case feParam, feCustom:
			e.args = append(e.args, first)
			for p.cur.kind == ftComma {
				p.advance()
				next := p.parseElement(ctxStruct)
				if next == nil {
					return nil
				}
				if next.kind != feParam && next.kind != feCustom && next.kind != feInvalid {
					p.semantic(next.start, next.end, "ods-format-struct", "expected a parameter or `custom` directive in `struct` argument list")
					continue
				}
				e.args = append(e.args, next)
			}
		default:
			p.semantic(first.start, first.end, "ods-format-struct", "`struct` argument list expected a parameter or directive")
		}
		if !p.expect(ftRParen, "expected ')' at the end of an argument list") {
			return nil
		}
		e.end = p.prev.end
		for _, a := range e.args {
			if a.kind != feCustom {
				continue
			}
			if len(a.args) != 1 {
				return p.semantic(a.start, a.end, "ods-format-struct", "`struct` can only contain `custom` directives with a single argument")
			}
			if a.args[0].kind != feParam && a.args[0].kind != feInvalid {
				return p.semantic(a.start, a.end, "ods-format-struct", "a `custom` directive nested within a `struct` must be passed a parameter")
			}
		}
		return e
	}
	if ctx != ctxTop {
		return p.skipRest(tok.start, "ods-format-context", "`struct` can only be used at the top-level context", func() bool { return rest() != nil })
	}
	return rest()
}

func (p *defFormat) qualifyProblem(e *fmtElem) string {
	if e.kind != feParam {
		return "`qualified` argument list expected a variable"
	}
	e.qualified = true
	return ""
}

// customArgs: any argument the context allowed will do.
func (p *defFormat) customArgs(e *fmtElem) *fmtElem { return e }

// checkGroup: the parameters of an optional group must all be optional,
// and the anchor must be a parameter or a directive binding one.
func (p *defFormat) checkGroup(g *fmtElem) bool {
	return p.checkGroupElements(g.then, g.anchor) && p.checkGroupElements(g.els, nil)
}

func (p *defFormat) checkGroupElements(elems []*fmtElem, anchor *fmtElem) bool {
	bad := func(e *fmtElem, msg string) bool {
		p.semantic(e.start, e.end, "ods-format-optional-group", msg)
		return false
	}
	for _, e := range elems {
		switch e.kind {
		case feParam:
			if !e.param.IsOptional() {
				return bad(e, "parameters in an optional group must be optional")
			}
		case feParams:
			if !allOptional(e.args) {
				return bad(e, "`params` directive allowed in optional group only if all parameters are optional")
			}
		case feStruct:
			if !allOptional(e.args) {
				return bad(e, "`struct` is only allowed in an optional group if all captured parameters are optional")
			}
		case feCustom:
			for _, a := range e.args {
				if a.kind == feParam && !a.param.IsOptional() {
					return bad(e, "`custom` is only allowed in an optional group if all captured parameters are optional")
				}
			}
		}
	}
	if anchor == nil || anchor.kind == feInvalid {
		return true
	}
	switch anchor.kind {
	case feParam, feParams, feStruct:
	case feCustom:
		for _, a := range anchor.args {
			if a.kind == feParam {
				return true
			}
		}
		return bad(anchor, "`custom` directive with no bound parameters cannot be used as optional group anchor")
	default:
		return bad(anchor, "optional group anchor must be a parameter or directive")
	}
	return true
}

// allOptional reports whether every parameter of a params or struct
// directive (directly or through its custom directives) is optional.
func allOptional(args []*fmtElem) bool {
	for _, a := range args {
		param := a.param
		if a.kind == feCustom && len(a.args) == 1 {
			param = a.args[0].param
		}
		if param != nil && !param.IsOptional() {
			return false
		}
	}
	return true
}

// verify checks the parsed format as a whole: every required parameter is
// there (the attribute's self type is not written in the format), and a
// struct with optional parameters is not followed by a `,`.
func (p *defFormat) verify(elems []*fmtElem) {
	for _, param := range p.def.Parameters {
		if param.IsOptional() {
			continue
		}
		if !p.seen[param] {
			if !param.IsSelfType {
				p.errs = append(p.errs, formatError{start: wholeFormat, end: wholeFormat, code: "ods-format-missing",
					msg: "format is missing reference to parameter: " + param.Name})
			}
			continue
		}
		if param.IsSelfType {
			at := findParam(elems, param)
			p.errs = append(p.errs, formatError{start: at.start, end: at.end, code: "ods-format-self-type",
				msg: "unexpected self type parameter in assembly format"})
		}
	}
	for i := 0; i+1 < len(elems); i++ {
		s, lit := elems[i], elems[i+1]
		if s.kind == feStruct && lit.kind == feLiteral && lit.text == "," && !allRequired(s.args) {
			p.errs = append(p.errs, formatError{start: lit.start, end: lit.end, code: "ods-format-ambiguity",
				msg: "`struct` directive with optional parameters cannot be followed by a comma literal"})
		}
	}
}

// allRequired reports whether no parameter of a struct is optional.
func allRequired(args []*fmtElem) bool {
	for _, a := range args {
		param := a.param
		if a.kind == feCustom && len(a.args) == 1 {
			param = a.args[0].param
		}
		if param != nil && param.IsOptional() {
			return false
		}
	}
	return true
}

// findParam returns where param is bound in elems, or a whole-format
// position.
func findParam(elems []*fmtElem, param *AttrOrTypeParameter) *fmtElem {
	for _, e := range elems {
		if e.kind == feParam && e.param == param {
			return e
		}
		for _, inner := range [][]*fmtElem{e.args, e.then, e.els} {
			if f := findParam(inner, param); f.start != wholeFormat {
				return f
			}
		}
	}
	return &fmtElem{start: wholeFormat, end: wholeFormat}
}

// formatErrors parses and verifies the assembly format.
func (d *AttrOrTypeDef) formatErrors() []formatError {
	p := newDefFormat(d, d.AssemblyFormat)
	elems := p.parse()
	if len(p.errs) == 0 {
		p.verify(elems)
	}
	return p.errs
}

// checkAssemblyFormat reports what mlir-tblgen rejects in the declarative
// assembly format, at the faulty element of the format string.
func (d *AttrOrTypeDef) checkAssemblyFormat() []tablegen.Diagnostic {
	if !d.HasAssemblyFormat || !d.HasMnemonic {
		return nil
	}
	errs := d.formatErrors()
	if len(errs) == 0 {
		return nil
	}
	src := formatSourceOf(d.site(), "assemblyFormat", d.AssemblyFormat)
	out := make([]tablegen.Diagnostic, 0, len(errs))
	for _, e := range errs {
		out = append(out, d.diag(tablegen.SeverityError, e.code, src.rangeOf(e.start, e.end), e.msg))
	}
	return out
}
