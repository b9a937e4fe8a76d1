package codegen

import (
	"fmt"
	"path/filepath"
	"strings"

	"tdls/drr"
	"tdls/ods"
	"tdls/tablegen/eval"
)

// Options controls generation.
type Options struct {
	// InputName is the main file's name as given on the command line; the
	// banner and the constraint function names use its base name.
	InputName string
	// Ops is the unit's ODS model and Patterns its DRR model when the
	// caller has built them already; the generator builds them otherwise.
	// The patterns' symbol tables are what the emitter binds from.
	Ops      *ods.Model
	Patterns *drr.PatternSet
}

// constraintFn is one uniqued constraint helper function.
type constraintFn struct {
	kind       string // type, attr, prop
	name       string
	constraint *eval.Record
}

// fileGen is the state shared by all patterns of a file: mlir-tblgen's
// StaticMatcherHelper and StaticVerifierFunctionEmitter.
type fileGen struct {
	res      *eval.Result
	opts     Options
	label    string
	patterns []*pattern
	ops      map[*eval.Record]*operator
	opsModel *ods.Model
	ids      map[*eval.DagInit]string
	// drrPatterns is drr's model of each pattern record (patternModel).
	drrPatterns map[*eval.Record]*drr.Pattern

	refStats     map[string]int
	topo         []topoEntry
	leafSeen     map[*eval.Record]bool
	leaves       []leaf
	fns          []*constraintFn // in emission order: type, attr, prop
	fnByKey      map[string]*constraintFn
	matcherNames map[string]string
	matchers     []matcherFn
}

type topoEntry struct {
	node *eval.DagInit
	pat  *pattern
}

type matcherFn struct {
	name string
	text string
	uses map[string]bool
}

// label is the file-name part of constraint function names: the base name
// without ".td", every character outside [A-Za-z0-9_] as upper-case hex.
func fileLabel(input string) string {
	base := filepath.Base(input)
	if input == "-" || input == "" {
		base = "-"
	}
	base = strings.TrimSuffix(base, ".td")
	var sb strings.Builder
	for i := 0; i < len(base); i++ {
		c := base[i]
		if isIdentChar(c) {
			sb.WriteByte(c)
		} else {
			fmt.Fprintf(&sb, "%X", c)
		}
	}
	return sb.String()
}

func newFileGen(res *eval.Result, opts Options) *fileGen {
	f := &fileGen{
		res: res, opts: opts, label: fileLabel(opts.InputName),
		ops: map[*eval.Record]*operator{}, ids: map[*eval.DagInit]string{},
		refStats: map[string]int{}, leafSeen: map[*eval.Record]bool{},
		fnByKey: map[string]*constraintFn{}, matcherNames: map[string]string{},
		opsModel: opts.Ops,
	}
	if f.opsModel == nil {
		f.opsModel = ods.Build(res)
	}

	var recs []*eval.Record
	for _, d := range res.Defs {
		if isA(d, "Pattern") {
			recs = append(recs, d)
		}
	}
	drr.SortInPopulateOrder(recs)
	k := 0
	for _, r := range recs {
		p := &pattern{rec: r, file: f, name: r.NameString()}
		if r.Anonymous {
			p.name = fmt.Sprintf("GeneratedConvert%d", k)
			k++
		}
		f.patterns = append(f.patterns, p)
	}
	return f
}

// nodeID identifies a dag by its text: LLVM uniques dags, so textually
// equal dags are one node (for static matchers and symbol lookup).
func (f *fileGen) nodeID(d *eval.DagInit) string {
	id, ok := f.ids[d]
	if !ok {
		id = d.String()
		f.ids[d] = id
	}
	return id
}

// patternModel returns drr's model of the pattern of rec, building the
// file's DRR model on first use.
func (f *fileGen) patternModel(rec *eval.Record) *drr.Pattern {
	if f.drrPatterns == nil {
		set := f.opts.Patterns
		if set == nil {
			set = drr.Build(nil, f.res, f.opsModel)
		}
		f.drrPatterns = map[*eval.Record]*drr.Pattern{}
		for _, p := range set.Patterns {
			f.drrPatterns[p.Record] = p
		}
	}
	if p := f.drrPatterns[rec]; p != nil {
		return p
	}
	panic(fatalf("internal error: no DRR model of pattern %s", rec.NameString()))
}

func (f *fileGen) operatorOf(d *eval.DagInit) *operator {
	rec := asDef(d.Op)
	if rec == nil {
		panic(fatalf("expected an op as dag operator, got %s", d.Op.String()))
	}
	if op, ok := f.ops[rec]; ok {
		return op
	}
	op, err := newOperator(f.opsModel, rec)
	if err != nil {
		panic(err)
	}
	f.ops[rec] = op
	return op
}

func (f *fileGen) useStaticMatcher(d *eval.DagInit) bool {
	if isEither(d) || isVariadicDirective(d) {
		return false
	}
	return f.refStats[f.nodeID(d)] > 1
}

// addPattern counts the references to each source sub-dag and collects the
// constrained leaves, in depth-first post-order.
func (f *fileGen) addPattern(p *pattern) {
	var dfs func(d *eval.DagInit)
	dfs = func(d *eval.DagInit) {
		id := f.nodeID(d)
		f.refStats[id]++
		if f.refStats[id] != 1 {
			return
		}
		for i := range d.Args {
			if c := nested(d, i); c != nil {
				dfs(c)
				continue
			}
			l := newLeaf(d.Args[i])
			if l.isUnspecified() {
				continue
			}
			r := l.Def
			if r == nil {
				panic(fatalf("a literal (%s) cannot appear in a source pattern (mlir-tblgen crashes on it)", d.Args[i].String()))
			}
			if !f.leafSeen[r] {
				f.leafSeen[r] = true
				f.leaves = append(f.leaves, l)
			}
		}
		f.topo = append(f.topo, topoEntry{d, p})
	}
	src := p.source()
	if src == nil {
		panic(fatalf("pattern has no source dag"))
	}
	dfs(src)
}

// constraintKey identifies a constraint as DenseMapInfo<Constraint> does:
// by predicate record and summary.
func constraintKey(kind string, c *eval.Record) string {
	pred := predicateOf(c)
	id := "<none>"
	if pred != nil {
		id = fmt.Sprintf("%p", pred)
	}
	return kind + "\x00" + id + "\x00" + summaryOf(c)
}

// leafKind is the kind of the static matcher function of a constraint
// leaf, as its name says: type, attr or prop; "" for no constraint.
func leafKind(l leaf) string { return matcherKinds[l.Matcher()] }

var matcherKinds = [...]string{drr.NoMatcher: "", drr.TypeMatcher: "type", drr.AttrMatcher: "attr", drr.PropMatcher: "prop"}

// collectConstraints uniques the constrained leaves into helper functions,
// numbered from 1 per kind in first-seen order.
func (f *fileGen) collectConstraints() {
	count := map[string]int{}
	var byKind = map[string][]*constraintFn{}
	for _, l := range f.leaves {
		kind := leafKind(l)
		c := l.constraint()
		if kind == "" {
			panic(fatalf("Expected a constraint but got: %s", c.NameString()))
		}
		key := constraintKey(kind, c)
		if f.fnByKey[key] != nil {
			continue
		}
		count[kind]++
		fn := &constraintFn{kind: kind, constraint: c,
			name: fmt.Sprintf("__mlir_ods_local_%s_constraint_%s%d", kind, f.label, count[kind])}
		f.fnByKey[key] = fn
		byKind[kind] = append(byKind[kind], fn)
	}
	f.fns = append(append(append(f.fns, byKind["type"]...), byKind["attr"]...), byKind["prop"]...)
}

func (f *fileGen) verifierName(l leaf) string {
	kind := leafKind(l)
	if fn := f.fnByKey[constraintKey(kind, l.constraint())]; fn != nil {
		return fn.name
	}
	panic(fatalf("constraint %s was not uniqued", l.constraint().NameString()))
}

// constraintText is the C++ of one helper function.
func (f *fileGen) constraintText(fn *constraintFn) string {
	var ctx fmtContext
	ctx.addSubst("_op", "*op").withBuilder("rewriter")
	var self, param, prefix string
	switch fn.kind {
	case "type":
		self, param, prefix = "type", "::mlir::Type type", "\n"
	case "attr":
		self, param, prefix = "attr", "::mlir::Attribute attr", "\n"
	default:
		self, prefix = "prop", "\n"
		if it := stringField(fn.constraint, "interfaceType"); it != "" {
			param = it + " prop"
		} else {
			param, prefix = "T prop", "template <typename T>\n"
		}
	}
	ctx.withSelf(self)
	cond := tgfmt(conditionTemplate(fn.constraint), &ctx)
	return prefix + "static ::llvm::LogicalResult " + fn.name + "(\n" +
		"    ::mlir::PatternRewriter &rewriter, ::mlir::Operation *op, " + param + ",\n" +
		"    ::llvm::StringRef failureStr) {\n" +
		"  if (!(" + cond + ")) {\n" +
		"    return rewriter.notifyMatchFailure(op, [&](::mlir::Diagnostic &diag) {\n" +
		"      diag << failureStr << \": " + escapeString(summaryOf(fn.constraint)) + "\";\n" +
		"    });\n  }\n  return ::mlir::success();\n}\n"
}

// prepare runs what precedes the structs: reference counting, constraint
// uniquing and the static matchers.
func (f *fileGen) prepare() {
	for _, p := range f.patterns {
		func() {
			defer rethrowFor(p)
			f.addPattern(p)
		}()
	}
	f.collectConstraints()
	n := 0
	for _, t := range f.topo {
		if !f.useStaticMatcher(t.node) {
			continue
		}
		name := fmt.Sprintf("static_dag_matcher_%d", n)
		n++
		func() {
			defer rethrowFor(t.pat)
			e := newEmitter(t.pat)
			e.emitStaticMatcher(t.node, name)
			f.matchers = append(f.matchers, matcherFn{name: name, text: e.w.String(), uses: e.used})
		}()
		f.matcherNames[f.nodeID(t.node)] = name
	}
}

// rethrowFor names the pattern in a fatal error passing through.
func rethrowFor(p *pattern) {
	if r := recover(); r != nil {
		if e, ok := r.(*Error); ok && e.Pattern == "" {
			e.Pattern = p.name
		}
		panic(r)
	}
}

func (f *fileGen) emitStruct(p *pattern) (string, map[string]bool) {
	defer rethrowFor(p)
	e := newEmitter(p)
	e.emitPattern()
	return e.w.String(), e.used
}

// locations are the "Generated from" lines of a record: each location,
// outermost instantiation first, absolute paths cut to the file name.
func (f *fileGen) locations(rec *eval.Record) []string {
	var out []string
	for i := len(rec.Locs()) - 1; i >= 0; i-- {
		pos := f.res.Set.Position(rec.Locs()[i].Start)
		name := pos.Filename
		if filepath.IsAbs(name) {
			name = filepath.Base(name)
		}
		out = append(out, fmt.Sprintf("%s:%d", name, pos.Line))
	}
	return out
}

// sourceFileHeader is LLVM's emitSourceFileHeader: the banner every
// TableGen backend starts its output with, naming what it generates and
// the input file.
func sourceFileHeader(desc, input string) string {
	var sb strings.Builder
	line := func(prefix string, fill byte, suffix string) {
		sb.WriteString(prefix)
		for i := len(prefix); i < 80-len(suffix); i++ {
			sb.WriteByte(fill)
		}
		sb.WriteString(suffix + "\n")
	}
	line("/*===- TableGen'erated file ", '-', "*- C++ -*-===*\\")
	line("|* ", ' ', " *|")
	for pos := 0; ; {
		n := min(len(desc)-pos, 80-6)
		line("|* "+desc[pos:pos+n], ' ', " *|")
		if pos += n; pos >= len(desc) {
			break
		}
	}
	line("|* ", ' ', " *|")
	line("|* Automatically generated file, do not edit!", ' ', " *|")
	if input != "" {
		name := filepath.Base(input)
		if input == "-" {
			name = "-"
		}
		line("|* From: "+name, ' ', " *|")
	}
	line("|* ", ' ', " *|")
	line("\\*===", '-', "===*/")
	sb.WriteString("\n")
	return sb.String()
}

// Rewriters returns the whole output of `mlir-tblgen --gen-rewriters` for an
// evaluated file, or the first error mlir-tblgen would stop at.
func Rewriters(res *eval.Result, opts Options) (out string, err error) {
	defer catch(&err, "")
	// mlir-tblgen asks the records for every Pattern before anything else,
	// and a file that defines no class Pattern stops it there (LLVM's
	// message ends with a newline of its own).
	if res.Class("Pattern") == nil {
		return "", fatalf("The class 'Pattern' is not defined\n")
	}
	f := newFileGen(res, opts)
	f.prepare()
	var sb strings.Builder
	sb.WriteString(sourceFileHeader("Rewriters", opts.InputName))
	for _, fn := range f.fns {
		sb.WriteString(f.constraintText(fn))
	}
	for _, m := range f.matchers {
		sb.WriteString(m.text)
	}
	for _, p := range f.patterns {
		text, _ := f.emitStruct(p)
		sb.WriteString(text)
	}
	sb.WriteString("[[maybe_unused]] void populateWithGenerated(::mlir::RewritePatternSet &patterns) {\n")
	for _, p := range f.patterns {
		sb.WriteString("  patterns.add<" + p.name + ">(patterns.getContext());\n")
	}
	sb.WriteString("}\n")
	return sb.String(), nil
}
