package tablegen

import (
	"errors"
	"io"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// grammarRoot ties every production the statement driver uses into one
// participle grammar.
type grammarRoot struct {
	Simple     *simpleStatement  `parser:"  @@"`
	Let        *LetHeader        `parser:"| @@"`
	Foreach    *ForeachHeader    `parser:"| @@"`
	If         *IfHeader         `parser:"| @@"`
	MultiClass *MultiClassHeader `parser:"| @@"`
	Defset     *DefsetHeader     `parser:"| @@"`
}

// tokenDefinition describes our token kinds to participle. Lexing is ours
// (LexUnit); participle only ever sees pre-lexed tokens.
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

// The productions are built on first use: only the reference parser needs
// them, and building them costs a millisecond at every process start.
var (
	grammarOnce      sync.Once
	grammar          *participle.Parser[grammarRoot]
	simpleParser     *participle.Parser[simpleStatement]
	letParser        *participle.Parser[LetHeader]
	foreachParser    *participle.Parser[ForeachHeader]
	ifParser         *participle.Parser[IfHeader]
	multiclassParser *participle.Parser[MultiClassHeader]
	defsetParser     *participle.Parser[DefsetHeader]
)

func buildGrammar() {
	grammar = participle.MustBuild[grammarRoot](
		participle.Lexer(tokenDefinition{}),
		participle.UseLookahead(2),
		// The members of Expr, in the order they are tried: an anonymous
		// record before a name (both start with one).
		participle.Union[Expr](&AdjacentStrings{}, &BitsInit{}, &ListInit{}, &DagInit{}, &BangOp{}, &ClassInst{}, &Ident{}),
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

// newReferenceLexer converts tokens for participle; a token's position
// carries its index as Column, which locates participle's errors.
func newReferenceLexer(toks []Token) *lexer.PeekingLexer {
	out := make([]lexer.Token, len(toks))
	for i, t := range toks {
		typ := lexer.TokenType(t.Kind)
		if t.Kind == TokEOF {
			typ = lexer.EOF
		}
		out[i] = lexer.Token{Type: typ, Value: t.Text,
			Pos: lexer.Position{Offset: int(t.Pos), Column: i}}
	}
	lx, err := lexer.Upgrade(&sliceLexer{toks: out})
	if err != nil {
		panic(err) // sliceLexer never fails
	}
	return lx
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
