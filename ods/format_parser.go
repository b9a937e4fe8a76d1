package ods

// The parser of the assembly-format language that op, attribute and type
// formats share, as mlir-tblgen's FormatParser: literals, strings,
// variables, directives, optional groups and the custom, ref and qualified
// directives. What a variable or another directive means, and what an
// optional group or a custom directive may hold, is decided by the
// formatRules of the kind of format (opFormat, defFormat). Where
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
	feParam // an attribute or type parameter
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
	feParams // `params`: every parameter of an attribute or type
	feStruct // `struct(...)`: parameters printed as `name = value`
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
	param     *AttrOrTypeParameter

	// args are the arguments of type (1), functional-type (2), custom,
	// ref (1), params and struct.
	args []*fmtElem
	// then, els and anchor make an optional group.
	then, els []*fmtElem
	anchor    *fmtElem
	// keys are the leading literals of an oilist's clauses, clauses the
	// elements following each.
	keys    []*fmtElem
	clauses [][]*fmtElem
}

func (e *fmtElem) isVariable() bool { return e.kind >= feOperand && e.kind <= feParam }

// fmtContext is where an element is parsed, as mlir-tblgen's Context.
type fmtContext int

const (
	ctxTop fmtContext = iota
	ctxCustom
	ctxType
	ctxRef
	ctxStruct
)

// formatError is a problem at a byte span of the format string.
type formatError struct {
	start, end int
	code, msg  string
	// note is mlir-tblgen's follow-up note, if any.
	note string
}

// formatRules is what each kind of format decides for itself, as the
// hooks of mlir-tblgen's FormatParser.
type formatRules interface {
	// variable resolves `$name` (tok) parsed in ctx.
	variable(tok fmtToken, ctx fmtContext) *fmtElem
	// directive parses the keyword tok (consumed) other than custom, ref
	// and qualified.
	directive(tok fmtToken, ctx fmtContext) *fmtElem
	// qualifyProblem says why e cannot stand in `qualified(...)`, or "";
	// when e can, it marks it qualified.
	qualifyProblem(e *fmtElem) string
	// customArgs checks the arguments of a parsed custom directive and
	// returns it, or an inert element after reporting.
	customArgs(e *fmtElem) *fmtElem
	// checkGroup checks the branches of a parsed optional group; false
	// when it reported a problem.
	checkGroup(g *fmtElem) bool
	// saveState returns a function restoring what the format has bound
	// so far.
	saveState() (restore func())
}

// fmtParser holds the parse position and the errors found so far.
type fmtParser struct {
	rules     formatRules
	lex       fmtLexer
	cur, prev fmtToken
	errs      []formatError
	failed    bool // a syntax error ended the parse
	quiet     int  // > 0 while re-parsing an element already reported
}

func newFmtParser(rules formatRules, src string) *fmtParser {
	p := &fmtParser{rules: rules, lex: fmtLexer{src: src}}
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
	restore := p.rules.saveState()
	p.quiet++
	ok := rest()
	p.quiet--
	restore()
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
		return p.rules.variable(tok, ctx)
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

// parseDirective parses a directive keyword: custom, ref and qualified
// here, the others by the format's rules.
func (p *fmtParser) parseDirective(ctx fmtContext) *fmtElem {
	tok := p.cur
	p.advance()
	switch tok.kind {
	case ftCustom:
		return p.parseCustom(tok, ctx)
	case ftRef:
		return p.parseRef(tok, ctx)
	case ftQualified:
		return p.parseQualified(tok, ctx)
	}
	return p.rules.directive(tok, ctx)
}

// parseCustom parses `custom<Name>(args...)`.
func (p *fmtParser) parseCustom(tok fmtToken, ctx fmtContext) *fmtElem {
	rest := func() *fmtElem {
		if !p.expect(ftLess, "expected '<' before custom directive name") {
			return nil
		}
		name := p.cur
		if !p.expect(ftIdentifier, "expected custom directive name identifier") ||
			!p.expect(ftGreater, "expected '>' after custom directive name") ||
			!p.expect(ftLParen, "expected '(' before custom directive parameters") {
			return nil
		}
		e := &fmtElem{kind: feCustom, start: tok.start, text: name.text}
		for {
			arg := p.parseElement(ctxCustom)
			if arg == nil {
				return nil
			}
			e.args = append(e.args, arg)
			if p.cur.kind != ftComma {
				break
			}
			p.advance()
		}
		if !p.expect(ftRParen, "expected ')' after custom directive parameters") {
			return nil
		}
		e.end = p.prev.end
		return e
	}
	if ctx != ctxTop && ctx != ctxStruct {
		return p.skipRest(tok.start, "ods-format-context", "`custom` can only be used at the top-level context or within a `struct` directive", func() bool { return rest() != nil })
	}
	e := rest()
	if e == nil {
		return nil
	}
	return p.rules.customArgs(e)
}

// parseRef parses `ref(...)`, which names inside a custom directive what
// was bound before.
func (p *fmtParser) parseRef(tok fmtToken, ctx fmtContext) *fmtElem {
	rest := func() *fmtElem {
		if !p.expect(ftLParen, "expected '(' before argument list") {
			return nil
		}
		arg := p.parseElement(ctxRef)
		if arg == nil || !p.expect(ftRParen, "expected ')' after argument list") {
			return nil
		}
		return &fmtElem{kind: feRef, start: tok.start, end: p.prev.end, args: []*fmtElem{arg}}
	}
	if ctx != ctxCustom {
		return p.skipRest(tok.start, "ods-format-context", "'ref' is only valid within a `custom` directive", func() bool { return rest() != nil })
	}
	return rest()
}

// parseQualified parses `qualified(...)`; it stands for its argument.
func (p *fmtParser) parseQualified(tok fmtToken, ctx fmtContext) *fmtElem {
	if !p.expect(ftLParen, "expected '(' before argument list") {
		return nil
	}
	e := p.parseElement(ctx)
	if e == nil {
		return nil
	}
	if e.kind != feInvalid {
		if why := p.rules.qualifyProblem(e); why != "" {
			// Cover the whole directive when its `)` is there.
			end := e.end
			if p.cur.kind == ftRParen {
				end = p.cur.end
			}
			e = p.semantic(tok.start, end, "ods-format-qualified", why)
		}
	}
	if !p.expect(ftRParen, "expected ')' after argument list") {
		return nil
	}
	return e
}
