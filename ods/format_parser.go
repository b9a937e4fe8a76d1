package ods

// The parser of the op assembly-format language. It checks what
// mlir-tblgen's OpFormatParser checks while parsing: that each element is
// allowed where it stands, that nothing is bound twice, the rules of
// optional groups, custom, ref, qualified and oilist directives. Where
// mlir-tblgen stops at the first error, a semantic error here is recorded
// and parsing goes on, with the faulty element replaced by an inert one so
// that it causes no further errors; a syntax error stops the parse.

type fmtElemKind int

const (
	feInvalid fmtElemKind = iota // stands for an element already reported
	feLiteral
	feWhitespace
	feString
	feOperand
	feAttribute
	feProperty
	feResult
	feRegion
	feSuccessor
	feAttrDict
	fePropDict
	feOperands
	feResults
	feRegions
	feSuccessors
	feType
	feFunctionalType
	feCustom
	feRef
	feOIList
	feOptional
)

// fmtElem is one element of a parsed format, with its byte span.
type fmtElem struct {
	kind       fmtElemKind
	start, end int
	// text is a literal's spelling without backticks, a variable's name or
	// a custom directive's name.
	text        string
	withKeyword bool // attr-dict-with-keyword
	qualified   bool

	arg       *Arg // operand, attribute or property
	result    *Value
	region    *Region
	successor *Successor

	// args are the arguments of type (1), functional-type (2), custom and
	// ref (1).
	args []*fmtElem
	// then, els and anchor make an optional group.
	then, els []*fmtElem
	anchor    *fmtElem
	// keys are the leading literals of an oilist's clauses, clauses the
	// elements following each.
	keys    []*fmtElem
	clauses [][]*fmtElem
}

func (e *fmtElem) isVariable() bool { return e.kind >= feOperand && e.kind <= feSuccessor }

// fmtContext is where an element is parsed, as mlir-tblgen's Context.
type fmtContext int

const (
	ctxTop fmtContext = iota
	ctxCustom
	ctxType
	ctxRef
)

// formatError is a problem at a byte span of the format string.
type formatError struct {
	start, end int
	code, msg  string
	// note is mlir-tblgen's follow-up note, if any.
	note string
}

// fmtParser holds the parse position and what the format has bound so far.
type fmtParser struct {
	op        *Op
	operands  []*Arg
	lex       fmtLexer
	cur, prev fmtToken
	errs      []formatError
	failed    bool // a syntax error ended the parse
	quiet     int  // > 0 while re-parsing an element already reported
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

func newFmtParser(op *Op, src string) *fmtParser {
	p := &fmtParser{op: op, operands: op.Operands(), lex: fmtLexer{src: src}}
	p.seenOperandTypes = make([]bool, len(p.operands))
	p.seenResultTypes = make([]bool, len(op.Results))
	p.seenAttrs, p.seenProps, p.seenOperands = map[*Arg]bool{}, map[*Arg]bool{}, map[*Arg]bool{}
	p.seenRegions, p.seenSuccessors = map[*Region]bool{}, map[*Successor]bool{}
	p.advance()
	return p
}

func (p *fmtParser) advance() {
	p.prev = p.cur
	p.cur = p.lex.next()
	if p.cur.kind == ftError && !p.failed {
		p.errs = append(p.errs, *p.lex.err)
		p.failed = true
	}
}

// syntax records a parse error at tok and stops the parse. An error at the
// end of the format is shown on the token before it.
func (p *fmtParser) syntax(tok fmtToken, msg string) *fmtElem {
	if !p.failed {
		if tok.kind == ftEOF && p.prev.end > p.prev.start {
			tok = p.prev
		}
		p.errs = append(p.errs, formatError{start: tok.start, end: tok.end, code: "ods-format-syntax", msg: msg})
		p.failed = true
	}
	return nil
}

// semantic records an error at [start, end) and returns an inert element
// spanning it.
func (p *fmtParser) semantic(start, end int, code, msg string) *fmtElem {
	if !p.failed && p.quiet == 0 {
		p.errs = append(p.errs, formatError{start: start, end: end, code: code, msg: msg})
	}
	return &fmtElem{kind: feInvalid, start: start, end: end}
}

// skipRest parses the remainder of a directive already reported, with
// errors silenced and the bindings it makes undone.
func (p *fmtParser) skipRest(start int, code, msg string, rest func() bool) *fmtElem {
	n := len(p.errs)
	e := p.semantic(start, p.prev.end, code, msg)
	recorded := len(p.errs) > n
	saved := p.fmtState.clone()
	p.quiet++
	ok := rest()
	p.quiet--
	p.fmtState = saved
	if !ok {
		return nil
	}
	// The error covers the whole directive now that its end is known.
	if e.end = p.prev.end; recorded {
		p.errs[n].end = e.end
	}
	return e
}

func (p *fmtParser) expect(kind fmtTokKind, msg string) bool {
	if p.cur.kind != kind {
		if p.cur.kind != ftError {
			p.syntax(p.cur, msg)
		}
		return false
	}
	p.advance()
	return true
}

// parse parses the whole format; nil after a syntax error.
func (p *fmtParser) parse() []*fmtElem {
	var elems []*fmtElem
	for p.cur.kind != ftEOF {
		e := p.parseElement(ctxTop)
		if e == nil {
			return nil
		}
		elems = append(elems, e)
	}
	return elems
}

func (p *fmtParser) parseElement(ctx fmtContext) *fmtElem {
	switch {
	case p.cur.kind == ftLiteral:
		return p.parseLiteral(ctx)
	case p.cur.kind == ftString:
		tok := p.cur
		p.advance()
		if ctx != ctxCustom {
			return p.semantic(tok.start, tok.end, "ods-format-context", "strings may only be used as 'custom' directive arguments")
		}
		return &fmtElem{kind: feString, start: tok.start, end: tok.end, text: tok.text}
	case p.cur.kind == ftVariable:
		tok := p.cur
		p.advance()
		return p.parseVariable(tok, ctx)
	case p.cur.kind.isKeyword():
		return p.parseDirective(ctx)
	case p.cur.kind == ftLParen:
		return p.parseOptionalGroup(ctx)
	case p.cur.kind == ftError:
		return nil
	}
	return p.syntax(p.cur, "expected literal, variable, directive, or optional group")
}

func (p *fmtParser) parseLiteral(ctx fmtContext) *fmtElem {
	tok := p.cur
	p.advance()
	if tok.kind == ftError {
		return nil
	}
	if ctx != ctxTop {
		return p.semantic(tok.start, tok.end, "ods-format-context", "literals may only be used in the top-level section of the format")
	}
	text := tok.text
	if len(text) < 2 || text[0] != '`' || text[len(text)-1] != '`' {
		return p.syntax(tok, "expected literal, but got '"+text+"'")
	}
	value := text[1 : len(text)-1]
	e := &fmtElem{kind: feLiteral, start: tok.start, end: tok.end, text: value}
	if value == "" || value == " " || value == `\n` {
		e.kind = feWhitespace
		return e
	}
	if why := literalProblem(value); why != "" {
		return p.semantic(tok.start, tok.end, "ods-format-literal", "expected valid literal but got '"+value+"': "+why)
	}
	return e
}

// literalProblem says why value cannot be a literal of the format, or "".
func literalProblem(value string) string {
	if len(value) == 1 {
		c := value[0]
		if isFmtAlpha(c) || containsByte("_:,=<>()[]{}?+-*", c) {
			return ""
		}
		return "single character literal must be a letter or one of '_:,=<>()[]{}?+-*'"
	}
	if value == "->" || value == "..." {
		return ""
	}
	if c := value[0]; !isFmtAlpha(c) && c != '_' {
		return "valid keyword starts with a letter or '_'"
	}
	for i := 1; i < len(value); i++ {
		if c := value[i]; !isFmtAlnum(c) && !containsByte("_$.", c) {
			return "keywords should contain only alphanum, '_', '$', or '.' characters"
		}
	}
	return ""
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

// parseVariable resolves $name against the op, in mlir-tblgen's order:
// attributes, properties, operands, regions, results, successors.
func (p *fmtParser) parseVariable(tok fmtToken, ctx fmtContext) *fmtElem {
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
func (p *fmtParser) attributeNamed(name string) *Arg {
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
