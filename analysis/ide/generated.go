package ide

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"tdls/analysis"
	"tdls/codegen"
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
	"tdls/toolchain"
)

// Views of an entity's generated code, besides the generator names
// themselves: what the editor's "Show generated ..." actions ask for.
const (
	ViewDecls    = codegen.ViewDecls
	ViewDefs     = codegen.ViewDefs
	ViewDoc      = codegen.ViewDoc
	ViewRewriter = "rewriter"
)

// GeneratedQuery asks for the output of a generator on the unit of a file:
// the part of it for the entity called Name, or at Pos when Name is empty,
// or with WholeFile all of it.
type GeneratedQuery struct {
	Pos       tablegen.Pos
	Name      string
	WholeFile bool
	// Generator is an mlir-tblgen generator name without --gen- (op-decls,
	// rewriters, ...) or a view of the entity (decls, defs, doc, rewriter)
	// that picks the generator by the entity's kind; empty means rewriter.
	Generator string
	// Engine is auto, native or mlir-tblgen; MLIRTblgen the configured
	// binary (both settings, may be empty).
	Engine, MLIRTblgen string
	// Runs, when set, cancels a generation of the same entity by the same
	// generator still running when this one starts.
	Runs *Runs
}

// Generation is generated code and what it was generated from.
type Generation struct {
	codegen.Generated
	// Generator is the mlir-tblgen generator that ran (or whose output the
	// native engine reproduces).
	Generator string
	// Entity is what the output was cut to; zero for the whole file.
	Entity Entity
}

// Entity is a def that generators have a section for.
type Entity struct {
	// Kind is op, attr, type, enum, op-interface, attr-interface,
	// type-interface, dialect-interface, pass, dialect or pattern.
	Kind string
	// Name is the def's name (a pattern's record name), which generators
	// are asked for the entity by.
	Name string
	// Label names it for people: an op's name, a C++ class.
	Label string

	def   *eval.Record   // nil for a pattern
	parts []*eval.Record // an enum's cases
	names []string       // more names it is known by: C++ classes
	// noDefinitions marks an interface without methods, of which
	// mlir-tblgen writes no definitions: the view is not offered.
	noDefinitions bool
}

// GeneratedCode answers a generated-code query for the file of v. The
// whole unit's buffer is what mlir-tblgen compiles: a fragment file is
// generated inside the file that includes it.
func GeneratedCode(ctx context.Context, snap *analysis.Snapshot, v *analysis.FileView, q GeneratedQuery) (Generation, error) {
	m, err := v.Unit.Models(ctx)
	if err != nil {
		return Generation{}, err
	}
	view := q.Generator
	if view == "" {
		view = ViewRewriter
	}
	var e Entity
	if !q.WholeFile || isView(view) {
		var ok bool
		if q.Name != "" {
			e, ok = entityNamed(m, q.Name)
			if !ok && (view == ViewRewriter || !isView(view)) {
				// Not a def: a pattern's struct or a C++ class name, which
				// the generator's own sections are labelled with.
				e, ok = Entity{Name: q.Name, Label: q.Name}, true
			}
		} else {
			e, ok = entityAt(m, q.Pos)
		}
		if !ok && !q.WholeFile {
			return Generation{}, noEntity(q.Name, view)
		}
	}
	gen, err := generatorFor(view, e, q.WholeFile)
	if err != nil {
		return Generation{}, err
	}
	if q.WholeFile {
		e = Entity{}
	}
	if q.Runs != nil {
		var done func()
		ctx, done = q.Runs.start(ctx, string(v.Unit.Root)+"\x00"+gen+"\x00"+e.Name)
		defer done()
	}
	root := v.Unit.TG.Root
	g, err := codegen.Generate(ctx, codegen.GenRequest{
		Generator:   gen,
		Entity:      e.Name,
		Engine:      q.Engine,
		Result:      m.Records,
		Ops:         m.Ops,
		Patterns:    m.Patterns,
		File:        root.Name,
		IncludeDirs: append([]string{filepath.Dir(root.Name)}, snap.IncludeDirs(root.Name)...),
		Overlays:    unitOverlays(snap, v.Unit),
		MLIRTblgen:  toolchain.Tool{Path: q.MLIRTblgen, Origin: toolchain.FromUser, Via: "the mlirTblgen setting"},
		BuildDir:    snap.BuildDir(root.Name),
		Trust:       snap.Trust(),
	})
	if err != nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	return Generation{Generated: g, Generator: gen, Entity: e}, err
}

func isView(s string) bool {
	switch s {
	case ViewDecls, ViewDefs, ViewDoc, ViewRewriter:
		return true
	}
	return false
}

func noEntity(name, view string) error {
	what := "an op, attribute, type, enum, interface, pass, dialect or pattern"
	if view == ViewRewriter || view == "rewriters" {
		what = "a DRR pattern"
	}
	if name != "" {
		return fmt.Errorf("'%s' is not %s of this file", name, what)
	}
	return fmt.Errorf("no %s at this position", strings.TrimPrefix(strings.TrimPrefix(what, "an "), "a "))
}

// generatorFor is the generator that answers view (a view or a generator
// name) for e, checking that its output has sections of e's kind.
func generatorFor(view string, e Entity, wholeFile bool) (string, error) {
	if view == ViewRewriter {
		if !wholeFile && e.Kind != "pattern" && e.def != nil {
			return "", noEntity("", ViewRewriter)
		}
		return "rewriters", nil
	}
	if isView(view) {
		if e.Kind == "" {
			return "", noEntity("", view)
		}
		gen, ok := codegen.GeneratorFor(e.Kind, view)
		if !ok {
			return "", fmt.Errorf("mlir-tblgen generates no %s for %s %s", viewNoun(view), article(e.Kind), e.Kind)
		}
		if view == ViewDefs && e.noDefinitions {
			return "", fmt.Errorf("mlir-tblgen generates no definitions for %s: it declares no methods", e.Name)
		}
		return gen, nil
	}
	info, ok := codegen.LookupGenerator(view)
	if !ok {
		return "", fmt.Errorf("unknown generator %q", view)
	}
	if wholeFile || e.Kind == "" {
		return info.Name, nil
	}
	if !cutsInto(info, e.Kind) {
		return "", fmt.Errorf("--gen-%s has no section for %s %s", info.Name, article(e.Kind), e.Kind)
	}
	return info.Name, nil
}

// cutsInto says whether the generator's output has a section per entity of
// kind.
func cutsInto(info codegen.GeneratorInfo, kind string) bool {
	if kind == "dialect" && strings.HasPrefix(info.Name, "dialect-") {
		return true
	}
	for _, k := range info.Entities {
		if k == kind || k == "interface" && strings.HasSuffix(kind, "-interface") {
			return true
		}
	}
	return false
}

// viewNoun is what a view shows: declarations, definitions, documentation
// or rewriter.
func viewNoun(view string) string {
	switch view {
	case ViewDecls:
		return "declarations"
	case ViewDefs:
		return "definitions"
	case ViewDoc:
		return "documentation"
	}
	return view
}

func article(kind string) string {
	if strings.ContainsRune("aeio", rune(kind[0])) {
		return "an"
	}
	return "a"
}

// EntityView is a view generators have of an entity, and the title of the
// editor action that shows it.
type EntityView struct {
	View, Title string
}

// views lists the views generators have of e, in menu order.
func views(e Entity) []EntityView {
	if e.Kind == "pattern" {
		return []EntityView{{View: ViewRewriter, Title: "Show generated rewriter"}}
	}
	var out []EntityView
	for _, v := range []string{ViewDecls, ViewDefs, ViewDoc} {
		if v == ViewDefs && e.noDefinitions {
			continue
		}
		if _, ok := codegen.GeneratorFor(e.Kind, v); ok {
			out = append(out, EntityView{View: v, Title: "Show generated " + viewNoun(v)})
		}
	}
	return out
}

// entities are the unit's defs that generators have sections for.
func entities(m *analysis.Models) []Entity {
	var out []Entity
	add := func(e Entity) {
		if e.Label == "" {
			e.Label = e.Name
		}
		out = append(out, e)
	}
	if om := m.Ops; om != nil {
		for _, op := range om.Ops {
			add(Entity{Kind: "op", Name: op.Def.NameString(), Label: op.Name, def: op.Def, names: []string{op.CppClass, op.QualifiedCppClass()}})
		}
		for _, d := range om.AttrOrTypeDefs {
			add(Entity{Kind: d.Kind(), Name: d.Def.NameString(), Label: d.CppClass, def: d.Def, names: []string{d.QualifiedCppClass()}})
		}
		for _, en := range om.Enums {
			e := Entity{Kind: "enum", Name: en.Def.NameString(), Label: en.ClassName, def: en.Def, names: []string{en.QualifiedClassName()}}
			for _, c := range en.Cases {
				e.parts = append(e.parts, c.Def)
			}
			add(e)
		}
		for _, i := range om.Interfaces {
			add(Entity{Kind: interfaceKind(i.Kind), Name: i.Def.NameString(), Label: i.Name, def: i.Def, names: []string{i.QualifiedName()},
				noDefinitions: len(i.Methods) == 0})
		}
		for _, p := range om.Passes {
			add(Entity{Kind: "pass", Name: p.Def.NameString(), Label: p.Argument, def: p.Def})
		}
		for _, d := range om.Dialects {
			add(Entity{Kind: "dialect", Name: d.Def.NameString(), Label: d.Name, def: d.Def, names: []string{d.CppClassName(), d.QualifiedCppClass()}})
		}
	}
	if m.Patterns != nil {
		for _, p := range m.Patterns.Patterns {
			add(Entity{Kind: "pattern", Name: p.Name})
		}
	}
	return out
}

func interfaceKind(k ods.InterfaceKind) string {
	switch k {
	case ods.OpInterfaceKind:
		return "op-interface"
	case ods.AttrInterfaceKind:
		return "attr-interface"
	case ods.TypeInterfaceKind:
		return "type-interface"
	}
	return "dialect-interface"
}

// entityAt is the entity whose def statement, or defm instantiating it,
// holds pos: the first in the unit's order when one defm makes several.
func entityAt(m *analysis.Models, pos tablegen.Pos) (Entity, bool) {
	if m.Patterns != nil {
		if p := m.Patterns.PatternAt(pos); p != nil {
			return Entity{Kind: "pattern", Name: p.Name, Label: p.Name}, true
		}
	}
	holds := func(r *eval.Record) bool {
		if r.Decl.Start <= pos && pos < r.Decl.End {
			return true
		}
		for _, l := range r.Locs() {
			if l.Start <= pos && pos <= l.End {
				return true
			}
		}
		return false
	}
	for _, e := range entities(m) {
		if e.def == nil {
			continue
		}
		if holds(e.def) {
			return e, true
		}
		for _, p := range e.parts {
			if holds(p) {
				return e, true
			}
		}
	}
	return Entity{}, false
}

// entityNamed is the entity with def name, op name or C++ class name.
func entityNamed(m *analysis.Models, name string) (Entity, bool) {
	all := entities(m)
	for _, e := range all {
		if e.Name == name {
			return e, true
		}
	}
	for _, e := range all {
		if e.Label == name {
			return e, true
		}
		for _, n := range e.names {
			if n == name {
				return e, true
			}
		}
	}
	return Entity{}, false
}

// unitOverlays are the open buffers among the unit's files, which an
// mlir-tblgen run reads instead of the disk.
func unitOverlays(snap *analysis.Snapshot, u *analysis.Unit) map[string][]byte {
	out := map[string][]byte{}
	for path := range u.Files {
		if o := snap.Overlay(path); o != nil {
			out[path] = o.Content
		}
	}
	if o := snap.Overlay(u.Root); o != nil {
		out[u.Root] = o.Content
	}
	return out
}

// Runs are the generations under way for one client: a new generation of
// an entity by a generator cancels the one it supersedes (the preview of
// the text before the last keystroke, say), so that an mlir-tblgen run
// never outlives its use.
type Runs struct {
	mu      sync.Mutex
	running map[string]*run
}

type run struct{ cancel context.CancelFunc }

// start registers a generation under key, cancelling the one registered
// before; done unregisters it.
func (rs *Runs) start(ctx context.Context, key string) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	r := &run{cancel: cancel}
	rs.mu.Lock()
	if rs.running == nil {
		rs.running = map[string]*run{}
	}
	if old := rs.running[key]; old != nil {
		old.cancel()
	}
	rs.running[key] = r
	rs.mu.Unlock()
	return ctx, func() {
		rs.mu.Lock()
		if rs.running[key] == r {
			delete(rs.running, key)
		}
		rs.mu.Unlock()
		cancel()
	}
}
