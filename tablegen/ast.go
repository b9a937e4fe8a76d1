package tablegen

import (
	"reflect"
	"strings"
)

// The AST is the participle grammar: each struct is a production, its tags
// the rule. Every node embeds Node, its source range, which the recursive
// descent fills (participle, the reference parser, leaves it zero).

// Node carries a syntax node's source range [From, To): the start of its
// first token and the end of its last. Every node embeds one, so it is kept
// to two positions.
type Node struct {
	From, To Pos
}

// Range returns the node's source span.
func (n *Node) Range() Range {
	if n == nil {
		return Range{}
	}
	return Range{n.From, n.To}
}

// Start returns the node's first position.
func (n *Node) Start() Pos { return n.From }

// Ident is a name as written.
type Ident struct {
	Node
	Name string `parser:"@Ident"`
}

// VarName is a $name in a dag.
type VarName struct {
	Node
	Name string `parser:"@VarName"` // with the '$'
}

// Statement is one statement of a file or block: one node of the kinds
// below, which the accessor of its kind returns (the others return nil).
// The block statements (Let, Foreach, If, MultiClass, Defset) are
// assembled by the statement driver, which parses their bodies statement
// by statement. The node is held as an interface, not one field per kind:
// a large file has a million statements, and 12 pointers each took 100 MB.
type Statement struct {
	Node
	node StatementNode
}

// StatementNode is the node of a statement: *Assert, *Class, *Def, *Defm,
// *Defset, *Deftype, *Defvar, *Dump, *Foreach, *If, *Let or *MultiClass.
type StatementNode interface{ Range() Range }

// NewStatement returns the statement of node x spanning n. A nil x (of any
// type) makes a statement of no kind.
func NewStatement(n Node, x StatementNode) *Statement {
	if x != nil && reflect.ValueOf(x).IsNil() {
		x = nil
	}
	return &Statement{Node: n, node: x}
}

// StatementNode returns the statement's node, nil when it has none.
func (st *Statement) StatementNode() StatementNode { return st.node }

// Assert returns the statement's assert, or nil.
func (st *Statement) Assert() *Assert { x, _ := st.node.(*Assert); return x }

// Class returns the statement's class, or nil.
func (st *Statement) Class() *Class { x, _ := st.node.(*Class); return x }

// Def returns the statement's def, or nil.
func (st *Statement) Def() *Def { x, _ := st.node.(*Def); return x }

// Defm returns the statement's defm, or nil.
func (st *Statement) Defm() *Defm { x, _ := st.node.(*Defm); return x }

// Defset returns the statement's defset, or nil.
func (st *Statement) Defset() *Defset { x, _ := st.node.(*Defset); return x }

// Deftype returns the statement's deftype, or nil.
func (st *Statement) Deftype() *Deftype { x, _ := st.node.(*Deftype); return x }

// Defvar returns the statement's defvar, or nil.
func (st *Statement) Defvar() *Defvar { x, _ := st.node.(*Defvar); return x }

// Dump returns the statement's dump, or nil.
func (st *Statement) Dump() *Dump { x, _ := st.node.(*Dump); return x }

// Foreach returns the statement's foreach, or nil.
func (st *Statement) Foreach() *Foreach { x, _ := st.node.(*Foreach); return x }

// If returns the statement's if, or nil.
func (st *Statement) If() *If { x, _ := st.node.(*If); return x }

// Let returns the statement's let, or nil.
func (st *Statement) Let() *Let { x, _ := st.node.(*Let); return x }

// MultiClass returns the statement's multiclass, or nil.
func (st *Statement) MultiClass() *MultiClass { x, _ := st.node.(*MultiClass); return x }

// Blocks returns the statement lists nested in st: the body of a let,
// foreach, multiclass or defset, the branches of an if.
func (st *Statement) Blocks() []*Block {
	var bs []*Block
	switch {
	case st.Let() != nil:
		bs = append(bs, st.Let().Body)
	case st.Foreach() != nil:
		bs = append(bs, st.Foreach().Body)
	case st.If() != nil:
		bs = append(bs, st.If().Then, st.If().Else)
	case st.MultiClass() != nil:
		bs = append(bs, st.MultiClass().Body)
	case st.Defset() != nil:
		bs = append(bs, st.Defset().Body)
	}
	out := bs[:0]
	for _, b := range bs {
		if b != nil {
			out = append(out, b)
		}
	}
	return out
}

// simpleStatement is the participle production for statements without
// nested statement lists.
type simpleStatement struct {
	Node
	Assert  *Assert  `parser:"  @@"`
	Class   *Class   `parser:"| @@"`
	Def     *Def     `parser:"| @@"`
	Defm    *Defm    `parser:"| @@"`
	Deftype *Deftype `parser:"| @@"`
	Defvar  *Defvar  `parser:"| @@"`
	Dump    *Dump    `parser:"| @@"`
}

// node is the one node the production holds, nil when none.
func (s *simpleStatement) node() StatementNode {
	switch {
	case s.Assert != nil:
		return s.Assert
	case s.Class != nil:
		return s.Class
	case s.Def != nil:
		return s.Def
	case s.Defm != nil:
		return s.Defm
	case s.Deftype != nil:
		return s.Deftype
	case s.Defvar != nil:
		return s.Defvar
	case s.Dump != nil:
		return s.Dump
	}
	return nil
}

// Class is `class Name<args> : Parents { body }`.
type Class struct {
	Node
	Name         *Ident         `parser:"\"class\" @@"`
	TemplateArgs []*TemplateArg `parser:"( \"<\" @@ ( \",\" @@ )* \">\" )?"`
	Parents      []*ClassRef    `parser:"( \":\" @@ ( \",\" @@ )* )?"`
	Body         *Body          `parser:"@@"`
}

// TemplateArg is a template parameter declaration `Type Name = Default`.
type TemplateArg struct {
	Node
	Type    *Type  `parser:"@@"`
	Name    *Ident `parser:"@@"`
	Default *Value `parser:"( \"=\" @@ )?"`
}

// ClassRef is a parent class (or multiclass) reference with arguments.
type ClassRef struct {
	Node
	Name *Ident `parser:"@@"`
	Args []*Arg `parser:"( \"<\" ( @@ ( \",\" @@ )* \",\"? )? \">\" )?"`
}

// Arg is a template argument value, positional or named (`name = value`).
// Its range is its parts' (a large file has millions of arguments).
type Arg struct {
	Name  *Ident `parser:"( @@ \"=\" )?"`
	Value *Value `parser:"@@"`
}

// Range returns the argument's source span: from its name, or its value
// when positional, to the end of its value.
func (a *Arg) Range() Range {
	if a == nil {
		return Range{}
	}
	r := a.Value.Range()
	if a.Name != nil {
		r.Start = a.Name.From
	}
	return r
}

// Start returns the argument's first position.
func (a *Arg) Start() Pos { return a.Range().Start }

// Body is a record body: `;` or `{ items }`.
type Body struct {
	Node
	Semi  bool        `parser:"(  @\";\""`
	Items []*BodyItem `parser:"| \"{\" @@* \"}\" )"`
}

// BodyItem is one item of a record body.
type BodyItem struct {
	Node
	Let    *BodyLet   `parser:"  @@"`
	Defvar *Defvar    `parser:"| @@"`
	Assert *Assert    `parser:"| @@"`
	Dump   *Dump      `parser:"| @@"`
	Field  *FieldDecl `parser:"| @@"`
}

// FieldDecl declares a field: `[field] Type Name [= Value];`.
type FieldDecl struct {
	Node
	IsField bool   `parser:"@\"field\"?"`
	Type    *Type  `parser:"@@"`
	Name    *Ident `parser:"@@"`
	Value   *Value `parser:"( \"=\" @@ )? \";\""`
}

// BodyLet is `let Name{bits} = Value;` inside a record body.
type BodyLet struct {
	Node
	Name  *Ident        `parser:"\"let\" @@"`
	Bits  []*RangePiece `parser:"( \"{\" @@ ( \",\" @@ )* \"}\" )?"`
	Value *Value        `parser:"\"=\" @@ \";\""`
}

// Def is `def Name : Parents { body }`; Name may be absent (anonymous).
type Def struct {
	Node
	Name    *NameValue  `parser:"\"def\" @@?"`
	Parents []*ClassRef `parser:"( \":\" @@ ( \",\" @@ )* )?"`
	Body    *Body       `parser:"@@"`
}

// Defm is `defm Name : Parents;`.
type Defm struct {
	Node
	Name    *NameValue  `parser:"\"defm\" @@?"`
	Parents []*ClassRef `parser:"\":\" @@ ( \",\" @@ )* \";\""`
}

// Deftype is `deftype Name = Type;`.
type Deftype struct {
	Node
	Name *Ident `parser:"\"deftype\" @@"`
	Type *Type  `parser:"\"=\" @@ \";\""`
}

// Defvar is `defvar Name = Value;`.
type Defvar struct {
	Node
	Name  *Ident `parser:"\"defvar\" @@"`
	Value *Value `parser:"\"=\" @@ \";\""`
}

// Dump is `dump Value;`.
type Dump struct {
	Node
	Value *Value `parser:"\"dump\" @@ \";\""`
}

// Assert is `assert Cond, Message;`.
type Assert struct {
	Node
	Cond    *Value `parser:"\"assert\" @@"`
	Message *Value `parser:"\",\" @@ \";\""`
}

// Let is `let a = 1, b<0-3> = 2 in { statements }`.
type Let struct {
	Node
	Header *LetHeader
	Body   *Block
}

// LetHeader is the `let items in` part of a top-level let.
type LetHeader struct {
	Node
	Items []*LetItem `parser:"\"let\" @@ ( \",\" @@ )* \"in\""`
}

// LetItem is one `Name<bits> = Value` of a top-level let.
type LetItem struct {
	Node
	Name  *Ident        `parser:"@@"`
	Bits  []*RangePiece `parser:"( \"<\" @@ ( \",\" @@ )* \">\" )?"`
	Value *Value        `parser:"\"=\" @@"`
}

// Block is a statement list in braces, or a single statement.
type Block struct {
	Node
	Braced     bool
	Statements []*Statement
}

// Foreach is `foreach i = range in body`.
type Foreach struct {
	Node
	Header *ForeachHeader
	Body   *Block
}

// ForeachHeader is `foreach Name = Iter in`.
type ForeachHeader struct {
	Node
	Name   *Ident        `parser:"\"foreach\" @@ \"=\""`
	Ranges []*RangePiece `parser:"( \"{\" @@ ( \",\" @@ )* \"}\""`
	Range  *RangePiece   `parser:"| @@"`
	List   *Value        `parser:"| @@ ) \"in\""`
}

// If is `if cond then body [else body]`.
type If struct {
	Node
	Header *IfHeader
	Then   *Block
	Else   *Block
}

// IfHeader is `if Value then`.
type IfHeader struct {
	Node
	Cond *Value `parser:"\"if\" @@ \"then\""`
}

// MultiClass is `multiclass Name<args> : Parents { statements }`.
type MultiClass struct {
	Node
	Header *MultiClassHeader
	Body   *Block
}

// MultiClassHeader is the part of a multiclass before its body.
type MultiClassHeader struct {
	Node
	Name         *Ident         `parser:"\"multiclass\" @@"`
	TemplateArgs []*TemplateArg `parser:"( \"<\" @@ ( \",\" @@ )* \">\" )?"`
	Parents      []*ClassRef    `parser:"( \":\" @@ ( \",\" @@ )* )?"`
}

// Defset is `defset Type Name = { statements }`.
type Defset struct {
	Node
	Header *DefsetHeader
	Body   *Block
}

// DefsetHeader is `defset Type Name =`.
type DefsetHeader struct {
	Node
	Type *Type  `parser:"\"defset\" @@"`
	Name *Ident `parser:"@@ \"=\""`
}

// Type is a TableGen type.
type Type struct {
	Node
	Prim  string `parser:"(  @( \"bit\" | \"int\" | \"string\" | \"dag\" | \"code\" )"`
	Bits  string `parser:"| \"bits\" \"<\" @Int \">\""`
	List  *Type  `parser:"| \"list\" \"<\" @@ \">\""`
	Class *Ident `parser:"| @@ )"`
}

// RangePiece is `5`, `0-7`, `0...7` (the lexer reads "0-7" as 0 and -7).
type RangePiece struct {
	Node
	Start string `parser:"@Int"`
	Sep   string `parser:"( @( \"...\" | \"-\" )?"`
	End   string `parser:"  @Int )?"`
}

// Value is a value expression: operands joined by the paste operator `#`.
//
// Pastes and suffixes are rare, so Value and SuffixedValue hold them behind
// a pointer that is nil when there are none: a slice header inline would
// cost 24 bytes in every value. Neither keeps a range of its own: theirs
// is their first part's to the end of their last (Range), and a large
// file has millions of values.
type Value struct {
	Operand SuffixedValue `parser:"@@"` // inline: every value has one
	Pasted  *PasteList    `parser:"@@?"`
}

// Range returns the value's source span: from its first operand to the end
// of its last paste.
func (v *Value) Range() Range {
	if v == nil {
		return Range{}
	}
	return throughLast(v.Operand.Range(), v.Pastes())
}

// throughLast is r, the range of a node's first part, to the end of the
// last of the parts after it, when there are any: the range of a node that
// keeps none of its own.
func throughLast[T interface {
	comparable
	Range() Range
}](r Range, after []T) Range {
	var none T
	if n := len(after); n > 0 && after[n-1] != none {
		r.End = after[n-1].Range().End
	}
	return r
}

// Start returns the value's first position.
func (v *Value) Start() Pos { return v.Range().Start }

// PasteList is the pastes after a value's first operand, at least one.
type PasteList struct {
	Pastes []*Paste `parser:"@@+"`
}

// Pastes returns the `# operand` pastes after v's first operand.
func (v *Value) Pastes() []*Paste {
	if v.Pasted == nil {
		return nil
	}
	return v.Pasted.Pastes
}

// Paste is `# operand`; the operand may be missing at the end of a name.
type Paste struct {
	Node
	Operand *SuffixedValue `parser:"\"#\" @@?"`
}

// SuffixedValue is a simple value followed by `{bits}`, `[slice]`, `.field`.
// Its suffixes are behind a pointer for the reason Value's pastes are.
type SuffixedValue struct {
	Simple   *SimpleValue `parser:"@@"`
	Suffixed *SuffixList  `parser:"@@?"`
}

// Range returns the operand's source span: from its simple value to the
// end of its last suffix.
func (s *SuffixedValue) Range() Range {
	if s == nil {
		return Range{}
	}
	if s.Simple == nil {
		return Range{}
	}
	return throughLast(s.Simple.Range(), s.Suffixes())
}

// Start returns the operand's first position.
func (s *SuffixedValue) Start() Pos { return s.Range().Start }

// SuffixList is the suffixes of a simple value, at least one.
type SuffixList struct {
	Suffixes []*Suffix `parser:"@@+"`
}

// Suffixes returns the suffixes of s's simple value.
func (s *SuffixedValue) Suffixes() []*Suffix {
	if s.Suffixed == nil {
		return nil
	}
	return s.Suffixed.Suffixes
}

// AddSuffix appends a suffix to s.
func (s *SuffixedValue) AddSuffix(x *Suffix) {
	if s.Suffixed == nil {
		s.Suffixed = &SuffixList{}
	}
	s.Suffixed.Suffixes = append(s.Suffixed.Suffixes, x)
}

// Suffix is one value suffix.
type Suffix struct {
	Node
	Bits  []*RangePiece `parser:"(  \"{\" @@ ( \",\" @@ )* \"}\""`
	Slice []*SliceElem  `parser:"| \"[\" @@ ( \",\" @@ )*"`
	// TrailingComma marks `x[i,]`: a one-element list, not an element.
	TrailingComma bool   `parser:"@\",\"? \"]\""`
	Field         *Ident `parser:"| \".\" @@ )"`
}

// SliceElem is `v`, `a...b` or `a-b` inside a list slice.
type SliceElem struct {
	Node
	Start *Value `parser:"@@"`
	Sep   string `parser:"( @( \"...\" | \"-\" )?"`
	End   *Value `parser:"  @@ )?"`
}

// NameValue is a record name in def/defm: a value in which `{` starts the
// record body instead of a bit slice. As Value, it keeps its rare pastes
// behind a pointer and no range of its own (a large file has a million
// names).
type NameValue struct {
	Operand *NameOperand   `parser:"@@"`
	Pasted  *NamePasteList `parser:"@@?"`
}

// NamePasteList is the pastes after a name's first operand, at least one.
type NamePasteList struct {
	Pastes []*NamePaste `parser:"@@+"`
}

// Pastes returns the `# operand` pastes after n's first operand.
func (n *NameValue) Pastes() []*NamePaste {
	if n.Pasted == nil {
		return nil
	}
	return n.Pasted.Pastes
}

// Range returns the name's source span: from its first operand to the end
// of its last paste.
func (n *NameValue) Range() Range {
	if n == nil {
		return Range{}
	}
	return throughLast(n.Operand.Range(), n.Pastes())
}

// Start returns the name's first position.
func (n *NameValue) Start() Pos { return n.Range().Start }

// Operands returns the operands of the name in order: the first, then
// each pasted one.
func (n *NameValue) Operands() []*NameOperand {
	ops := []*NameOperand{n.Operand}
	for _, p := range n.Pastes() {
		if p != nil {
			ops = append(ops, p.Operand)
		}
	}
	return ops
}

// NamePaste is `# operand` in a name.
type NamePaste struct {
	Node
	Operand *NameOperand `parser:"\"#\" @@?"`
}

// NameOperand is a simple value with the suffixes a name allows, behind a
// pointer as a value's are; its range is its parts'.
type NameOperand struct {
	Simple   *SimpleValue    `parser:"@@"`
	Suffixed *NameSuffixList `parser:"@@?"`
}

// NameSuffixList is the suffixes of a name's simple value, at least one.
type NameSuffixList struct {
	Suffixes []*NameSuffix `parser:"@@+"`
}

// Suffixes returns the suffixes of o's simple value.
func (o *NameOperand) Suffixes() []*NameSuffix {
	if o.Suffixed == nil {
		return nil
	}
	return o.Suffixed.Suffixes
}

// Range returns the operand's source span: from its simple value to the
// end of its last suffix.
func (o *NameOperand) Range() Range {
	if o == nil || o.Simple == nil {
		return Range{}
	}
	return throughLast(o.Simple.Range(), o.Suffixes())
}

// Start returns the operand's first position.
func (o *NameOperand) Start() Pos { return o.Range().Start }

// NameSuffix is a suffix allowed in a record name.
type NameSuffix struct {
	Node
	Slice         []*SliceElem `parser:"(  \"[\" @@ ( \",\" @@ )*"`
	TrailingComma bool         `parser:"@\",\"? \"]\""`
	Field         *Ident       `parser:"| \".\" @@ )"`
}

// SimpleValue is a literal, reference or operator application; exactly
// one alternative is set. Values are the most numerous nodes, so the
// alternatives share fields: the single-token literals one string, the
// rest one interface (a field apiece made every value 72 bytes larger).
type SimpleValue struct {
	Node
	// Literal is an integer, binary, string, code, true, false or ? token
	// as written: LiteralKind says which.
	Literal string `parser:"(  @( Int | Binary | Code | \"true\" | \"false\" | \"?\" | String (?! String) )"`
	// Expr is any other alternative; the accessors below read it.
	Expr Expr `parser:"| @@ )"`
}

// Expr is a simple value that is a syntax node of its own:
// *AdjacentStrings, *BitsInit, *ListInit, *DagInit, *BangOp, *ClassInst or
// *Ident.
type Expr interface{ Range() Range }

// AdjacentStrings is string literals written one after the other, which
// make one string: `"a" "b"` is "ab".
type AdjacentStrings struct {
	Node
	Pieces []string `parser:"@String @String+"` // as written, quoted
}

// Bits returns the bits literal `{...}` s is, or nil.
func (s *SimpleValue) Bits() *BitsInit { x, _ := s.Expr.(*BitsInit); return x }

// List returns the list literal s is, or nil.
func (s *SimpleValue) List() *ListInit { x, _ := s.Expr.(*ListInit); return x }

// Dag returns the dag literal s is, or nil.
func (s *SimpleValue) Dag() *DagInit { x, _ := s.Expr.(*DagInit); return x }

// Bang returns the operator application s is, or nil.
func (s *SimpleValue) Bang() *BangOp { x, _ := s.Expr.(*BangOp); return x }

// ClassInst returns the anonymous record s is, or nil.
func (s *SimpleValue) ClassInst() *ClassInst { x, _ := s.Expr.(*ClassInst); return x }

// Ident returns the name s is, or nil.
func (s *SimpleValue) Ident() *Ident { x, _ := s.Expr.(*Ident); return x }

// LiteralKind is the kind of the Literal token: TokInt, TokBinary,
// TokString, TokCode, KwTrue, KwFalse or TokQuestion, or TokEOF when the
// value is not such a literal. Its text tells: only a binary token starts
// with "0b" (0b2 is an identifier), only a string with a quote, only a
// code token with "[{".
func (s *SimpleValue) LiteralKind() TokenKind {
	switch t := s.Literal; {
	case t == "":
		return TokEOF
	case t == "true":
		return KwTrue
	case t == "false":
		return KwFalse
	case t == "?":
		return TokQuestion
	case t[0] == '"':
		return TokString
	case strings.HasPrefix(t, "[{"):
		return TokCode
	case strings.HasPrefix(t, "0b"):
		return TokBinary
	}
	return TokInt
}

// BitsInit is `{ v, v, ... }`.
type BitsInit struct {
	Node
	Values []*Value `parser:"\"{\" ( @@ ( \",\" @@ )* \",\"? )? \"}\""`
}

// ListInit is `[ v, ... ]` with an optional element type `<T>`.
type ListInit struct {
	Node
	Values   []*Value `parser:"\"[\" ( @@ ( \",\" @@ )* \",\"? )? \"]\""`
	ElemType *Type    `parser:"( \"<\" @@ \">\" )?"`
}

// DagInit is `(op:$name arg:$n, ...)`.
type DagInit struct {
	Node
	Operator *DagArg   `parser:"\"(\" @@"`
	Args     []*DagArg `parser:"( @@ ( \",\" @@ )* )? \")\""`
}

// DagArg is a dag operator or argument: a value with an optional $name, or
// a lone $name.
type DagArg struct {
	Node
	Value *Value   `parser:"(  @@"`
	Name  *VarName `parser:"   ( \":\" @@ )?"`
	Bare  *VarName `parser:"| @@ )"`
}

// BangOp is `!op<Type>(args)`.
type BangOp struct {
	Node
	Op   string     `parser:"@Bang"`
	Type *Type      `parser:"( \"<\" @@ \">\" )?"`
	Args []*BangArg `parser:"\"(\" ( @@ ( \",\" @@ )* )? \")\""`
}

// BangArg is an operator argument; Then is set for !cond clauses `c: v`.
type BangArg struct {
	Node
	Value *Value `parser:"@@"`
	Then  *Value `parser:"( \":\" @@ )?"`
}

// ClassInst is an anonymous record `Class<args>` used as a value.
type ClassInst struct {
	Node
	Class *Ident `parser:"@@ \"<\""`
	Args  []*Arg `parser:"( @@ ( \",\" @@ )* )? \">\""`
}
