package tablegen

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar is participle's; this file feeds it our tokens and drives it
// one statement at a time so that a syntax error costs only the statement it
// is in. Block statements (let/foreach/if/multiclass/defset) are parsed as a
// header production plus a body the driver parses statement by statement, so
// an error inside a block costs only the inner statement.

// grammarRoot ties every production the driver uses into one grammar.
type grammarRoot struct {
	Simple     *simpleStatement  `parser:"  @@"`
	Let        *LetHeader        `parser:"| @@"`
	Foreach    *ForeachHeader    `parser:"| @@"`
	If         *IfHeader         `parser:"| @@"`
	MultiClass *MultiClassHeader `parser:"| @@"`
	Defset     *DefsetHeader     `parser:"| @@"`
}

// tokenDefinition describes our token kinds to participle. Lexing itself is
// ours (LexUnit); participle only ever sees pre-lexed tokens.
type tokenDefinition struct{}

var participleSymbols = func() map[string]lexer.TokenType {
	m := map[string]lexer.TokenType{
		"EOF": lexer.EOF, "Error": lexer.TokenType(TokError),
		"Ident": lexer.TokenType(TokIdent), "Int": lexer.TokenType(TokInt),
		"Binary": lexer.TokenType(TokBinary), "String": lexer.TokenType(TokString),
		"Code": lexer.TokenType(TokCode), "VarName": lexer.TokenType(TokVarName),
		"Bang": lexer.TokenType(TokBang),
	}
	for k := TokMinus; k <= TokEllipsis; k++ {
		m["Punct"+strings.Trim(k.String(), "'")] = lexer.TokenType(k)
	}
	for name, k := range Keywords {
		m["Kw"+name] = lexer.TokenType(k)
	}
	return m
}()

func (tokenDefinition) Symbols() map[string]lexer.TokenType { return participleSymbols }
func (tokenDefinition) Lex(string, io.Reader) (lexer.Lexer, error) {
	return nil, errors.New("tdls lexes TableGen itself; use LexUnit")
}

// The productions are built in init so that participleSymbols is ready.
var (
	grammar          *participle.Parser[grammarRoot]
	simpleParser     *participle.Parser[simpleStatement]
	letParser        *participle.Parser[LetHeader]
	foreachParser    *participle.Parser[ForeachHeader]
	ifParser         *participle.Parser[IfHeader]
	multiclassParser *participle.Parser[MultiClassHeader]
	defsetParser     *participle.Parser[DefsetHeader]
)

func init() {
	grammar = participle.MustBuild[grammarRoot](
		participle.Lexer(tokenDefinition{}),
		participle.UseLookahead(2),
	)
	simpleParser = mustProduction[simpleStatement]()
	letParser = mustProduction[LetHeader]()
	foreachParser = mustProduction[ForeachHeader]()
	ifParser = mustProduction[IfHeader]()
	multiclassParser = mustProduction[MultiClassHeader]()
	defsetParser = mustProduction[DefsetHeader]()
}

func mustProduction[P any]() *participle.Parser[P] {
	p, err := participle.ParserForProduction[P](grammar)
	if err != nil {
		panic(err)
	}
	return p
}

// MaxNesting bounds bracket nesting inside one statement. Deeper input is
// reported and skipped rather than recursed into.
const MaxNesting = 512

// ParseResult is the AST of a translation unit.
type ParseResult struct {
	Statements []*Statement
	Diags      Diagnostics
}

// Parse parses a translation unit's tokens (as LexUnit produced them). The
// source set is used only to find line starts for recovery heuristics.
func Parse(set *SourceSet, toks []Token) *ParseResult {
	p := &stmtParser{set: set, toks: toks}
	p.ptoks = p.participleTokens()
	var err error
	p.lex, err = lexer.Upgrade(&sliceLexer{toks: p.ptoks})
	if err != nil {
		panic(err) // sliceLexer never fails
	}
	p.checkBangs()
	stmts := p.list(false)
	return &ParseResult{Statements: stmts, Diags: p.diags}
}

type stmtParser struct {
	set   *SourceSet
	toks  []Token
	ptoks []lexer.Token
	lex   *lexer.PeekingLexer
	diags Diagnostics
}

// participleTokens converts tokens, encoding Offset = start, Line = end of
// the previous token, Column = index. Runs nested deeper than MaxNesting are
// collapsed into one error token.
func (p *stmtParser) participleTokens() []lexer.Token {
	out := make([]lexer.Token, 0, len(p.toks))
	prevEnd := Pos(0)
	depth := 0
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		typ := lexer.TokenType(t.Kind)
		if t.Kind == TokEOF {
			typ = lexer.EOF
		}
		switch t.Kind {
		case TokLParen, TokLSquare, TokLBrace, TokLess:
			depth++
		case TokRParen, TokRSquare, TokRBrace, TokGreater:
			if depth > 0 {
				depth--
			}
		}
		if depth > MaxNesting {
			// Skip to the token that closes this bracket.
			j, d := i+1, 1
			for ; j < len(p.toks)-1 && d > 0; j++ {
				switch p.toks[j].Kind {
				case TokLParen, TokLSquare, TokLBrace, TokLess:
					d++
				case TokRParen, TokRSquare, TokRBrace, TokGreater:
					d--
				}
			}
			end := p.toks[j-1].End
			p.diags.errorAt(Range{t.Pos, t.Pos + 1}, "syntax-nesting",
				fmt.Sprintf("brackets nested deeper than %d levels; this statement is skipped", MaxNesting))
			// The error token stands for the whole run; the indices of later
			// tokens still match p.toks through the placeholder padding below.
			for k := i; k < j; k++ {
				out = append(out, lexer.Token{Type: lexer.TokenType(TokError), Value: "",
					Pos: lexer.Position{Offset: int(p.toks[k].Pos), Line: int(prevEnd), Column: k}})
				prevEnd = p.toks[k].End
			}
			_ = end
			depth = MaxNesting
			i = j - 1
			continue
		}
		out = append(out, lexer.Token{Type: typ, Value: t.Text,
			Pos: lexer.Position{Offset: int(t.Pos), Line: int(prevEnd), Column: i}})
		prevEnd = t.End
	}
	return out
}

// checkBangs reports unknown !operators (the grammar accepts any name).
func (p *stmtParser) checkBangs() {
	for _, t := range p.toks {
		if t.Kind == TokBang {
			if _, ok := BangOperators[t.Text[1:]]; !ok {
				p.diags.errorAt(t.Range(), "syntax-bang", fmt.Sprintf("unknown operator '%s'", t.Text))
			}
		}
	}
}

type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	t := l.toks[l.i]
	if l.i < len(l.toks)-1 {
		l.i++
	}
	return t, nil
}

func (p *stmtParser) at() int     { return int(p.lex.RawCursor()) }
func (p *stmtParser) peek() Token { return p.toks[p.at()] }

// seek moves the cursor forward to token index i.
func (p *stmtParser) seek(i int) {
	if i > p.at() {
		p.lex.FastForward(lexer.RawCursor(i - 1))
	}
}

func (p *stmtParser) advance() { p.seek(p.at() + 1) }

// node builds a Node spanning tokens [start, cursor).
func (p *stmtParser) node(start int) Node {
	end := p.at()
	return Node{Pos: p.ptoks[start].Pos, EndPos: p.ptoks[end].Pos}
}

// list parses statements until end of input, or until '}' when braced.
func (p *stmtParser) list(braced bool) []*Statement {
	var out []*Statement
	for {
		t := p.peek()
		switch t.Kind {
		case TokEOF:
			return out
		case TokRBrace:
			if braced {
				return out
			}
			p.diags.errorAt(t.Range(), "syntax-unexpected", "unexpected '}' at top level")
			p.advance()
			continue
		}
		if st := p.statement(); st != nil {
			out = append(out, st)
		}
	}
}

// parseWith runs one participle production at the cursor. On failure it
// reports the error, recovers, and returns false.
func parseWith[P any](p *stmtParser, parser *participle.Parser[P], start int) (*P, bool) {
	v, err := parser.ParseFromLexer(p.lex, participle.AllowTrailing(true))
	if err != nil {
		p.syntaxError(err, start)
		return nil, false
	}
	return v, true
}

func (p *stmtParser) statement() *Statement {
	start := p.at()
	st := &Statement{}
	switch p.peek().Kind {
	case KwLet:
		h, ok := parseWith(p, letParser, start)
		if !ok {
			return nil
		}
		st.Let = &Let{Header: h, Body: p.block()}
		st.Let.Node = p.node(start)
	case KwForeach:
		h, ok := parseWith(p, foreachParser, start)
		if !ok {
			return nil
		}
		st.Foreach = &Foreach{Header: h, Body: p.block()}
		st.Foreach.Node = p.node(start)
	case KwIf:
		h, ok := parseWith(p, ifParser, start)
		if !ok {
			return nil
		}
		st.If = &If{Header: h, Then: p.block()}
		if p.peek().Kind == KwElse {
			p.advance()
			st.If.Else = p.block()
		}
		st.If.Node = p.node(start)
	case KwMulticlass:
		h, ok := parseWith(p, multiclassParser, start)
		if !ok {
			return nil
		}
		body, ok := p.bracedBlock("multiclass")
		if !ok {
			return nil
		}
		st.MultiClass = &MultiClass{Header: h, Body: body}
		st.MultiClass.Node = p.node(start)
	case KwDefset:
		h, ok := parseWith(p, defsetParser, start)
		if !ok {
			return nil
		}
		body, ok := p.bracedBlock("defset")
		if !ok {
			return nil
		}
		st.Defset = &Defset{Header: h, Body: body}
		st.Defset.Node = p.node(start)
	case KwClass, KwDef, KwDefm, KwDeftype, KwDefvar, KwDump, KwAssert:
		s, ok := parseWith(p, simpleParser, start)
		if !ok {
			return nil
		}
		st.Assert, st.Class, st.Def, st.Defm = s.Assert, s.Class, s.Def, s.Defm
		st.Deftype, st.Defvar, st.Dump = s.Deftype, s.Defvar, s.Dump
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
	start := p.at()
	if p.peek().Kind == TokLBrace {
		b, _ := p.bracedBlock("block")
		return b
	}
	b := &Block{}
	if st := p.statement(); st != nil {
		b.Statements = []*Statement{st}
	}
	b.Node = p.node(start)
	return b
}

// bracedBlock parses `{ statements }`.
func (p *stmtParser) bracedBlock(what string) (*Block, bool) {
	start := p.at()
	open := p.peek()
	if open.Kind != TokLBrace {
		if open.Kind != TokError {
			p.diags.errorAt(open.Range(), "syntax-expected", fmt.Sprintf("expected '{' to start the %s body, found %s", what, open.Describe()))
		}
		p.recover(start, start)
		return nil, false
	}
	p.advance()
	b := &Block{Braced: true, Statements: p.list(true)}
	if cl := p.peek(); cl.Kind == TokRBrace {
		p.advance()
	} else {
		p.diags.errorAt(cl.Range(), "syntax-expected", fmt.Sprintf("expected '}' to close the %s opened here", what),
			Related{Range: open.Range(), Message: "opened here"})
	}
	b.Node = p.node(start)
	return b, true
}

// syntaxError reports a participle error and recovers.
func (p *stmtParser) syntaxError(err error, start int) {
	var perr participle.Error
	idx := p.at()
	msg := err.Error()
	if errors.As(err, &perr) {
		idx = perr.Position().Column
		if idx < start || idx >= len(p.toks) {
			idx = start
		}
		var ute *participle.UnexpectedTokenError
		if errors.As(err, &ute) {
			msg = fmt.Sprintf("expected %s, found %s", friendlyExpect(ute.Expect), p.toks[idx].Describe())
		} else {
			msg = perr.Message()
		}
	}
	if t := p.toks[idx]; t.Kind != TokError {
		p.diags.errorAt(t.Range(), "syntax-expected", msg)
	}
	p.recover(start, idx)
}

// friendlyExpect turns participle's expectation into prose.
func friendlyExpect(e string) string {
	e = strings.TrimSpace(e)
	if e == "" {
		return "more input"
	}
	r := strings.NewReplacer(`"`, "'", "<ident>", "identifier", "<int>", "integer",
		"<string>", "string", "<varname>", "$name", "<bang>", "!operator")
	return r.Replace(e)
}

// Keywords that start a statement, and those that can only start a
// statement outside any record body.
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
// a definition keyword at the start of a line (an unclosed '{' must not eat
// the rest of the file).
func (p *stmtParser) recover(start, errAt int) {
	i := errAt
	if i <= start {
		i = start + 1
	}
	depth := 0
	for k := start; k < i && k < len(p.toks); k++ {
		switch p.toks[k].Kind {
		case TokLBrace:
			depth++
		case TokRBrace:
			depth--
		}
	}
	for ; i < len(p.toks)-1; i++ {
		t := p.toks[i]
		switch {
		case t.Kind == TokLBrace:
			depth++
		case t.Kind == TokRBrace:
			if depth <= 0 {
				p.seek(i)
				return
			}
			depth--
		case depth <= 0 && isStatementKeyword(t.Kind):
			p.seek(i)
			return
		case depth > 0 && isDefinitionKeyword(t.Kind) && p.atLineStart(t):
			p.seek(i)
			return
		}
	}
	p.seek(len(p.toks) - 1)
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
