package analysis

import (
	"context"
	"sync"

	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// Models returns the unit's models, waiting under ctx for its evaluation.
func (u *Unit) Models(ctx context.Context) (*Models, error) {
	res, err := u.Evaluated(ctx)
	if err != nil {
		return nil, err
	}
	return u.modelsOf(res), nil
}

// ModelsIfReady returns the models once the unit is evaluated, else nil.
func (u *Unit) ModelsIfReady() *Models {
	res := u.EvaluatedIfReady()
	if res == nil {
		return nil
	}
	return u.modelsOf(res)
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

// modelCache keeps the models of the last evaluations, keyed by result:
// the evaluation cache hands the same result to every unit of the same
// content, so the models follow it.
type modelCache struct {
	byResult *fifoCache[*eval.Result, *modelEntry]
	mu       sync.Mutex
	// last is the model built last: after a keystroke, the evaluation
	// shares the records before the edit with it (see ods.BuildFrom).
	last *ods.Model
}

type modelEntry struct {
	once sync.Once
	m    *Models
}

const modelCacheSize = evalCacheSize

// modelsOf runs the check pipeline over the unit's records once per result.
func (u *Unit) modelsOf(res *eval.Result) *Models {
	if u.caches == nil {
		return u.pipeline.Check(u.TG, res, nil)
	}
	c := &u.caches.models
	e := c.byResult.add(res, &modelEntry{})
	e.once.Do(func() {
		c.mu.Lock()
		prev := c.last
		c.mu.Unlock()
		e.m = u.pipeline.Check(u.TG, res, prev)
		c.mu.Lock()
		c.last = e.m.Ops
		c.mu.Unlock()
	})
	return e.m
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
