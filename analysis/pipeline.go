package analysis

import (
	"fmt"
	"slices"

	"tdls/drr"
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// The check pipeline. Every diagnostic that `tdls check` prints and that the
// server publishes comes out of a Pipeline: the parser's (Syntax), then the
// checks of an evaluated unit (Check), stage after stage in the order
// written in Check, and leaves through Report. To add a check, add a stage
// to Check; how diagnostics are reported (per-code levels, style lints as
// hints, warnings as errors) is the Policy (policy.go), applied in Report
// and nowhere else.

// Problem is what a check reports: a diagnostic with the mechanical fixes
// that repair it, if any.
type Problem = drr.Diagnostic

// Pipeline runs the checks and reports their diagnostics.
type Pipeline struct {
	// Policy sets the level each diagnostic is reported at, or drops it.
	// nil is the default policy: every diagnostic as its check made it,
	// style lints as hints.
	Policy *Policy
}

// Syntax returns the lexer's and parser's diagnostics of a unit.
func (Pipeline) Syntax(tg *tablegen.Unit) tablegen.Diagnostics { return tg.Diags }

// Evaluate parses and evaluates the unit of root one top-level statement at
// a time, keeping of the syntax only what the checks read (the statements
// drr.NeedsSyntax names): the way through a unit that is checked once and
// never edited (tdls check), at a fraction of the memory of a parsed unit.
// The unit it returns has no tokens; Syntax and Check report on it what
// they report on tablegen.ParseUnit's unit evaluated whole.
func (Pipeline) Evaluate(set *tablegen.SourceSet, root *tablegen.File, opts tablegen.LexOptions, eopts eval.Options) (*tablegen.Unit, *eval.Result) {
	stream := tablegen.StreamUnit(set, root, opts)
	ev := eval.NewEvaluation(set, eopts)
	var kept []*tablegen.Statement
	for st := stream.Next(); st != nil; st = stream.Next() {
		before := len(ev.Defs())
		ev.Statement(st)
		if drr.NeedsSyntax(st, ev.Defs()[min(before, len(ev.Defs())):], ev.Class("Pattern")) {
			kept = append(kept, st)
		} else {
			stream.Recycle() // an Evaluation keeps nothing of its statements
		}
	}
	u := stream.Unit()
	u.Statements = kept
	return u, ev.Result()
}

// Models are the layers the checks build on an evaluated unit (the records,
// the ODS view, the DRR view) and the problems the checks find in it.
type Models struct {
	Records  *eval.Result
	Ops      *ods.Model
	Patterns *drr.PatternSet
	// Problems are the evaluator's diagnostics, then the ODS ones
	// (best-practice warnings only for the ops of the unit's root file),
	// the transform-op ones, then the DRR ones with their fixes, then the
	// pattern-set ones.
	Problems []Problem
}

// Check runs the checks of an evaluated unit in order. prev is the ODS model
// of an earlier evaluation that res may share records with (see
// ods.BuildFrom), or nil. A panic in a check costs the unit its op and
// pattern features and is reported at the root, not raised.
func (Pipeline) Check(tg *tablegen.Unit, res *eval.Result, prev *ods.Model) (m *Models) {
	m = &Models{Records: res}
	defer func() {
		if r := recover(); r != nil {
			m = &Models{Records: res, Ops: &ods.Model{Result: res}, Patterns: &drr.PatternSet{Result: res}}
			m.Problems = append(problems(res.Diagnostics), Problem{Diagnostic: tablegen.Diagnostic{
				Range: tablegen.Range{Start: tg.Root.Pos(0), End: tg.Root.Pos(0)}, Severity: tablegen.SeverityError,
				Code: "check-internal", Message: fmt.Sprintf("internal error in the ODS/DRR checks (%v); op and pattern features are off for this file", r),
			}})
		}
	}()
	// 1. The evaluator: what llvm-tblgen rejects.
	m.Problems = problems(EvaluatorDiagnostics(tg, res.Diagnostics))
	// 2. ODS: the dialects, ops, attributes, types, enums, interfaces and
	// passes mlir-tblgen rejects, what it accepts but breaks the build or
	// fails at run time, and best practice.
	m.Ops = ods.BuildFrom(res, prev)
	for _, d := range ods.Check(m.Ops, tg.Root) {
		m.Problems = append(m.Problems, Problem{Diagnostic: d, Fixes: m.Ops.Fixes(d)})
	}
	// 3. Transform-dialect extension ops: what mlir-tblgen accepts but
	// registration, the C++ build or the interpreter rejects.
	m.Problems = append(m.Problems, problems(ods.CheckTransformOps(m.Ops))...)
	// 4. DRR: patterns mlir-tblgen rejects or turns into broken C++.
	m.Patterns = drr.Build(tg, res, m.Ops)
	if res.Class("Pattern") != nil {
		m.Problems = append(m.Problems, drr.Check(m.Patterns)...)
		// 5. The pattern set: patterns that loop, undo each other, never
		// fire or repeat one another under a greedy driver.
		m.Problems = append(m.Problems, drr.CheckPatternSet(m.Patterns)...)
	}
	return m
}

// consequential are the evaluator's complaints about names it cannot find.
var consequential = map[string]bool{
	"eval-unknown-class": true, "eval-unknown-multiclass": true, "eval-unknown-field": true,
	"eval-unresolved-name": true, "eval-undefined": true, "eval-unresolved": true,
}

// EvaluatorDiagnostics is what of the evaluator's diagnostics ds a unit
// shows: while the unit has syntax errors (a statement that did not parse,
// an include not found), not its complaints about names it cannot find
// after the first of them. Such a name is most likely declared by what did
// not parse or load, and the syntax error is what to fix: a project opened
// without its dependencies shows one error per missing include, not one
// per name used from it. A name used before the first error cannot be
// declared by anything after it (TableGen declares before use): that
// complaint is llvm-tblgen's first error, and stays.
func EvaluatorDiagnostics(tg *tablegen.Unit, ds tablegen.Diagnostics) tablegen.Diagnostics {
	if !tg.Diags.HasErrors() {
		return ds
	}
	order := newUnitOrder(tg)
	var first []tablegen.Pos // the first error's place in the unit
	for _, d := range tg.Diags {
		if d.Severity != tablegen.SeverityError {
			continue
		}
		k := order.key(d.Range.Start)
		if k == nil {
			first = nil // an error placed nowhere: every complaint goes
			break
		}
		if first == nil || keyBefore(k, first) {
			first = k
		}
	}
	out := make(tablegen.Diagnostics, 0, len(ds))
	for _, d := range ds {
		if !consequential[d.Code] {
			out = append(out, d)
		} else if k := order.key(d.Range.End); first != nil && k != nil && keyBefore(k, first) {
			out = append(out, d)
		}
	}
	return out
}

// unitOrder places positions of a unit's files in the order of its token
// stream: a file's text comes where the include that brought it in is.
type unitOrder struct {
	root  *tablegen.File
	set   *tablegen.SourceSet
	sites map[*tablegen.File]tablegen.Include
}

func newUnitOrder(tg *tablegen.Unit) unitOrder {
	o := unitOrder{root: tg.Root, set: tg.Set, sites: map[*tablegen.File]tablegen.Include{}}
	if tg.Lex != nil {
		for _, inc := range tg.Lex.Includes {
			if _, ok := o.sites[inc.File]; inc.File != nil && !ok {
				o.sites[inc.File] = inc
			}
		}
	}
	return o
}

// key is p's place: the include directives from the root down to p's file,
// then p; nil when p lies in no file of the unit.
func (o unitOrder) key(p tablegen.Pos) []tablegen.Pos {
	f := o.set.File(p)
	key := []tablegen.Pos{p}
	for seen := 0; f != o.root; seen++ {
		inc, ok := o.sites[f]
		if !ok || f == nil || seen > len(o.sites) {
			return nil
		}
		key = append(key, inc.Range.Start)
		f = inc.From
	}
	slices.Reverse(key)
	return key
}

// keyBefore reports whether place a comes before place b. A directive
// comes before the text it includes.
func keyBefore(a, b []tablegen.Pos) bool {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

func problems(ds tablegen.Diagnostics) []Problem {
	out := make([]Problem, len(ds))
	for i, d := range ds {
		out[i] = Problem{Diagnostic: d}
	}
	return out
}

// Report passes diagnostics through the policy; it is the way out of the
// pipeline for the command line and the server alike.
func (p Pipeline) Report(ds tablegen.Diagnostics) tablegen.Diagnostics {
	policy := p.Policy
	if policy == nil {
		policy = &Policy{}
	}
	out := make(tablegen.Diagnostics, 0, len(ds))
	for _, d := range ds {
		if policy.Apply(&d) {
			out = append(out, d)
		}
	}
	return out
}
