package tablegen

import (
	"fmt"
	"strings"
)

// The recursive-descent productions. They build exactly the nodes the
// participle grammar in ast.go describes (a test checks both agree on the
// MLIR corpus) at a small fraction of the cost; see parser.go for why both
// exist. A production that fails panics with a syntaxFailure, which the
// statement driver turns into one diagnostic and a recovery.

type syntaxFailure struct {
	at      int // token index
	msg     string
	rng     Range // where to report, when not at the token (a missing ';')
	related []Related
}

func (p *stmtParser) failf(format string, args ...any) {
	panic(syntaxFailure{at: p.i, msg: fmt.Sprintf(format, args...)})
}

func (p *stmtParser) kind() TokenKind { return p.tok(p.i).Kind }

func (p *stmtParser) kindAt(off int) TokenKind { return p.tok(p.i + off).Kind }

// expect consumes a token of kind k or fails naming what it is for. A
// missing ';' or ',' is reported right after the previous token when the
// next token is on a later line: that is where it is missing.
func (p *stmtParser) expect(k TokenKind, context string) Token {
	t := p.peek()
	if t.Kind != k {
		msg := fmt.Sprintf("expected %s%s, found %s", k, context, t.Describe())
		if k == TokSemi || k == TokComma {
			p.failMissing(msg)
		}
		p.failf("%s", msg)
	}
	p.advance()
	return t
}

func (p *stmtParser) accept(k TokenKind) bool {
	if p.kind() == k {
		p.advance()
		return true
	}
	return false
}

func (p *stmtParser) ident(what string) *Ident {
	start := p.i
	t := p.peek()
	if t.Kind != TokIdent {
		if t.Kind.IsKeyword() {
			p.failf("expected %s, found keyword %s (keywords are reserved)", what, t.Kind)
		}
		p.failf("expected %s, found %s", what, t.Describe())
	}
	p.advance()
	id := alloc(&p.nodes.idents)
	*id = Ident{Node: p.node(start), Name: t.Text}
	return id
}

// rdSimple parses a statement without nested statements into the parser's
// scratch production, which the statement driver copies out at once (no
// statement nests another here, so one is enough).
func (p *stmtParser) rdSimple() *simpleStatement {
	s := &p.simple
	*s = simpleStatement{}
	switch p.kind() {
	case KwAssert:
		s.Assert = p.rdAssert()
	case KwClass:
		s.Class = p.rdClass()
	case KwDef:
		s.Def = p.rdDef()
	case KwDefm:
		s.Defm = p.rdDefm()
	case KwDeftype:
		s.Deftype = p.rdDeftype()
	case KwDefvar:
		s.Defvar = p.rdDefvar()
	case KwDump:
		s.Dump = p.rdDump()
	}
	return s
}

func (p *stmtParser) rdClass() *Class {
	start := p.i
	p.advance()
	c := alloc(&p.nodes.classes)
	c.Name = p.ident("a class name after 'class'")
	if p.kind() == TokLess {
		c.TemplateArgs = p.rdTemplateArgs()
	}
	c.Parents = p.rdParents()
	c.Body = p.rdBody("class")
	c.Node = p.node(start)
	return c
}

func (p *stmtParser) rdTemplateArgs() []*TemplateArg {
	open := p.i
	p.advance() // <
	var out []*TemplateArg
	for {
		start := p.i
		ta := alloc(&p.nodes.templateArgs)
		ta.Type = p.rdType("a template argument type")
		ta.Name = p.ident("a template argument name")
		if p.accept(TokEqual) {
			ta.Default = p.rdValue()
		}
		ta.Node = p.node(start)
		out = append(out, ta)
		if !p.accept(TokComma) {
			break
		}
	}
	if p.kind() != TokGreater {
		p.failUnclosed(open, "template argument list", fmt.Sprintf("expected ',' or '>' in the template argument list, found %s", p.peek().Describe()))
	}
	p.advance()
	return out
}

// failMissing fails for a missing terminator: at the end of the previous
// token when the next token is on a later line, else at the next token.
func (p *stmtParser) failMissing(msg string) {
	if p.i > 0 && p.onLaterLine(p.i) {
		end := p.tok(p.i - 1).End()
		panic(syntaxFailure{at: p.i, msg: msg, rng: Range{end, end}})
	}
	p.failf("%s", msg)
}

// onLaterLine reports whether token i starts on a later line than token i-1
// ends.
func (p *stmtParser) onLaterLine(i int) bool {
	prev, t := p.tok(i-1), p.tok(i)
	f := p.set.File(t.Pos)
	if f == nil || !f.Contains(prev.End()) {
		return true // a file boundary
	}
	between := f.Content[f.Offset(prev.End()):f.Offset(t.Pos)]
	for _, c := range between {
		if c == '\n' {
			return true
		}
	}
	return false
}

// failUnclosed fails inside a bracketed list, pointing back at its opening
// bracket through related information (messages carry no positions, so a
// diagnostic stays valid when an edit above it moves lines).
func (p *stmtParser) failUnclosed(open int, what, msg string) {
	panic(syntaxFailure{at: p.i, msg: msg,
		related: []Related{{Range: p.tok(open).Range(), Message: "the " + what + " starts here"}}})
}

func (p *stmtParser) rdParents() []*ClassRef {
	if !p.accept(TokColon) {
		return nil
	}
	var out []*ClassRef
	for {
		out = append(out, p.rdClassRef())
		if !p.accept(TokComma) {
			return out
		}
	}
}

func (p *stmtParser) rdClassRef() *ClassRef {
	start := p.i
	r := alloc(&p.nodes.classRefs)
	r.Name = p.ident("a class name")
	if p.accept(TokLess) {
		r.Args = p.rdArgs(true)
	}
	r.Node = p.node(start)
	return r
}

// rdArgs parses template arguments after '<' up to and including '>'.
func (p *stmtParser) rdArgs(trailingComma bool) []*Arg {
	open := p.i - 1
	var out []*Arg
	if p.accept(TokGreater) {
		return nil
	}
	for {
		a := alloc(&p.nodes.args)
		if p.kind() == TokIdent && p.kindAt(1) == TokEqual {
			a.Name = p.ident("an argument name")
			p.advance() // =
		}
		a.Value = p.rdValue()
		out = append(out, a)
		if !p.accept(TokComma) {
			break
		}
		if trailingComma && p.kind() == TokGreater {
			break
		}
	}
	if p.kind() != TokGreater {
		p.failUnclosed(open, "template argument list", fmt.Sprintf("expected ',' or '>' to close the template arguments, found %s", p.peek().Describe()))
	}
	p.advance()
	return out
}

func (p *stmtParser) rdBody(what string) *Body {
	start := p.i
	b := alloc(&p.nodes.bodies)
	switch p.kind() {
	case TokSemi:
		p.advance()
		b.Semi = true
	case TokLBrace:
		p.advance()
		for p.kind() != TokRBrace {
			if p.kind() == TokEOF {
				p.failf("expected '}' to close the body of this %s, found end of file", what)
			}
			b.Items = append(b.Items, p.rdBodyItem())
		}
		p.advance()
	default:
		p.failMissing(fmt.Sprintf("expected ';' or '{' to start the %s body, found %s", what, p.peek().Describe()))
	}
	b.Node = p.node(start)
	return b
}

func (p *stmtParser) rdBodyItem() *BodyItem {
	start := p.i
	it := alloc(&p.nodes.bodyItems)
	switch p.kind() {
	case KwLet:
		it.Let = p.rdBodyLet()
	case KwDefvar:
		it.Defvar = p.rdDefvar()
	case KwAssert:
		it.Assert = p.rdAssert()
	case KwDump:
		it.Dump = p.rdDump()
	case KwField, KwBit, KwBits, KwInt, KwString, KwDag, KwCode, KwList, TokIdent:
		it.Field = p.rdField()
	default:
		p.failf("expected a field declaration, 'let', 'defvar', 'assert' or 'dump' in the record body, found %s", p.peek().Describe())
	}
	it.Node = p.node(start)
	return it
}

func (p *stmtParser) rdField() *FieldDecl {
	start := p.i
	f := alloc(&p.nodes.fields)
	f.IsField = p.accept(KwField)
	f.Type = p.rdType("a field type")
	f.Name = p.ident("a field name")
	if p.accept(TokEqual) {
		f.Value = p.rdValue()
	}
	p.expect(TokSemi, " after the field declaration")
	f.Node = p.node(start)
	return f
}

func (p *stmtParser) rdBodyLet() *BodyLet {
	start := p.i
	p.advance()
	l := alloc(&p.nodes.bodyLets)
	l.Name = p.ident("a field name after 'let'")
	if p.accept(TokLBrace) {
		l.Bits = p.rdRangeList(TokRBrace)
	}
	p.expect(TokEqual, " after the field name in 'let'")
	l.Value = p.rdValue()
	p.expect(TokSemi, " after the 'let' value")
	l.Node = p.node(start)
	return l
}

// rdRangeList parses range pieces up to and including the closing token.
func (p *stmtParser) rdRangeList(close TokenKind) []*RangePiece {
	var out []*RangePiece
	for {
		out = append(out, p.rdRangePiece())
		if !p.accept(TokComma) {
			break
		}
	}
	p.expect(close, " to close the range list")
	return out
}

func (p *stmtParser) rdRangePiece() *RangePiece {
	start := p.i
	r := alloc(&p.nodes.rangePieces)
	r.Start = p.expect(TokInt, " in a range").Text
	switch {
	case p.kind() == TokEllipsis || p.kind() == TokMinus:
		r.Sep = p.peek().Text
		p.advance()
		r.End = p.expect(TokInt, " to end the range").Text
	case p.kind() == TokInt && strings.HasPrefix(p.peek().Text, "-"):
		r.End = p.peek().Text
		p.advance()
	}
	r.Node = p.node(start)
	return r
}

func (p *stmtParser) rdDef() *Def {
	start := p.i
	p.advance()
	d := alloc(&p.nodes.defs)
	switch p.kind() {
	case TokColon, TokSemi, TokLBrace:
	default:
		d.Name = p.rdNameValue()
	}
	d.Parents = p.rdParents()
	d.Body = p.rdBody("def")
	d.Node = p.node(start)
	return d
}

func (p *stmtParser) rdDefm() *Defm {
	start := p.i
	p.advance()
	d := alloc(&p.nodes.defms)
	if p.kind() != TokColon {
		d.Name = p.rdNameValue()
	}
	p.expect(TokColon, " after the defm name")
	for {
		d.Parents = append(d.Parents, p.rdClassRef())
		if !p.accept(TokComma) {
			break
		}
	}
	p.expect(TokSemi, " after the defm parent list")
	d.Node = p.node(start)
	return d
}

func (p *stmtParser) rdDeftype() *Deftype {
	start := p.i
	p.advance()
	d := alloc(&p.nodes.deftypes)
	d.Name = p.ident("a type name after 'deftype'")
	p.expect(TokEqual, " after the deftype name")
	d.Type = p.rdType("a type")
	p.expect(TokSemi, " after the deftype")
	d.Node = p.node(start)
	return d
}

func (p *stmtParser) rdDefvar() *Defvar {
	start := p.i
	p.advance()
	d := alloc(&p.nodes.defvars)
	d.Name = p.ident("a variable name after 'defvar'")
	p.expect(TokEqual, " after the defvar name")
	d.Value = p.rdValue()
	p.expect(TokSemi, " after the defvar value")
	d.Node = p.node(start)
	return d
}

func (p *stmtParser) rdDump() *Dump {
	start := p.i
	p.advance()
	d := alloc(&p.nodes.dumps)
	d.Value = p.rdValue()
	p.expect(TokSemi, " after the dump value")
	d.Node = p.node(start)
	return d
}

func (p *stmtParser) rdAssert() *Assert {
	start := p.i
	p.advance()
	a := alloc(&p.nodes.asserts)
	a.Cond = p.rdValue()
	p.expect(TokComma, " between the assert condition and message")
	a.Message = p.rdValue()
	p.expect(TokSemi, " after the assert message")
	a.Node = p.node(start)
	return a
}

func (p *stmtParser) rdLetHeader() *LetHeader {
	start := p.i
	p.advance()
	h := alloc(&p.nodes.letHeaders)
	for {
		is := p.i
		it := alloc(&p.nodes.letItems)
		it.Name = p.ident("a field name after 'let'")
		if p.accept(TokLess) {
			it.Bits = p.rdRangeList(TokGreater)
		}
		p.expect(TokEqual, " after the field name in 'let'")
		it.Value = p.rdValue()
		it.Node = p.node(is)
		h.Items = append(h.Items, it)
		if !p.accept(TokComma) {
			break
		}
	}
	p.expect(KwIn, " after the top-level 'let' items (a 'let' outside a record body needs 'in')")
	h.Node = p.node(start)
	return h
}

func (p *stmtParser) rdForeachHeader() *ForeachHeader {
	start := p.i
	p.advance()
	h := alloc(&p.nodes.foreachHeads)
	h.Name = p.ident("an iteration variable after 'foreach'")
	p.expect(TokEqual, " after the foreach variable")
	switch p.kind() {
	case TokLBrace:
		p.advance()
		h.Ranges = p.rdRangeList(TokRBrace)
	case TokInt:
		h.Range = p.rdRangePiece()
	default:
		h.List = p.rdValue()
	}
	p.expect(KwIn, " after the foreach range")
	h.Node = p.node(start)
	return h
}

func (p *stmtParser) rdIfHeader() *IfHeader {
	start := p.i
	p.advance()
	h := alloc(&p.nodes.ifHeaders)
	h.Cond = p.rdValue()
	p.expect(KwThen, " after the 'if' condition")
	h.Node = p.node(start)
	return h
}

func (p *stmtParser) rdMultiClassHeader() *MultiClassHeader {
	start := p.i
	p.advance()
	h := alloc(&p.nodes.multiHeaders)
	h.Name = p.ident("a multiclass name")
	if p.kind() == TokLess {
		h.TemplateArgs = p.rdTemplateArgs()
	}
	if p.accept(TokColon) {
		for {
			h.Parents = append(h.Parents, p.rdClassRef())
			if !p.accept(TokComma) {
				break
			}
		}
	}
	h.Node = p.node(start)
	return h
}

func (p *stmtParser) rdDefsetHeader() *DefsetHeader {
	start := p.i
	p.advance()
	h := alloc(&p.nodes.defsetHeads)
	h.Type = p.rdType("a list type after 'defset'")
	h.Name = p.ident("a defset name")
	p.expect(TokEqual, " after the defset name")
	h.Node = p.node(start)
	return h
}

func (p *stmtParser) rdType(what string) *Type {
	start := p.i
	t := alloc(&p.nodes.types)
	switch p.kind() {
	case KwBit, KwInt, KwString, KwDag, KwCode:
		t.Prim = p.peek().Text
		p.advance()
	case KwBits:
		p.advance()
		p.expect(TokLess, " after 'bits'")
		t.Bits = p.expect(TokInt, " as the width of 'bits<N>'").Text
		p.expect(TokGreater, " to close 'bits<N>'")
	case KwList:
		p.advance()
		p.expect(TokLess, " after 'list'")
		t.List = p.rdType("an element type")
		p.expect(TokGreater, " to close 'list<T>'")
	case TokIdent:
		t.Class = p.ident("a type")
	default:
		p.failf("expected %s (bit, bits<N>, int, string, dag, code, list<T> or a class name), found %s", what, p.peek().Describe())
	}
	t.Node = p.node(start)
	return t
}

// pasteOperandFollows reports whether an operand follows '#': LLVM treats
// ':', ';' and '{' after '#' as the end of the value (a trailing paste).
func (p *stmtParser) pasteOperandFollows() bool {
	switch p.kind() {
	case TokColon, TokSemi, TokLBrace:
		return false
	}
	return true
}

// rdValue parses a value. (Record names use rdNameValue: in LLVM's name
// mode '{' starts the record body rather than a bit slice.)
// valueNodes are a value (its operand inline) and its simple value,
// allocated together: values are the most numerous nodes, and nearly every
// one is a single operand. (One allocation instead of three: an eighth of a
// check's allocations.)
type valueNodes struct {
	value  Value
	simple SimpleValue
}

// operandNodes are an operand and its simple value, allocated together.
type operandNodes struct {
	suffixed SuffixedValue
	simple   SimpleValue
}

// nameOperandNodes are a record name's operand and its simple value,
// allocated together.
type nameOperandNodes struct {
	operand NameOperand
	simple  SimpleValue
}

func (p *stmtParser) rdValue() *Value {
	n := alloc(&p.nodes.values)
	v := &n.value
	p.rdSuffixedInto(&v.Operand, &n.simple)
	for p.kind() == TokPaste {
		ps := p.i
		p.advance()
		pa := alloc(&p.nodes.pastes)
		if p.pasteOperandFollows() {
			o := alloc(&p.nodes.operands)
			pa.Operand = p.rdSuffixedInto(&o.suffixed, &o.simple)
		}
		pa.Node = p.node(ps)
		if v.Pasted == nil {
			v.Pasted = alloc(&p.nodes.pasteLists)
		}
		v.Pasted.Pastes = append(v.Pasted.Pastes, pa)
	}
	return v
}

// rdSuffixedInto parses an operand into sv, its simple value into simple
// (fresh nodes allocated together).
func (p *stmtParser) rdSuffixedInto(sv *SuffixedValue, simple *SimpleValue) *SuffixedValue {
	// The first access to the fresh nodes is a store, which also serves as
	// their nil check. Were it a load (the compiler's nil check), the kernel
	// would map the zero page for a fresh heap page and copy it at the first
	// store: two faults and a TLB flush instead of one fault, for most pages
	// of values (a sixth of the page faults of parsing).
	sv.Simple = simple
	sv.Simple = p.rdSimpleValue(simple)
	for sf := p.rdSuffix(); sf != nil; sf = p.rdSuffix() {
		sv.AddSuffix(sf)
	}
	return sv
}

// rdSuffix parses a suffix of a value, or returns nil when none follows
// (most values have none, so nothing is allocated then).
func (p *stmtParser) rdSuffix() *Suffix {
	start := p.i
	switch p.kind() {
	case TokLBrace:
		// A bit slice holds integers; any other '{' after a value belongs
		// to what follows (typically a record body after an unclosed '<'),
		// and the error is better reported there.
		if p.kindAt(1) != TokInt {
			return nil
		}
	case TokLSquare, TokDot:
	default:
		return nil
	}
	sf := alloc(&p.nodes.suffixes)
	switch p.kind() {
	case TokLBrace:
		p.advance()
		sf.Bits = p.rdRangeList(TokRBrace)
	case TokLSquare:
		p.advance()
		sf.Slice, sf.TrailingComma = p.rdSlice()
	case TokDot:
		p.advance()
		sf.Field = p.ident("a field name after '.'")
	}
	sf.Node = p.node(start)
	return sf
}

// rdSlice parses slice elements after '[' up to and including ']', and
// whether a comma trails the last element.
func (p *stmtParser) rdSlice() (out []*SliceElem, trailingComma bool) {
	for {
		start := p.i
		e := alloc(&p.nodes.sliceElems)
		e.Start = p.rdValue()
		switch {
		case p.kind() == TokEllipsis || p.kind() == TokMinus:
			e.Sep = p.peek().Text
			p.advance()
			e.End = p.rdValue()
		case p.kind() == TokInt && strings.HasPrefix(p.peek().Text, "-"):
			e.End = p.rdValue()
		}
		e.Node = p.node(start)
		out = append(out, e)
		if !p.accept(TokComma) {
			break
		}
		if p.kind() == TokRSquare {
			trailingComma = true
			break
		}
	}
	p.expect(TokRSquare, " to close the slice")
	return out, trailingComma
}

func (p *stmtParser) rdNameValue() *NameValue {
	v := alloc(&p.nodes.nameValues)
	v.Operand = p.rdNameOperand()
	for p.kind() == TokPaste {
		ps := p.i
		p.advance()
		pa := alloc(&p.nodes.namePastes)
		if p.pasteOperandFollows() {
			pa.Operand = p.rdNameOperand()
		}
		pa.Node = p.node(ps)
		if v.Pasted == nil {
			v.Pasted = alloc(&p.nodes.namePasteLists)
		}
		v.Pasted.Pastes = append(v.Pasted.Pastes, pa)
	}
	return v
}

func (p *stmtParser) rdNameOperand() *NameOperand {
	n := alloc(&p.nodes.nameOperands)
	o := &n.operand
	o.Simple = p.rdSimpleValue(&n.simple)
	for p.kind() == TokLSquare || p.kind() == TokDot {
		ss := p.i
		sf := alloc(&p.nodes.nameSuffixes)
		if p.kind() == TokLSquare {
			p.advance()
			sf.Slice, sf.TrailingComma = p.rdSlice()
		} else {
			p.advance()
			sf.Field = p.ident("a field name after '.'")
		}
		sf.Node = p.node(ss)
		if o.Suffixed == nil {
			o.Suffixed = &NameSuffixList{}
		}
		o.Suffixed.Suffixes = append(o.Suffixed.Suffixes, sf)
	}
	return o
}

// rdSimpleValue parses a simple value into sv.
func (p *stmtParser) rdSimpleValue(sv *SimpleValue) *SimpleValue {
	start := p.i
	t := p.peek()
	switch t.Kind {
	case TokInt, TokBinary, TokCode, KwTrue, KwFalse, TokQuestion:
		sv.Literal = t.Text
		p.advance()
	case TokString:
		p.advance()
		if p.kind() != TokString {
			sv.Literal = t.Text
			break
		}
		a := alloc(&p.nodes.strings)
		a.Pieces = []string{t.Text}
		for p.kind() == TokString {
			a.Pieces = append(a.Pieces, p.peek().Text)
			p.advance()
		}
		a.Node = p.node(start)
		sv.Expr = a
	case TokLBrace:
		sv.Expr = p.rdBitsInit()
	case TokLSquare:
		sv.Expr = p.rdListInit()
	case TokLParen:
		sv.Expr = p.rdDagInit()
	case TokBang:
		sv.Expr = p.rdBangOp()
	case TokIdent:
		if p.kindAt(1) == TokLess {
			sv.Expr = p.rdClassInst()
		} else {
			sv.Expr = p.ident("a value")
		}
	default:
		p.failf("expected a value, found %s", t.Describe())
	}
	sv.Node = p.node(start)
	return sv
}

// rdValueList parses values separated by commas, with an optional trailing
// comma, up to and including close.
func (p *stmtParser) rdValueList(close TokenKind, what string) []*Value {
	open := p.i - 1
	var out []*Value
	for p.kind() != close {
		out = append(out, p.rdValue())
		if !p.accept(TokComma) {
			break
		}
	}
	if p.kind() != close {
		p.failUnclosed(open, what, fmt.Sprintf("expected ',' or %s in the %s, found %s", close, what, p.peek().Describe()))
	}
	p.advance()
	return out
}

func (p *stmtParser) rdBitsInit() *BitsInit {
	start := p.i
	p.advance()
	b := alloc(&p.nodes.bitsInits)
	b.Values = p.rdValueList(TokRBrace, "bits value")
	b.Node = p.node(start)
	return b
}

func (p *stmtParser) rdListInit() *ListInit {
	start := p.i
	p.advance()
	l := alloc(&p.nodes.listInits)
	l.Values = p.rdValueList(TokRSquare, "list")
	if p.kind() == TokLess {
		p.advance()
		l.ElemType = p.rdType("a list element type")
		p.expect(TokGreater, " to close the list element type")
	}
	l.Node = p.node(start)
	return l
}

func (p *stmtParser) rdDagInit() *DagInit {
	start := p.i
	p.advance()
	d := alloc(&p.nodes.dagInits)
	d.Operator = p.rdDagArg()
	if p.kind() != TokRParen {
		for {
			d.Args = append(d.Args, p.rdDagArg())
			if !p.accept(TokComma) {
				break
			}
		}
	}
	if p.kind() != TokRParen {
		p.failUnclosed(start, "dag", fmt.Sprintf("expected ',' or ')' in the dag, found %s", p.peek().Describe()))
	}
	p.advance()
	d.Node = p.node(start)
	return d
}

func (p *stmtParser) rdDagArg() *DagArg {
	start := p.i
	a := alloc(&p.nodes.dagArgs)
	if p.kind() == TokVarName {
		a.Bare = p.rdVarName()
	} else {
		a.Value = p.rdValue()
		if p.accept(TokColon) {
			a.Name = p.rdVarName()
		}
	}
	a.Node = p.node(start)
	return a
}

func (p *stmtParser) rdVarName() *VarName {
	start := p.i
	t := p.expect(TokVarName, "")
	v := alloc(&p.nodes.varNames)
	*v = VarName{Node: p.node(start), Name: t.Text}
	return v
}

func (p *stmtParser) rdBangOp() *BangOp {
	start := p.i
	b := alloc(&p.nodes.bangOps)
	b.Op = p.peek().Text
	p.advance()
	if p.accept(TokLess) {
		b.Type = p.rdType("a type")
		p.expect(TokGreater, " to close the operator's type")
	}
	p.expect(TokLParen, " after "+b.Op)
	if !p.accept(TokRParen) {
		for {
			as := p.i
			a := alloc(&p.nodes.bangArgs)
			a.Value = p.rdValue()
			if p.accept(TokColon) {
				a.Then = p.rdValue()
			}
			a.Node = p.node(as)
			b.Args = append(b.Args, a)
			if !p.accept(TokComma) {
				break
			}
		}
		if p.kind() != TokRParen {
			p.failf("expected ',' or ')' in the arguments of %s, found %s", b.Op, p.peek().Describe())
		}
		p.advance()
	}
	b.Node = p.node(start)
	return b
}

func (p *stmtParser) rdClassInst() *ClassInst {
	start := p.i
	c := alloc(&p.nodes.classInsts)
	c.Class = p.ident("a class name")
	p.advance() // <
	c.Args = p.rdArgs(false)
	c.Node = p.node(start)
	return c
}
