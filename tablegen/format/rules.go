package format

import (
	"strings"

	"tdls/tablegen"
)

// The rules of indentation and spacing. Each is the way MLIR's
// hand-formatted .td files write it most (counted over the 313 files of
// MLIR 22, lines in parentheses; TestRules has a before/after file for each):
//
//   - a statement starts at 2 spaces per enclosing body ({ } of a class,
//     def, multiclass, let, foreach, if, defset), wherever the body's '{'
//     is (23,589 lines, against 800 indented from a continued '{' line);
//     but the body of a let ... in { } outside any other body (or inside
//     such ones only) does not indent, as C++ namespaces do not (MLIR: 7
//     such bodies of 7, 53 lines; out of tree 87 against 8, 3,802 lines
//     against 150; churn -110 lines on MLIR, 15.1% -> 12.2% out of tree);
//   - a line continuing a bracket aligns with the first token after the
//     bracket on the bracket's line (4,271), or with the comment naming
//     that argument before it (Op</*name=*/"a",\n    /*x=*/b>; churn -20
//     lines, where the lines aligned with the value were pushed past the
//     limit); in a dag with its first
//     argument, (ins A:$a,\n     B:$b) (1,755; under the operator: 333);
//     a top-level statement's header bracket aligns all its lines or
//     none: aligned when every line in it fits aligned and none starts a
//     list (def X : Op<"x",\n    [Pure]>), else indented 4 (in brackets
//     whose lines all fit aligned 596 lines aligned against 225 indented
//     4, in the others 514 indented 4 against 52 aligned, 124 lists on the
//     first continuation line at 4 against 64; churn -86 lines against
//     indenting all 4, out of tree 12.17% -> 12.15%); the dags of a Pat,
//     the elements of a bracket inside another and a class's template
//     arguments (class C<int a,\n        int b>) align at any level (churn
//     14,256 -> 14,056 lines for the template arguments, -26 for nested
//     brackets);
//   - a string continuing a string in a bracket (TableGen joins them)
//     aligns with the first string of the run: /*desc=*/"a "\n
//     "b" (392 lines against 136; churn -58 lines);
//   - a line after a bracket that ends its line: 2 past the bracket's line
//     (6,212), 4 in a top-level header (929 against 454); a dag's operator
//     ending the line ((ins) likewise 2 (2,440);
//   - a body's '{' on a line of its own: at its statement's indentation
//     (20 lines against 2; churn -19 lines);
//   - a statement continued outside brackets: 4 past its first line at the
//     top level (1,034 against 543), 2 inside a body, or aligned with the
//     value after its '=' when that is on the '=''s line
//     (let summary = "...\n                "..."; churn -110 lines),
//     unless that pushes it past the limit, and then the statement's lines
//     after it are not aligned either (churn -13 lines);
//   - a closing bracket that starts a line: at its opening line's indent
//     (3,164), 2 in a top-level header (def X : Y<[\n    A\n  ]>: 195
//     against 101; churn -171 lines), but the header's outermost bracket
//     closes at the statement's indentation (def X : Y<\n    "y"\n>;: 19
//     against 5, out of tree 538 against 19);
//   - the lines of a top-level statement's outermost list, not aligned,
//     are indented 2 (foreach x = [\n  A\n] in: 10 against 0, out of
//     tree 66 against 0; with the rule before, churn -28 lines, out of
//     tree 15.96% -> 15.85%);
//   - a line that alignment would push past the column limit is indented
//     as if its bracket ended its line, when that makes it fit, and so are
//     the bracket's lines after it (churn -19 lines); likewise when the
//     line is in a bracket opened on a later line of an aligned bracket:
//     that bracket's lines from the later one on are not aligned ((ins
//     A:$a,\n      DefaultValuedAttr<\n        ...>; churn -19 lines); a
//     line that still does not fit, and that no break makes fit, is
//     indented as far as it fits
//     (an even column): no line the author kept within the limit is
//     pushed past it (70 lines before this rule, 0 after); but not left
//     of its statement's first line, nor a statement's first line or a
//     comment between statements left of its level: such a line stays
//     where it is indented, past the limit (MLIR's 313 files and
//     CIRCT's 244: 0 lines pushed past the limit, 13 fewer changed in
//     MLIR; a comment in a body at column 0 read as outside it);
//   - preprocessor lines start at column 0 (923 against 4);
//   - one space after ',' and ';', around '=', around '#' (1,643 against
//     153), around ':' outside brackets (def X : Y) and in !cond, none
//     next to the inside of brackets (before a comment too), around ':'
//     in brackets (I32:$x), '.' and '...'; none after an argument comment
//     (/*name=*/value), nor between a comment and a ',', ';' or closing
//     bracket after it (x /*why*/, out of MLIR's tree 174 against 0; 2
//     in MLIR's); one space before a trailing comment (391 against
//     98 aligned); an empty body is {}.

// frame is an open bracket.
type frame struct {
	open tablegen.TokenKind
	body bool // '{' of a statement body
	// flat: the body of a let ... in { } outside any other body but such
	// ones, whose statements are not indented (as C++ namespaces).
	flat bool
	bang bool // '(' of a bang operator's arguments, '<' of its type
	dag  bool // '(' of a dag
	cond bool // '(' of !cond: its ':' are spaced
	id   int
	// align is the output column of the first token after the bracket on
	// the bracket's line (for a dag, of its first argument), or -1.
	align    int
	indent   int // indentation of the output line of the bracket
	line     int // output line of the bracket
	first    bool
	op       bool // in a dag's operator, before its first argument
	firstCol int
	multi    bool // its first token spans lines
	params   bool // '<' of a class's or multiclass's template arguments
	// unaligned: a line of the bracket did not fit aligned; the lines
	// after it are indented as it was.
	unaligned bool
	from      int // the first token of the line the bracket is on
	// Statement state saved by a body, restored when it closes.
	stmt stmtState
}

type stmtState struct {
	start  bool               // the next token starts a statement
	kw     tablegen.TokenKind // the first token of the statement
	sawIn  bool               // 'in', 'then' or 'else' ends a header
	indent int                // indentation of the statement's first line
	inc    bool               // an include, ended by its file name
	n      int                // tokens of the statement so far
	// valueCol is the output column of the value after the statement's
	// '=' when it is on the '=''s line (else 0); eqLine is 1 + the '=''s
	// output line.
	valueCol, eqLine int
	// unaligned: a continuation line did not fit aligned with the value;
	// the statement's lines after it are indented as it was.
	unaligned bool
}

// tree follows the bracket structure of the tokens printed so far.
type tree struct {
	stack  []frame
	stmt   stmtState
	nextID int
	prev   *tok
	// strCol is the output column of the first string of the run of
	// strings (which TableGen joins) that prev ends.
	strCol int
	// Classification of the token about to be printed.
	body, spacedColon bool
}

func (tr *tree) init() { tr.stmt.start = true }

// save and restore let a line be printed again with breaks added.
type treeState struct {
	stack  []frame
	stmt   stmtState
	nextID int
	prev   *tok
	strCol int
}

func (tr *tree) save() treeState {
	return treeState{append([]frame(nil), tr.stack...), tr.stmt, tr.nextID, tr.prev, tr.strCol}
}

func (tr *tree) restore(s treeState) {
	tr.stack = append(tr.stack[:0], s.stack...)
	tr.stmt, tr.nextID, tr.prev, tr.strCol = s.stmt, s.nextID, s.prev, s.strCol
}

// inner is the innermost bracket of the current statement (nil at the
// statement's level).
func (tr *tree) inner() *frame {
	if n := len(tr.stack); n > 0 && !tr.stack[n-1].body {
		return &tr.stack[n-1]
	}
	return nil
}

// bodies is the number of bodies around that indent their statements.
func (tr *tree) bodies() int {
	n := 0
	for i := range tr.stack {
		if tr.stack[i].body && !tr.stack[i].flat {
			n++
		}
	}
	return n
}

// flatOnly reports whether every body around is flat.
func (tr *tree) flatOnly() bool {
	for i := range tr.stack {
		if tr.stack[i].body && !tr.stack[i].flat {
			return false
		}
	}
	return true
}

// classify decides what t is before it is printed: whether a brace is a
// body's and whether a colon is spaced.
func (tr *tree) classify(t *tok, p *printer) {
	tr.body, tr.spacedColon = false, false
	if t.kind != kToken {
		return
	}
	switch t.lex {
	case tablegen.TokLBrace:
		if tr.inner() == nil {
			prev := tr.prev
			switch {
			case tr.stmt.start:
				tr.body = true
			case tr.stmt.kw == tablegen.KwDefset:
				tr.body = prev != nil && prev.is(tablegen.TokEqual)
			case prev != nil && prev.is(tablegen.TokEqual):
			case (tr.stmt.kw == tablegen.KwLet || tr.stmt.kw == tablegen.KwDefvar) && !tr.stmt.sawIn:
			default:
				tr.body = true
			}
		}
	case tablegen.TokRBrace:
		if n := len(tr.stack); n > 0 && tr.stack[n-1].body {
			tr.body = true
		}
	case tablegen.TokColon:
		in := tr.inner()
		tr.spacedColon = in == nil || in.cond
	}
}

// update follows t's effect on the structure, once it is printed.
func (tr *tree) update(t *tok, p *printer) {
	if t.kind == kBlockComment {
		// An argument comment first after a bracket: the bracket's lines
		// align with it (Op</*name=*/"a",\n    /*x=*/b>).
		if in := tr.inner(); in != nil && in.first && !in.dag && !in.body && p.outLine == in.line && t.line == t.endLine && in.align < 0 {
			in.align = p.col - width(t.text)
		}
		return
	}
	if t.kind != kToken {
		return
	}
	prev := tr.prev
	tr.prev = t
	letIn := tr.stmt.start && tr.stmt.sawIn && tr.stmt.kw == tablegen.KwLet
	if t.is(tablegen.TokString) && (prev == nil || !prev.is(tablegen.TokString)) {
		tr.strCol = p.col - width(t.text)
	}
	if tr.stmt.start {
		tr.stmt = stmtState{kw: t.lex, indent: p.indent, inc: t.lex == tablegen.KwInclude}
		if t.lex == tablegen.TokLBrace || t.lex == tablegen.TokRBrace {
			tr.stmt.start = true
		}
	}
	tr.stmt.n++
	if in := tr.inner(); in != nil && in.first {
		in.first = false
		in.firstCol = p.col - width(t.text)
		in.multi = t.line != t.endLine
		if in.dag {
			in.op = true
			if t.text == "ins" || t.text == "outs" {
				p.all[int32(in.id)] = true
			}
		} else if p.outLine == in.line && t.line == t.endLine && in.align < 0 {
			in.align = p.col - width(t.text)
		}
	} else if in != nil && in.op && prev != nil && tr.isArgStart(prev, t) {
		// The first argument of a dag: aligned with when on the line of
		// its bracket.
		in.op = false
		p.argOf[p.cur] = int32(in.id) + 1
		if p.outLine == in.line {
			in.align = p.col - width(t.text)
		}
	}
	if tr.inner() == nil {
		if t.is(tablegen.TokEqual) {
			tr.stmt.eqLine = p.outLine + 1
		} else if prev != nil && prev.is(tablegen.TokEqual) && tr.stmt.eqLine == p.outLine+1 && tr.stmt.valueCol == 0 {
			tr.stmt.valueCol = p.col - width(t.text)
		}
	}
	switch t.lex {
	case tablegen.TokLParen, tablegen.TokLSquare, tablegen.TokLess:
		f := frame{open: t.lex, id: tr.nextID, align: -1, indent: p.indent, line: p.outLine, first: true, from: p.lineFrom}
		tr.nextID++
		if prev != nil && prev.kind == kToken {
			switch t.lex {
			case tablegen.TokLParen:
				f.bang = prev.lex == tablegen.TokBang || prev.is(tablegen.TokGreater)
				f.cond = prev.text == "!cond"
				f.dag = !f.bang
			case tablegen.TokLess:
				f.params = len(tr.stack) == 0 && (tr.stmt.kw == tablegen.KwClass || tr.stmt.kw == tablegen.KwMulticlass) && tr.stmt.n == 3
				if f.params {
					p.params[int32(f.id)] = true
				}
				f.bang = prev.lex == tablegen.TokBang
				if prev.text == "Pat" || prev.text == "Pattern" {
					p.all[int32(f.id)] = true
					p.pats[int32(f.id)] = f.indent
				}
			}
		} else if t.lex == tablegen.TokLParen {
			f.dag = true
		}
		tr.stack = append(tr.stack, f)
	case tablegen.TokLBrace:
		f := frame{open: t.lex, body: tr.body, id: tr.nextID, align: -1, indent: p.indent, line: p.outLine, first: true}
		tr.nextID++
		if tr.body {
			f.flat = letIn && tr.flatOnly()
			f.stmt = tr.stmt
			f.first = false
			tr.stmt = stmtState{start: true}
		}
		tr.stack = append(tr.stack, f)
	case tablegen.TokRParen, tablegen.TokRSquare, tablegen.TokGreater, tablegen.TokRBrace:
		open := opener(t.lex)
		for i := len(tr.stack) - 1; i >= 0; i-- {
			if tr.stack[i].open == open {
				wasBody := tr.stack[i].body
				tr.stack = tr.stack[:i]
				if wasBody {
					// A body ends its statement, and the statement
					// around it (let ... in { }).
					tr.stmt = stmtState{start: true}
				}
				break
			}
			if tr.stack[i].body {
				break // a stray closer does not leave its body
			}
		}
	case tablegen.TokSemi:
		if tr.inner() == nil {
			tr.stmt = stmtState{start: true}
		}
	case tablegen.KwIn, tablegen.KwThen, tablegen.KwElse:
		if tr.inner() == nil {
			tr.stmt.start, tr.stmt.sawIn = true, true
		}
	case tablegen.TokString:
		if tr.stmt.inc && tr.inner() == nil {
			tr.stmt = stmtState{start: true}
		}
	}
}

// isArgStart reports whether t, after prev, is a dag's first argument: the
// first token after the operator that is not part of it (Op:$name).
func (tr *tree) isArgStart(prev, t *tok) bool {
	if t.is(tablegen.TokColon) || prev.is(tablegen.TokColon) || t.is(tablegen.TokComma) ||
		t.is(tablegen.TokRParen) || prev.is(tablegen.TokPaste) || t.is(tablegen.TokPaste) ||
		t.is(tablegen.TokLess) || t.is(tablegen.TokDot) || prev.is(tablegen.TokDot) {
		return false
	}
	return true
}

func opener(k tablegen.TokenKind) tablegen.TokenKind {
	switch k {
	case tablegen.TokRParen:
		return tablegen.TokLParen
	case tablegen.TokRSquare:
		return tablegen.TokLSquare
	case tablegen.TokGreater:
		return tablegen.TokLess
	}
	return tablegen.TokLBrace
}

// indentOf is the indentation of a line that starts with t.
func (tr *tree) indentOf(t *tok, p *printer) int {
	if t.kind == kDirective {
		return 0
	}
	in := tr.inner()
	if in == nil {
		level := tr.bodies()
		if n := len(tr.stack); t.is(tablegen.TokRBrace) && n > 0 && tr.stack[n-1].body {
			if tr.stack[n-1].flat {
				return p.opt.Indent * level
			}
			return p.opt.Indent * (level - 1)
		}
		if tr.stmt.start {
			return p.opt.Indent * level
		}
		if tr.body && t.is(tablegen.TokLBrace) {
			return tr.stmt.indent // a body's '{' on a line of its own (20 lines against 2)
		}
		if tr.stmt.indent > 0 && tr.stmt.valueCol > 0 && !tr.stmt.unaligned {
			return tr.stmt.valueCol // let x = "..."\n        "..."
		}
		return tr.stmt.indent + p.continuation(tr.stmt.indent)
	}
	if t.is(tablegen.TokString) && tr.prev != nil && tr.prev.is(tablegen.TokString) && !in.unaligned {
		return tr.strCol // /*desc=*/"a string "\n          "continued"
	}
	if closes(t, in) {
		if in.indent == 0 && !in.dag && (tr.outer() != in || in.params) {
			return p.opt.Indent // def X : Y<[\n    A\n  ]>
		}
		return in.indent // def X : Y<\n    "a"\n>;  foreach x = [\n  A\n] in
	}
	if from, ok := p.unalignFrom[int32(in.id)]; in.unaligned || ok && p.cur >= from {
		return tr.unaligned(t, p)
	}
	if in.dag {
		if in.align >= 0 {
			return in.align
		}
		return in.indent + p.opt.Indent
	}
	if in.align >= 0 && tr.outer() == in && wholeBracket(in, p) {
		id := int32(in.id)
		if (t.is(tablegen.TokLSquare) || t.is(tablegen.TokLParen)) && !p.unalignedBrackets[id] {
			// def X : Op<"x",\n    [Pure]>: a line starting a list
			// (MLIR's files: 124 lines against 64 aligned on the first
			// continuation line in brackets whose lines all fit
			// aligned). After lines printed aligned, they are printed
			// again.
			if p.cur > 0 && int(p.lineOf[p.cur-1]) == in.line {
				p.unalignedBrackets[id] = true
			} else {
				p.refit = id
			}
		}
		if p.unalignedBrackets[id] {
			return in.indent + p.continuation(in.indent)
		}
	}
	if in.align >= 0 {
		return in.align
	}
	if in.indent == 0 && in.open == tablegen.TokLSquare && tr.outer() == in {
		return p.opt.Indent // foreach x = [\n  A,\n  B\n] in
	}
	return in.indent + p.bracketContinuation(in)
}

// wholeBracket reports whether the lines of f, the outermost bracket of
// its statement, align all or none: a top-level statement's header
// bracket (def X : Y<"y",\n          Z>) aligns its lines when every line
// in it fits aligned, else they are all indented 4 (MLIR's files: 596
// lines aligned against 225 in brackets whose lines all fit aligned, 514
// indented 4 against 52 in the others). A Pat's dags, a nested bracket's
// elements and a class's template arguments align at any level, line by
// line.
func wholeBracket(f *frame, p *printer) bool {
	return !f.dag && f.indent == 0 && !p.all[int32(f.id)] && !f.params
}

// outer is the outermost bracket of the current statement (nil at the
// statement's level).
func (tr *tree) outer() *frame {
	for i := len(tr.stack) - 1; i >= 0; i-- {
		if tr.stack[i].body {
			if i+1 < len(tr.stack) {
				return &tr.stack[i+1]
			}
			return nil
		}
	}
	if len(tr.stack) > 0 {
		return &tr.stack[0]
	}
	return nil
}

// unaligned is the indentation of a line that starts with t when aligning
// it would make it too long: that of a bracket ending its line.
func (tr *tree) unaligned(t *tok, p *printer) int {
	in := tr.inner()
	if in == nil && !tr.stmt.start && tr.stmt.indent > 0 && tr.stmt.valueCol > 0 {
		return tr.stmt.indent + p.continuation(tr.stmt.indent)
	}
	if in == nil || closes(t, in) || in.align < 0 {
		return tr.indentOf(t, p)
	}
	if in.dag {
		return in.indent + p.opt.Indent
	}
	return in.indent + p.bracketContinuation(in)
}

// bracketContinuation is how far the lines of the bracket f are indented
// from f's line when f ends its line: a Pat's dags one level (def X :
// Pat<\n  (src),\n  (result)>: out of MLIR's tree, 243 lines against 3 in
// onnx-mlir, CIRCT, StableHLO, p4mlir and MLIR's test dialect; MLIR's
// own files have none), other brackets as continuation says.
func (p *printer) bracketContinuation(f *frame) int {
	if _, pat := p.pats[int32(f.id)]; pat {
		return p.opt.Indent
	}
	return p.continuation(f.indent)
}

// continuation is how far a line continuing one at indent is indented:
// two levels for a top-level statement's header (def X : Y<...,\n    ...),
// one inside a body, as MLIR's files mostly write them.
func (p *printer) continuation(indent int) int {
	if indent == 0 {
		return 2 * p.opt.Indent
	}
	return p.opt.Indent
}

// closes reports whether t closes f.
func closes(t *tok, f *frame) bool {
	return t.kind == kToken && opener(t.lex) == f.open &&
		(t.lex == tablegen.TokRParen || t.lex == tablegen.TokRSquare || t.lex == tablegen.TokGreater || t.lex == tablegen.TokRBrace)
}

// keepGap asks for the author's gap between two tokens, as one space if
// there was any: where a rule could change what the tokens are.
const keepGap = -1

// spaceBetween is the number of spaces between a and b on one line.
func (tr *tree) spaceBetween(a, b *tok) int {
	if a.kind == kBlockComment && b.kind == kToken && strings.HasSuffix(a.text, "=*/") {
		return 0 // an argument's name: /*name=*/value
	}
	if b.kind == kBlockComment && a.kind == kToken && (a.lex == tablegen.TokLParen || a.lex == tablegen.TokLSquare || a.lex == tablegen.TokLess) {
		return 0 // none inside a bracket: (/*name*/x
	}
	if a.kind == kBlockComment && b.kind == kToken && (b.lex == tablegen.TokComma || b.lex == tablegen.TokSemi ||
		b.lex == tablegen.TokRParen || b.lex == tablegen.TokRSquare || b.lex == tablegen.TokGreater) {
		return 0 // none before a comma or a closing bracket: x /*why*/, y /*why*/]
	}
	if b.kind == kLineComment || b.kind == kBlockComment || a.kind == kBlockComment {
		return 1
	}
	if a.kind != kToken || b.kind != kToken {
		return keepGap
	}
	switch b.lex {
	case tablegen.TokComma, tablegen.TokSemi, tablegen.TokRParen, tablegen.TokRSquare,
		tablegen.TokGreater, tablegen.TokDot, tablegen.TokEllipsis:
		return 0
	case tablegen.TokRBrace:
		return b2i(tr.body && !a.is(tablegen.TokLBrace)) // an empty body: {}
	case tablegen.TokColon:
		return b2i(tr.spacedColon)
	case tablegen.TokPaste, tablegen.TokEqual:
		return 1
	case tablegen.TokMinus, tablegen.TokPlus:
		return keepGap
	}
	switch a.lex {
	case tablegen.TokLParen, tablegen.TokLSquare, tablegen.TokLess, tablegen.TokDot, tablegen.TokEllipsis:
		return 0
	case tablegen.TokLBrace:
		if len(tr.stack) > 0 && tr.stack[len(tr.stack)-1].body {
			return 1
		}
		return 0
	case tablegen.TokColon:
		return b2i(tr.prevColonSpaced(a))
	case tablegen.TokComma, tablegen.TokSemi, tablegen.TokEqual, tablegen.TokPaste:
		return 1
	case tablegen.TokMinus, tablegen.TokPlus:
		return keepGap
	}
	switch b.lex {
	case tablegen.TokLParen:
		if a.lex == tablegen.TokBang || a.lex == tablegen.TokGreater {
			return 0
		}
		return 1
	case tablegen.TokLess:
		return b2i(!a.isWord())
	case tablegen.TokLSquare:
		if a.lex == tablegen.TokIdent || a.lex == tablegen.TokRParen || a.lex == tablegen.TokRSquare {
			return 0
		}
		return 1
	case tablegen.TokLBrace:
		if tr.body {
			return 1
		}
		if a.lex == tablegen.TokIdent || a.lex == tablegen.TokRParen || a.lex == tablegen.TokRSquare || a.lex == tablegen.TokGreater {
			return 0
		}
		return 1
	case tablegen.TokInt:
		if (b.text[0] == '-' || b.text[0] == '+') && (a.lex == tablegen.TokInt || a.lex == tablegen.TokIdent) {
			return 0 // a range: 0-7
		}
	}
	return 1
}

// prevColonSpaced is whether the colon a, just printed, was spaced: the
// colon's frame is still the innermost.
func (tr *tree) prevColonSpaced(a *tok) bool {
	in := tr.inner()
	return in == nil || in.cond
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
