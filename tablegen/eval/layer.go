package eval

// layer is a name table of the evaluator: the frozen maps of the checkpoint
// it resumed from (shared read-only by every evaluation resumed from it,
// oldest first) under the entries this evaluation added. Nothing is ever
// deleted, so a lookup is the newest entry for the key.
type layer[K comparable, V any] struct {
	frozen []map[K]V
	own    map[K]V
	// onGet and onSet, when set, see every lookup and every entry added:
	// a tracked evaluation records with them what each statement read and
	// wrote (journal.go).
	onGet func(K, V)
	onSet func(K, V)
}

func newLayer[K comparable, V any](frozen []map[K]V) layer[K, V] {
	return layer[K, V]{frozen: frozen, own: map[K]V{}}
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
	if v, ok := l.own[k]; ok {
		return v
	}
	for i := len(l.frozen) - 1; i >= 0; i-- {
		if v, ok := l.frozen[i][k]; ok {
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
	l.own[k] = v
}

// untracked is the layer without its hooks, to hand to a Result.
func (l layer[K, V]) untracked() layer[K, V] {
	l.onGet, l.onSet = nil, nil
	return l
}

// inFrozen reports whether k's entry comes from the checkpoint.
func (l *layer[K, V]) inFrozen(k K) bool {
	if _, ok := l.own[k]; ok {
		return false
	}
	for _, m := range l.frozen {
		if _, ok := m[k]; ok {
			return true
		}
	}
	return false
}

// freeze returns the maps for a checkpoint: the frozen ones and this
// evaluation's own, which it must not write any more. Like the levels of
// a log-structured merge tree, a map is merged (into a new map) with the
// one before it when it is at least half its size, so that a chain of
// checkpoints taken every few statements stays a few maps deep and each
// entry is copied a logarithmic number of times.
func (l *layer[K, V]) freeze() []map[K]V {
	out := l.frozen[:len(l.frozen):len(l.frozen)]
	if len(l.own) > 0 {
		out = append(out, l.own)
	}
	for n := len(out); n > 1 && 2*len(out[n-1]) >= len(out[n-2]); n = len(out) {
		m := make(map[K]V, len(out[n-2])+len(out[n-1]))
		for _, src := range out[n-2:] {
			for k, v := range src {
				m[k] = v
			}
		}
		out = append(out[:n-2:n-2], m)
	}
	return out
}
