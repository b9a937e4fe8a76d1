package codegen

import (
	"strings"
	"testing"
)

func order(keys ...string) string {
	var m multimap[int]
	for i, k := range keys {
		m.insert(k, i)
	}
	var out []string
	m.each(func(n *hashNode[int]) { out = append(out, n.key) })
	return strings.Join(out, " ")
}

// The expectations are orders mlir-tblgen 22 printed for these symbol sets.
func TestMultimapOrder(t *testing.T) {
	for _, c := range []struct{ keys, want string }{
		{"res a x attr y", "attr x a y res"},
		{"x a", "a x"},
	} {
		if got := order(strings.Fields(c.keys)...); got != c.want {
			t.Errorf("%s: got %q, want %q", c.keys, got, c.want)
		}
	}
}
