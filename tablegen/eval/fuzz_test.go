package eval

import (
	"bytes"
	"testing"
	"time"
)

// FuzzEvaluate parses and evaluates arbitrary input: nothing may panic or
// hang, and the JSON writer must accept whatever the evaluator produced.
func FuzzEvaluate(f *testing.F) {
	for _, s := range []string{
		"class A<int x> { int X = x; } def a : A<1>;",
		"multiclass M<int v> { def _a; } defm m : M<1>;",
		"foreach i = [1, 2] in def d#i;",
		"def x { list<int> l = !range(3); int i = l[1]; }",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		done := make(chan struct{})
		go func() {
			defer close(done)
			u, r := evalBytes("fuzz.td", []byte(src))
			_ = u
			var buf bytes.Buffer
			if err := WriteJSON(&buf, r); err != nil {
				t.Error(err)
			}
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("evaluation did not finish in 10s")
		}
	})
}
