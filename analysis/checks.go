package analysis

import (
	"context"
	"fmt"
	"sync"

	"tdls/drr"
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Models are the ODS and DRR views of an evaluated unit and the problems
// the ODS and DRR checks find in it. They are derived from the records
// alone, so a unit whose evaluation came from the evaluation cache shares
// the models of the unit that made it.
type Models struct {
	Records  *eval.Result
	Ops      *ods.Model
	Patterns *drr.PatternSet
	// Problems are the ODS diagnostics (best-practice warnings only for the
	// ops of the unit's root file) and the DRR ones with their fixes.
	Problems []drr.Diagnostic
}

// Models returns the unit's models, waiting under ctx for its evaluation.
func (u *Unit) Models(ctx context.Context) (*Models, error) {
	res, err := u.Evaluated(ctx)
	if err != nil {
		return nil, err
	}
	return modelsOf(u.TG, res), nil
}

// ModelsIfReady returns the models once the unit is evaluated, else nil.
func (u *Unit) ModelsIfReady() *Models {
	res := u.EvaluatedIfReady()
	if res == nil {
		return nil
	}
	return modelsOf(u.TG, res)
}

// modelsWithin returns the models, waiting for the evaluation at most as
// long as a hover does: features that can answer from the syntax alone do
// not stall on a long evaluation.
func (u *Unit) modelsWithin(ctx context.Context) *Models {
	if m := u.ModelsIfReady(); m != nil {
		return m
	}
	wctx, cancel := context.WithTimeout(ctx, hoverWait)
	defer cancel()
	m, _ := u.Models(wctx)
	return m
}

// checkDiagnostics are the ODS and DRR problems of the unit, for the
// publish that carries the evaluation's diagnostics.
func (u *Unit) checkDiagnostics(res *eval.Result) tablegen.Diagnostics {
	m := modelsOf(u.TG, res)
	out := make(tablegen.Diagnostics, len(m.Problems))
	for i, d := range m.Problems {
		out[i] = d.Diagnostic
	}
	return out
}

// modelCache keeps the models of the last evaluations, keyed by result:
// the evaluation cache hands the same result to every unit of the same
// content, so the models follow it.
type modelCache struct {
	mu    sync.Mutex
	order []*eval.Result
	byRes map[*eval.Result]*modelEntry
	// last is the model built last: after a keystroke, the evaluation
	// shares the records before the edit with it (see ods.BuildFrom).
	last *ods.Model
}

type modelEntry struct {
	once sync.Once
	m    *Models
}

const modelCacheSize = evalCacheSize

var models = &modelCache{byRes: map[*eval.Result]*modelEntry{}}

func modelsOf(tg *tablegen.Unit, res *eval.Result) *Models {
	c := models
	c.mu.Lock()
	e := c.byRes[res]
	if e == nil {
		e = &modelEntry{}
		c.byRes[res] = e
		c.order = append(c.order, res)
		if len(c.order) > modelCacheSize {
			delete(c.byRes, c.order[0])
			c.order = c.order[1:]
		}
	}
	prev := c.last
	c.mu.Unlock()
	e.once.Do(func() {
		e.m = buildModels(tg, res, prev)
		c.mu.Lock()
		c.last = e.m.Ops
		c.mu.Unlock()
	})
	return e.m
}

func buildModels(tg *tablegen.Unit, res *eval.Result, prev *ods.Model) (m *Models) {
	m = &Models{Records: res}
	defer func() {
		if r := recover(); r != nil {
			// A bug in a checker costs the unit its op and pattern features,
			// not the server.
			m = &Models{Records: res, Ops: &ods.Model{Result: res}, Patterns: &drr.PatternSet{Result: res}}
			m.Problems = []drr.Diagnostic{{Diagnostic: tablegen.Diagnostic{
				Range: tablegen.Range{Start: tg.Root.Pos(0), End: tg.Root.Pos(0)}, Severity: tablegen.SeverityError,
				Code: "check-internal", Message: fmt.Sprintf("internal error in the ODS/DRR checks (%v); op and pattern features are off for this file", r),
			}}}
		}
	}()
	m.Ops = ods.BuildFrom(res, prev)
	if res.Class("Op") != nil {
		for _, d := range ods.Check(m.Ops, tg.Root) {
			m.Problems = append(m.Problems, drr.Diagnostic{Diagnostic: d})
		}
	}
	m.Patterns = drr.Build(tg, res, m.Ops)
	if res.Class("Pattern") != nil {
		m.Problems = append(m.Problems, drr.Check(m.Patterns)...)
	}
	return m
}

// QuickFix is a mechanical repair of a problem shown in a file.
type QuickFix struct {
	Title      string
	Diagnostic Diagnostic
	Edits      []Edit
}

// Edit replaces a range of a file with NewText.
type Edit struct {
	Location
	NewText string
}

// QuickFixes returns the fixes of the problems shown in this file whose
// range meets r.
func (v *FileView) QuickFixes(ctx context.Context, r tablegen.Range) []QuickFix {
	m := v.Unit.modelsWithin(ctx)
	if m == nil {
		return nil
	}
	set := v.Unit.TG.Set
	var out []QuickFix
	for _, d := range m.Problems {
		if len(d.Fixes) == 0 || set.File(d.Range.Start) != v.File || d.Range.End < r.Start || d.Range.Start > r.End {
			continue
		}
		shown := v.Unit.diagnosticsIn(v.Path, tablegen.Diagnostics{d.Diagnostic})
		if len(shown) == 0 {
			continue
		}
		for _, f := range d.Fixes {
			qf := QuickFix{Title: f.Title, Diagnostic: shown[0]}
			for _, e := range f.Edits {
				if ef := set.File(e.Range.Start); ef != nil {
					qf.Edits = append(qf.Edits, Edit{Location: Location{File: ef, Range: e.Range}, NewText: e.NewText})
				}
			}
			if len(qf.Edits) > 0 {
				out = append(out, qf)
			}
		}
	}
	return out
}
