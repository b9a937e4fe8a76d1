package cpp

import (
	"strings"
	"testing"
	"time"
)

// TestHostileInputs scans inputs built to make a scanner quadratic
// (unclosed brackets, deep nesting, long qualifiers, endless template
// arguments), each a few hundred kilobytes: a quadratic step would take
// minutes and hit the test's deadline. The times are logged, not
// asserted (benchmarks measure speed).
func TestHostileInputs(t *testing.T) {
	cases := map[string]string{
		"parens":   strings.Repeat("a(b)", 200000) + "{",
		"angles":   strings.Repeat(">", 500000) + "(x){}",
		"closers":  strings.Repeat(">(x)", 200000) + "{}",
		"qualgt":   strings.Repeat(">::f(x)", 200000) + "{}",
		"nested":   strings.Repeat("{", 300000) + strings.Repeat("}", 300000),
		"ns":       strings.Repeat("namespace a {", 100000),
		"quals":    strings.Repeat("a::", 300000) + "f(){}",
		"template": "template <" + strings.Repeat("<", 300000),
		"ops":      strings.Repeat("operator", 300000),
		"classes":  strings.Repeat("struct A : B<", 100000),
		"calls":    strings.Repeat("f(", 300000),
		"nestcall": strings.Repeat("f(", 100000) + strings.Repeat(")", 100000),
		"commas":   "void f(" + strings.Repeat("a<b,", 300000) + "){}",
		"inits":    "A::A() : " + strings.Repeat("a(1), ", 200000) + "{}",
		"eq":       strings.Repeat("x = {", 200000),
		"lt":       "void f(" + strings.Repeat("<", 300000) + "){}",
		"raw":      strings.Repeat(`R"x(`, 100000),
		"pp":       strings.Repeat("#if 1\n", 100000) + strings.Repeat("#else\n", 100000),
		"macros":   "#define M(x) M(x) M(x) void x() { " + strings.Repeat("a ", 30000) + "}\n" + strings.Repeat("M(f)\n", 100000),
	}
	for name, src := range cases {
		t0 := time.Now()
		f := Scan("/hostile.cpp", []byte(src))
		x := NewIndex()
		x.Update(f)
		Calls([]byte(src))
		t.Logf("%s: %d bytes, %d definitions in %v", name, len(src), len(f.Defs), time.Since(t0))
	}
}
