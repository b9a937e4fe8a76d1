package analysis

import (
	"bytes"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"tdls/codegen"
	"tdls/cpp"
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
	"tdls/toolchain"
)

// Requirement is a C++ member or function a declaration of a .td file
// requires its author to define, with where it is defined. A requirement
// not found is information (its definition may be outside what the index
// sees), never a diagnostic.
type Requirement struct {
	Entity string // "::mlir::foo::FooOp"
	// Kind is what asks for the member: "op" "attr" "type" "dialect"
	// "pass" "transform" "drr-helper", or "interface" for an interface
	// method an op, attribute or type declares it implements (Entity is
	// the implementer).
	Kind      string
	Member    string // "verify", "fold", "parse", "build", "runOnOperation", or the helper's name
	Signature string // the declaration as the generated code writes it: "::llvm::LogicalResult verify();"
	// Stub is a definition skeleton for a .cpp, qualified by the class
	// without its namespace when the entity is a class member
	// ("::llvm::LogicalResult FooOp::verify() {\n  return ::mlir::success();\n}\n"):
	// the editor decides which namespace it goes in.
	Stub string
	// File is the .td file that names the requirement; [Start, End) the
	// byte span there of the token naming it (`hasVerifier`, the method's
	// "name" string, the builder, the identifier inside a native call).
	File       string
	Start, End int
	Line       int // 1-based line of Start
	// Params is the parameter count a definition must have; -1 any.
	Params int
	Defs   []cpp.Definition // where it is defined (empty: not found)
}

// Requirements returns the requirements of the entities the unit's root
// file and the files it includes define, but not those of an MLIR
// installation's files (unless the root is in that tree: MLIR's own
// sources), matched against x and against the C++ code blocks of the
// unit's .td files. The unit must be evaluated (Models); else nil.
func Requirements(u *Unit, x *cpp.Index) []Requirement {
	m := u.ModelsIfReady()
	if m == nil || m.Ops == nil {
		return nil
	}
	base := u.cppRequirements.get(func() *cppRequirements {
		r := newRequirer(u, m, nil)
		r.ops()
		r.attrsAndTypes()
		r.dialects()
		r.drrHelpers()
		var passes []*ods.Pass
		for _, p := range m.Ops.Passes {
			if r.mineAt(p.Range.Start) {
				passes = append(passes, p)
			}
		}
		return &cppRequirements{reqs: r.out, tdDefs: r.tdDefs, passes: passes}
	})
	r := newRequirer(u, m, x)
	r.tdDefs = base.tdDefs
	r.out = make([]Requirement, len(base.reqs))
	copy(r.out, base.reqs)
	r.match()
	r.passes(base.passes)
	return r.out
}

// cppRequirements is what a unit requires before it is matched to an
// index, computed once per unit (Unit.cppRequirements): the requirements
// without definitions, the definitions in the .td files' code blocks, the
// user's passes.
type cppRequirements struct {
	reqs   []Requirement
	tdDefs *cpp.Index
	passes []*ods.Pass
}

// RequirementsIn returns the requirements whose naming token is in file.
func RequirementsIn(u *Unit, x *cpp.Index, file string) []Requirement {
	file = filepath.Clean(file)
	var out []Requirement
	for _, q := range Requirements(u, x) {
		if q.File == file {
			out = append(out, q)
		}
	}
	return out
}

type requirer struct {
	u      *Unit
	m      *Models
	x      *cpp.Index
	set    *tablegen.SourceSet
	out    []Requirement
	mine   map[string]bool // file -> the user's (not an installation's)
	rootIn string          // the MLIR include tree the root is in, if any
	tdDefs *cpp.Index      // the definitions in the .td files' code blocks
}

func newRequirer(u *Unit, m *Models, x *cpp.Index) *requirer {
	r := &requirer{u: u, m: m, x: x, set: u.TG.Set, mine: map[string]bool{}, tdDefs: cpp.NewIndex()}
	r.rootIn = mlirTreeOf(u.Root)
	return r
}

// mlirTreeOf is the MLIR include directory (holding mlir/IR/OpBase.td)
// that path lies in, or "".
func mlirTreeOf(path string) string {
	dir := filepath.Dir(path)
	for {
		if filepath.Base(dir) == "include" && toolchain.HasMLIR(dir) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// userFile reports whether a .td file is the user's: not in an MLIR
// include tree other than the root's.
func (r *requirer) userFile(path string) bool {
	if path == "" {
		return false
	}
	v, ok := r.mine[path]
	if !ok {
		t := mlirTreeOf(path)
		v = t == "" || t == r.rootIn
		r.mine[path] = v
	}
	return v
}

// fileOf is the file and offset of a position.
func (r *requirer) fileOf(p tablegen.Pos) (*tablegen.File, int) {
	f := r.set.File(p)
	if f == nil {
		return nil, 0
	}
	return f, f.Offset(p)
}

// fieldSpan is where a def names a field it sets (the `hasVerifier` of
// `let hasVerifier = 1;` or of `hasVerifier = 1` in a let list): the name
// before the value's expression inside the def's statement; else the
// def's name (the value came from a class).
func (r *requirer) fieldSpan(def *eval.Record, field string, fallback tablegen.Range) tablegen.Range {
	rv := def.Field(field)
	if rv != nil && rv.Src.Start.IsValid() && rv.Src.Start >= def.Decl.Start && rv.Src.End <= def.Decl.End {
		if f := r.set.File(def.Decl.Start); f != nil && f.Contains(rv.Src.Start) {
			from, to := f.Offset(def.Decl.Start), f.Offset(rv.Src.Start)
			if from <= to && to <= len(f.Content) {
				if k := bytes.LastIndex(f.Content[from:to], []byte(field)); k >= 0 {
					at := def.Decl.Start + tablegen.Pos(k)
					return tablegen.Range{Start: at, End: at + tablegen.Pos(len(field))}
				}
			}
		}
	}
	return fallback
}

// add appends a requirement named at rng.
func (r *requirer) add(q Requirement, rng tablegen.Range) {
	f, off := r.fileOf(rng.Start)
	if f == nil {
		return
	}
	q.File = filepath.Clean(f.Name)
	q.Start, q.End = off, off+int(rng.End-rng.Start)
	q.Line = f.Position(off).Line
	r.out = append(r.out, q)
}

// opFields names the field that makes mlir-tblgen declare each method.
var opFields = map[string]string{
	"verify":                      "hasVerifier",
	"verifyRegions":               "hasRegionVerifier",
	"fold":                        "hasFolder",
	"canonicalize":                "hasCanonicalizeMethod",
	"getCanonicalizationPatterns": "hasCanonicalizer",
	"parse":                       "hasCustomAssemblyFormat",
	"print":                       "hasCustomAssemblyFormat",
}

func (r *requirer) ops() {
	for _, op := range r.m.Ops.Ops {
		f, _ := r.fileOf(op.Range.Start)
		if f == nil || !r.userFile(filepath.Clean(f.Name)) {
			continue
		}
		r.opCodeBlocks(op)
		methods, err := codegen.AuthorMethods(op)
		if err != nil {
			continue
		}
		entity := op.QualifiedCppClass()
		builders := 0
		for _, md := range methods {
			q := Requirement{Entity: entity, Kind: "op", Member: md.Name, Signature: md.Declaration + ";",
				Stub: stub(md.Definition, md.Return, entity, op.CppClass), Params: md.Params}
			rng := op.Range
			switch field, ok := opFields[md.Name]; {
			case md.Name == "build":
				// the builders without a body, in order
				for builders < len(op.Builders) && op.Builders[builders].Body != "" {
					builders++
				}
				if builders < len(op.Builders) {
					rng = op.Builders[builders].Range
					builders++
				}
			case md.Name == "getCanonicalizationPatterns" && !op.HasCanonicalizer:
				rng = r.fieldSpan(op.Def, "hasCanonicalizeMethod", op.Range)
			case ok:
				rng = r.fieldSpan(op.Def, field, op.Range)
			default:
				// a method of DeclareOpInterfaceMethods: the interface's,
				// required of this implementer
				q.Kind = "interface"
				rng = r.interfaceMethodSpan(op, md.Name)
			}
			r.add(q, rng)
		}
		r.transformOp(op, entity)
	}
}

// transformOp adds what a transform op's traits call on its class and
// no generated code declares: TransformEachOpTrait's applyToOne, a
// matcher trait's match method; the signature is the class's own
// declaration (extraClassDeclaration) when it has one, else the one the
// trait calls.
func (r *requirer) transformOp(op *ods.Op, entity string) {
	t := op.Transform()
	if t == nil {
		return
	}
	add := func(tr *ods.Trait, name, decl string) {
		sig := strings.TrimSpace(decl)
		if sig != "" && !strings.HasSuffix(sig, ";") {
			sig += ";"
		}
		rng := op.Range
		if tr != nil && tr.Def != nil {
			rng = r.nameIn(op.Def, tr.Def.NameString(), op.Range)
		}
		r.add(Requirement{Entity: entity, Kind: "transform", Member: name, Signature: sig, Params: -1,
			Stub: "::mlir::DiagnosedSilenceableFailure " + op.CppClass + "::" + name + "(/* as declared */) {\n  return ::mlir::DiagnosedSilenceableFailure::success();\n}\n"}, rng)
	}
	if t.Each != nil {
		decl := t.ApplyToOne
		if decl == "" {
			decl = ods.ApplyToOneDeclaration
		}
		add(t.Each, "applyToOne", decl)
	}
	if t.Matcher != nil && t.MatchMethod != "" {
		add(t.Matcher, t.MatchMethod, t.Match)
	}
}

// mineAt reports whether a position is in one of the user's files.
func (r *requirer) mineAt(p tablegen.Pos) bool {
	f, _ := r.fileOf(p)
	return f != nil && r.userFile(filepath.Clean(f.Name))
}

// authored adds an entity's AuthorMethods, each named at the field that
// asks for it, its builder, or the def.
func (r *requirer) authored(kind, entity, class string, def *eval.Record, at tablegen.Range, ms []ods.AuthorMethod, builders func(int) tablegen.Range) {
	for _, am := range ms {
		q := Requirement{Entity: entity, Kind: kind, Member: am.Name, Signature: am.Declaration + ";",
			Stub: stub(am.Definition, am.Return, entity, class), Params: am.Params}
		if am.Field == "traits" {
			q.Kind = "interface" // Declare{Attr,Type}InterfaceMethods
		}
		rng := at
		switch {
		case am.Builder >= 0 && builders != nil:
			rng = builders(am.Builder)
		case am.Field != "":
			rng = r.fieldSpan(def, am.Field, at)
		}
		r.add(q, rng)
	}
}

func (r *requirer) attrsAndTypes() {
	for _, d := range r.m.Ops.AttrOrTypeDefs {
		if !r.mineAt(d.Range.Start) {
			continue
		}
		kind := "attr"
		if d.IsType {
			kind = "type"
		}
		ns := cpp.SplitQualified(d.CppNamespace())
		r.codeBlock(d.Def, "extraClassDeclaration", append(append([]string(nil), ns...), d.CppClass), true, nil)
		r.codeBlock(d.Def, "extraClassDefinition", ns, false, map[string]string{"$cppClass": d.CppClass})
		r.authored(kind, d.QualifiedCppClass(), d.CppClass, d.Def, d.Range, d.AuthorMethods(), func(i int) tablegen.Range { return d.Builders[i].Range })
	}
}

func (r *requirer) dialects() {
	for _, d := range r.m.Ops.Dialects {
		if !r.mineAt(d.Range.Start) {
			continue
		}
		ns := cpp.SplitQualified(d.CppNamespace)
		r.codeBlock(d.Def, "extraClassDeclaration", append(append([]string(nil), ns...), d.CppClassName()), true, nil)
		r.authored("dialect", d.QualifiedCppClass(), d.CppClassName(), d.Def, d.Range, d.AuthorMethods(), nil)
	}
}

// passes: the class deriving from the generated impl::<Name>Base, its
// runOnOperation, and the function `constructor` calls when set.
func (r *requirer) passes(passes []*ods.Pass) {
	for _, p := range passes {
		base := "impl::" + p.Name + "Base"
		var classes []cpp.Definition
		if r.x != nil {
			classes = r.x.Derived(base)
		}
		run := p.RunOnOperation()
		entity := base
		if len(classes) > 0 {
			entity = classes[0].Qualified()
		}
		q := Requirement{Entity: entity, Kind: "pass", Member: p.Name, Params: -1,
			Signature: "struct " + p.Name + " : public " + base + "<" + p.Name + ">",
			Stub:      "struct " + p.Name + " : public " + base + "<" + p.Name + "> {\n  void runOnOperation() override {}\n};\n"}
		q.Defs = classes
		r.add(q, p.Range)
		q = Requirement{Entity: entity, Kind: "pass", Member: "runOnOperation", Signature: run.Declaration + ";",
			Stub: "void runOnOperation() override {\n}\n", Params: 0}
		for _, c := range classes {
			if r.x != nil {
				q.Defs = append(q.Defs, r.x.Members(c.Qualified(), "runOnOperation")...)
			}
		}
		r.add(q, p.Range)
		if name, args, ok := p.CreateFunction(); ok {
			q := Requirement{Entity: entity, Kind: "pass", Member: lastIdent(name), Params: args,
				Signature: "std::unique_ptr<::mlir::Pass> " + lastIdent(name) + "();",
				Stub:      "std::unique_ptr<::mlir::Pass> " + lastIdent(name) + "() {\n  return std::make_unique<" + p.Name + ">();\n}\n"}
			if r.x != nil {
				q.Defs = r.constructorDefs(p, name, args)
			}
			r.add(q, r.fieldSpan(p.Def, "constructor", p.Range))
		}
	}
}

// constructorDefs finds the function a pass's `constructor` calls as the
// generated registration code looks it up: from the namespaces the .cpp
// and .h files include the pass file's <stem>.h.inc in, outwards (a name
// written "::f" from the global namespace only). Those of the call's
// arity are preferred; when none has it, those with more parameters are
// the ones called (a declaration in a header gives the defaults, which
// the definition may not repeat).
func (r *requirer) constructorDefs(p *ods.Pass, name string, args int) []cpp.Definition {
	from := [][]string{nil}
	if f, _ := r.fileOf(p.Range.Start); f != nil && !strings.HasPrefix(name, "::") {
		stem := strings.TrimSuffix(filepath.Base(f.Name), ".td")
		if scopes := r.x.IncludeScopes(stem + ".h.inc"); len(scopes) > 0 {
			from = scopes
		}
	}
	var exact, defaulted []cpp.Definition
	seen := map[string]bool{}
	for _, scope := range from {
		for _, d := range r.x.Lookup(strings.TrimPrefix(name, "::"), scope, nil) {
			key := d.File + ":" + strconv.Itoa(d.Offset)
			if seen[key] {
				continue
			}
			seen[key] = true
			switch {
			case d.Params < 0 || d.Params == args:
				exact = append(exact, d)
			case d.Params > args:
				defaulted = append(defaulted, d)
			}
		}
	}
	if len(exact) > 0 {
		return exact
	}
	return defaulted
}

func lastIdent(q string) string {
	if i := strings.LastIndex(q, "::"); i >= 0 {
		return q[i+2:]
	}
	return q
}

// interfaceMethodSpan is where an op names an interface method it
// declares: the "name" string of DeclareOpInterfaceMethods<I, ["name"]>,
// else the trait.
func (r *requirer) interfaceMethodSpan(op *ods.Op, name string) tablegen.Range {
	f := r.set.File(op.Def.Decl.Start)
	if f != nil && op.Def.Decl.Start.IsValid() {
		text := f.Slice(op.Def.Decl)
		if k := bytes.Index(text, []byte(`"`+name+`"`)); k >= 0 {
			at := op.Def.Decl.Start + tablegen.Pos(k+1)
			return tablegen.Range{Start: at, End: at + tablegen.Pos(len(name))}
		}
	}
	for _, t := range op.Traits {
		if t.Kind != ods.InterfaceTrait || !t.DeclaresMethods || t.Def == nil {
			continue
		}
		for _, m := range op.InterfaceMethods(t) {
			if m.Name == name {
				iface := t.Interface
				if k := strings.LastIndex(iface, "::"); k >= 0 {
					iface = iface[k+2:]
				}
				for _, w := range []string{t.Def.NameString(), iface} {
					if rng := r.nameIn(op.Def, w, op.Range); rng != op.Range {
						return rng
					}
				}
				return op.Range
			}
		}
	}
	return op.Range
}

// nameIn is where def's statement first writes word, else fallback.
func (r *requirer) nameIn(def *eval.Record, word string, fallback tablegen.Range) tablegen.Range {
	f := r.set.File(def.Decl.Start)
	if f == nil || !def.Decl.Start.IsValid() || word == "" {
		return fallback
	}
	text := f.Slice(def.Decl)
	for k := 0; k < len(text); {
		i := bytes.Index(text[k:], []byte(word))
		if i < 0 {
			break
		}
		i += k
		if (i == 0 || !isWordByte(text[i-1])) && (i+len(word) == len(text) || !isWordByte(text[i+len(word)])) {
			at := def.Decl.Start + tablegen.Pos(i)
			return tablegen.Range{Start: at, End: at + tablegen.Pos(len(word))}
		}
		k = i + 1
	}
	return fallback
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// opCodeBlocks scans the C++ of an op's extraClassDeclaration (in the
// class) and extraClassDefinition (out of line, $cppClass the class).
func (r *requirer) opCodeBlocks(op *ods.Op) {
	ns := cpp.SplitQualified(op.CppNamespace)
	r.codeBlock(op.Def, "extraClassDeclaration", append(append([]string(nil), ns...), op.CppClass), true, nil)
	r.codeBlock(op.Def, "extraClassDefinition", ns, false, map[string]string{"$cppClass": op.CppClass})
	// A native trait's code goes into every op that lists it (ReturnLike
	// defines getMutableSuccessorOperands for its ops), so it defines
	// members of this op too.
	class := append(append([]string(nil), ns...), op.CppClass)
	for _, t := range op.Traits {
		if t.Kind != ods.NativeTrait || t.Def == nil {
			continue
		}
		r.traitCode(op, t.Def, "extraConcreteClassDeclaration", class, true)
		r.traitCode(op, t.Def, "extraConcreteClassDefinition", ns, false)
	}
}

// traitCode scans a native trait's code field as the op's generated class
// holds it ($cppClass the op's class). The definitions point into the
// literal that wrote the code when the trait's expression holds it (an
// inline NativeOpTrait<...> of a TraitList), else at the trait itself.
func (r *requirer) traitCode(op *ods.Op, trait *eval.Record, field string, scope []string, inClass bool) {
	code, _ := trait.StringValue(field)
	if strings.TrimSpace(code) == "" || !trait.Decl.Start.IsValid() {
		return
	}
	f := r.set.File(trait.Decl.Start)
	if f == nil || !f.Contains(trait.Decl.End-1) {
		return
	}
	name := filepath.Clean(f.Name)
	opts := cpp.FragmentOptions{Scope: scope, InClass: inClass, Substitute: map[string]string{"$cppClass": op.CppClass}}
	at := f.Offset(trait.Decl.Start)
	if i := bytes.Index(f.Slice(trait.Decl), []byte(code)); i >= 0 {
		at += i
	}
	pos := f.Position(at)
	opts.Base, opts.Line, opts.Col = at, pos.Line, pos.Column
	defs := cpp.ScanFragment(name, []byte(code), opts)
	if len(defs) == 0 {
		return
	}
	r.tdDefs.Update(&cpp.File{Path: name + "#" + op.Def.NameString() + "." + trait.NameString() + "." + field, Defs: defs})
}

// codeBlock scans the code block of a def's field where the def writes it.
func (r *requirer) codeBlock(def *eval.Record, field string, scope []string, inClass bool, subst map[string]string) {
	rv := def.Field(field)
	if rv == nil || !rv.Src.Start.IsValid() {
		return
	}
	f := r.set.File(rv.Src.Start)
	if f == nil || !f.Contains(rv.Src.End-1) {
		return
	}
	// The value's code literals, each scanned alone: a concatenation
	// (base # [{...}]) holds several, a reference none.
	text := f.Slice(rv.Src)
	var defs []cpp.Definition
	for i := 0; i < len(text); {
		var start, end int
		switch {
		case bytes.HasPrefix(text[i:], []byte("[{")):
			e := bytes.Index(text[i+2:], []byte("}]"))
			if e < 0 {
				e = len(text) - i - 2
			}
			start, end = i+2, i+2+e
			i = end + 2
		case text[i] == '"':
			e := bytes.IndexByte(text[i+1:], '"')
			if e < 0 {
				e = len(text) - i - 1
			}
			start, end = i+1, i+1+e
			i = end + 1
		default:
			i++
			continue
		}
		off := f.Offset(rv.Src.Start) + start
		pos := f.Position(off)
		defs = append(defs, cpp.ScanFragment(filepath.Clean(f.Name), text[start:end], cpp.FragmentOptions{
			Base: off, Line: pos.Line, Col: pos.Column, Scope: scope, InClass: inClass, Substitute: subst})...)
	}
	if len(defs) == 0 {
		return
	}
	file := &cpp.File{Path: filepath.Clean(f.Name) + "#" + def.NameString() + "." + field, Defs: defs}
	r.tdDefs.Update(file)
}

// match finds each requirement's definitions: members of the entity's
// class of the required arity, in the index and in the .td code blocks.
func (r *requirer) match() {
	kept := r.out[:0]
	for i := range r.out {
		q := r.out[i]
		if q.Kind == "drr-helper" {
			if r.x != nil {
				q.Defs = r.preferIncluders(q.File, r.helperDefs(cpp.Call{Name: q.Member, Args: q.Params}))
			}
			if len(q.Defs) == 0 && r.libraryHas(lastIdent(q.Member)) {
				continue // MLIR's, LLVM's or the C library's API
			}
			kept = append(kept, q)
			continue
		}
		kept = append(kept, q)
	}
	r.out = kept
	for i := range r.out {
		q := &r.out[i]
		if q.Kind == "drr-helper" {
			continue
		}
		var defs []cpp.Definition
		if r.x != nil {
			defs = r.x.Members(q.Entity, q.Member)
		}
		defs = append(defs, r.tdDefs.Members(q.Entity, q.Member)...)
		for _, d := range defs {
			if q.Params < 0 || d.Params < 0 || d.Params == q.Params {
				q.Defs = append(q.Defs, d)
			}
		}
		if q.Params >= 0 {
			q.Defs = sameTypes(q.Defs, q.Signature)
		}
		sort.SliceStable(q.Defs, func(a, b int) bool {
			if q.Defs[a].File != q.Defs[b].File {
				return q.Defs[a].File < q.Defs[b].File
			}
			return q.Defs[a].Offset < q.Defs[b].Offset
		})
	}
}

// stub is a definition skeleton from a definition head
// ("::llvm::LogicalResult mlir::foo::FooOp::verify()"): the class
// qualifier kept without its namespace, a body returning what compiles.
func stub(head, ret, entity, class string) string {
	if q := strings.TrimPrefix(entity, "::") + "::"; q != class+"::" {
		head = strings.Replace(head, " "+q, " "+class+"::", 1)
	}
	body := ""
	switch strings.TrimSpace(ret) {
	case "void", "":
	case "::llvm::LogicalResult", "::mlir::LogicalResult", "LogicalResult":
		body = "  return ::mlir::success();\n"
	case "::mlir::ParseResult", "ParseResult":
		body = "  return ::mlir::failure();\n"
	default:
		body = "  return {};\n"
	}
	return head + " {\n" + body + "}\n"
}

// sameTypes keeps, of overloads of one arity, those whose parameter
// types are spelled as the declaration's (LoadOp::build(..., Value mask,
// Value other, ...) is not the builder of (..., ArrayRef<int32_t>
// boundaryCheck, std::optional<PaddingOption> padding, ...)); when none
// is, a type is spelled through an alias, and all are kept.
func sameTypes(defs []cpp.Definition, signature string) []cpp.Definition {
	if len(defs) < 2 {
		return defs
	}
	want := cpp.TypesKey(cpp.ParamTypes(signature))
	var same []cpp.Definition
	for _, d := range defs {
		if d.ParamTypes == want {
			same = append(same, d)
		}
	}
	if len(same) == 0 {
		return defs
	}
	return same
}
