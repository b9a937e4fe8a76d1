package eval

import "testing"

// Every kind of single-token literal, and string literals written one
// after the other (pasted into one string, comments between them aside).
func TestLiteralValues(t *testing.T) {
	u, res := evalBytes("lit.td", []byte(`def D {
  int i = 0x1F;
  int n = -7;
  bits<3> b = 0b101;
  string s = "a\tb";
  string adj = "a" /* x */ "b"
     "c";
  code c = [{ x }];
  bit t = true;
  bit f = false;
  int u = ?;
}
`))
	if len(u.Diags) != 0 || len(res.Diagnostics) != 0 {
		t.Fatalf("diagnostics: %v %v", u.Diags, res.Diagnostics)
	}
	d := res.Def("D")
	want := map[string]string{"i": "31", "n": "-7", "b": "{ 1, 0, 1 }", "s": `"a	b"`, "adj": `"abc"`, "c": "[{ x }]", "t": "1", "f": "0", "u": "?"}
	for field, w := range want {
		v := d.Value(field)
		if v == nil {
			t.Errorf("%s: no value", field)
			continue
		}
		if got := v.String(); got != w {
			t.Errorf("%s = %s, want %s", field, got, w)
		}
	}
}
