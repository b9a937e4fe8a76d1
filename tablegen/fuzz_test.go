package tablegen

import (
	"strings"
	"testing"
)

var fuzzSeeds = []string{
	"",
	"def A;",
	"class C<int a = 1> : B<a> { int x = !add(a, 1); let y{3-0} = 0b1010; }",
	"#define X\n#ifdef X\ndef A;\n#else\ndef B;\n#endif\n",
	"#ifndef G\n#define G\ninclude \"inc.td\"\n#endif",
	"multiclass M<string s> { def _a : C<s>; defm _b : N; }\ndefm X : M<\"q\">;",
	"foreach i = {0-3, 5...7} in def F#i;\nif !eq(1, 2) then def I; else { def J; }",
	"let a = 1, b<0-3> = 0b1111 in { def L { dag d = (op:$n 1:$a, $b); } }",
	"def X { code c = [{ x }]; string s = \"a\\n\" \"b\"; list<int> l = [1, 2,]<int>; }",
	"defset list<C> S = { def S1 : C; }\ndeftype T = list<bits<8>>;\nassert 1, \"m\";\ndump \"x\";",
	"def Unclosed : Base<1 ;\ndef Broken { int x = ; }\n) } ] > $ ! [{",
	"/* /* nested */ */ def A; // c\n\"unterminated",
	"def X { int a = -5; int b = +3; int c = 0x1F; bits<2> d = {0,1}; int e = x.y[0...2]{7-0}; }",
	strings.Repeat("(", 2000) + strings.Repeat(")", 1999),
}

// fuzzLoader serves includes from memory, including a cycle.
type fuzzLoader struct{}

func (fuzzLoader) Include(name, from string) (string, []byte, error) {
	switch name {
	case "inc.td":
		return "inc.td", []byte("#ifndef G2\n#define G2\nclass C<string s>;\n#endif\ninclude \"self.td\""), nil
	case "self.td":
		return "self.td", []byte("include \"self.td\"\ndef Self;"), nil
	}
	return "", nil, &IncludeError{Name: name, Searched: []string{name}}
}

func checkDiagRanges(t *testing.T, set *SourceSet, ds Diagnostics) {
	for _, d := range ds {
		if d.Range.End < d.Range.Start {
			t.Fatalf("diagnostic %q has an inverted range", d.Message)
		}
		if set.File(d.Range.Start) == nil {
			t.Fatalf("diagnostic %q points outside every file", d.Message)
		}
		if d.Code == "" {
			t.Fatalf("diagnostic %q has no code", d.Message)
		}
	}
}

func FuzzLex(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		set := NewSourceSet()
		file := set.AddFile("fuzz.td", []byte(src))
		toks, diags := LexFile(set, file)
		checkDiagRanges(t, set, diags)
		if len(toks) == 0 || toks[len(toks)-1].Kind != TokEOF {
			t.Fatal("token stream must end with EOF")
		}
		prev := file.Base
		for _, tk := range toks {
			if tk.Pos < prev || tk.End() < tk.Pos || !file.Contains(tk.End()) {
				t.Fatalf("token %v out of order or out of file", tk)
			}
			if tk.Kind != TokEOF && tk.Text != src[file.Offset(tk.Pos):file.Offset(tk.End())] {
				t.Fatalf("token text %q does not match its range", tk.Text)
			}
			prev = tk.End()
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		set := NewSourceSet()
		file := set.AddFile("fuzz.td", []byte(src))
		u := ParseUnit(set, file, LexOptions{Loader: fuzzLoader{}})
		checkDiagRanges(t, set, u.Diags)
		for _, st := range u.Statements {
			r := st.Range()
			if r.End < r.Start || set.File(r.Start) == nil {
				t.Fatalf("statement with bad range %v", r)
			}
		}
	})
}

// FuzzParsePasses checks what incremental reparse relies on: the passes of
// the top-level loop tile the tokens and carry every diagnostic but the
// unknown operators', and each pass, parsed again alone from its start with
// the tokens that follow, is the same pass.
func FuzzParsePasses(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		set := NewSourceSet()
		file := set.AddFile("fuzz.td", []byte(src))
		toks, _ := LexFile(set, file)
		res := Parse(set, toks)
		if res.Deep {
			return
		}
		want := BangDiagnostics(toks)
		at := 0
		for _, ps := range res.Passes {
			if ps.From != at || ps.To <= ps.From || ps.Seen < ps.To || ps.Seen > len(toks) {
				t.Fatalf("pass %+v after token %d", ps, at)
			}
			at = ps.To
			want = append(want, ps.Diags...)
		}
		if at != len(toks)-1 {
			t.Fatalf("the passes end at token %d of %d", at, len(toks))
		}
		if !sameDiags(want, res.Diags) {
			t.Fatalf("passes' diagnostics %v, the parse's %v", want, res.Diags)
		}
		for k, ps := range res.Passes {
			again, stopped := ParseUntil(set, toks[ps.From:], func(i int) bool { return i == ps.To-ps.From })
			if stopped != ps.To-ps.From || len(again.Passes) != 1 {
				t.Fatalf("pass %d alone stopped at %d with %d passes", k, stopped, len(again.Passes))
			}
			a := again.Passes[0]
			if a.Seen+ps.From != ps.Seen || !sameDiags(a.Diags, ps.Diags) || (a.Stmt < 0) != (ps.Stmt < 0) {
				t.Fatalf("pass %d alone: %+v, in the parse: %+v", k, a, ps)
			}
			if a.Stmt >= 0 && again.Statements[a.Stmt].Range() != res.Statements[ps.Stmt].Range() {
				t.Fatalf("pass %d alone has statement %v, in the parse %v", k, again.Statements[a.Stmt].Range(), res.Statements[ps.Stmt].Range())
			}
		}
	})
}

func sameDiags(a, b Diagnostics) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Range != b[i].Range || a[i].Message != b[i].Message || a[i].Code != b[i].Code {
			return false
		}
	}
	return true
}
