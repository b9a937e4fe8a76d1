package eval

// layer is a name table of the evaluator: a frozen base, shared read-only
// by every evaluation resumed from one checkpoint, under the entries this
// evaluation added. Nothing is ever deleted, so a lookup is the own entry,
// else the base's.
type layer[K comparable, V any] struct {
	base map[K]V // frozen: never written once a checkpoint holds it
	own  map[K]V
}

func newLayer[K comparable, V any](base map[K]V) layer[K, V] {
	return layer[K, V]{base: base, own: map[K]V{}}
}

func (l *layer[K, V]) get(k K) V {
	if v, ok := l.own[k]; ok {
		return v
	}
	return l.base[k]
}

func (l *layer[K, V]) set(k K, v V) { l.own[k] = v }

// inBase reports whether k's entry comes from the frozen base.
func (l *layer[K, V]) inBase(k K) bool {
	if _, ok := l.own[k]; ok {
		return false
	}
	_, ok := l.base[k]
	return ok
}

// flat merges the layer into one map for a checkpoint; when the layer has
// no base its own map is taken as is (the evaluator that filled it stops).
func (l *layer[K, V]) flat() map[K]V {
	if len(l.base) == 0 {
		return l.own
	}
	if len(l.own) == 0 {
		return l.base
	}
	m := make(map[K]V, len(l.base)+len(l.own))
	for k, v := range l.base {
		m[k] = v
	}
	for k, v := range l.own {
		m[k] = v
	}
	return m
}
