package analysis

import (
	"context"
	"sync"

	"tdls/ods"
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

// forget drops res's models, and the last model built when it is res's:
// its ops hold res's records.
func (c *modelCache) forget(res *eval.Result) {
	c.byResult.remove(res)
	c.mu.Lock()
	if c.last != nil && c.last.Result == res {
		c.last = nil
	}
	c.mu.Unlock()
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
