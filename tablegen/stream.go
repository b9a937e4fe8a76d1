package tablegen

// Streaming: a unit parsed one top-level statement at a time, as the lexer
// produces its tokens, for a consumer that takes each statement as it comes
// and keeps neither the tokens nor (if it likes) the statement: `tdls
// check`, which evaluates each statement and is done with it. A unit's
// tokens outweigh its source several times over; a statement's are a few
// hundred.

// UnitStream parses a translation unit statement by statement. It holds the
// tokens of the statement being parsed and little more.
type UnitStream struct {
	set  *SourceSet
	root *File
	lx   *unitLexer
	p    *stmtParser
}

// StreamUnit starts parsing root and its include closure, as ParseUnit
// does.
func StreamUnit(set *SourceSet, root *File, opts LexOptions) *UnitStream {
	lx := newUnitLexer(set, opts)
	lx.startFile(root, nil)
	p := &stmtParser{set: set, stream: &tokenStream{lx: lx}}
	p.nodes.on()
	return &UnitStream{set: set, root: root, lx: lx, p: p}
}

// Next returns the next top-level statement, or nil at the end of the unit.
// The statements are those Parse makes of the unit's tokens.
func (s *UnitStream) Next() *Statement {
	p := s.p
	p.nodes.keep()
	for {
		p.release()
		if p.peek().Kind == TokEOF {
			return nil
		}
		p.far = p.i
		if st := p.turn(); st != nil {
			return st
		}
	}
}

// Recycle takes back the nodes of the statement Next returned last, to
// build the next statements on: the caller holds no pointer into that
// statement any more, nor will. A statement not recycled is the caller's
// for good.
func (s *UnitStream) Recycle() { s.p.nodes.recycle() }

// Unit returns what ParseUnit returns, without the tokens and the
// statements, which the stream has handed out: the files, the includes, the
// macros, and the diagnostics of the statements read so far (all of them
// once Next has returned nil).
func (s *UnitStream) Unit() *Unit {
	lex := *s.lx.res
	lex.Tokens = nil
	u := &Unit{Set: s.set, Root: s.root, Lex: &lex}
	u.Diags = append(append(append(append(u.Diags, lex.Diags...), s.p.stream.nestDiags...), s.p.stream.bangDiags...), s.p.diags...)
	return u
}

// tokenStream is where a streaming parser gets its tokens: from the lexer,
// marked for deep nesting and checked for unknown operators as Parse does
// before it starts (their diagnostics kept apart, in Parse's order).
type tokenStream struct {
	lx        *unitLexer // nil once the EOF token is in
	nest      nesting
	nestDiags Diagnostics
	bangDiags Diagnostics
}

// pull lexes tokens into the window up to index i, and returns token i: an
// EOF token past the last one.
func (p *stmtParser) pull(i int) Token {
	for !p.lexed() && i-p.base >= len(p.toks) {
		st := p.stream
		t := st.lx.next()
		last := t.Kind == TokEOF
		if st.nest.apply(&t, last) {
			p.deep = true
			reportDeep(t, &st.nestDiags)
		}
		checkBang(t, &st.bangDiags)
		p.toks = append(p.toks, t)
		if last {
			st.lx = nil
		}
	}
	if j := i - p.base; j < len(p.toks) {
		return p.toks[j]
	}
	return Token{Kind: TokEOF}
}

// lexed reports whether every token is in the window.
func (p *stmtParser) lexed() bool { return p.stream == nil || p.stream.lx == nil }

// release drops the tokens before the cursor's previous token (the last of
// the statement just parsed, which a node spanning nothing ends at).
func (p *stmtParser) release() {
	drop := p.i - 1 - p.base
	if drop <= 0 {
		return
	}
	n := copy(p.toks, p.toks[drop:])
	p.toks = p.toks[:n]
	p.base += drop
}
