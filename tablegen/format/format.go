// Package format is the TableGen formatter: it changes only whitespace.
//
// The model is gofmt's: the author's line breaks are kept, and the output
// is a function of the tokens and of the line breaks between them. What a
// line's indentation and the spaces inside it are follows from the tokens
// (rules.go); a break is added only where a formatted line is longer than
// the column limit (breaks.go). Every run checks that the tokens, comments
// and preprocessor lines of its output are those of its input, byte for
// byte, and returns an error instead of an output that is not.
package format

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"tdls/tablegen"
)

// DefaultColumn is the column limit when none is configured, LLVM's.
const DefaultColumn = 80

// DefaultIndent is the indentation of a body level when none is
// configured, MLIR's.
const DefaultIndent = 2

// Options say how to format.
type Options struct {
	// Column is the column limit (DefaultColumn when 0).
	Column int
	// Indent is how far each body level is indented (DefaultIndent when
	// 0); continuation lines are indented in proportion.
	Indent int
	// Lines, when not empty, are the only lines formatted (1-based,
	// inclusive); every byte of the other lines is kept.
	Lines []LineRange
}

// LineRange is the lines First to Last (1-based, inclusive).
type LineRange struct{ First, Last int }

// ErrNotWhitespaceOnly is wrapped by the error Source returns when its
// output would differ from its input in more than whitespace. The input is
// then to be left as it is; this is a bug of the formatter.
var ErrNotWhitespaceOnly = errors.New("formatting would change more than whitespace")

// Source formats a .td file. It returns src itself when nothing changes.
func Source(src []byte, opt Options) ([]byte, error) {
	return source(src, opt, true, lineBreak(src))
}

// source formats src, writing its line breaks as eol; windowed, lines are
// formatted within the statements around them (the same result, as
// TestRangeKeepsOtherLines checks).
func source(src []byte, opt Options, windowed bool, eol string) ([]byte, error) {
	if opt.Column <= 0 {
		opt.Column = DefaultColumn
	}
	if opt.Indent <= 0 {
		opt.Indent = DefaultIndent
	}
	text := string(src)
	toks := scan(text)
	if len(opt.Lines) > 0 && windowed {
		if from, to, firstLine, ok := window(text, toks, opt.Lines); ok {
			return formatWindow(src, from, to, firstLine, opt, eol)
		}
	}
	// The rules see \n line breaks only, and the token check compares
	// code blocks and comments with them: withEndings writes the file's
	// back.
	lfSrc := src
	if lf := toLF(text, eol); len(lf) != len(text) {
		text, toks, lfSrc = lf, scan(lf), []byte(lf)
	}
	p := newPrinter(text, toks, opt)
	p.keepErroneousStatements(lfSrc)
	out := p.print()
	if p.broke && len(opt.Lines) == 0 {
		// The breaks added are line breaks of the output that the input
		// had not, and the rules read line breaks (whether a bracket's
		// lines all fit aligned): formatted again, the output is what
		// the rules give for its own breaks, so that formatting it once
		// more changes nothing.
		q := newPrinter(out, scan(out), opt)
		q.keepErroneousStatements([]byte(out))
		out = q.print()
	}
	if err := sameTokens(toks, scan(out)); err != nil {
		return src, err
	}
	if out = p.withEndings(out, src, eol); out == string(src) {
		return src, nil
	}
	return []byte(out), nil
}

// window is the part of text to format for the lines: from the start of
// the top-level statement before the first line to the start of the second
// top-level statement after the last (so that the lines after the range
// that the window ends with are kept as written), and the line it starts
// on (0-based). Formatting starts afresh at a top-level statement, so the
// window formats its lines as the whole file would: a range in a large
// file costs what the statements around it cost. ok is false when the
// window would be the whole file.
func window(text string, toks []tok, lines []LineRange) (from, to, firstLine int, ok bool) {
	first, last := lines[0].First-1, lines[0].Last-1
	for _, r := range lines[1:] {
		first, last = min(first, r.First-1), max(last, r.Last-1)
	}
	from, to = -1, len(text)
	depth, after := 0, 0
	var prev *tok
	for i := range toks {
		t := &toks[i]
		top := depth == 0 && t.kind == kToken && t.lex.IsKeyword() && isStatementStart(t) &&
			(prev == nil || prev.is(tablegen.TokSemi) || prev.is(tablegen.TokRBrace)) &&
			(i == 0 || toks[i-1].endLine < t.line) && (t.off == 0 || text[t.off-1] == '\n')
		if top {
			if t.line <= first {
				from, firstLine = t.off, t.line
			} else if t.line > last {
				if after++; after == 2 {
					to = t.off
					break
				}
			}
		}
		if t.kind == kToken {
			switch t.lex {
			case tablegen.TokLParen, tablegen.TokLSquare, tablegen.TokLess, tablegen.TokLBrace:
				depth++
			case tablegen.TokRParen, tablegen.TokRSquare, tablegen.TokGreater, tablegen.TokRBrace:
				depth = max(depth-1, 0)
			}
			prev = t
		}
	}
	if from < 0 {
		from, firstLine = 0, 0
	}
	return from, to, firstLine, from > 0 || to < len(text)
}

func isStatementStart(t *tok) bool {
	switch t.lex {
	case tablegen.KwDef, tablegen.KwClass, tablegen.KwDefm, tablegen.KwMulticlass, tablegen.KwLet,
		tablegen.KwForeach, tablegen.KwDefvar, tablegen.KwDefset, tablegen.KwDeftype, tablegen.KwIf,
		tablegen.KwAssert, tablegen.KwDump:
		return true
	}
	return false
}

// formatWindow formats the lines of src[from:to], which starts on line
// firstLine, and keeps the rest of src.
func formatWindow(src []byte, from, to, firstLine int, opt Options, eol string) ([]byte, error) {
	shifted := make([]LineRange, len(opt.Lines))
	for i, r := range opt.Lines {
		shifted[i] = LineRange{r.First - firstLine, r.Last - firstLine}
	}
	sub := src[from:to:to]
	out, err := source(sub, Options{Column: opt.Column, Indent: opt.Indent, Lines: shifted}, true, eol)
	if err != nil || bytes.Equal(out, sub) {
		return src, err
	}
	res := make([]byte, 0, len(src)+len(out)-len(sub))
	res = append(append(append(res, src[:from]...), out...), src[to:]...)
	return res, nil
}

// sameTokens checks that the formatted text has the tokens of the input.
func sameTokens(in, out []tok) error {
	if len(in) != len(out) {
		return fmt.Errorf("%w: %d tokens in, %d out", ErrNotWhitespaceOnly, len(in), len(out))
	}
	for i := range in {
		a, b := &in[i], &out[i]
		if a.kind != b.kind || a.lex != b.lex || a.text != b.text {
			return fmt.Errorf("%w: line %d: %q became %q", ErrNotWhitespaceOnly, a.line+1, a.text, b.text)
		}
	}
	return nil
}

// keepErroneousStatements marks the lines of top-level statements with
// syntax errors to be kept as written: the parser's recovery decides where
// such a statement ends, and a formatter should not guess at what the
// author meant.
func (p *printer) keepErroneousStatements(src []byte) {
	set := tablegen.NewSourceSet()
	f, ok := set.TryAddFile("format.td", src)
	if !ok {
		return
	}
	ltoks, ldiags := tablegen.LexFile(set, f)
	ltoks = withoutIncludes(ltoks)
	res := tablegen.Parse(set, ltoks)
	lineOf := func(pos tablegen.Pos) int { return f.Position(f.Offset(pos)).Line - 1 }
	keep := func(from, to tablegen.Pos) {
		for l := lineOf(from); l <= lineOf(to) && l < len(p.keep); l++ {
			p.keep[l] = true
		}
	}
	// A statement holding a lexical error (an unterminated string, a
	// stray character) is erroneous too, though the parser may skip the
	// error token and report nothing.
	var lexErrs []tablegen.Pos
	for _, d := range ldiags {
		if syntaxError(d) {
			keep(d.Range.Start, d.Range.End)
			lexErrs = append(lexErrs, d.Range.Start)
		}
	}
	for _, ps := range res.Passes {
		bad := false
		for _, d := range ps.Diags {
			bad = bad || syntaxError(d)
		}
		if ps.From < len(ltoks) {
			from, to := ltoks[ps.From].Pos, tablegen.Pos(f.Base+tablegen.Pos(len(src)))
			if ps.To < len(ltoks) {
				to = ltoks[ps.To].Pos
			}
			for _, e := range lexErrs {
				bad = bad || (e >= from && e < to)
			}
		}
		if !bad || ps.From >= len(ltoks) {
			continue
		}
		last := ps.To - 1
		if last >= len(ltoks) || ltoks[last].Kind == tablegen.TokEOF {
			last = len(ltoks) - 1
			for last > ps.From && ltoks[last].Kind == tablegen.TokEOF {
				last--
			}
		}
		if last < ps.From {
			last = ps.From
		}
		keep(ltoks[ps.From].Pos, ltoks[last].End())
		for _, d := range ps.Diags {
			keep(d.Range.Start, d.Range.End)
		}
		// The parser starts afresh after the statement: so does the
		// formatter, whatever brackets the statement left open.
		if ps.To < len(ltoks) {
			p.restart[f.Offset(ltoks[ps.To].Pos)] = true
		}
	}
}

// withoutIncludes drops the include statements LexFile keeps: the parser
// takes a unit's tokens, in which the lexer has replaced them.
func withoutIncludes(ts []tablegen.Token) []tablegen.Token {
	out := ts[:0:0]
	for i := 0; i < len(ts); i++ {
		if ts[i].Kind == tablegen.KwInclude && i+1 < len(ts) && ts[i+1].Kind == tablegen.TokString {
			i++
			continue
		}
		out = append(out, ts[i])
	}
	return out
}

// syntaxError reports whether d says the text is not TableGen as written:
// not that an included file is missing, nor a directive's problem (a
// directive is a line the formatter writes as it is, and a range of a file
// is lexed without the #ifndef its #endif closes).
func syntaxError(d tablegen.Diagnostic) bool {
	return d.Severity == tablegen.SeverityError && !strings.HasPrefix(d.Code, "include-") &&
		!strings.HasPrefix(d.Code, "preprocessor-")
}

// printer writes the formatted text, token by token.
type printer struct {
	src    string
	toks   []tok
	opt    Options
	starts []int  // byte offset of each line of src
	keep   []bool // per line of src: kept as written
	// restart holds the offsets of the statements after one with a syntax
	// error: the brackets are counted afresh from there.
	restart map[int]bool
	out     []byte
	col     int  // columns written on the current output line
	indent  int  // indentation of the current output line
	outLine int  // lines written so far
	blank   bool // the last line written was blank
	tree
	cur int // index of the token being printed
	// Per token, as last printed: the output column after it, its output
	// line, its innermost bracket and how many brackets of its statement
	// it is in.
	colEnd, lineOf, frameOf []int32
	// colFirst is, for a token over lines, the output column at the end
	// of its first line (else 0).
	colFirst []int32
	depthOf  []int16
	// argOf is, for a dag's first argument, 1 + the dag's bracket id.
	argOf []int32
	all   map[int32]bool // the brackets whose elements break all at once
	// params are the brackets of classes' template arguments: broken
	// after the header's ':'.
	params map[int32]bool
	// pats are the brackets of Pats and Patterns, with the indentation
	// of their lines: broken after their '<' when their first dag does
	// not fit after it.
	pats map[int32]int
	// classColon are the tokens ':' before a class's parents: broken
	// after first.
	classColon map[int]bool
	// noAlign asks for the next line's indentation without alignment.
	noAlign bool
	// floor is the least indentation that keeps the line being printed in
	// its place in the structure: a statement's first line, or a comment
	// between statements, at its level; a continuation line no further
	// left than its statement's first line. A line too long at the floor
	// keeps its indentation: moved further left, it would read as part of
	// an outer body.
	floor int
	// fitIndent, when not -1, is the next line's indentation: that of a
	// line which fits no other way.
	fitIndent int
	// unalignedBrackets are the whole brackets (tree.wholeBracket) one of
	// whose lines does not fit aligned; refit, when not -1, is such a
	// bracket just found, whose lines are to be printed again from its
	// checkpoint.
	unalignedBrackets map[int32]bool
	refit             int32
	checkpoints       map[int32]checkpoint
	// lastTop is the state before the last line that started outside
	// brackets: where a whole bracket's lines are printed again from.
	lastTop checkpoint
	// brokeInto is 1 + the whole bracket an added break last aligned a
	// line in (else 0).
	brokeInto int32
	// broke: a line was broken where the author had not, so the output
	// has line breaks the input had not (see source).
	broke bool
	// lineStarts holds the state before each line (by its first token);
	// unalignFrom, per bracket, the first token from which its lines are
	// not aligned: a line inside a bracket opened on one of its lines
	// did not fit; refitAt, when not -1, is the line to print again from.
	lineStarts  map[int]checkpoint
	unalignFrom map[int32]int
	refitAt     int
	lineFrom    int // the first token of the line being printed
	// ends is, per output line, the line of src whose line break ends it
	// (-1 for a break the formatter added): withEndings keeps the break of
	// a line kept as written.
	ends []int32
}

// checkpoint is the printer's state before the line a whole bracket
// opens on.
type checkpoint struct {
	tok               int
	tree              treeState
	out, outLine, col int
	indent            int
	blank             bool
}

func newPrinter(src string, toks []tok, opt Options) *printer {
	p := &printer{src: src, toks: toks, opt: opt, fitIndent: -1}
	p.starts = append(p.starts, 0)
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			p.starts = append(p.starts, i+1)
		}
	}
	p.keep = make([]bool, len(p.starts))
	p.restart = map[int]bool{}
	if len(opt.Lines) > 0 {
		for i := range p.keep {
			p.keep[i] = true
		}
		for _, r := range opt.Lines {
			for l := max(r.First, 1); l <= r.Last && l <= len(p.keep); l++ {
				p.keep[l-1] = false
			}
		}
	}
	p.out = make([]byte, 0, len(src)+len(src)/16)
	p.tree.init()
	return p
}

// lineText is line l of src without its newline.
func (p *printer) lineText(l int) string {
	end := len(p.src)
	if l+1 < len(p.starts) {
		end = p.starts[l+1] - 1
	}
	return p.src[p.starts[l]:end]
}

func (p *printer) write(s string) {
	p.out = append(p.out, s...)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		p.outLine += strings.Count(s, "\n")
		p.col = width(s[i+1:])
	} else {
		p.col += width(s)
	}
}

// newline ends the output line with the line break of src's line l.
func (p *printer) newline(l int) {
	p.out = append(p.out, '\n')
	p.ends = append(p.ends[:p.outLine], int32(l))
	p.col = 0
	p.outLine++
}

func (p *printer) spaces(n int) {
	for range n {
		p.out = append(p.out, ' ')
	}
	p.col += n
}

// width is the number of columns s takes: one per character, a tab to the
// next multiple of 8 as editors show it.
func width(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c == '\t' {
				n += 8 - n%8
			} else {
				n++
			}
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return n
}

func (p *printer) print() string {
	if len(p.toks) == 0 {
		return p.printEmpty()
	}
	n := len(p.toks)
	p.colEnd = make([]int32, n)
	p.colFirst = make([]int32, n)
	p.lineOf = make([]int32, n)
	p.frameOf = make([]int32, n)
	p.depthOf = make([]int16, n)
	p.argOf = make([]int32, n)
	p.all = map[int32]bool{}
	p.params = map[int32]bool{}
	p.classColon = map[int]bool{}
	p.pats = map[int32]int{}
	p.unalignedBrackets, p.checkpoints, p.refit = map[int32]bool{}, map[int32]checkpoint{}, -1
	p.lastTop = checkpoint{0, p.tree.save(), len(p.out), p.outLine, p.col, p.indent, p.blank}
	p.lineStarts, p.unalignFrom, p.refitAt = map[int]checkpoint{}, map[int32]int{}, -1
	for i := 0; i < n; {
		j := i + 1
		for j < n && p.toks[j].line == p.toks[j-1].endLine {
			j++
		}
		if i == 0 {
			p.startFirstLine(&p.toks[0])
		} else {
			here := checkpoint{i, p.tree.save(), len(p.out), p.outLine, p.col, p.indent, p.blank}
			p.lineStarts[i] = here
			if f := p.tree.outer(); f == nil {
				p.lastTop = here
			} else if _, ok := p.checkpoints[int32(f.id)]; !ok && wholeBracket(f, p) {
				p.checkpoints[int32(f.id)] = p.lastTop
			}
			p.breakLines(&p.toks[i-1], &p.toks[i])
		}
		p.printLine(i, j)
		if p.refit >= 0 {
			// A line of a whole bracket does not fit aligned: its
			// lines are printed again, none aligned.
			c, ok := p.checkpoints[p.refit]
			if !ok {
				c = p.lastTop // the bracket opened on the line being printed
			}
			p.unalignedBrackets[p.refit], p.refit = true, -1
			p.tree.restore(c.tree)
			p.out, p.outLine, p.col, p.indent, p.blank = p.out[:c.out], c.outLine, c.col, c.indent, c.blank
			j = c.tok
		} else if p.refitAt >= 0 {
			c := p.lineStarts[p.refitAt]
			p.refitAt = -1
			p.tree.restore(c.tree)
			p.out, p.outLine, p.col, p.indent, p.blank = p.out[:c.out], c.outLine, c.col, c.indent, c.blank
			j = c.tok
		}
		i = j
	}
	p.finish(&p.toks[n-1])
	return string(p.out)
}

// printLine prints the tokens from to to, which the author wrote on one
// line (the last lines of a multi-line token included), and breaks the
// line where it is too long.
func (p *printer) printLine(from, to int) {
	if p.keep[p.toks[from].line] {
		p.emitLine(from, to, nil)
		return
	}
	p.lineFrom = from
	saved, mark, outLine := p.tree.save(), len(p.out), p.outLine
	p.emitLine(from, to, nil)
	if p.refit >= 0 || !p.tooLong(from, to) {
		return
	}
	if f := p.lineBracket(saved, &p.toks[from]); f != nil && p.fitsUnaligned(f, from, to) {
		p.refit = int32(f.id)
		return
	}
	// A line that its alignment pushes past the limit is indented as a
	// continuation instead, if then it fits.
	if p.indent > 0 {
		p.tree.restore(saved)
		p.out, p.outLine, p.col = p.out[:mark], outLine, 0
		p.noAlign = true
		p.emitLine(from, to, nil)
		p.noAlign = false
		if p.refit >= 0 || !p.tooLong(from, to) {
			return
		}
	}
	if g, at, line := p.pushedBy(saved, from, to); g >= 0 {
		p.unalignFrom[g], p.refitAt = at, line
		return
	}
	breaks := map[int]bool{}
	p.brokeInto = 0
	for range 4 * (to - from) {
		if !p.chooseBreaks(from, to, breaks) {
			break
		}
		p.tree.restore(saved)
		p.out, p.outLine, p.col = p.out[:mark], outLine, 0
		p.emitLine(from, to, breaks)
		if p.refit >= 0 || !p.tooLong(from, to) {
			p.broke = p.refit < 0
			return
		}
	}
	if f := p.brokeInto - 1; f >= 0 && !p.unalignedBrackets[f] {
		// The breaks do not make the line fit with the lines they add
		// to a whole bracket aligned: its lines are printed again, none
		// aligned.
		if _, ok := p.checkpoints[f]; !ok {
			p.checkpoints[f] = p.lastTop
		}
		p.refit = f
		return
	}
	// Breaks that do not make the line fit are not worth the change: the
	// line stays as the author broke it, indented as far as it fits.
	if len(breaks) > 0 {
		p.tree.restore(saved)
		p.out, p.outLine, p.col = p.out[:mark], outLine, 0
		p.emitLine(from, to, nil)
	}
	if p.indent == 0 {
		return
	}
	first, w := p.lineOf[from], 0
	for k := from; k < to; k++ {
		if p.colFirst[k] > 0 {
			w = max(w, int(p.colFirst[k])-p.indent)
			break
		}
		if p.lineOf[k] != first {
			break
		}
		w = max(w, int(p.colEnd[k])-p.indent)
	}
	if fit := (p.opt.Column - w) &^ 1; fit >= p.floor && fit < p.indent {
		p.tree.restore(saved)
		p.out, p.outLine, p.col = p.out[:mark], outLine, 0
		p.fitIndent = fit
		p.emitLine(from, to, nil)
		p.fitIndent = -1
	}
}

// lineBracket is the whole bracket (wholeBracket) whose alignment places
// a line that starts with t, given the tree's state before the line: the
// line is in it, directly or in brackets opened on its lines after the
// first; nil when there is none or it is no longer aligned.
func (p *printer) lineBracket(before treeState, t *tok) *frame {
	tr := tree{stack: before.stack}
	f := tr.outer()
	if f == nil || f.align < 0 || !wholeBracket(f, p) || p.unalignedBrackets[int32(f.id)] {
		return nil
	}
	in := tr.inner()
	if in == f {
		if closes(t, f) {
			return nil
		}
		return f
	}
	for i := len(tr.stack) - 1; i >= 0 && &tr.stack[i] != f; i-- {
		if tr.stack[i].line > f.line {
			return f
		}
	}
	return nil
}

// fitsUnaligned reports whether the line of the tokens from to to, too
// long as printed in the aligned bracket f, would fit with f's lines
// indented as a continuation: all of them move left as much.
func (p *printer) fitsUnaligned(f *frame, from, to int) bool {
	shift := f.align - (f.indent + p.continuation(f.indent))
	for k := from; k < to; k++ {
		if int(max(p.colEnd[k], p.colFirst[k]))-shift > p.opt.Column {
			return false
		}
	}
	return true
}

// pushedBy finds the aligned bracket whose alignment pushes the line of
// the tokens from to to past the limit, the line being in a bracket
// opened on a later line of it: (ins A:$a,\n     DefaultValuedAttr<\n
// ...>). It returns the bracket, the first token of that later line, from
// which its lines are not aligned, and the first token of the source line
// to print again from, when then the line fits; else -1.
func (p *printer) pushedBy(before treeState, from, to int) (int32, int, int) {
	st := before.stack
	for k := len(st) - 1; k >= 1; k-- {
		f, g := &st[k], &st[k-1]
		if f.body || g.body {
			break
		}
		id := int32(g.id)
		if f.line <= g.line || g.align < 0 || g.unaligned || f.from >= from {
			continue
		}
		if _, done := p.unalignFrom[id]; done {
			continue
		}
		if _, ok := p.lineStarts[f.from]; !ok {
			continue
		}
		unaligned := g.indent + p.continuation(g.indent)
		if g.dag {
			unaligned = g.indent + p.opt.Indent
		}
		shift := g.align - unaligned
		if shift <= 0 {
			continue
		}
		fits := true
		for t := from; t < to && fits; t++ {
			fits = int(max(p.colEnd[t], p.colFirst[t]))-shift <= p.opt.Column
		}
		if fits {
			// From the first token of the bracket's line, which an
			// added break may have started.
			at := f.from
			for at < from && int(p.lineOf[at]) != f.line {
				at++
			}
			return id, at, f.from
		}
	}
	return -1, 0, 0
}

// emitLine prints the tokens from to to, starting a new output line before
// each token in breaks.
func (p *printer) emitLine(from, to int, breaks map[int]bool) {
	for i := from; i < to; i++ {
		t := &p.toks[i]
		p.cur = i
		if p.restart[t.off] {
			p.tree.stack, p.tree.stmt = p.tree.stack[:0], stmtState{start: true}
		}
		p.tree.classify(t, p)
		switch {
		case i == from:
			p.startLine(i, t)
		case breaks[i]:
			p.newline(-1)
			p.indent = p.tree.indentOf(t, p)
			if f := p.tree.outer(); f != nil && f == p.tree.inner() && f.align == p.indent && wholeBracket(f, p) {
				p.brokeInto = int32(f.id) + 1
			}
			p.spaces(p.indent)
		default:
			p.space(&p.toks[i-1], t)
		}
		p.frameOf[i], p.depthOf[i] = p.tree.where()
		if t.is(tablegen.TokColon) && p.depthOf[i] == 0 && (p.tree.stmt.kw == tablegen.KwClass || p.tree.stmt.kw == tablegen.KwMulticlass) {
			p.classColon[i] = true
		}
		if nl := strings.IndexByte(t.text, '\n'); nl >= 0 {
			// A code block or comment over lines: its first line is
			// where the formatter puts it.
			p.colFirst[i] = int32(p.col + width(t.text[:nl]))
		} else {
			p.colFirst[i] = 0
		}
		p.write(t.text)
		for l := t.line; l < t.endLine; l++ {
			p.ends = append(p.ends[:p.outLine-(t.endLine-l)], int32(l))
		}
		p.colEnd[i], p.lineOf[i] = int32(p.col), int32(p.outLine)
		p.tree.update(t, p)
	}
}

// printEmpty formats a file of blanks only: nothing, or the kept lines.
func (p *printer) printEmpty() string {
	for l := range p.starts {
		if p.keep[l] {
			p.write(p.lineText(l))
			if l+1 < len(p.starts) {
				p.newline(l)
			}
		}
	}
	return string(p.out)
}

// startFirstLine writes the kept lines before the first token; the blank
// lines before it are dropped.
func (p *printer) startFirstLine(t *tok) {
	for l := 0; l < t.line; l++ {
		if p.keep[l] {
			p.write(p.lineText(l))
			p.newline(l)
		}
	}
}

// breakLines writes what lies between a, which ends a line, and b, which
// starts a later one: the rest of a's line, and the blank lines between.
func (p *printer) breakLines(a, b *tok) {
	if p.keep[a.endLine] {
		rest := p.src[a.end():]
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			p.write(rest[:i])
		}
	}
	p.newline(a.endLine)
	p.blank = false
	for l := a.endLine + 1; l < b.line; l++ {
		switch {
		case p.keep[l]:
			p.write(p.lineText(l))
			p.newline(l)
			p.blank = strings.TrimSpace(p.lineText(l)) == ""
		case !p.blank:
			// Runs of blank lines become one, as clang-format's LLVM
			// style keeps (MaxEmptyLinesToKeep: 1).
			p.newline(l)
			p.blank = true
		}
	}
}

// startLine writes the indentation of the line that t starts.
func (p *printer) startLine(i int, t *tok) {
	if p.keep[t.line] {
		p.write(p.src[p.starts[t.line]:t.off])
		p.indent = p.col
		return
	}
	p.indent = p.tree.indentOf(t, p)
	if i == p.lineFrom {
		p.floor = p.indent
		if in := p.tree.inner(); in != nil || !p.tree.stmt.start && t.kind != kLineComment {
			p.floor = min(p.indent, p.tree.stmt.indent)
		}
	}
	if p.noAlign {
		if u := p.tree.unaligned(t, p); u < p.indent {
			p.indent = u
			if in := p.tree.inner(); in != nil {
				in.unaligned = true
			} else {
				p.tree.stmt.unaligned = true
			}
		}
		p.noAlign = false
	}
	if p.fitIndent >= 0 {
		p.indent = min(p.indent, p.fitIndent)
	}
	p.spaces(p.indent)
}

// space writes what separates a and b on one line.
func (p *printer) space(a, b *tok) {
	if p.keep[b.line] {
		p.write(p.src[a.end():b.off])
		return
	}
	switch n := p.tree.spaceBetween(a, b); n {
	case keepGap:
		gap := p.src[a.end():b.off]
		if gap != "" && a.kind == kToken && b.kind == kToken {
			gap = " " // the author's gap, as one space
		}
		p.write(gap) // next to what does not lex, the bytes as they are
	case 0:
		if a.end() < b.off && !glues(a, b) {
			n = 1 // touching, they would lex as other tokens ([ { as [{)
		}
		p.spaces(n)
	default:
		p.spaces(n)
	}
}

// glues reports whether a and b written touching lex as a and b.
func glues(a, b *tok) bool {
	ts := scan(a.text + b.text)
	return len(ts) == 2 && ts[0].text == a.text && ts[1].text == b.text
}

// unterminated reports whether t, at the end of the file, would take in
// a newline after it: an unterminated code block, string or comment.
func unterminated(t *tok) bool {
	switch t.kind {
	case kOther:
		return true
	case kBlockComment:
		_, closed := blockComment(t.text, 0)
		return !closed
	case kDirective:
		c := strings.Index(t.text, "/*")
		if c < 0 || strings.Contains(t.text[:c], "//") {
			return false
		}
		_, closed := blockComment(t.text, c)
		return !closed
	}
	return false
}

// finish writes the end of the file after its last token t: one newline,
// and the kept lines after it.
func (p *printer) finish(t *tok) {
	if t.end() == len(p.src) && unterminated(t) {
		return // an unterminated code block or comment runs to the end: it is the end
	}
	rest := p.src[t.end():]
	if p.keep[t.endLine] {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			p.write(rest)
			return
		}
		p.write(rest[:i])
	}
	p.newline(t.endLine)
	for l := t.endLine + 1; l < len(p.starts); l++ {
		if p.keep[l] {
			p.write(p.lineText(l))
			if l+1 < len(p.starts) {
				p.newline(l)
			}
		}
	}
}
