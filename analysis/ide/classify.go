package ide

import (
	"context"
	"strings"

	"tdls/analysis"
	"tdls/drr"
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// A position is classified once, here: Classify says what the user points
// at, and hover, definition, references, highlight, rename and
// prepare-rename switch over the answer's Kind. No feature inspects tokens
// to learn what a position is (TestTokenLookupsOnlyInClassifier), so that
// the features cannot disagree about the same position. Signature help
// asks the same of the call around a position (classifyCall).

// Kind is what a position names. The set is closed: a feature's switch
// over it is the whole of what the feature can meet.
type Kind int

const (
	// KindNone: nothing the features know.
	KindNone Kind = iota
	// KindName: a declared TableGen name (record, class, field, template
	// argument, defvar, ...) at its declaration or at a reference to it.
	KindName
	// KindOp: an op at its def's name, at a reference to the def, or as
	// the operator of a pattern dag that resolves to it (OnOperator).
	KindOp
	// KindOpEntry: a `$name` of an op's `(ins ...)`, `(outs ...)`,
	// `(region ...)` or `(successor ...)` dag.
	KindOpEntry
	// KindSymbol: a DRR `$symbol`, at a binding or a use.
	KindSymbol
	// KindDirective: a DRR directive or NativeCodeCall at a pattern dag's
	// operator.
	KindDirective
	// KindPattern: a pattern at its def's name (or an anonymous one's
	// `def`).
	KindPattern
	// KindDialect: an attribute, type, enum or enum case, interface, pass
	// or dialect, at its def's name or a reference to the def.
	KindDialect
	// KindDialectPart: a part written inside a dialect entity's
	// definition (Part).
	KindDialectPart
	// KindInclude: the file name of an include.
	KindInclude
	// KindBang: a !operator.
	KindBang
)

var kindNames = [...]string{"none", "name", "op", "opEntry", "symbol", "directive", "pattern", "dialect", "dialectPart", "include", "bang"}

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Target is what a position names, with what the features need of it.
// Whatever the kind, the text at the position may also be a name the
// resolver knows (Name): definition, references, highlight and rename of
// every kind but KindSymbol serve that name, which is how they agree.
type Target struct {
	Kind Kind
	// Range is the text naming the thing.
	Range tablegen.Range

	// Op is the op of KindOp and KindOpEntry; OnOperator reports a
	// KindOp at a pattern dag's operator.
	Op         *ods.Op
	OnOperator bool
	// Entry is KindOpEntry's argument, result, region or successor.
	Entry OpEntry

	// Pattern is the pattern of KindSymbol, KindDirective and
	// KindPattern; Loc what is at the position inside it (KindSymbol,
	// KindDirective); Symbol the `$symbol`'s name, without `$` or `__N`.
	Pattern *drr.Pattern
	Loc     *drr.Location
	Symbol  string

	// Record is KindDialect's def.
	Record *eval.Record
	// Part is KindDialectPart's part.
	Part DialectPart
	// Include is KindInclude's include.
	Include tablegen.Include
	// Bang is KindBang's operator as written, with its `!`.
	Bang string

	// Cpp are the C++ members and functions the .td requires whose naming
	// token is at the position (a `hasVerifier` field, a method name in
	// DeclareOpInterfaceMethods, a builder, a function a native call or
	// predicate calls), whatever the kind: they come on top of it, and
	// definition and hover serve them first. Set only when the view has a
	// C++ index (FileView.WithCpp).
	Cpp []analysis.Requirement

	models *analysis.Models
	// The declared name at the position, looked up once asked for (a
	// hover of an op does without it); KindName's from the start.
	v        *analysis.FileView
	at       tablegen.Pos
	name     analysis.Target
	nameDone bool
	hasName  bool
}

// Name is the declared TableGen name written at the position (a record,
// class, field, ...), the same for every kind: the name definition,
// references, highlight and rename serve.
func (t *Target) Name(ctx context.Context) (analysis.Target, bool) {
	if !t.nameDone && t.v != nil {
		t.name, t.hasName = t.v.TargetAt(ctx, t.at)
		t.nameDone = true
	}
	return t.name, t.hasName
}

// String is the kind, with the sort of name, entry or part: "name:field",
// "opEntry:argument", "dialectPart:formatVariable", "op".
func (t Target) String() string {
	switch t.Kind {
	case KindName:
		return "name:" + t.name.Decl.Kind.String()
	case KindOpEntry:
		return "opEntry:" + t.Entry.Role
	case KindDialectPart:
		return "dialectPart:" + t.Part.Kind.String()
	}
	return t.Kind.String()
}

// OpEntry is an argument, result, region or successor of an op. Class is
// set when it is written in a class all of whose ops share it (Op is then
// the first op made from the class).
type OpEntry struct {
	Role      string // "argument", "result", "region" or "successor"
	Name      string
	Summary   string // of a region or successor
	Arg       *ods.Arg
	Result    *ods.Value
	Class     string
	Inherited bool
}

// PartKind is the sort of a dialect part.
type PartKind int

const (
	// PartParameter: a `$name` in an attribute's or type's parameters.
	PartParameter PartKind = iota + 1
	// PartFormatVariable: a `$name` in an attribute's or type's
	// assembly format, naming a parameter.
	PartFormatVariable
	// PartEnumCase: an enum case named in ConstantEnumCase (its string)
	// or DefaultValuedEnumAttr (its def).
	PartEnumCase
	// PartInterfaceMethod: a method named in a
	// Declare…InterfaceMethods list.
	PartInterfaceMethod
	// PartPassOption: the member or flag name of a pass's Option.
	PartPassOption
)

var partNames = [...]string{"", "parameter", "formatVariable", "enumCase", "interfaceMethod", "passOption"}

func (k PartKind) String() string {
	if k > 0 && int(k) < len(partNames) {
		return partNames[k]
	}
	return "unknown"
}

// DialectPart is a part of a dialect entity written at a position, and
// where it is defined (Def).
type DialectPart struct {
	Kind PartKind
	Def  tablegen.Range

	AttrOrType *ods.AttrOrTypeDef
	Param      *ods.AttrOrTypeParameter
	Enum       *ods.Enum
	Case       *ods.EnumCase
	Interface  *ods.Interface
	Method     *ods.InterfaceMethod
	Pass       *ods.Pass
	Option     *ods.PassOption
}

// Classify says what is at p. The op and pattern models answer first where
// they know more than the records (once the evaluation is ready, waiting
// for it at most evaluationWait): `$symbols`, directives and patterns,
// ops, the parts and entities of dialects, op entries. Then the syntax:
// include file names, !operators. Then the declared name at p.
func Classify(ctx context.Context, v *analysis.FileView, p tablegen.Pos) Target {
	t := classify(ctx, v, p)
	// An op's name is where the requirements no field names fall back to
	// (an interface's methods, ...): its code lens lists them, its hover
	// is the op's.
	if v.Cpp != nil && t.Kind != KindOp {
		if reqs, r, ok := cppRequirementsAt(ctx, v, p); ok {
			t.Cpp = reqs
			if t.Kind == KindNone {
				t.Range = r
			}
		}
	}
	return t
}

// cppRequirementsAt are the requirements whose naming span is at p: the
// span starts at the token at p (a field name, a builder's first token),
// or lies inside the string or code token at p and covers p (a method
// name in a list, a function in a native call's code).
func cppRequirementsAt(ctx context.Context, v *analysis.FileView, p tablegen.Pos) ([]analysis.Requirement, tablegen.Range, bool) {
	i := nameTokenAt(v, p)
	if i < 0 {
		return nil, tablegen.Range{}, false
	}
	tok := v.Tokens().At(i)
	inText := tok.Kind == tablegen.TokString || tok.Kind == tablegen.TokCode
	if tok.Kind != tablegen.TokIdent && !inText {
		return nil, tablegen.Range{}, false
	}
	if modelsWithin(ctx, v.Unit) == nil {
		return nil, tablegen.Range{}, false
	}
	off, from, to := v.File.Offset(p), v.File.Offset(tok.Pos), v.File.Offset(tok.End())
	var out []analysis.Requirement
	var r tablegen.Range
	for _, q := range v.Unit.CppRequirements(v.Cpp) {
		if q.File != v.File.Name {
			continue
		}
		if q.Start == from && off <= to || inText && from <= q.Start && q.End <= to && q.Start <= off && off <= q.End {
			out = append(out, q)
			r = tablegen.Range{Start: v.File.Pos(q.Start), End: v.File.Pos(q.End)}
		}
	}
	return out, r, len(out) > 0
}

// classify is Classify without the C++ requirements.
func classify(ctx context.Context, v *analysis.FileView, p tablegen.Pos) Target {
	if inc, ok := includeAt(v, p); ok {
		return Target{Kind: KindInclude, Range: inc.NameRng, Include: inc}
	}
	if i := nameTokenAt(v, p); i >= 0 {
		if tok := v.Tokens().At(i); tokenKind(tok, false) == KindBang {
			return Target{Kind: KindBang, Range: tok.Range(), Bang: tok.Text}
		}
		if t, ok := classifyInModels(ctx, v, p, i); ok {
			return t
		}
	}
	name, ok := v.TargetAt(ctx, p)
	if !ok {
		return Target{}
	}
	return Target{Kind: KindName, Range: name.Ref.Range, name: name, nameDone: true, hasName: true}
}

// tokenKind is the kind of a token by itself, as semantic tokens classify
// every token of a file in one pass: a name the resolver resolved
// (resolved) is KindName, a !operator KindBang; the rest is KindNone, left
// to the syntax around it. Classify asks the same of the token at p.
func tokenKind(t tablegen.Token, resolved bool) Kind {
	switch {
	case resolved:
		return KindName
	case t.Kind == tablegen.TokBang:
		return KindBang
	}
	return KindNone
}

// nameTokenAt is the token at p (FileView.TokenAt), except that a name
// just before p wins over the punctuation touching it (`$c|,`), as it does
// for the resolver's RefAt: the cursor at the end of a name is on it.
func nameTokenAt(v *analysis.FileView, p tablegen.Pos) int {
	i := v.TokenAt(p)
	if i < 1 {
		return i
	}
	toks := v.Tokens()
	isName := func(k tablegen.TokenKind) bool { return k == tablegen.TokIdent || k == tablegen.TokVarName }
	if t, prev := toks.At(i), toks.At(i-1); t.Pos == p && prev.End() == p && !isName(t.Kind) && isName(prev.Kind) {
		return i - 1
	}
	return i
}

// classifyInModels answers from the op and pattern models, at names,
// strings and the `def` of an anonymous pattern.
func classifyInModels(ctx context.Context, v *analysis.FileView, p tablegen.Pos, i int) (Target, bool) {
	tok := v.Tokens().At(i)
	inText := tok.Kind == tablegen.TokString || tok.Kind == tablegen.TokCode
	if tok.Kind != tablegen.TokIdent && tok.Kind != tablegen.TokVarName && tok.Text != "def" && !inText {
		return Target{}, false
	}
	m := modelsWithin(ctx, v.Unit)
	if m == nil {
		return Target{}, false
	}
	t := Target{models: m, v: v, at: p}
	found := func(k Kind, r tablegen.Range) (Target, bool) {
		t.Kind, t.Range = k, r
		return t, true
	}
	if inText {
		// A `$parameter` in a format, a method or case name in a list, a
		// pass option's name.
		if part, r, ok := dialectPartAt(v, m, p, i); ok {
			t.Kind, t.Range, t.Part = KindDialectPart, r, part
			return t, true
		}
		return Target{}, false
	}
	if loc := m.Patterns.At(p); loc != nil {
		t.Pattern, t.Loc = loc.Pattern, loc
		switch {
		case loc.Use != nil:
			t.Kind, t.Range, t.Symbol = KindSymbol, loc.Use.Range, loc.Use.Base
			return t, true
		case loc.Symbol != nil:
			t.Kind, t.Range, t.Symbol = KindSymbol, loc.Symbol.Range, loc.Symbol.Name
			return t, true
		case loc.Node != nil && loc.OnOperator && loc.Node.Kind != drr.NodeOp:
			return found(KindDirective, loc.Node.OperatorRange)
		case loc.Node != nil && loc.OnOperator && loc.Node.Op != nil:
			t.Op, t.OnOperator = loc.Node.Op, true
			return found(KindOp, loc.Node.OperatorRange)
		}
		t.Pattern, t.Loc = nil, nil
	}
	for _, pat := range m.Patterns.Patterns {
		if covers(pat.DefRange, p) && v.File.Contains(pat.DefRange.Start) {
			t.Pattern = pat
			return found(KindPattern, pat.DefRange)
		}
	}
	if op := m.Ops.OpAt(p); op != nil {
		t.Op = op
		return found(KindOp, op.Range)
	}
	ref, hasRef := v.RefAt(p)
	hasRef = hasRef && ref.Decl != nil && ref.Decl.Kind == analysis.DeclRecord
	if hasRef {
		if op := m.Ops.OpByDef(ref.Decl.Name); op != nil {
			t.Op = op
			return found(KindOp, ref.Range)
		}
	}
	if part, r, ok := dialectPartAt(v, m, p, i); ok {
		t.Kind, t.Range, t.Part = KindDialectPart, r, part
		return t, true
	}
	if tok.Kind == tablegen.TokIdent {
		name := tok.Text
		if hasRef {
			name = ref.Decl.Name
		}
		if def := m.Records.Def(name); def != nil && isDialectEntity(m.Ops, def) {
			t.Record = def
			return found(KindDialect, tok.Range())
		}
	}
	if tok.Kind == tablegen.TokVarName {
		if op, e, ok := opEntryAt(v, m, i); ok {
			t.Kind, t.Range, t.Op, t.Entry = KindOpEntry, tok.Range(), op, e
			return t, true
		}
	}
	return Target{}, false
}

// isDialectEntity reports a def that is an attribute or type, an enum or
// one of its cases, an interface, a pass or a dialect.
func isDialectEntity(m *ods.Model, def *eval.Record) bool {
	if m.AttrOrTypeDefOf(def) != nil || m.EnumOf(def) != nil || m.InterfaceOf(def) != nil || m.PassOf(def) != nil || m.DialectOf(def) != nil {
		return true
	}
	for _, e := range m.Enums {
		for _, c := range e.Cases {
			if c.Def == def {
				return true
			}
		}
	}
	return false
}

// dialectPartAt finds the parameter, format variable, interface method,
// enum case or pass option named at p (in token i), with the range of its
// text.
func dialectPartAt(v *analysis.FileView, m *analysis.Models, p tablegen.Pos, i int) (DialectPart, tablegen.Range, bool) {
	toks := v.Tokens()
	tok := toks.At(i)
	if def := formatOwner(v, m, i); def != nil {
		if start, end, ok := variableAround(tok.Text, int(p-tok.Pos)); ok {
			if param := def.Parameter(tok.Text[start+1 : end]); param != nil {
				r := tablegen.Range{Start: tok.Pos + tablegen.Pos(start), End: tok.Pos + tablegen.Pos(end)}
				return DialectPart{Kind: PartFormatVariable, AttrOrType: def, Param: param, Def: nameIn(v.Unit, param.Range, "$"+param.Name)}, r, true
			}
		}
		return DialectPart{}, tablegen.Range{}, false
	}
	if tok.Kind == tablegen.TokString || tok.Kind == tablegen.TokIdent {
		c := dagContextAt(v, p)
		if iface, ok := declareListIn(v, m, c); ok {
			if tok.Kind == tablegen.TokString {
				if meth := iface.Method(unquote(tok.Text)); meth != nil {
					return DialectPart{Kind: PartInterfaceMethod, Interface: iface, Method: meth, Def: meth.Range}, tok.Range(), true
				}
			}
		} else if e, quoted, ok := enumCaseListIn(v, m, c); ok {
			name := tok.Text
			if quoted {
				name = unquote(name)
			}
			for _, cs := range e.Cases {
				if (quoted && cs.Str == name) || (!quoted && cs.Def.NameString() == name) {
					return DialectPart{Kind: PartEnumCase, Enum: e, Case: cs, Def: cs.Range}, tok.Range(), true
				}
			}
		}
	}
	switch tok.Kind {
	case tablegen.TokVarName:
		for _, d := range m.Ops.AttrOrTypeDefs {
			for _, param := range d.Parameters {
				if "$"+param.Name == tok.Text && param.Range.Start <= tok.Pos && tok.End() <= param.Range.End {
					return DialectPart{Kind: PartParameter, AttrOrType: d, Param: param, Def: param.Range}, tok.Range(), true
				}
			}
		}
	case tablegen.TokString:
		name := unquote(tok.Text)
		for _, pass := range m.Ops.Passes {
			for _, o := range pass.Options {
				if o.Range.Start <= tok.Pos && tok.End() <= o.Range.End && (name == o.CppName || name == o.Argument) {
					return DialectPart{Kind: PartPassOption, Pass: pass, Option: o, Def: o.Range}, tok.Range(), true
				}
			}
		}
	}
	return DialectPart{}, tablegen.Range{}, false
}

// opEntryAt finds the op entry whose `$name` is token i: in an op's own
// `(ins ...)`, `(outs ...)`, `(region ...)` or `(successor ...)` dag, or,
// through the first op made from the class, in a class's `(ins ...)` or
// `(outs ...)` (the op model keeps no ranges for what a class wrote, so
// that dag is read from the tokens).
func opEntryAt(v *analysis.FileView, m *analysis.Models, i int) (*ods.Op, OpEntry, bool) {
	toks := v.Tokens()
	tok := toks.At(i)
	name := strings.TrimPrefix(tok.Text, "$")
	in := func(r tablegen.Range) bool { return r.Start.IsValid() && r.Start <= tok.Pos && tok.End() <= r.End }
	for _, op := range m.Ops.Ops {
		for _, a := range op.Args {
			if a.Name == name && in(a.Range) {
				return op, OpEntry{Role: "argument", Name: name, Arg: a}, true
			}
		}
		for _, r := range op.Results {
			if r.Name == name && in(r.Range) {
				return op, OpEntry{Role: "result", Name: name, Result: r}, true
			}
		}
		for _, r := range op.Regions {
			if r.Name == name && in(r.Range) {
				return op, OpEntry{Role: "region", Name: name, Summary: r.Summary}, true
			}
		}
		for _, s := range op.Successors {
			if s.Name == name && in(s.Range) {
				return op, OpEntry{Role: "successor", Name: name, Summary: s.Summary}, true
			}
		}
	}
	c := dagContextAt(v, tok.Pos)
	kind, open := c.innermost(v)
	if kind != tablegen.TokLParen || c.stmt < 0 || c.stmt+1 >= toks.Len() {
		return nil, OpEntry{}, false
	}
	dag, owner := dagOperator(v, open), toks.Text(c.stmt+1)
	if dag != "ins" && dag != "outs" {
		return nil, OpEntry{}, false
	}
	for _, op := range m.Ops.Ops {
		if op.Def.NameString() != owner && !isA(op.Def, owner) {
			continue
		}
		e := OpEntry{Name: name, Class: owner, Inherited: op.Def.NameString() != owner}
		if a := op.Arg(name); a != nil && dag == "ins" {
			e.Role, e.Arg = "argument", a
			return op, e, true
		}
		if r := op.Result(name); r != nil && dag == "outs" {
			e.Role, e.Result = "result", r
			return op, e, true
		}
	}
	return nil, OpEntry{}, false
}

// callKind is what a call being written is.
type callKind int

const (
	callNone  callKind = iota
	callOp             // a dag whose operator is an op
	callClass          // `Class<` with template arguments
	callBang           // `!op(`
)

// call is the innermost call around a position that signature help
// describes, and the argument being written (active).
type call struct {
	kind   callKind
	op     *ods.Op
	class  string
	bang   string
	active int
}

// classifyCall finds the call being written at p: the op whose dag
// encloses p (in a pattern or anywhere an op is the dag's operator), else
// the innermost unclosed `Class<` or `!op(`. It reads the tokens, so it
// answers while the code being typed does not parse yet.
func classifyCall(ctx context.Context, v *analysis.FileView, p tablegen.Pos) call {
	if c, ok := opCallAt(ctx, v, p); ok {
		return c
	}
	return syntaxCallAt(v, p)
}

// opCallAt finds the op whose dag encloses p, with the argument being
// written. A dag whose operator is not written as the op's def name (a
// template argument) is found through the pattern model.
func opCallAt(ctx context.Context, v *analysis.FileView, p tablegen.Pos) (call, bool) {
	m := modelsWithin(ctx, v.Unit)
	if m == nil {
		return call{}, false
	}
	toks := v.Tokens()
	c := dagContextAt(v, p)
	last := c.prev
	for _, open := range c.open {
		if toks.Kind(open) != tablegen.TokLParen {
			break
		}
		var op *ods.Op
		if name := dagOperator(v, open); name != "" {
			op = m.Ops.OpByDef(name)
		}
		if op == nil {
			if loc := m.Patterns.At(toks.Pos(open)); loc != nil && loc.Node != nil && loc.Node.Range.Start == toks.Pos(open) {
				op = loc.Node.Op
			}
		}
		if op == nil {
			// A directive or NativeCodeCall inside an op's dag: the
			// argument being written is the enclosing op's.
			last = open
			continue
		}
		if last < open {
			last = open
		}
		return call{kind: callOp, op: op, active: argumentIndex(v, open, last)}, true
	}
	return call{}, false
}

// syntaxCallAt finds the innermost unclosed `Class<` or `!op(` before p.
func syntaxCallAt(v *analysis.FileView, p tablegen.Pos) call {
	toks := v.Tokens()
	i := toks.Len() - 1
	for i >= 0 && toks.Pos(i) >= p {
		i--
	}
	depth, commas := 0, 0
	for ; i >= 0; i-- {
		switch toks.Kind(i) {
		case tablegen.TokRParen, tablegen.TokRSquare, tablegen.TokRBrace, tablegen.TokGreater:
			depth++
		case tablegen.TokLParen, tablegen.TokLSquare, tablegen.TokLBrace, tablegen.TokLess:
			if depth > 0 {
				depth--
				continue
			}
			return callOfOpener(v, i, commas)
		case tablegen.TokComma:
			if depth == 0 {
				commas++
			}
		case tablegen.TokSemi:
			return call{}
		}
	}
	return call{}
}

// callOfOpener is the call the bracket at token i opens: `Class<` or
// `!op(` (or `!op<type>(`).
func callOfOpener(v *analysis.FileView, i, active int) call {
	toks := v.Tokens()
	if i == 0 {
		return call{}
	}
	open, prev := toks.At(i), toks.At(i-1)
	switch {
	case open.Kind == tablegen.TokLess && prev.Kind == tablegen.TokIdent:
		return call{kind: callClass, class: prev.Text, active: active}
	case open.Kind == tablegen.TokLParen:
		j := i - 1
		if prev.Kind == tablegen.TokGreater {
			for j >= 0 && toks.Kind(j) != tablegen.TokLess {
				j--
			}
			j--
		}
		if j < 0 || toks.Kind(j) != tablegen.TokBang {
			return call{}
		}
		return call{kind: callBang, bang: toks.Text(j), active: active}
	}
	return call{}
}
