package tablegen

import (
	"errors"
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar of TableGen is written once, as participle productions (the
// tags in ast.go; see grammar.go). Parsing the MLIR corpus with participle
// measured 124 ms for NVVMOps.td's include closure against 70 ms for the
// whole llvm-tblgen process that parses and evaluates it (and 85 ms vs 10 ms
// for LLVMOps.td), so the production parser is the recursive descent in
// descent.go, which builds the identical AST; participle remains the
// reference it is tested against (ParseReference).
//
// This file is the statement driver shared by both: it parses one statement
// at a time so that a syntax error costs only the statement it is in. Block
// statements (let/foreach/if/multiclass/defset) are a header production plus
// a body parsed statement by statement, so an error inside a block costs only
// the inner statement.

// MaxNesting bounds bracket nesting inside one statement. Deeper input is
// reported and skipped rather than recursed into.
const MaxNesting = 512

// ParseResult is the AST of a translation unit.
type ParseResult struct {
	Statements []*Statement
	Diags      Diagnostics
	// Passes are the turns of the top-level loop, in order: what an
	// incremental reparse may take over from this result.
	Passes []Pass
	// Deep reports brackets nested past MaxNesting: their collapse depends
	// on the whole token stream, so no pass can be taken over alone.
	Deep bool
}

// Pass is one turn of the parser's top-level loop: one statement, or the
// tokens skipped after an error or a stray '}'. A pass depends on nothing
// but the tokens from From to Seen (and the text between them): parsed
// again at the same tokens it gives the same statement and diagnostics.
type Pass struct {
	From, To int // token indices: where it starts, where the next pass starts
	Seen     int // one past the last token it looked at
	Stmt     int // index of its statement in Statements, or -1
	Diags    Diagnostics
}

// Parse parses a translation unit's tokens (as LexUnit produced them). The
// source set is used for line starts in recovery and in messages.
func Parse(set *SourceSet, toks []Token) *ParseResult {
	return newStmtParser(set, toks).parseAll()
}

// ParseOrStop parses toks as Parse does, unless stop, asked between
// top-level statements (every few of them), says to give up: ok is false
// then, and the result is not the file's. A file of a million statements
// takes seconds to parse, and the edit that superseded it need not wait.
func ParseOrStop(set *SourceSet, toks []Token, stop func() bool) (res *ParseResult, ok bool) {
	p := newStmtParser(set, toks)
	p.diags = append(p.diags, BangDiagnostics(p.toks)...)
	return p.parseOrStop(stop)
}

// ParseListOrStop is ParseOrStop on tokens held in a list, which it
// reads in place.
func ParseListOrStop(set *SourceSet, list TokenList, stop func() bool) (res *ParseResult, ok bool) {
	if NestsTooDeep(list) {
		return ParseOrStop(set, list.Tokens(0, list.Len()), stop)
	}
	if parts := partsFor(list.Len()); parts > 1 {
		return parseInParts(set, list, partStarts(list, parts), stop)
	}
	p := &stmtParser{set: set, tlist: list, listed: true}
	p.diags = BangDiagnosticsIn(list)
	return p.parseOrStop(stop)
}

func (p *stmtParser) parseOrStop(stop func() bool) (res *ParseResult, ok bool) {
	stopped, n := false, 0
	p.stop = func(int) bool {
		if n++; n%stopCheckEvery == 0 && stop() {
			stopped = true
		}
		return stopped
	}
	stmts := p.list(false)
	return p.result(stmts), !stopped
}

// stopCheckEvery is how many top-level statements ParseOrStop parses
// between two questions to stop.
const stopCheckEvery = 1024

// ParseUntil parses toks as Parse does, but stops at the first top-level
// statement boundary i > 0 for which stop(i) holds, and returns it (the
// index of the EOF token when it reached the end). Unknown-operator
// diagnostics are left out (see BangDiagnostics): the caller knows which
// tokens it parsed.
func ParseUntil(set *SourceSet, toks []Token, stop func(i int) bool) (*ParseResult, int) {
	p := newStmtParser(set, toks)
	p.stop = stop
	stmts := p.list(false)
	return p.result(stmts), p.i
}

// BangDiagnostics reports the unknown !operators among toks (the grammar
// accepts any name, so the statement is kept).
func BangDiagnostics(toks []Token) Diagnostics {
	var ds Diagnostics
	for _, t := range toks {
		checkBang(t, &ds)
	}
	return ds
}

// BangDiagnosticsIn is BangDiagnostics of the tokens of l.
func BangDiagnosticsIn(l TokenList) Diagnostics {
	var ds Diagnostics
	for i := range l.Len() {
		if l.Kind(i) == TokBang {
			checkBang(l.At(i), &ds)
		}
	}
	return ds
}

func checkBang(t Token, ds *Diagnostics) {
	if t.Kind == TokBang {
		if _, ok := BangOperators[t.Text[1:]]; !ok {
			ds.errorAt(t.Range(), "syntax-bang", UnknownBang(t.Text))
		}
	}
}

// NestsTooDeep reports whether the tokens of l nest brackets past
// MaxNesting, as the parser counts them.
func NestsTooDeep(l TokenList) bool {
	depth := 0
	for i := range l.Len() {
		switch l.Kind(i) {
		case TokLParen, TokLSquare, TokLBrace, TokLess:
			if depth++; depth > MaxNesting {
				return true
			}
		case TokRParen, TokRSquare, TokRBrace, TokGreater:
			if depth > 0 {
				depth--
			}
		}
	}
	return false
}

// ParseReference parses with the participle grammar instead of the
// recursive descent. It exists to check that both agree.
func ParseReference(set *SourceSet, toks []Token) *ParseResult {
	grammarOnce.Do(buildGrammar)
	p := newStmtParser(set, toks)
	p.ref = newReferenceLexer(p.toks)
	return p.parseAll()
}

func newStmtParser(set *SourceSet, toks []Token) *stmtParser {
	p := &stmtParser{set: set}
	p.toks = p.collapseDeepNesting(toks)
	return p
}

func (p *stmtParser) parseAll() *ParseResult {
	p.diags = append(p.diags, BangDiagnostics(p.toks)...)
	stmts := p.list(false)
	return p.result(stmts)
}

// result makes the parse's result, giving each pass its diagnostics.
func (p *stmtParser) result(stmts []*Statement) *ParseResult {
	res := &ParseResult{Statements: stmts, Diags: p.diags, Passes: make([]Pass, len(p.passes)), Deep: p.deep}
	for k, ps := range p.passes {
		res.Passes[k] = Pass{From: int(ps.from), To: int(ps.to), Seen: int(ps.seen), Stmt: int(ps.stmt), Diags: p.diags[ps.diagFrom:ps.diagTo:ps.diagTo]}
	}
	return res
}

type stmtParser struct {
	set *SourceSet
	// toks are the tokens from index base on: all of them, or when
	// streaming (stream.go) those from just before the statement at hand,
	// more being lexed as the parser asks for them.
	toks   []Token
	tlist  TokenList // instead of toks when listed (ParseListOrStop)
	listed bool
	base   int
	stream *tokenStream // nil unless streaming
	i      int          // cursor
	far    int          // the furthest the cursor has been in this pass
	diags  Diagnostics
	ref    *lexer.PeekingLexer // non-nil in reference (participle) mode
	passes []passMark
	deep   bool
	stop   func(i int) bool // ParseUntil's
	simple simpleStatement  // rdSimple's result, copied out by statement
	nodes  nodeArena        // where the nodes come from (arena.go)
}

// passMark records a pass while diagnostics still grow (in 32 bits: a
// large file's parse holds a million of them).
type passMark struct {
	from, to, seen, stmt int32
	diagFrom, diagTo     int32
}

// moveTo sets the cursor, keeping track of how far the pass looked.
func (p *stmtParser) moveTo(i int) {
	p.i = i
	if i > p.far {
		p.far = i
	}
}

// node builds a Node spanning tokens [start, cursor): from the start of the
// first to the end of the token before the cursor.
func (p *stmtParser) node(start int) Node {
	n := Node{From: p.tok(start).Pos}
	if p.i > 0 {
		n.To = p.tok(p.i - 1).End()
	}
	return n
}

// tok returns the token at index i; past the last token, an EOF token.
func (p *stmtParser) tok(i int) Token {
	j := i - p.base
	if p.listed {
		if j < p.tlist.Len() {
			return p.tlist.At(j)
		}
		return Token{Kind: TokEOF}
	}
	if j < len(p.toks) {
		return p.toks[j]
	}
	return p.pull(i)
}

// held is the number of tokens the parser holds (from index base on).
func (p *stmtParser) held() int {
	if p.listed {
		return p.tlist.Len()
	}
	return len(p.toks)
}

// last reports whether i is the index of the last token, the unit's EOF,
// or past it.
func (p *stmtParser) last(i int) bool {
	p.tok(i)
	return p.lexed() && i-p.base >= p.held()-1
}

func (p *stmtParser) at() int     { return p.i }
func (p *stmtParser) peek() Token { return p.tok(p.i) }

func (p *stmtParser) advance() {
	if !p.last(p.i) {
		p.moveTo(p.i + 1)
	}
}

// collapseDeepNesting turns every run of tokens nested deeper than
// MaxNesting into error tokens (indices are kept), reporting each run once.
func (p *stmtParser) collapseDeepNesting(toks []Token) []Token {
	var n nesting
	copied := false
	for i := range toks {
		t := toks[i]
		deep := n.apply(&t, i == len(toks)-1)
		if !deep && t.Kind == toks[i].Kind {
			continue
		}
		if !copied {
			toks = append([]Token(nil), toks...)
			copied, p.deep = true, true
		}
		if deep {
			reportDeep(t, &p.diags)
		}
		toks[i] = t
	}
	return toks
}

// nesting follows the depth of brackets through a token stream, and turns
// each run of tokens nested deeper than MaxNesting into error tokens: from
// the token that goes too deep to the one before the token that closes its
// bracket.
type nesting struct {
	depth int
	run   int // brackets open in the run being marked; 0 outside one
}

// apply takes the next token, last when it ends the stream, and marks it;
// it reports whether the token starts a run.
func (n *nesting) apply(t *Token, last bool) bool {
	d := 0
	switch t.Kind {
	case TokLParen, TokLSquare, TokLBrace, TokLess:
		d = 1
	case TokRParen, TokRSquare, TokRBrace, TokGreater:
		d = -1
	}
	if n.run > 0 {
		// The closing token and the end of the stream stay as they are.
		if n.run += d; n.run > 0 && !last {
			t.Kind = TokError
		}
		return false
	}
	n.depth = max(n.depth+d, 0)
	if n.depth <= MaxNesting {
		return false
	}
	n.depth, n.run = MaxNesting, 1
	if !last {
		t.Kind = TokError
	}
	return true
}

func reportDeep(t Token, ds *Diagnostics) {
	ds.errorAt(t.Range(), "syntax-nesting",
		fmt.Sprintf("brackets nested deeper than %d levels; the statement is skipped", MaxNesting))
}

// list parses statements until end of input, or until '}' when braced. At
// the top level each turn is recorded as a pass.
func (p *stmtParser) list(braced bool) []*Statement {
	var out []*Statement
	for {
		t := p.peek()
		if t.Kind == TokEOF || braced && t.Kind == TokRBrace {
			return out
		}
		if !braced && p.stop != nil && p.i > 0 && p.stop(p.i) {
			return out
		}
		mark := passMark{from: int32(p.i), stmt: -1, diagFrom: int32(len(p.diags))}
		p.far = p.i
		if st := p.turn(); st != nil {
			out = append(out, st)
			mark.stmt = int32(len(out) - 1)
		}
		if !braced {
			// The cursor looked one token ahead of where it went.
			mark.to, mark.seen, mark.diagTo = int32(p.i), int32(min(p.far+2, p.held())), int32(len(p.diags))
			p.passes = append(p.passes, mark)
		}
	}
}

// turn is one turn of a statement loop: a statement, or a stray '}'
// reported and skipped (nil).
func (p *stmtParser) turn() *Statement {
	if t := p.peek(); t.Kind == TokRBrace {
		p.diags.errorAt(t.Range(), "syntax-unexpected", "unexpected '}' outside any block")
		p.advance()
		return nil
	}
	return p.statement()
}

// produce runs one production at the cursor: the descent function, or in
// reference mode the participle parser. On failure it reports the error,
// recovers, and returns false.
func produce[P any](p *stmtParser, start int, descent func() *P, ref *participle.Parser[P]) (out *P, ok bool) {
	if p.ref != nil {
		if p.i > int(p.ref.RawCursor()) {
			p.ref.FastForward(lexer.RawCursor(p.i - 1))
		}
		v, err := ref.ParseFromLexer(p.ref, participle.AllowTrailing(true))
		if err != nil {
			p.participleError(err, start)
			return nil, false
		}
		p.moveTo(int(p.ref.RawCursor()))
		return v, true
	}
	defer func() {
		if r := recover(); r != nil {
			f, isFailure := r.(syntaxFailure)
			if !isFailure {
				panic(r)
			}
			if f.rng != (Range{}) {
				p.diags.errorAt(f.rng, "syntax-expected", f.msg, f.related...)
			} else {
				p.report(f.at, f.msg, f.related...)
			}
			p.recover(start, f.at)
			out, ok = nil, false
		}
	}()
	return descent(), true
}

func (p *stmtParser) report(at int, msg string, related ...Related) {
	if t := p.tok(at); t.Kind != TokError { // lexical errors are already reported
		p.diags.errorAt(t.Range(), "syntax-expected", msg, related...)
	}
}

func (p *stmtParser) statement() *Statement {
	start := p.i
	st := alloc(&p.nodes.statements)
	switch p.peek().Kind {
	case KwLet:
		h, ok := produce(p, start, p.rdLetHeader, letParser)
		if !ok {
			return nil
		}
		l := alloc(&p.nodes.lets)
		l.Header, l.Body = h, p.block()
		l.Node = p.node(start)
		st.node = l
	case KwForeach:
		h, ok := produce(p, start, p.rdForeachHeader, foreachParser)
		if !ok {
			return nil
		}
		f := alloc(&p.nodes.foreachs)
		f.Header, f.Body = h, p.block()
		f.Node = p.node(start)
		st.node = f
	case KwIf:
		h, ok := produce(p, start, p.rdIfHeader, ifParser)
		if !ok {
			return nil
		}
		i := alloc(&p.nodes.ifs)
		i.Header, i.Then = h, p.block()
		if p.peek().Kind == KwElse {
			p.advance()
			i.Else = p.block()
		}
		i.Node = p.node(start)
		st.node = i
	case KwMulticlass:
		h, ok := produce(p, start, p.rdMultiClassHeader, multiclassParser)
		if !ok {
			return nil
		}
		// A multiclass that inherits may end at a ';' and define no more
		// than its parents (LLVM's ParseMultiClass): it has no body.
		var body *Block
		if len(h.Parents) > 0 && p.kind() == TokSemi {
			p.advance()
		} else {
			// An empty body (not one whose statements all fail to parse)
			// LLVM's ParseMultiClass rejects: the multiclass is dropped.
			empty := p.kind() == TokLBrace && p.kindAt(1) == TokRBrace
			if empty {
				p.diags.errorAt(p.tok(p.i+1).Range(), "syntax-expected", "multiclass must contain at least one def")
			}
			if body, ok = p.bracedBlock("multiclass"); !ok || empty {
				return nil
			}
		}
		m := alloc(&p.nodes.multis)
		m.Header, m.Body = h, body
		m.Node = p.node(start)
		st.node = m
	case KwDefset:
		h, ok := produce(p, start, p.rdDefsetHeader, defsetParser)
		if !ok {
			return nil
		}
		body, ok := p.bracedBlock("defset")
		if !ok {
			return nil
		}
		d := alloc(&p.nodes.defsets)
		d.Header, d.Body = h, body
		d.Node = p.node(start)
		st.node = d
	case KwClass, KwDef, KwDefm, KwDeftype, KwDefvar, KwDump, KwAssert:
		s, ok := produce(p, start, p.rdSimple, simpleParser)
		if !ok {
			return nil
		}
		st.node = s.node()
	default:
		t := p.peek()
		if t.Kind != TokError {
			p.diags.errorAt(t.Range(), "syntax-statement",
				fmt.Sprintf("expected a statement (class, def, defm, defset, deftype, defvar, foreach, if, let, multiclass, assert, dump), found %s", t.Describe()))
		}
		p.recover(start, start)
		return nil
	}
	st.Node = p.node(start)
	return st
}

// block parses a braced statement list or a single statement.
func (p *stmtParser) block() *Block {
	start := p.i
	if p.peek().Kind == TokLBrace {
		b, _ := p.bracedBlock("block")
		return b
	}
	b := alloc(&p.nodes.blocks)
	if st := p.statement(); st != nil {
		b.Statements = []*Statement{st}
	}
	b.Node = p.node(start)
	return b
}

// bracedBlock parses `{ statements }`.
func (p *stmtParser) bracedBlock(what string) (*Block, bool) {
	start := p.i
	open := p.peek()
	if open.Kind != TokLBrace {
		if open.Kind != TokError {
			p.diags.errorAt(open.Range(), "syntax-expected", fmt.Sprintf("expected '{' to start the %s body, found %s", what, open.Describe()))
		}
		p.recover(start, start)
		return nil, false
	}
	p.advance()
	b := alloc(&p.nodes.blocks)
	b.Braced, b.Statements = true, p.list(true)
	if cl := p.peek(); cl.Kind == TokRBrace {
		p.advance()
	} else {
		p.diags.errorAt(cl.Range(), "syntax-expected", fmt.Sprintf("expected '}' to close the %s", what),
			Related{Range: open.Range(), Message: "the " + what + " was opened here"})
	}
	b.Node = p.node(start)
	return b, true
}

// Keywords that start a statement, and those that never occur inside a
// record body.
func isStatementKeyword(k TokenKind) bool {
	switch k {
	case KwClass, KwDef, KwDefm, KwDefset, KwDeftype, KwDefvar, KwDump, KwAssert,
		KwForeach, KwIf, KwLet, KwMulticlass:
		return true
	}
	return false
}

func isDefinitionKeyword(k TokenKind) bool {
	switch k {
	case KwClass, KwDef, KwDefm, KwDefset, KwDeftype, KwMulticlass, KwForeach:
		return true
	}
	return false
}

// recover skips from the failed statement to the next statement keyword at
// the statement's brace depth, to the '}' closing the enclosing block, or to
// a definition keyword at the start of a line (so an unclosed '{' does not
// swallow the rest of the file).
func (p *stmtParser) recover(start, errAt int) {
	i := errAt
	if i <= start {
		i = start + 1
	}
	depth := 0
	for k := start; k < i; k++ {
		switch p.tok(k).Kind {
		case TokLBrace:
			depth++
		case TokRBrace:
			depth--
		}
	}
	for ; !p.last(i); i++ {
		t := p.tok(i)
		switch {
		case t.Kind == TokLBrace:
			depth++
		case t.Kind == TokRBrace:
			if depth <= 0 {
				p.moveTo(i)
				return
			}
			depth--
		case depth <= 0 && isStatementKeyword(t.Kind):
			p.moveTo(i)
			return
		case depth > 0 && isDefinitionKeyword(t.Kind) && p.atLineStart(t):
			p.moveTo(i)
			return
		}
	}
	p.moveTo(min(i, p.base+p.held()-1))
}

// atLineStart reports whether t is the first thing on its line, in column 1.
func (p *stmtParser) atLineStart(t Token) bool {
	f := p.set.File(t.Pos)
	if f == nil {
		return false
	}
	off := f.Offset(t.Pos)
	return off == 0 || f.Content[off-1] == '\n'
}

// participleError reports a participle error (reference mode) and recovers.
func (p *stmtParser) participleError(err error, start int) {
	var perr participle.Error
	idx, msg := p.i, err.Error()
	if errors.As(err, &perr) {
		idx = perr.Position().Column
		if idx < start || idx >= len(p.toks) { // reference mode has every token
			idx = start
		}
		var ute *participle.UnexpectedTokenError
		if errors.As(err, &ute) {
			msg = fmt.Sprintf("expected %s, found %s", friendlyExpect(ute.Expect), p.tok(idx).Describe())
		} else {
			msg = perr.Message()
		}
	}
	p.report(idx, msg)
	p.recover(start, idx)
}

// friendlyExpect turns participle's expectation into prose.
func friendlyExpect(e string) string {
	e = strings.TrimSpace(e)
	if e == "" {
		return "more input"
	}
	return strings.NewReplacer(`"`, "'").Replace(e)
}
