package tablegen

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Include records one `include "name"` the lexer processed.
type Include struct {
	Range   Range  // the whole directive, keyword to closing quote
	NameRng Range  // the string literal
	Name    string // as written, unquoted
	File    *File  // the included file, nil when it was not found
	From    *File  // the file the directive is written in
}

// LexResult is the token stream of one translation unit: the root file with
// every include spliced in at the place it is written, exactly as
// llvm-tblgen's lexer does (an include may even appear inside a record body).
type LexResult struct {
	Tokens   []Token // ends with one TokEOF at the end of the root file
	Files    []*File // root first, then each inclusion in order
	Includes []Include
	Diags    Diagnostics
	Macros   map[string]bool // macros defined at the end of the unit
}

// LexOptions controls lexing of a translation unit.
type LexOptions struct {
	Loader  Loader   // resolves includes; nil means includes are errors
	Defines []string // -D NAME
	// MaxIncludeDepth bounds nesting of includes; 0 means 128.
	MaxIncludeDepth int
}

// LexUnit lexes root and, through opts.Loader, everything it includes.
func LexUnit(set *SourceSet, root *File, opts LexOptions) *LexResult {
	lx := newUnitLexer(set, opts)
	lx.chunked = true
	lx.res.Tokens = make([]Token, 0, 4096+len(root.Content)/3)
	lx.startFile(root, nil)
	lx.lexAll()
	lx.emit(Token{Kind: TokEOF, Pos: lx.end})
	lx.res.Tokens = lx.joinChunks()
	return lx.res
}

// newUnitLexer returns a lexer for a whole unit, which follows includes.
func newUnitLexer(set *SourceSet, opts LexOptions) *unitLexer {
	lx := &unitLexer{set: set, opts: opts, res: &LexResult{Macros: map[string]bool{}}, unit: true}
	if lx.opts.MaxIncludeDepth == 0 {
		lx.opts.MaxIncludeDepth = 128
	}
	for _, d := range opts.Defines {
		lx.res.Macros[d] = true
	}
	return lx
}

// tokenChunk is the size of the blocks a unit's tokens are gathered in.
// Includes usually outweigh the root by far and their size is unknown until
// they are read, so instead of regrowing one slice (which allocates several
// times its final size) the lexer fills blocks and joins them once.
const tokenChunk = 16 << 10

// emit appends a token to the stream.
func (lx *unitLexer) emit(t Token) {
	if lx.list != nil {
		lx.list.Append(t)
		return
	}
	if lx.chunked && len(lx.res.Tokens) == cap(lx.res.Tokens) {
		lx.full = append(lx.full, lx.res.Tokens)
		lx.res.Tokens = make([]Token, 0, tokenChunk)
	}
	lx.res.Tokens = append(lx.res.Tokens, t)
}

// joinChunks returns every token emitted, in one slice of the exact size.
func (lx *unitLexer) joinChunks() []Token {
	if len(lx.full) == 0 {
		return lx.res.Tokens
	}
	n := len(lx.res.Tokens)
	for _, c := range lx.full {
		n += len(c)
	}
	out := make([]Token, 0, n)
	for _, c := range lx.full {
		out = append(out, c...)
	}
	lx.full = nil
	return append(out, lx.res.Tokens...)
}

// LexFile lexes a single file without following includes (for tests, fuzzing
// and tools that need only tokens); include directives stay in the stream.
func LexFile(set *SourceSet, f *File) ([]Token, Diagnostics) {
	lx := &unitLexer{set: set, res: &LexResult{Macros: map[string]bool{}}, keepIncludes: true}
	lx.startFile(f, nil)
	lx.lexAll()
	lx.res.Tokens = append(lx.res.Tokens, Token{Kind: TokEOF, Pos: lx.end})
	return lx.res.Tokens, lx.res.Diags
}

// unitLexer lexes a translation unit token by token (next): the files being
// lexed form a stack, the root at the bottom and on top the file the latest
// include entered, so a consumer can take the tokens as they come instead
// of a slice of them all.
type unitLexer struct {
	set          *SourceSet
	opts         LexOptions
	res          *LexResult
	files        []openFile     // the include chain being lexed, root first
	stack        []IncludeFrame // the same chain, for recursion detection
	end          Pos            // the end of the root file, where EOF is
	keepIncludes bool

	// For a whole unit (LexUnit, StreamUnit): an include resolved once is
	// not read again, and a guarded file is not lexed again (guarded files
	// are included many times over).
	unit   bool
	loaded map[includeKey]loadedInclude
	guards map[string]string // guarded files (by path) and their guard macros
	// Tokens are emitted into blocks (see tokenChunk) and joined at the end.
	chunked bool
	full    [][]Token
	// list is where LexAlone and RelexAlone emit the one file's tokens.
	list *TokenList

	// Used by LexAlone and RelexAlone only.
	alone  bool        // record includes, never load them
	events *[]dirEvent // what each directive did
	defs   []string    // macros defined, in order, beyond the initial ones
	// condLow is the fewest open conditions the stack has had, counting a
	// switched top (#else) as closed, since RelexAlone restarted: below it
	// the stack is what it was then.
	condLow int
}

// prepCond is one open #ifdef/#ifndef.
type prepCond struct {
	at       Range
	active   bool // this branch's condition holds
	inElse   bool
	parentOn bool // all enclosing conditions hold
}

// openFile is a file being lexed: its scanner, its open #ifdef conditions,
// and the include that entered it (recorded once the file is done).
type openFile struct {
	s     *scanner
	conds []prepCond
	inc   *Include
	diags int // diagnostics before the file started
}

// startFile starts lexing f on top of the files being lexed; inc is the
// include that entered it, nil for the root. It reports false, having
// recorded inc, when f is included again behind its guard: there is
// nothing to lex.
func (lx *unitLexer) startFile(f *File, inc *Include) bool {
	lx.res.Files = append(lx.res.Files, f)
	if g, ok := lx.guards[filepath.Clean(f.Name)]; ok && lx.res.Macros[g] {
		lx.res.Includes = append(lx.res.Includes, *inc)
		return false
	}
	var conds []prepCond
	if lx.events != nil {
		conds = make([]prepCond, 0, cap(*lx.events)/2) // most files close what they open
	}
	lx.pushFile(&scanner{f: f, src: f.Text(), diags: &lx.res.Diags, lineStart: true}, conds, inc)
	return true
}

// pushFile puts s, whose file has the conditions conds open, on top of the
// files being lexed; inc is the include that entered it, nil for the root.
func (lx *unitLexer) pushFile(s *scanner, conds []prepCond, inc *Include) {
	if len(lx.files) == 0 {
		lx.end = s.f.Pos(len(s.f.Content))
	}
	lx.files = append(lx.files, openFile{s: s, conds: conds, inc: inc, diags: len(lx.res.Diags)})
	lx.stack = append(lx.stack, IncludeFrame{Path: filepath.Clean(s.f.Name), Macros: len(lx.res.Macros)})
}

// endFile finishes the file on top, whose text is all lexed.
func (lx *unitLexer) endFile() {
	of := lx.files[len(lx.files)-1]
	path := lx.stack[len(lx.stack)-1].Path
	lx.files, lx.stack = lx.files[:len(lx.files)-1], lx.stack[:len(lx.stack)-1]
	lx.unterminated(of.s.f, of.conds)
	// A guarded file lexed without complaint is skipped when included again
	// (as compilers do); with a complaint it is lexed again to repeat it.
	if lx.unit && of.s.guard.state == guardClosed && len(lx.res.Diags) == of.diags {
		if lx.guards == nil {
			lx.guards = map[string]string{}
		}
		lx.guards[path] = of.s.guard.name
	}
	if of.inc != nil {
		lx.res.Includes = append(lx.res.Includes, *of.inc)
	}
}

// next returns the unit's next token: the next of the file on top, or at
// its end the next of the file that included it; at the end of the root, an
// EOF token there.
func (lx *unitLexer) next() Token {
	for len(lx.files) > 0 {
		of := &lx.files[len(lx.files)-1]
		s := of.s
		if cs := of.conds; len(cs) > 0 && !(cs[len(cs)-1].active && cs[len(cs)-1].parentOn) {
			// Skip a disabled line, looking only for directives at line starts.
			if !s.skipToDirective() {
				lx.endFile()
				continue
			}
		}
		tok, dir := s.next()
		switch {
		case dir != "":
			lx.directive(s, dir, tok, &of.conds)
		case tok.Kind == TokEOF:
			lx.endFile()
		case tok.Kind == KwInclude && !lx.keepIncludes:
			s.guard.token()
			if t, ok := lx.include(s, tok); ok {
				return t
			}
		default:
			s.guard.token()
			return tok
		}
	}
	return Token{Kind: TokEOF, Pos: lx.end}
}

// lexAll lexes the rest of the unit into res.Tokens.
func (lx *unitLexer) lexAll() {
	for t := lx.next(); t.Kind != TokEOF; t = lx.next() {
		lx.emit(t)
	}
}

func (lx *unitLexer) unterminated(f *File, conds []prepCond) {
	if len(conds) > 0 {
		end := f.Pos(len(f.Content))
		last := conds[len(conds)-1]
		lx.res.Diags.errorAt(Range{end, end}, "preprocessor-unterminated", "reached end of file without matching #endif",
			Related{Range: last.at, Message: "the latest preprocessor control is here"})
	}
}

// afterHash is the range of a directive's name, after its '#': where
// LLVM's lexer reports a misplaced directive.
func afterHash(tok Token) Range {
	r := tok.Range()
	if r.Start < r.End {
		r.Start++
	}
	return r
}

func (lx *unitLexer) directive(s *scanner, dir string, tok Token, conds *[]prepCond) {
	cs := *conds
	enabled := len(cs) == 0 || (cs[len(cs)-1].active && cs[len(cs)-1].parentOn)
	op, c := condNone, prepCond{}
	guardName := ""
	switch dir {
	case "define":
		name, ok := s.macroName(tok, "#define")
		if ok && enabled && !lx.res.Macros[name] {
			lx.res.Macros[name] = true
			lx.defs = append(lx.defs, name)
		}
	case "ifdef", "ifndef":
		name, ok := s.macroName(tok, "#"+dir)
		if ok {
			guardName = name
		}
		def := ok && lx.res.Macros[name]
		if dir == "ifndef" {
			def = ok && !lx.res.Macros[name]
		}
		op, c = condPush, prepCond{at: tok.Range(), active: def, parentOn: enabled}
		*conds = append(cs, c)
	case "else":
		if len(cs) == 0 {
			lx.res.Diags.errorAt(afterHash(tok), "preprocessor-unmatched", "#else without matching #ifdef or #ifndef")
		} else if top := &cs[len(cs)-1]; top.inElse {
			lx.res.Diags.errorAt(afterHash(tok), "preprocessor-unmatched", "#else after #else",
				Related{Range: Range{top.at.Start + 1, top.at.End}, Message: "the previous #else is here"})
		} else {
			top.active, top.inElse, top.at = !top.active, true, tok.Range()
			op, c = condSwitch, *top
			lx.condLow = min(lx.condLow, len(cs)-1)
		}
		s.directiveEnd(tok, "#else")
	case "endif":
		if len(cs) == 0 {
			lx.res.Diags.errorAt(afterHash(tok), "preprocessor-unmatched", "#endif without matching #ifdef or #ifndef")
		} else {
			*conds = cs[:len(cs)-1]
			op = condPop
			lx.condLow = min(lx.condLow, len(cs)-1)
		}
		s.directiveEnd(tok, "#endif")
	case "include":
		// C's #include, in a .td file or in a C++ header a .td file
		// included by mistake. llvm-tblgen stops at its '#'. Followed, a
		// header's own #includes would lex the C++ headers they reach as
		// TableGen, thousands of errors in files the user never wrote.
		start := s.off
		s.skipLine()
		if enabled {
			lx.res.Diags.errorAt(Range{tok.Pos, s.pos(start + cIncludeNameEnd(s.src[start:s.off]))}, "include-c-syntax",
				"'#include' is C preprocessor syntax, not followed: TableGen includes a .td file with include \"file\" (no '#'), and cannot include a C or C++ header")
		}
	}
	if lx.events != nil {
		*lx.events = append(*lx.events, newDirEvent(tok.Pos, op, c, len(lx.defs)))
	}
	s.guard.directive(dir, guardName, len(*conds))
}

// include processes the directive whose keyword is kw: it starts lexing
// the included file, or reports why it cannot. An include is recorded once
// its file is done. When the file name is missing, the token found instead
// is returned, to be lexed as the next token (ok).
func (lx *unitLexer) include(s *scanner, kw Token) (t Token, ok bool) {
	nameTok, _ := s.next()
	if nameTok.Kind != TokString {
		lx.res.Diags.errorAt(nameTok.Range(), "include-syntax", fmt.Sprintf("expected a file name string after include, found %s", nameTok.Describe()))
		return nameTok, nameTok.Kind != TokEOF
	}
	name, _ := Unquote(nameTok.Text)
	inc := &Include{Range: Range{kw.Pos, nameTok.End()}, NameRng: nameTok.Range(), Name: name, From: s.f}
	if f := lx.includedFile(inc, nameTok); f != nil {
		inc.File = f
		lx.startFile(f, inc)
		return Token{}, false
	}
	lx.res.Includes = append(lx.res.Includes, *inc)
	return Token{}, false
}

// includedFile resolves an include to the file to lex, or reports why
// there is none (and returns nil).
func (lx *unitLexer) includedFile(inc *Include, nameTok Token) *File {
	if lx.alone {
		return nil
	}
	if lx.opts.Loader == nil {
		lx.res.Diags.errorAt(nameTok.Range(), "include-not-found", fmt.Sprintf("could not find include file '%s'", inc.Name))
		return nil
	}
	path, content, err := lx.load(inc.Name, inc.From.Name)
	if err != nil {
		lx.res.Diags.errorAt(nameTok.Range(), IncludeErrorCode(err), err.Error())
		return nil
	}
	if chain := IncludeRecursion(lx.stack, path, len(lx.res.Macros)); chain != "" {
		lx.res.Diags.errorAt(nameTok.Range(), "include-cycle", IncludeCycleMessage(chain))
		return nil
	}
	if len(lx.stack) >= lx.opts.MaxIncludeDepth {
		lx.res.Diags.errorAt(nameTok.Range(), "include-depth", fmt.Sprintf("includes nested deeper than %d", lx.opts.MaxIncludeDepth))
		return nil
	}
	f, ok := lx.set.TryAddFile(path, content)
	if !ok {
		lx.res.Diags.errorAt(nameTok.Range(), "include-too-large", fmt.Sprintf("including '%s' takes the translation unit past %s of text (each file counted every time it is included)", inc.Name, Megabytes(MaxSetSize)))
	}
	return f
}

// includeKey identifies what an include resolves to: the name as written
// and the directory of the file it is written in (the loaders look at
// nothing else; CommandLineLoader not even at that).
type includeKey struct{ name, dir string }

type loadedInclude struct {
	path    string
	content []byte
}

// load resolves an include through the loader, once per name and including
// directory in a unit: a file's content does not change while one unit is
// lexed, and AddFile never modifies it, so its File copies can share it.
// Failures are not kept; they are reported where they happen.
func (lx *unitLexer) load(name, from string) (string, []byte, error) {
	key := includeKey{name, filepath.Dir(from)}
	if _, ok := lx.opts.Loader.(*CommandLineLoader); ok {
		// As llvm-tblgen, it searches the same places whoever includes: a
		// name read once (OpBase.td from every dialect's directory) is
		// not read again.
		key.dir = ""
	}
	if l, ok := lx.loaded[key]; ok {
		return l.path, l.content, nil
	}
	path, content, err := lx.opts.Loader.Include(name, from)
	if err == nil && lx.unit {
		if lx.loaded == nil {
			lx.loaded = map[includeKey]loadedInclude{}
		}
		lx.loaded[key] = loadedInclude{path, content}
	}
	return path, content, err
}

// scanner produces the tokens of one file.
type scanner struct {
	f         *File
	src       string
	off       int
	diags     *Diagnostics
	lineStart bool // only whitespace and /* */ comments since the last newline
	guard     includeGuard
}

// includeGuard follows whether a file is wholly one `#ifndef NAME ...
// #endif` block, outside of which there are only spaces and comments: such
// a file, included again while NAME is defined, yields nothing at all.
type includeGuard struct {
	state guardState
	name  string
}

type guardState uint8

const (
	guardUnseen guardState = iota // nothing but spaces and comments yet
	guardOpen                     // inside the leading #ifndef
	guardClosed                   // after its #endif
	guardNone                     // not a guarded file
)

// token notes a token (or an include) outside any directive.
func (g *includeGuard) token() {
	if g.state != guardOpen {
		g.state = guardNone
	}
}

// directive notes a directive; depth is the number of conditions open
// after it.
func (g *includeGuard) directive(dir, name string, depth int) {
	switch {
	case g.state == guardUnseen && dir == "ifndef" && depth == 1:
		g.state, g.name = guardOpen, name
	case g.state == guardOpen && dir == "endif" && depth == 0:
		g.state = guardClosed
	case g.state == guardOpen && (dir != "else" || depth > 1):
		// inside the block
	default:
		g.state = guardNone
	}
}

func (s *scanner) pos(off int) Pos { return s.f.Base + Pos(off) }

func (s *scanner) errorAt(start, end int, code, msg string) {
	s.diags.errorAt(Range{s.pos(start), s.pos(end)}, code, msg)
}

func (s *scanner) tok(kind TokenKind, start int) Token {
	return Token{Kind: kind, Pos: s.pos(start), Text: s.src[start:s.off]}
}

// skipSpace skips whitespace and comments, tracking line starts.
func (s *scanner) skipSpace() {
	for s.off < len(s.src) {
		c := s.src[s.off]
		switch {
		case c == '\n':
			s.off++
			s.lineStart = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			s.off++
		case c == '/' && s.off+1 < len(s.src) && s.src[s.off+1] == '/':
			for s.off < len(s.src) && s.src[s.off] != '\n' {
				s.off++
			}
		case c == '/' && s.off+1 < len(s.src) && s.src[s.off+1] == '*':
			s.skipBlockComment()
		default:
			return
		}
	}
}

// skipBlockComment skips a nestable /* */ comment.
func (s *scanner) skipBlockComment() {
	start := s.off
	s.off += 2
	depth := 1
	for s.off < len(s.src) {
		switch {
		case strings.HasPrefix(s.src[s.off:], "*/"):
			s.off += 2
			depth--
			if depth == 0 {
				return
			}
		case strings.HasPrefix(s.src[s.off:], "/*"):
			s.off += 2
			depth++
		default:
			// A line break inside the comment does not start a line:
			// what follows a comment begun after a token is not at a
			// line's start (LLVM passes the state across the comment).
			s.off++
		}
	}
	s.errorAt(start, start+2, "lex-comment", "unterminated comment")
}

// "include" is not one of LLVM's: C's #include, reported as such.
var directives = []string{"define", "ifdef", "ifndef", "else", "endif", "include"}

// directiveAt reports the preprocessor directive starting at s.off ('#').
func (s *scanner) directiveAt() string {
	rest := s.src[s.off+1:]
	for _, d := range directives {
		if strings.HasPrefix(rest, d) && (len(rest) == len(d) || !isIdentChar(rest[len(d)])) {
			return d
		}
	}
	return ""
}

// skipToDirective skips disabled text up to the next line that starts with a
// directive. It returns false at end of file.
func (s *scanner) skipToDirective() bool {
	for s.off < len(s.src) {
		if s.lineStart {
			// Whitespace and /* */ comments may precede a directive.
			for s.off < len(s.src) {
				c := s.src[s.off]
				if c == ' ' || c == '\t' || c == '\r' {
					s.off++
				} else if strings.HasPrefix(s.src[s.off:], "/*") {
					s.skipBlockComment()
				} else {
					break
				}
			}
			if s.off < len(s.src) && s.src[s.off] == '#' && s.directiveAt() != "" {
				return true
			}
		}
		s.lineStart = false
		for s.off < len(s.src) && s.src[s.off] != '\n' {
			s.off++
		}
		if s.off < len(s.src) {
			s.off++
			s.lineStart = true
		}
	}
	return false
}

// macroName reads the macro name after #define/#ifdef/#ifndef.
func (s *scanner) macroName(dir Token, what string) (string, bool) {
	for s.off < len(s.src) && (s.src[s.off] == ' ' || s.src[s.off] == '\t') {
		s.off++
	}
	start := s.off
	if s.off < len(s.src) && (isAlpha(s.src[s.off]) || s.src[s.off] == '_') {
		for s.off < len(s.src) && isIdentChar(s.src[s.off]) {
			s.off++
		}
	}
	if start == s.off {
		// Where the name should be, as LLVM's lexer reports it.
		s.errorAt(start, start, "preprocessor-syntax", "expected macro name after "+what)
		s.skipLine()
		return "", false
	}
	name := s.src[start:s.off]
	s.directiveEnd(dir, what+" NAME")
	return name, true
}

// directiveEnd checks that only comments follow a directive on its line.
func (s *scanner) directiveEnd(dir Token, what string) {
	for s.off < len(s.src) {
		c := s.src[s.off]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			s.off++
		case c == '\n':
			return
		case strings.HasPrefix(s.src[s.off:], "//"):
			s.skipLine()
			return
		case strings.HasPrefix(s.src[s.off:], "/*"):
			s.skipBlockComment()
		default:
			start := s.off
			s.skipLine()
			s.errorAt(start, s.off, "preprocessor-syntax", "only comments are supported after "+what)
			return
		}
	}
}

// cIncludeNameEnd is where the file name of C's #include ends in rest, the
// line after the directive: after its "name" or <name>, else at the line's
// last non-blank.
func cIncludeNameEnd(rest string) int {
	i := len(rest) - len(strings.TrimLeft(rest, " \t"))
	if i < len(rest) && (rest[i] == '"' || rest[i] == '<') {
		closer := byte('"')
		if rest[i] == '<' {
			closer = '>'
		}
		if j := strings.IndexByte(rest[i+1:], closer); j >= 0 {
			return i + 1 + j + 1
		}
	}
	return len(strings.TrimRight(rest, " \t\r"))
}

func (s *scanner) skipLine() {
	for s.off < len(s.src) && s.src[s.off] != '\n' {
		s.off++
	}
}

// next returns the next token. When it meets a preprocessor directive it
// returns the directive's name and a token spanning "#name".
func (s *scanner) next() (Token, string) {
	s.skipSpace()
	start := s.off
	if s.off >= len(s.src) {
		return s.tok(TokEOF, start), ""
	}
	atLineStart := s.lineStart
	s.lineStart = false
	c := s.src[s.off]
	s.off++
	switch c {
	case '#':
		if atLineStart {
			s.off--
			if d := s.directiveAt(); d != "" {
				s.off += 1 + len(d)
				return s.tok(TokPaste, start), d
			}
			s.off++
		}
		return s.tok(TokPaste, start), ""
	case '-', '+':
		if s.off < len(s.src) && isDigit(s.src[s.off]) {
			for s.off < len(s.src) && isDigit(s.src[s.off]) {
				s.off++
			}
			return s.tok(TokInt, start), ""
		}
		if c == '-' {
			return s.tok(TokMinus, start), ""
		}
		return s.tok(TokPlus, start), ""
	case '[':
		if s.off < len(s.src) && s.src[s.off] == '{' {
			return s.code(start), ""
		}
		return s.tok(TokLSquare, start), ""
	case ']':
		return s.tok(TokRSquare, start), ""
	case '{':
		return s.tok(TokLBrace, start), ""
	case '}':
		return s.tok(TokRBrace, start), ""
	case '(':
		return s.tok(TokLParen, start), ""
	case ')':
		return s.tok(TokRParen, start), ""
	case '<':
		return s.tok(TokLess, start), ""
	case '>':
		return s.tok(TokGreater, start), ""
	case ':':
		return s.tok(TokColon, start), ""
	case ';':
		return s.tok(TokSemi, start), ""
	case ',':
		return s.tok(TokComma, start), ""
	case '=':
		return s.tok(TokEqual, start), ""
	case '?':
		return s.tok(TokQuestion, start), ""
	case '.':
		if strings.HasPrefix(s.src[s.off:], "..") {
			s.off += 2
			return s.tok(TokEllipsis, start), ""
		}
		return s.tok(TokDot, start), ""
	case '"':
		return s.str(start), ""
	case '$':
		if s.off >= len(s.src) || !(isAlpha(s.src[s.off]) || s.src[s.off] == '_') {
			s.errorAt(start, s.off, "lex-varname", "invalid variable name: '$' must be followed by a letter or '_'")
			return s.tok(TokError, start), ""
		}
		for s.off < len(s.src) && isIdentChar(s.src[s.off]) {
			s.off++
		}
		return s.tok(TokVarName, start), ""
	case '!':
		if s.off >= len(s.src) || !isAlpha(s.src[s.off]) {
			s.errorAt(start, s.off, "lex-bang", "invalid \"!operator\": '!' must be followed by an operator name")
			return s.tok(TokError, start), ""
		}
		for s.off < len(s.src) && isIdentChar(s.src[s.off]) {
			s.off++
		}
		return s.tok(TokBang, start), ""
	}
	if isDigit(c) {
		return s.number(start), ""
	}
	if isAlpha(c) || c == '_' {
		return s.ident(start), ""
	}
	// Consume a whole UTF-8 sequence so the error covers one character.
	for s.off < len(s.src) && s.src[s.off]&0xC0 == 0x80 {
		s.off++
	}
	s.errorAt(start, s.off, "lex-char", fmt.Sprintf("unexpected character %q", s.src[start:s.off]))
	return s.tok(TokError, start), ""
}

func (s *scanner) ident(start int) Token {
	for s.off < len(s.src) && isIdentChar(s.src[s.off]) {
		s.off++
	}
	t := s.tok(TokIdent, start)
	// Every keyword is 2 to 10 lowercase letters from 'a' to 't': most
	// names (CamelCase, with digits or '_') are told apart without hashing.
	if n := len(t.Text); n >= 2 && n <= 10 && t.Text[0] >= 'a' && t.Text[0] <= 't' {
		if kw, ok := Keywords[t.Text]; ok {
			t.Kind = kw
		}
	}
	return t
}

// number lexes a token starting with a digit: an integer, a hex or binary
// literal, or an identifier that starts with digits (as in foo#8i).
func (s *scanner) number(start int) Token {
	i := s.off
	for i < len(s.src) && isDigit(s.src[i]) {
		i++
	}
	if i < len(s.src) && (s.src[i] == 'x' || s.src[i] == 'b') && i+1 < len(s.src) {
		nn := s.src[i+1]
		if (s.src[i] == 'b' && (nn == '0' || nn == '1')) || (s.src[i] == 'x' && isHex(nn)) {
			if s.src[start] == '0' && i == start+1 {
				s.off = i + 1
				if s.src[i] == 'x' {
					for s.off < len(s.src) && isHex(s.src[s.off]) {
						s.off++
					}
					return s.tok(TokInt, start)
				}
				for s.off < len(s.src) && (s.src[s.off] == '0' || s.src[s.off] == '1') {
					s.off++
				}
				return s.tok(TokBinary, start)
			}
		}
	}
	if i < len(s.src) && (isAlpha(s.src[i]) || s.src[i] == '_') {
		return s.ident(start)
	}
	s.off = i
	return s.tok(TokInt, start)
}

func (s *scanner) str(start int) Token {
	for s.off < len(s.src) {
		switch s.src[s.off] {
		case '"':
			s.off++
			return s.tok(TokString, start)
		case '\n', '\r':
			s.errorAt(start, s.off, "lex-string", "end of line in string literal")
			return s.tok(TokError, start)
		case '\\':
			if s.off+1 < len(s.src) {
				switch s.src[s.off+1] {
				case '\\', '\'', '"', 't', 'n':
				default:
					s.errorAt(s.off, s.off+2, "lex-string", "invalid escape in string literal")
				}
				s.off++
			}
		}
		s.off++
	}
	s.errorAt(start, s.off, "lex-string", "end of file in string literal")
	return s.tok(TokError, start)
}

func (s *scanner) code(start int) Token {
	s.off++ // '{'
	if i := strings.Index(s.src[s.off:], "}]"); i >= 0 {
		s.off += i + 2
		return s.tok(TokCode, start)
	}
	s.off = len(s.src)
	s.errorAt(start, start+2, "lex-code", "unterminated code block: '[{' has no matching '}]'")
	return s.tok(TokError, start)
}

func isDigit(c byte) bool     { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool     { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func isHex(c byte) bool       { return isDigit(c) || ((c|0x20) >= 'a' && (c|0x20) <= 'f') }
func isIdentChar(c byte) bool { return isAlpha(c) || isDigit(c) || c == '_' }

// Unquote decodes a TableGen string literal (with its quotes). It accepts the
// escapes LLVM accepts: \\ \' \" \t \n; others are kept as written.
func Unquote(lit string) (string, bool) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return lit, false
	}
	body := lit[1 : len(lit)-1]
	if strings.IndexByte(body, '\\') < 0 {
		return body, true
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' || i+1 >= len(body) {
			b.WriteByte(c)
			continue
		}
		i++
		switch body[i] {
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case '\\', '\'', '"':
			b.WriteByte(body[i])
		default:
			b.WriteByte('\\')
			b.WriteByte(body[i])
		}
	}
	return b.String(), true
}

// CodeBody returns the text between [{ and }].
func CodeBody(lit string) string {
	if len(lit) >= 4 && strings.HasPrefix(lit, "[{") && strings.HasSuffix(lit, "}]") {
		return lit[2 : len(lit)-2]
	}
	return lit
}
