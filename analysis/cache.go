package analysis

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
)

// fifoCache keeps the values of the last limit keys added, forgetting the
// oldest addition first. The workspace's caches of evaluation work (results,
// checkpoints, models) are all of this kind: an edit makes a new key, and
// the few before it are what undo or a second open file come back to. Its
// methods are safe for concurrent use.
type fifoCache[K comparable, V any] struct {
	mu    sync.Mutex
	limit int
	order []K
	vals  map[K]V
	// With weigh, the entries also weigh at most maxWeight together
	// (the newest entry is kept whatever it weighs).
	weigh     func(K, V) int
	maxWeight int
	weight    int
}

func newFIFOCache[K comparable, V any](limit int) *fifoCache[K, V] {
	return &fifoCache[K, V]{limit: limit, vals: map[K]V{}}
}

// newWeighedFIFOCache is a fifoCache whose entries, weighed by weigh, also
// weigh at most maxWeight together.
func newWeighedFIFOCache[K comparable, V any](limit, maxWeight int, weigh func(K, V) int) *fifoCache[K, V] {
	return &fifoCache[K, V]{limit: limit, vals: map[K]V{}, weigh: weigh, maxWeight: maxWeight}
}

// get returns the value under k.
func (c *fifoCache[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.vals[k]
	return v, ok
}

// add stores v under k unless k holds a value already, and returns the value
// k holds.
func (c *fifoCache[K, V]) add(k K, v V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.vals[k]; ok {
		return old
	}
	c.insertLocked(k, v)
	return v
}

// set stores v under k, replacing a value k holds without making k younger.
func (c *fifoCache[K, V]) set(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.vals[k]; ok {
		c.vals[k] = v
		return
	}
	c.insertLocked(k, v)
}

// remove forgets k's value.
func (c *fifoCache[K, V]) remove(k K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.vals[k]
	if !ok {
		return
	}
	if c.weigh != nil {
		c.weight -= c.weigh(k, v)
	}
	delete(c.vals, k)
	if i := slices.Index(c.order, k); i >= 0 {
		// Deleted in place, which clears the slot it frees: a copy into
		// order[:i:i] kept the old array, and the key in it, alive when
		// nothing followed k (a superseded result of a 50 MB file, 390
		// MB of records, while the next version was evaluated).
		c.order = slices.Delete(c.order, i, i+1)
	}
}

func (c *fifoCache[K, V]) insertLocked(k K, v V) {
	c.vals[k] = v
	c.order = append(c.order, k)
	if c.weigh != nil {
		c.weight += c.weigh(k, v)
	}
	for len(c.order) > c.limit || c.weigh != nil && c.weight > c.maxWeight && len(c.order) > 1 {
		old := c.order[0]
		if c.weigh != nil {
			c.weight -= c.weigh(old, c.vals[old])
		}
		delete(c.vals, old)
		// Cleared, since the array behind order keeps what lies before
		// the slice: the evicted key (a result, say) would stay alive.
		var zero K
		c.order[0] = zero
		c.order = c.order[1:]
	}
}

// once is a value computed on first use; computing may use other once
// values, as nothing is locked while it runs but this value. A computation
// that panics leaves no value behind: the next caller computes again,
// where sync.Once would hand every later caller the zero value (a nil
// memo read by each request after one failed).
type once[V any] struct {
	mu   sync.Mutex
	done atomic.Bool
	v    V
}

func (o *once[V]) get(compute func() V) V {
	if o.done.Load() {
		return o.v
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.done.Load() {
		o.v = compute()
		o.done.Store(true)
	}
	return o.v
}

// onceMap is a once per key: the per-unit memos (file views, resolved
// names) live in these, and so live and die with the snapshot's unit.
type onceMap[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]*once[V]
}

func (m *onceMap[K, V]) get(k K, compute func() V) V {
	m.mu.Lock()
	o := m.m[k]
	if o == nil {
		if m.m == nil {
			m.m = map[K]*once[V]{}
		}
		o = &once[V]{}
		m.m[k] = o
	}
	m.mu.Unlock()
	return o.get(compute)
}

// jobMap is a value per key computed on first use by work that stops when
// the context of the caller doing it ends: a value computed to the end is
// kept; one cut short is not, and a caller that was waiting for it does
// the work itself. get hands out a value only when it is complete: with an
// error (the caller's context ended, or the work panicked) it returns the
// zero value, which its caller must not read (a cancelled request answers
// "cancelled" without looking further). The per-unit memos that take long on a large file (the
// names resolved in a file) live in these, so that a cancelled request
// does not leave that work running nor a partial result behind.
type jobMap[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]*job[V]
}

type job[V any] struct {
	done chan struct{}
	v    V
	err  error
}

// errJobFailed is a job's outcome when its work panicked.
var errJobFailed = errors.New("the computation did not finish")

func (m *jobMap[K, V]) get(ctx context.Context, k K, compute func(context.Context) (V, error)) (V, error) {
	var zero V
	for {
		m.mu.Lock()
		j := m.m[k]
		if j == nil {
			if m.m == nil {
				m.m = map[K]*job[V]{}
			}
			j = &job[V]{done: make(chan struct{}), err: errJobFailed}
			m.m[k] = j
			m.mu.Unlock()
			m.run(ctx, k, j, compute)
			return j.v, j.err
		}
		m.mu.Unlock()
		select {
		case <-j.done:
			if j.err == nil {
				return j.v, nil
			}
			// Cut short by its caller: do it here, under this context.
		case <-ctx.Done():
			return zero, ctx.Err()
		}
		if err := ctx.Err(); err != nil {
			return zero, err
		}
	}
}

// run does job j and publishes its outcome; an unfinished job is removed
// so that the next caller starts again.
func (m *jobMap[K, V]) run(ctx context.Context, k K, j *job[V], compute func(context.Context) (V, error)) {
	defer func() {
		if j.err != nil {
			m.mu.Lock()
			delete(m.m, k)
			m.mu.Unlock()
		}
		close(j.done)
	}()
	v, err := compute(ctx)
	j.v, j.err = v, err
}

// peek returns k's value when it has been computed, without computing it.
func (m *jobMap[K, V]) peek(k K) (V, bool) {
	m.mu.Lock()
	j := m.m[k]
	m.mu.Unlock()
	if j != nil {
		select {
		case <-j.done:
			if j.err == nil {
				return j.v, true
			}
		default:
		}
	}
	var zero V
	return zero, false
}
