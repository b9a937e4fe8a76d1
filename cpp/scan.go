package cpp

import (
	"bytes"
	"slices"
	"strings"
)

// Kind is what a Definition defines.
type Kind uint8

const (
	// Function is a free function defined unqualified at namespace scope.
	Function Kind = iota
	// Method is a function defined inside a class body, or out of line
	// with a qualifier (Foo::bar). A namespace-qualified free function
	// (ns::bar) is a Method too: the scanner cannot tell a namespace
	// from a class by the qualifier alone.
	Method
	// Constructor is a constructor or destructor (Name "~Foo").
	Constructor
	// Class is a class, struct or union definition with a body.
	Class
)

func (k Kind) String() string {
	switch k {
	case Function:
		return "function"
	case Method:
		return "method"
	case Constructor:
		return "constructor"
	case Class:
		return "class"
	}
	return "?"
}

// Definition is one C++ definition: a function with a body, or a class
// with a body. Declarations are not definitions.
type Definition struct {
	File   string   // absolute, cleaned path
	Line   int      // 1-based line of the unqualified name token
	Col    int      // 1-based byte column of that token
	Offset int      // byte offset of that token
	End    int      // byte offset after the definition's closing '}'
	Scope  []string // enclosing namespaces then classes: {"mlir", "foo", "FooOp"}
	Name   string   // "verify", "fold", "FooOp" (constructor, class), "~FooOp", "operator=="
	Params int      // parameter count; -1 when variadic or a parameter pack
	// ParamTypes is the key (TypesKey) of the parameters' types as
	// ParamTypes spells them ("OpBuilder,OperationState,Value,ArrayRef <
	// int32_t >"), to tell overloads of one arity apart: a key, not the
	// spelling, which would add a string to each of the hundreds of
	// thousands of functions an index holds (7 MB over MLIR's headers).
	ParamTypes uint64
	Kind       Kind
	// Bases are a class's base classes as written, without template
	// arguments or access ("impl::FooPassBase", "::mlir::OpRewritePattern").
	Bases []string
	// Qualifier is how many of the trailing Scope names were written
	// before the name (1 for FooOp::verify defined out of line): the
	// Index resolves them as C++ lookup would, through the enclosing
	// namespaces and using-directives, so Scope's leading names are the
	// namespaces the definition is written in.
	Qualifier int
}

// Qualified is the definition's fully qualified name, "::mlir::foo::FooOp::verify".
func (d Definition) Qualified() string {
	var b strings.Builder
	for _, s := range d.Scope {
		b.WriteString("::")
		b.WriteString(s)
	}
	b.WriteString("::")
	b.WriteString(d.Name)
	return b.String()
}

// File is what Scan finds in one file.
type File struct {
	Path     string
	Defs     []Definition // in source order
	Includes []string     // #include operands as written, without quotes or brackets
	// IncludeScopes[i] is the namespace Includes[i] is written in ({"mlir",
	// "foo"}; nil at file scope): where the included code's names are
	// looked up from.
	IncludeScopes [][]string
	// Usings are the using-directives outside function bodies, each the
	// namespace as written ({"", "mlir"} for "::mlir"), in source order.
	Usings [][]string
	// Declared are the names of the functions declared without a body
	// outside classes ("getElementTypeOrSelf"), as written unqualified.
	Declared []string

	dirs  []usingDir // the using-directives with where they are
	known []string   // qualified namespaces and classes opened ("::mlir::foo")
}

// usingDir is a using-directive: the namespace it names as written, the
// scope it is written in, and where.
type usingDir struct {
	offset  int
	scope   []string
	name    []string
	targets []string // the namespaces it may name ("::mlir::foo"), see resolveUsings
}

// resolveUsings lists what each using-directive may name: its name
// relative to its scope and each enclosing one, and relative to what the
// directives before it in effect name ("using namespace mlir; using
// namespace foo;" may name ::mlir::foo).
func (f *File) resolveUsings() {
	for i := range f.dirs {
		u := &f.dirs[i]
		u.targets = usingTargets(u.name, u.scope)
		if len(u.name) > 0 && u.name[0] == "" {
			continue
		}
		for j := 0; j < i; j++ {
			v := f.dirs[j]
			if len(v.scope) > len(u.scope) || !slices.Equal(v.scope, u.scope[:len(v.scope)]) {
				continue
			}
			for _, t := range v.targets {
				u.targets = append(u.targets, t+qualify(u.name))
			}
		}
	}
}

// FragmentOptions place a piece of C++ that lives inside another file
// (a code block of a .td file) in that file and in a C++ scope.
type FragmentOptions struct {
	Base       int               // byte offset of the fragment's first byte in its file
	Line, Col  int               // 1-based line and column of that byte
	Scope      []string          // the scope the fragment is written in ({"mlir", "foo", "FooOp"})
	InClass    bool              // the last Scope name is a class (extraClassDeclaration)
	Substitute map[string]string // identifiers replaced as they are read ("$cppClass": "FooOp")
}

// Scan finds the definitions of a C++ file. It accepts any bytes and never
// panics: what it cannot read is skipped.
func Scan(path string, src []byte) *File {
	s := newScanner(path, src, FragmentOptions{Line: 1, Col: 1})
	s.run()
	s.file.resolveUsings()
	return s.file
}

// ScanFragment finds the definitions of a piece of C++ embedded in another
// file; their positions are in that file.
func ScanFragment(path string, src []byte, opts FragmentOptions) []Definition {
	if opts.Line < 1 {
		opts.Line = 1
	}
	if opts.Col < 1 {
		opts.Col = 1
	}
	s := newScanner(path, src, opts)
	if len(opts.Scope) > 0 {
		kind := scopeNamespace
		if opts.InClass {
			kind = scopeClass
		}
		s.scopes = append(s.scopes, scope{kind: kind, names: opts.Scope, floor: true})
	}
	s.run()
	return s.file.Defs
}

type scopeKind uint8

const (
	scopeNamespace scopeKind = iota
	scopeClass
	scopeTransparent // extern "C" { }
)

type scope struct {
	kind  scopeKind
	names []string // what the scope adds to the path (none: anonymous namespace)
	floor bool     // a fragment's given scope: a '}' never closes it
}

type scanner struct {
	src      []byte
	toks     []token
	opts     FragmentOptions
	file     *File
	scopes   []scope
	lines    []int // offsets of line starts, built on first use
	macros   map[string]*macro
	depth    int  // of macro expansion
	expanded *int // bytes expanded in the file, shared with sub-scanners
	// includeAt are the offsets of the includes whose scope run has not
	// yet reached.
	includeAt []int
}

func newScanner(path string, src []byte, opts FragmentOptions) *scanner {
	s := &scanner{src: src, opts: opts, file: &File{Path: path}}
	s.lex()
	return s
}

// lex reads the tokens, keeping the directives out: includes are noted,
// and of a conditional only the first branch taken is read (#if 0 takes
// the #else), which keeps braces balanced where a function's head is
// written twice under #ifdef.
func (s *scanner) lex() {
	l := lexer{src: s.src, atLineStart: true}
	type cond struct{ skipping, taken bool }
	var conds []cond
	skipping := false
	for {
		t, ok := l.next()
		if !ok {
			break
		}
		if t.kind != tPP {
			if !skipping {
				s.toks = append(s.toks, t)
			}
			continue
		}
		name, rest := directive(s.src[t.start:t.end])
		switch name {
		case "if", "ifdef", "ifndef":
			if skipping {
				conds = append(conds, cond{skipping: true, taken: true})
				continue
			}
			zero := name == "if" && isZero(rest)
			conds = append(conds, cond{skipping: zero, taken: !zero})
			skipping = zero
		case "elif", "else", "elifdef", "elifndef":
			if len(conds) == 0 {
				continue
			}
			c := &conds[len(conds)-1]
			if len(conds) > 1 && conds[len(conds)-2].skipping {
				continue
			}
			if c.taken {
				c.skipping = true
			} else {
				c.skipping = false
				c.taken = true
			}
			skipping = c.skipping
		case "endif":
			if len(conds) == 0 {
				continue
			}
			conds = conds[:len(conds)-1]
			skipping = len(conds) > 0 && conds[len(conds)-1].skipping
		case "define":
			if !skipping {
				s.defineMacro(rest)
			}
		case "include", "include_next", "import":
			if !skipping {
				if op := includeOperand(rest); op != "" {
					s.file.Includes = append(s.file.Includes, op)
					s.includeAt = append(s.includeAt, t.start)
				}
			}
		}
	}
}

// directive splits a directive line into its name and the rest.
func directive(b []byte) (string, []byte) {
	b = bytes.TrimLeft(b[1:], " \t")
	i := 0
	for i < len(b) && isIdentChar(b[i]) {
		i++
	}
	return string(b[:i]), bytes.TrimSpace(b[i:])
}

func isZero(b []byte) bool {
	if i := bytes.Index(b, []byte("//")); i >= 0 {
		b = b[:i]
	}
	if i := bytes.Index(b, []byte("/*")); i >= 0 {
		b = b[:i]
	}
	return string(bytes.TrimSpace(b)) == "0"
}

func includeOperand(b []byte) string {
	if len(b) < 2 {
		return ""
	}
	var closer byte
	switch b[0] {
	case '"':
		closer = '"'
	case '<':
		closer = '>'
	default:
		return ""
	}
	e := bytes.IndexByte(b[1:], closer)
	if e < 0 {
		return ""
	}
	return string(b[1 : 1+e])
}

// text is a token's text, with the fragment's substitutions applied to
// identifiers.
func (s *scanner) text(i int) string {
	if i < 0 || i >= len(s.toks) {
		return ""
	}
	t := s.toks[i]
	str := string(s.src[t.start:t.end])
	if t.kind == tIdent && s.opts.Substitute != nil {
		if r, ok := s.opts.Substitute[str]; ok {
			return r
		}
	}
	return str
}

// is reports whether token i is the punctuation or identifier p.
func (s *scanner) is(i int, p string) bool {
	if i < 0 || i >= len(s.toks) {
		return false
	}
	t := s.toks[i]
	return t.end-t.start == len(p) && string(s.src[t.start:t.end]) == p && (t.kind == tPunct || t.kind == tIdent)
}

func (s *scanner) isIdent(i int) bool {
	return i >= 0 && i < len(s.toks) && s.toks[i].kind == tIdent
}

// path is the current scope's names.
func (s *scanner) path() []string {
	var p []string
	for _, sc := range s.scopes {
		p = append(p, sc.names...)
	}
	return p
}

func (s *scanner) inClass() bool {
	for i := len(s.scopes) - 1; i >= 0; i-- {
		switch s.scopes[i].kind {
		case scopeClass:
			return true
		case scopeNamespace:
			return false
		}
	}
	return false
}

// namespacePath is the path up to the innermost namespace (a friend
// function defined in a class belongs there).
func (s *scanner) namespacePath() []string {
	end := len(s.scopes)
	for end > 0 && s.scopes[end-1].kind != scopeNamespace {
		end--
	}
	var p []string
	for _, sc := range s.scopes[:end] {
		p = append(p, sc.names...)
	}
	return p
}

// matching returns the index of the token closing the group opened at i
// ('(' '[' '{'), balancing all three kinds; len(toks) when unclosed.
func (s *scanner) matching(i int) int {
	depth := 0
	for j := i; j < len(s.toks); j++ {
		t := s.toks[j]
		if t.kind != tPunct || t.end-t.start != 1 {
			continue
		}
		switch s.src[t.start] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(s.toks)
}

// matchingAngle returns the index of the '>' closing the '<' at i,
// skipping bracketed groups; len(toks) when there is none before a ';',
// '{' or '}'.
func (s *scanner) matchingAngle(i int) int {
	depth := 0
	for j := i; j < len(s.toks); j++ {
		t := s.toks[j]
		if t.kind != tPunct {
			continue
		}
		switch s.text(j) {
		case "<":
			depth++
		case ">":
			depth--
			if depth == 0 {
				return j
			}
		case "(", "[":
			j = s.matching(j)
		case ";", "{", "}":
			return len(s.toks)
		}
	}
	return len(s.toks)
}

// maxScopeDepth bounds the namespaces and classes open at once, which
// keeps a scope's path short to build.
const maxScopeDepth = 256

func (s *scanner) run() {
	i := 0
	n := len(s.toks)
	defer s.scopeIncludes(len(s.src))
	for i < n {
		if len(s.scopes) > maxScopeDepth {
			return // no C++ nests so deep: what follows is not read
		}
		s.scopeIncludes(s.toks[i].start)
		switch {
		case s.is(i, ";"):
			i++
		case s.is(i, "}"):
			i = s.closeScope(i)
		case s.is(i, "namespace") || s.is(i, "inline") && s.is(i+1, "namespace"):
			i = s.namespace(i)
		case s.is(i, "using") && s.is(i+1, "namespace"):
			i = s.usingDirective(i + 2)
		case s.is(i, "extern") && i+2 < n && s.toks[i+1].kind == tString && s.is(i+2, "{"):
			s.scopes = append(s.scopes, scope{kind: scopeTransparent})
			i += 3
		case (s.is(i, "public") || s.is(i, "private") || s.is(i, "protected")) && s.is(i+1, ":"):
			i += 2
		default:
			if next := s.expandMacro(i); next >= 0 {
				i = next
				continue
			}
			i = s.declaration(i)
		}
	}
}

// scopeIncludes gives the includes written before offset the namespace
// the scanner is in.
func (s *scanner) scopeIncludes(offset int) {
	for len(s.file.IncludeScopes) < len(s.includeAt) && s.includeAt[len(s.file.IncludeScopes)] < offset {
		s.file.IncludeScopes = append(s.file.IncludeScopes, s.namespacePath())
	}
}

// closeScope handles the '}' at i ending a namespace, class or extern
// block; a class's declarators after it are skipped up to the ';'.
func (s *scanner) closeScope(i int) int {
	if len(s.scopes) == 0 || s.scopes[len(s.scopes)-1].floor {
		return i + 1
	}
	top := s.scopes[len(s.scopes)-1]
	s.scopes = s.scopes[:len(s.scopes)-1]
	i++
	if top.kind == scopeClass {
		for i < len(s.toks) && !s.is(i, ";") && !s.is(i, "{") && !s.is(i, "}") {
			if s.is(i, "(") || s.is(i, "[") {
				i = s.matching(i)
			}
			i++
		}
	}
	return i
}

func (s *scanner) namespace(i int) int {
	if s.is(i, "inline") {
		i++
	}
	i++ // namespace
	var names []string
	for i < len(s.toks) {
		switch {
		case s.is(i, "inline"):
			i++
		case s.is(i, "["):
			i = s.matching(i) + 1
		case s.is(i, "__attribute__") && s.is(i+1, "("):
			i = s.matching(i+1) + 1
		case s.isIdent(i):
			names = append(names, s.text(i))
			i++
		case s.is(i, "::"):
			i++
		case s.is(i, "{"):
			s.scopes = append(s.scopes, scope{kind: scopeNamespace, names: names})
			if len(names) > 0 {
				s.file.known = append(s.file.known, qualify(s.path()))
			}
			return i + 1
		default: // an alias (namespace a = b;) or something unreadable
			return s.skipStatement(i)
		}
	}
	return i
}

func (s *scanner) usingDirective(i int) int {
	var name []string
	for i < len(s.toks) && !s.is(i, ";") {
		switch {
		case s.is(i, "::"):
			if len(name) == 0 {
				name = append(name, "")
			}
		case s.isIdent(i):
			name = append(name, s.text(i))
		case s.is(i, "{"), s.is(i, "}"):
			return i
		}
		i++
	}
	if len(name) > 0 && (len(name) > 1 || name[0] != "") && !s.inClass() {
		s.file.Usings = append(s.file.Usings, name)
		s.file.dirs = append(s.file.dirs, usingDir{offset: s.off(s.toks[i-1].start), scope: s.path(), name: name})
	}
	return i
}

// skipStatement skips to after the ';' ending the statement at i, across
// bracketed groups; it stops before a '}' that closes the enclosing scope.
func (s *scanner) skipStatement(i int) int {
	for i < len(s.toks) {
		switch {
		case s.is(i, ";"):
			return i + 1
		case s.is(i, "}"):
			return i
		case s.is(i, "(") || s.is(i, "[") || s.is(i, "{"):
			i = s.matching(i) + 1
		default:
			i++
		}
	}
	return i
}

// nonNames are the words before a '(' that do not name a function.
var nonNames = map[string]bool{
	"noexcept": true, "decltype": true, "alignas": true, "__attribute__": true, "__declspec": true,
	"sizeof": true, "alignof": true, "requires": true, "throw": true, "static_assert": true,
	"if": true, "while": true, "for": true, "switch": true, "return": true, "typeid": true,
	"void": true, "int": true, "bool": true, "char": true, "short": true, "long": true, "float": true,
	"double": true, "unsigned": true, "signed": true, "auto": true, "const": true, "__typeof__": true,
	"typeof": true, "asm": true, "__asm__": true, "_Pragma": true, "__pragma": true, "new": true, "delete": true,
}

// candidate is a parameter list that may be a function definition's.
type candidate struct {
	open, close int // the parentheses
	nameTok     int // the unqualified name's (first) token
	name        string
}

// declaration reads the statement starting at i: a function definition,
// a class definition, or anything else (skipped).
func (s *scanner) declaration(i int) int {
	start := i
	var cands []candidate
	classKw, enumKw, eq, friend := -1, -1, -1, false
	initList := -1 // the ':' of a constructor's initializer list
	for i < len(s.toks) {
		t := s.toks[i]
		if t.kind == tIdent {
			if i > start && s.restarts(i, cands) {
				return i
			}
			switch s.text(i) {
			case "template":
				if s.is(i+1, "<") {
					i = s.matchingAngle(i+1) + 1
					continue
				}
			case "class", "struct", "union":
				if classKw < 0 && eq < 0 && len(cands) == 0 {
					classKw = i
				}
			case "enum":
				if enumKw < 0 && eq < 0 && len(cands) == 0 {
					enumKw = i
				}
			case "friend":
				friend = true
			case "operator":
				if c, next, ok := s.operatorName(i); ok {
					cands = append(cands, c)
					i = next
					continue
				}
			}
			i++
			continue
		}
		if t.kind != tPunct {
			i++
			continue
		}
		switch s.text(i) {
		case ";":
			if len(cands) > 0 && !s.inClass() {
				if k := s.acceptedBefore(cands, i, -1); k >= 0 {
					s.file.Declared = append(s.file.Declared, cands[k].name)
				}
			}
			return i + 1
		case "}":
			return i
		case "=":
			if eq < 0 {
				eq = i
			}
			i++
		case "[":
			i = s.matching(i) + 1
		case ":":
			if initList < 0 && eq < 0 && s.acceptedBefore(cands, i, -1) >= 0 {
				initList = i
			}
			i++
		case "(":
			c := s.matching(i)
			if name, nt, ok := s.nameBefore(i); ok && eq < 0 {
				cands = append(cands, candidate{open: i, close: c, nameTok: nt, name: name})
			}
			i = c + 1
		case "{":
			if initList >= 0 && (s.isIdent(i-1) || s.is(i-1, ">")) {
				i = s.matching(i) + 1 // a member's brace initializer
				continue
			}
			if k := s.acceptedBefore(cands, i, initList); k >= 0 && eq < 0 {
				return s.function(cands[k], i, friend)
			}
			if enumKw >= 0 {
				return s.matching(i) + 1
			}
			if classKw >= 0 && eq < 0 {
				return s.class(classKw, i)
			}
			if eq >= 0 {
				i = s.matching(i) + 1 // an initializer
				continue
			}
			return s.matching(i) + 1 // unknown block: Foo x{...}; or a macro's body
		default:
			i++
		}
	}
	return i
}

// restarts reports whether the identifier at i, inside the statement
// being read, starts a new one: "namespace" always; and a word after the
// ')' of a macro invocation written without ';' (MLIR_DEFINE_..._ID(X)
// then a definition), which is not a word that follows a parameter list.
func (s *scanner) restarts(i int, cands []candidate) bool {
	w := s.text(i)
	if w == "namespace" {
		return true
	}
	if !s.is(i-1, ")") || len(cands) == 0 {
		return false
	}
	c := cands[len(cands)-1]
	if c.close != i-1 || !isMacroName(c.name) || c.nameTok != c.open-1 {
		return false
	}
	return !suffixWords[w] && !isMacroName(w) && w != "requires"
}

// operatorName reads "operator X (" at i: the name and the parameter list.
func (s *scanner) operatorName(i int) (candidate, int, bool) {
	j := i + 1
	var b strings.Builder
	b.WriteString("operator")
	if s.is(j, "(") && s.is(j+1, ")") && s.is(j+2, "(") {
		b.WriteString("()")
		j += 2
	} else if s.is(j, "[") && s.is(j+1, "]") && s.is(j+2, "(") {
		b.WriteString("[]")
		j += 2
	} else {
		for k := 0; j < len(s.toks) && !s.is(j, "(") && k < 8; k++ {
			if s.is(j, ";") || s.is(j, "{") || s.is(j, "}") {
				return candidate{}, j, false
			}
			if s.isIdent(j) && (s.isIdent(j-1) || b.Len() > len("operator") && s.isIdent(j-1)) {
				b.WriteByte(' ')
			} else if s.isIdent(j) && j == i+1 {
				b.WriteByte(' ')
			}
			b.WriteString(s.text(j))
			j++
		}
	}
	if !s.is(j, "(") {
		return candidate{}, j, false
	}
	c := s.matching(j)
	return candidate{open: j, close: c, nameTok: i, name: b.String()}, c + 1, true
}

// beforeTemplateArgs walks back from the '>' at j closing a template
// argument list to the token before its '<'; false when no '<' matches
// within maxTemplateTokens or a statement boundary comes first.
func (s *scanner) beforeTemplateArgs(j int) (int, bool) {
	depth := 0
	for stop := j - maxTemplateTokens; j >= 0 && j > stop; j-- {
		switch {
		case s.is(j, ">"):
			depth++
		case s.is(j, "<"):
			if depth--; depth == 0 {
				return j - 1, true
			}
		case s.is(j, ";") || s.is(j, "{") || s.is(j, "}"):
			return j, false
		}
	}
	return j, false
}

// nameBefore reports the function name whose parameter list opens at i:
// an identifier (not a keyword that takes parentheses), "~Name", or an
// explicit specialization's name<...>.
func (s *scanner) nameBefore(i int) (string, int, bool) {
	j := i - 1
	if s.is(j, ">") {
		// name<...>( : walk back to the '<'
		var ok bool
		if j, ok = s.beforeTemplateArgs(j); !ok {
			return "", 0, false
		}
	}
	if !s.isIdent(j) {
		return "", 0, false
	}
	name := s.text(j)
	if nonNames[name] {
		return "", 0, false
	}
	if s.is(j-1, "~") {
		return "~" + name, j, true
	}
	return name, j, true
}

// suffixWords may follow a function's parameter list before its body.
var suffixWords = map[string]bool{
	"const": true, "volatile": true, "noexcept": true, "override": true, "final": true,
	"throw": true, "mutable": true, "try": true, "__attribute__": true, "constexpr": true,
}

// acceptedBefore returns the index in cands of the first candidate whose
// parameter list is followed, up to end, only by what may come between a
// function's parameters and its body, or its initializer list (whose ':'
// is at initList); -1 if none.
func (s *scanner) acceptedBefore(cands []candidate, end, initList int) int {
next:
	for k, c := range cands {
		if c.close >= end {
			continue
		}
		for j := c.close + 1; j < end; j++ {
			switch {
			case j == initList:
				return k
			case s.is(j, "->") || s.is(j, "requires"):
				// a trailing return type or a constraint: the rest is it
				// (a ':' after it is a bit-field or label, not a body).
				for m := j; m < end; m++ {
					if s.is(m, ":") {
						continue next
					}
				}
				return k
			case s.is(j, "&") || s.is(j, "&&"):
			case s.isIdent(j) && (suffixWords[s.text(j)] || isMacroName(s.text(j)) || strings.HasPrefix(s.text(j), "__")):
				if s.is(j+1, "(") {
					j = s.matching(j + 1)
				}
			case s.is(j, "["):
				j = s.matching(j)
			default:
				continue next
			}
		}
		return k
	}
	return -1
}

// isMacroName reports whether an identifier is written as a macro is
// (LLVM_READONLY, MLIR_CAPI_EXPORTED): upper case, digits and '_'.
func isMacroName(w string) bool {
	upper := false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'A' && c <= 'Z':
			upper = true
		case c == '_' || c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return upper && len(w) > 1
}

// qualifier reads the qualifier written before the name token at nt
// (A::B<T>::name): its names, and whether it starts with "::".
func (s *scanner) qualifier(nt int) ([]string, bool) {
	j := nt - 1
	if s.is(j, "~") {
		j--
	}
	var q []string
	for s.is(j, "::") {
		j--
		if s.is(j, ">") {
			var ok bool
			if j, ok = s.beforeTemplateArgs(j); !ok {
				return reverse(q), false
			}
		}
		if !s.isIdent(j) {
			return reverse(q), true
		}
		q = append(q, s.text(j))
		j--
	}
	return reverse(q), false
}

func reverse(q []string) []string {
	for a, b := 0, len(q)-1; a < b; a, b = a+1, b-1 {
		q[a], q[b] = q[b], q[a]
	}
	return q
}

// resolve places a qualified name written in scope n: a qualifier that
// restarts at an enclosing namespace's name (foo::X inside namespace
// mlir::foo) names that namespace, otherwise it is relative to n.
func resolve(n, q []string, absolute bool) []string {
	if absolute {
		return append([]string(nil), q...)
	}
	if len(q) > 0 {
		for k := len(n) - 1; k >= 0; k-- {
			if n[k] == q[0] {
				return append(append([]string(nil), n[:k]...), q...)
			}
		}
	}
	return append(append([]string(nil), n...), q...)
}

// function records the definition whose parameter list is c and whose
// body opens at body, and returns the index after the body.
func (s *scanner) function(c candidate, body int, friend bool) int {
	end := s.matching(body)
	q, abs := s.qualifier(c.nameTok)
	base := s.path()
	if friend && len(q) == 0 {
		base = s.namespacePath()
	}
	scope := resolve(base, q, abs)
	kind := Function
	switch {
	case len(scope) > 0 && (c.name == scope[len(scope)-1] || c.name == "~"+scope[len(scope)-1]):
		kind = Constructor
	case len(q) > 0 || s.inClass() && !friend:
		kind = Method
	}
	if kind == Constructor && len(q) == 0 && !s.inClass() {
		kind = Function // a free function named like its namespace
	}
	d := s.definition(c.nameTok, scope, c.name, kind)
	d.Qualifier = len(q)
	d.Params = s.params(c.open, c.close)
	d.ParamTypes = TypesKey(s.paramTypes(c.open, c.close))
	if end < len(s.toks) {
		d.End = s.off(s.toks[end].end)
	} else {
		d.End = s.off(len(s.src))
	}
	s.file.Defs = append(s.file.Defs, d)
	if end >= len(s.toks) {
		return end
	}
	return end + 1
}

// class records the class whose head starts with the keyword at kw and
// whose body opens at body, and enters its scope.
func (s *scanner) class(kw, body int) int {
	// The name is the last one before "final", a single ':' or the body.
	nameTok := -1
	for j := kw + 1; j < body; j++ {
		switch {
		case s.is(j, "["):
			j = s.matching(j)
		case s.is(j, "("):
			j = s.matching(j)
		case s.is(j, "<") && nameTok >= 0:
			j = s.matchingAngle(j)
			if j >= body {
				j = body
			}
		case s.is(j, "final") && nameTok >= 0 || s.is(j, ":"):
			j = body
		case s.isIdent(j) && !s.is(j, "alignas") && !s.is(j, "__attribute__") && !s.is(j, "__declspec"):
			nameTok = j
		}
	}
	path := s.path()
	var names []string
	if nameTok >= 0 {
		q, abs := s.qualifier(nameTok)
		full := resolve(path, q, abs)
		name := s.text(nameTok)
		d := s.definition(nameTok, full, name, Class)
		d.Qualifier = len(q)
		d.Bases = s.bases(nameTok, body)
		s.file.known = append(s.file.known, d.Qualified())
		end := s.matching(body)
		if end < len(s.toks) {
			d.End = s.off(s.toks[end].end)
		} else {
			d.End = s.off(len(s.src))
		}
		s.file.Defs = append(s.file.Defs, d)
		// The class's scope: its full path replaces the enclosing one's
		// names for what is inside (a qualified class head Outer::Inner).
		names = append(q, name)
		if whole := append(append([]string(nil), full...), name); len(whole) != len(path)+len(names) || !slices.Equal(whole[:len(path)], path) {
			// struct ::a::B { }, or a qualifier that restarts at an
			// enclosing namespace: what the class adds past the path
			names = nil
			if len(whole) > len(path) && slices.Equal(whole[:len(path)], path) {
				names = append(names, whole[len(path):]...)
			}
		}
	}
	s.scopes = append(s.scopes, scope{kind: scopeClass, names: names})
	return body + 1
}

// bases reads the base-clause between a class's name and its body.
func (s *scanner) bases(nameTok, body int) []string {
	j := nameTok + 1
	for j < body && !s.is(j, ":") {
		if s.is(j, "<") {
			j = s.matchingAngle(j)
		}
		j++
	}
	var out []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for j++; j < body; j++ {
		switch {
		case s.is(j, ","):
			flush()
		case s.is(j, "<"):
			j = s.matchingAngle(j)
		case s.is(j, "(") || s.is(j, "["):
			j = s.matching(j)
		case s.is(j, "::"):
			cur.WriteString("::")
		case s.isIdent(j):
			switch w := s.text(j); w {
			case "public", "private", "protected", "virtual":
			default:
				if cur.Len() > 0 && !strings.HasSuffix(cur.String(), "::") {
					cur.Reset() // a macro or attribute before the name
				}
				cur.WriteString(w)
			}
		}
	}
	flush()
	return out
}

func (s *scanner) off(o int) int { return s.opts.Base + o }

// definition builds a Definition named by token nt.
func (s *scanner) definition(nt int, scope []string, name string, kind Kind) Definition {
	o := s.toks[nt].start
	line, col := s.position(o)
	return Definition{File: s.file.Path, Line: line, Col: col, Offset: s.off(o), Scope: scope, Name: name, Kind: kind}
}

// position is the 1-based line and column of offset o of the source, in
// the enclosing file.
func (s *scanner) position(o int) (int, int) {
	if s.lines == nil {
		s.lines = []int{0}
		for i, c := range s.src {
			if c == '\n' {
				s.lines = append(s.lines, i+1)
			}
		}
	}
	lo, hi := 0, len(s.lines)
	for hi-lo > 1 {
		m := (lo + hi) / 2
		if s.lines[m] <= o {
			lo = m
		} else {
			hi = m
		}
	}
	col := o - s.lines[lo] + 1
	if lo == 0 {
		col += s.opts.Col - 1
	}
	return s.opts.Line + lo, col
}

// params counts the parameters between the parentheses at open and close:
// top-level commas, with template arguments' commas not counted; -1 for
// "..." (a C variadic or a parameter pack).
func (s *scanner) params(open, close int) int {
	if close >= len(s.toks) {
		close = len(s.toks)
	}
	if open+1 >= close {
		return 0
	}
	if close == open+2 && s.is(open+1, "void") {
		return 0
	}
	count, angle := 1, 0
	for j := open + 1; j < close; j++ {
		switch {
		case s.is(j, "(") || s.is(j, "[") || s.is(j, "{"):
			j = s.matching(j)
		case s.is(j, "..."):
			return -1
		case s.is(j, "<") && (s.isIdent(j-1) || s.is(j-1, ">")):
			angle++
		case s.is(j, ">") && angle > 0:
			angle--
		case s.is(j, "=") && angle == 0:
			// a default argument: its '<' and '>' are not brackets
			for j+1 < close && !s.is(j+1, ",") {
				if s.is(j+1, "(") || s.is(j+1, "[") || s.is(j+1, "{") {
					j = s.matching(j + 1)
				} else {
					j++
				}
			}
		case s.is(j, ",") && angle == 0:
			count++
		}
	}
	return count
}

// ParamTypes spells the parameter types of the first parameter list of
// a declaration ("static void build(::mlir::OpBuilder &b, Value v)")
// as Definition.ParamTypes does ("OpBuilder,Value"); "" when it has none.
func ParamTypes(decl string) string {
	s := newScanner("", []byte(decl), FragmentOptions{Line: 1, Col: 1})
	for i := range s.toks {
		if s.is(i, "(") {
			return s.paramTypes(i, s.matching(i))
		}
	}
	return ""
}

// TypesKey is the key of a spelling of parameter types: FNV-1a, 64 bits.
func TypesKey(spelling string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(spelling); i++ {
		h ^= uint64(spelling[i])
		h *= 1099511628211
	}
	return h
}

// paramTypes spells the types of the parameters between the brackets at
// open and close, comma-separated: each without its name, default
// argument, namespace qualifiers, cv-qualifiers, '&' and '*', so that
// "::mlir::Value v" and "Value value" are both "Value". Type aliases
// still spell differently: callers use it to break ties only.
func (s *scanner) paramTypes(open, close int) string {
	if close > len(s.toks) {
		close = len(s.toks)
	}
	if open+1 >= close || close == open+2 && s.is(open+1, "void") {
		return ""
	}
	var list, param []string
	idents, angle := 0, 0
	flush := func() {
		if idents >= 2 && isIdentStart(param[len(param)-1][0]) {
			param = param[:len(param)-1] // the parameter's name
		}
		list = append(list, strings.Join(param, " "))
		param, idents = param[:0], 0
	}
	for j := open + 1; j < close; j++ {
		t := s.text(j)
		switch {
		case t == "(" || t == "[" || t == "{":
			k := s.matching(j)
			for ; j <= k && j < close; j++ {
				param = append(param, s.text(j))
			}
			j--
		case t == "=" && angle == 0:
			for j+1 < close && !(s.is(j+1, ",") && angle == 0) {
				if s.is(j+1, "(") || s.is(j+1, "[") || s.is(j+1, "{") {
					j = s.matching(j + 1)
				} else {
					j++
				}
			}
		case t == "," && angle == 0:
			flush()
		case t == "<":
			angle++
			param = append(param, t)
		case t == ">" || t == ">>":
			angle = max(angle-len(t), 0)
			param = append(param, t)
		case t == "::" || t == "&" || t == "&&" || t == "*" || t == "const" || t == "volatile":
		case s.isIdent(j) && s.is(j+1, "::"):
		default:
			if s.isIdent(j) && angle == 0 {
				idents++
			}
			param = append(param, t)
		}
	}
	flush()
	return strings.Join(list, ",")
}
