package eval

// layer is a name table of the evaluator: views of the tables of the
// checkpoint it resumed from (shared read-only by every evaluation resumed
// from it, oldest first) under a table of the entries this evaluation
// added. Nothing is ever deleted, so a lookup is the newest entry for the
// key that the evaluation sees.
//
// A checkpoint does not copy the evaluation's table: it takes a view of it
// up to a stamp, and the evaluation goes on adding entries under the next
// stamp (Chain). The checkpoints of one chain, a 128th of a large file
// apart, thus share one table, where maps merged at each checkpoint (a log-
// structured merge) kept each entry in several maps: 190 MB of the 2.4 GB
// of a 50 MB file of a million defs, and 2.3 s of its evaluation's CPU.
type layer[K comparable, V any] struct {
	frozen []view[K, V]
	own    *entries[K, V]
	// stamp is what the entries set now are stamped with; the views taken
	// so far see the entries stamped below it.
	stamp int32
	// fresh are the keys set since the last view was taken (mark), when
	// listFresh: the checkpoint freezes what they hold.
	fresh     []K
	listFresh bool
	// onGet and onSet, when set, see every lookup and every entry added:
	// a tracked evaluation records with them what each statement read and
	// wrote (journal.go).
	onGet func(K, V)
	onSet func(K, V)
}

// entries are what an evaluation added, each stamped with the span
// (between two checkpoints) that set it.
type entries[K comparable, V any] struct {
	cur map[K]stamped[V] // the newest entry of each key
	// older are the earlier entries of keys set again in a later span
	// (a class declared, then defined), oldest first.
	older map[K][]stamped[V]
}

type stamped[V any] struct {
	v     V
	stamp int32
}

// view is a table as a checkpoint sees it: the entries stamped below upto,
// of n keys.
type view[K comparable, V any] struct {
	t    *entries[K, V]
	upto int32
	n    int
}

func (v view[K, V]) get(k K) (V, bool) {
	s, ok := v.t.cur[k]
	if ok && s.stamp < v.upto {
		return s.v, true
	}
	if ok {
		olds := v.t.older[k]
		for i := len(olds) - 1; i >= 0; i-- {
			if olds[i].stamp < v.upto {
				return olds[i].v, true
			}
		}
	}
	var zero V
	return zero, false
}

// maxViews bounds the views an evaluation that takes checkpoints starts
// from: each resumed chain adds one (see newLayer).
const maxViews = 8

// newLayer is a layer over a checkpoint's views. An evaluation that takes
// checkpoints (compact) copies what the views show into one table first
// when they are more than maxViews, so that the views of its checkpoints,
// and the lookups of the evaluations resumed from them, stay few; and when
// their tables hold more than 1.5 times what they show: a chain resumed from
// the checkpoint before an edit replaces the chain's later checkpoints,
// whose entries would stay alive, unseen, in the table they share with
// the earlier ones.
func newLayer[K comparable, V any](frozen []view[K, V], compact bool) layer[K, V] {
	return newLayerFor(frozen, compact, 0)
}

// newLayerFor is newLayer with room for about n entries of its own.
func newLayerFor[K comparable, V any](frozen []view[K, V], compact bool, n int) layer[K, V] {
	if compact {
		held, shown := 0, 0
		for _, v := range frozen {
			held += len(v.t.cur)
			shown += v.n
		}
		if len(frozen) > maxViews || wasteful(held, shown) {
			frozen = []view[K, V]{flatten(frozen)}
		}
	}
	return layer[K, V]{frozen: frozen, own: &entries[K, V]{cur: make(map[K]stamped[V], n)}}
}

// wasteful says whether tables holding held entries, of which shown are
// seen, keep too many unseen: more than a third of them (see trim).
func wasteful(held, shown int) bool { return 2*held > 3*shown+64 }

// flatten is one view of the newest entry of every key that views show.
func flatten[K comparable, V any](views []view[K, V]) view[K, V] {
	n := 0
	for _, v := range views {
		n = max(n, len(v.t.cur))
	}
	t := &entries[K, V]{cur: make(map[K]stamped[V], n)}
	for _, v := range views {
		for k := range v.t.cur {
			if x, ok := v.get(k); ok {
				t.cur[k] = stamped[V]{v: x}
			}
		}
	}
	return view[K, V]{t: t, upto: 1, n: len(t.cur)}
}

func (l *layer[K, V]) get(k K) V {
	v := l.peek(k)
	if l.onGet != nil {
		l.onGet(k, v)
	}
	return v
}

// peek is get without telling onGet.
func (l *layer[K, V]) peek(k K) V {
	if s, ok := l.own.cur[k]; ok {
		return s.v
	}
	for i := len(l.frozen) - 1; i >= 0; i-- {
		if v, ok := l.frozen[i].get(k); ok {
			return v
		}
	}
	var zero V
	return zero
}

func (l *layer[K, V]) set(k K, v V) {
	if l.onSet != nil {
		l.onSet(k, v)
	}
	l.put(k, v)
}

// put is set without telling onSet (a replayed write).
func (l *layer[K, V]) put(k K, v V) {
	t := l.own
	old, ok := t.cur[k]
	if ok && old.stamp < l.stamp {
		// A checkpoint's view sees the old entry: keep it for that view.
		if t.older == nil {
			t.older = map[K][]stamped[V]{}
		}
		t.older[k] = append(t.older[k], old)
	}
	if l.listFresh && (!ok || old.stamp < l.stamp) {
		l.fresh = append(l.fresh, k)
	}
	t.cur[k] = stamped[V]{v: v, stamp: l.stamp}
}

// untracked is the layer without its hooks, to hand to a Result.
func (l layer[K, V]) untracked() layer[K, V] {
	l.onGet, l.onSet = nil, nil
	return l
}

// inFrozen reports whether k's entry comes from a checkpoint: one this
// evaluation resumed from, or one it took.
func (l *layer[K, V]) inFrozen(k K) bool {
	if s, ok := l.own.cur[k]; ok {
		return s.stamp < l.stamp
	}
	for _, v := range l.frozen {
		if _, ok := v.get(k); ok {
			return true
		}
	}
	return false
}

// mark returns the views of a checkpoint of what the evaluation has set so
// far; what it sets from now on is not in them. It also returns the keys
// set since the last mark, if listFresh.
func (l *layer[K, V]) mark() (views []view[K, V], fresh []K) {
	views = l.frozen[:len(l.frozen):len(l.frozen)]
	if len(l.own.cur) > 0 {
		views = append(views, view[K, V]{t: l.own, upto: l.stamp + 1, n: len(l.own.cur)})
	}
	l.stamp++
	fresh, l.fresh = l.fresh, nil
	return views, fresh
}

// trim returns the views with each table that holds more than 1.5 times
// what the last view of it shows replaced by a copy of what that view shows
// (with the stamps, so that views of earlier checkpoints on the table may
// use the copy too), noting in changed whether it replaced any; done holds
// the replacements made. A chain resumed from the
// checkpoint before an edit replaces the chain's later checkpoints: their
// entries, in the table the earlier checkpoints share, are seen by nothing
// any more. Copying what is still seen only when the unseen is a third of
// the table keeps the copies' cost within twice what the chains that made
// the tables evaluated. (At twice, the entries kept unseen after 1,000
// edits over MLIR's largest files raised the server's heap by 5 MB.)
func trim[K comparable, V any](views []view[K, V], done map[*entries[K, V]]*entries[K, V], changed *bool) []view[K, V] {
	var out []view[K, V]
	for i, v := range views {
		t, ok := done[v.t]
		if !ok {
			t = v.t
			if wasteful(len(v.t.cur), v.n) {
				t = v.t.upTo(v.upto)
			}
			done[v.t] = t
		}
		if t != v.t {
			if out == nil {
				out = append([]view[K, V](nil), views...)
			}
			out[i].t = t
		}
	}
	if out == nil {
		return views
	}
	*changed = true
	return out
}

// upTo is a copy of the entries stamped below upto.
func (t *entries[K, V]) upTo(upto int32) *entries[K, V] {
	c := &entries[K, V]{cur: map[K]stamped[V]{}}
	for k, s := range t.cur {
		olds := t.older[k]
		for len(olds) > 0 && olds[len(olds)-1].stamp >= upto {
			olds = olds[:len(olds)-1]
		}
		if s.stamp >= upto {
			if len(olds) == 0 {
				continue
			}
			s, olds = olds[len(olds)-1], olds[:len(olds)-1]
		}
		c.cur[k] = s
		if len(olds) > 0 {
			if c.older == nil {
				c.older = map[K][]stamped[V]{}
			}
			c.older[k] = olds
		}
	}
	return c
}
