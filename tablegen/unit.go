package tablegen

// Unit is a parsed translation unit: a root file, everything it includes,
// the tokens and the AST, and all diagnostics found so far.
type Unit struct {
	Set        *SourceSet
	Root       *File
	Lex        *LexResult
	Statements []*Statement
	Diags      Diagnostics
}

// ParseUnit lexes and parses root and its include closure.
func ParseUnit(set *SourceSet, root *File, opts LexOptions) *Unit {
	lx := LexUnit(set, root, opts)
	pr := Parse(set, lx.Tokens)
	u := &Unit{Set: set, Root: root, Lex: lx, Statements: pr.Statements}
	u.Diags = append(append(u.Diags, lx.Diags...), pr.Diags...)
	return u
}
