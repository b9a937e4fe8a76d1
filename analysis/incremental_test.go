package analysis

import (
	"bytes"
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"tdls/bench/manydefs"
	"tdls/tablegen"
)

// edits are the kinds of change a person makes while typing, including the
// ones that change how the rest of the file lexes or parses.
var edits = []string{"x", " ", "\n", ";", "}", "{", "def", "[{", "\"", "//", "/*", "#endif\n", "def Foo : Op<\"x\">;\n", "let summary = \"s\";", "(", ")"}

// Reparsing after an edit must give exactly what a full parse gives.
func TestIncrementalReparseMatchesFullParse(t *testing.T) {
	files := mlirFiles(t)
	rng := rand.New(rand.NewSource(1))
	pick := []string{"mlir/Dialect/Arith/IR/ArithOps.td", "mlir/Dialect/LLVMIR/LLVMOps.td", "mlir/IR/OpBase.td", "mlir/Dialect/SPIRV/IR/SPIRVBitOps.td"}
	for i := 0; i < 6; i++ {
		pick = append(pick, files[rng.Intn(len(files))][len(mlirInclude)+1:])
	}
	n := 40
	if testing.Short() {
		pick, n = pick[:2], 10
	}
	ctx := context.Background()
	reusedAny := false
	for _, rel := range pick {
		path := filepath.Join(mlirInclude, rel)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
		cur := append([]byte(nil), data...)
		w.SetBuffer(path, 1, cur)
		if _, err := w.Snapshot().Unit(ctx, path); err != nil {
			t.Fatal(err)
		}
		for e := 0; e < n; e++ {
			off := rng.Intn(len(cur) + 1)
			var next []byte
			if rng.Intn(4) == 0 && off < len(cur) { // delete a few bytes
				end := min(len(cur), off+1+rng.Intn(8))
				next = append(append([]byte(nil), cur[:off]...), cur[end:]...)
			} else {
				ins := edits[rng.Intn(len(edits))]
				next = append(append(append([]byte(nil), cur[:off]...), ins...), cur[off:]...)
			}
			cur = next
			snap := w.SetBuffer(path, int32(e+2), cur)
			u, err := snap.Unit(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			if u.Reparsed < len(u.Tokens())/2 {
				reusedAny = true
			}
			set := tablegen.NewSourceSet()
			ref := tablegen.ParseUnit(set, set.AddFile(path, cur), tablegen.LexOptions{
				Loader: &tablegen.EditorLoader{IncludeDirs: []string{mlirInclude}}})
			gt, gs, gd := describeUnit(u.TG, u.Tokens())
			rt, rs, rd := describeUnit(ref, ref.Lex.Tokens)
			if !equalStrings(gt, rt) || !equalStrings(gs, rs) || !equalStrings(gd, rd) {
				t.Fatalf("%s edit %d at %d: incremental differs from full parse: tokens %v, statements %v (%s), diags %v (%s)",
					rel, e, off, equalStrings(gt, rt), equalStrings(gs, rs), firstDiff(gs, rs), equalStrings(gd, rd), firstDiff(gd, rd))
			}
		}
	}
	if !reusedAny {
		t.Fatal("no edit reused any cached parse")
	}
}

// The shifter must carry every field of every node: compare a shifted copy
// against the original by reflection, positions moved, all else equal.
func TestShifterCopiesEveryField(t *testing.T) {
	path := filepath.Join(mlirInclude, "mlir/IR/OpBase.td")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("SKIP: %v", err)
	}
	src := string(data) + `
class C<int a = 1, list<int> l = [1]> : B<a> { bits<4> x = {0,1,0,1}; let x{1-2} = 0b01; field string s = !strconcat("a", "b"); defvar v = x; assert 1, "m"; dump "d"; }
def D : C<2, l = [3]> { dag d = (op:$n a:$b, $c); let y = !cond(1: 2, true: 3); int z = D.x[0]; }
defm M : MC<1>;
defset list<C> S = { def E : C; }
deftype T = list<int>;
foreach i = {0-3, 5...6} in def F#i : C;
foreach i = [1, 2] in { def G#i; }
if 1 then def H; else def I;
let a<0> = 1 in { def J : C; }
multiclass MC<int p> : B { def _K : C<p>; }
def W { list<int> w = []<int>; code c = [{ x }]; int n = ?; bit f = false; }
`
	set := tablegen.NewSourceSet()
	f := set.AddFile(path, []byte(src))
	res := tablegen.Parse(set, tablegen.LexUnit(set, f, tablegen.LexOptions{}).Tokens)
	sh := shifter{d: 1000}
	for _, st := range res.Statements {
		compareShifted(t, reflect.ValueOf(st), reflect.ValueOf(sh.statement(st)), "Statement")
	}
}

var posType = reflect.TypeOf(tablegen.Pos(0))

func compareShifted(t *testing.T, a, b reflect.Value, where string) {
	t.Helper()
	if a.Type() == posType {
		pa, pb := tablegen.Pos(a.Int()), tablegen.Pos(b.Int()) // Int: a statement holds its node unexported
		if pa > 0 && pb != pa+1000 {
			t.Fatalf("%s: position not shifted: %d -> %d", where, pa, pb)
		}
		return
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() != b.IsNil() {
			t.Fatalf("%s: nil mismatch", where)
		}
		if !a.IsNil() {
			if a.Pointer() == b.Pointer() && a.Elem().Kind() == reflect.Struct {
				t.Fatalf("%s: node shared, not copied", where)
			}
			compareShifted(t, a.Elem(), b.Elem(), where)
		}
	case reflect.Interface:
		if a.IsNil() != b.IsNil() || !a.IsNil() && a.Elem().Type() != b.Elem().Type() {
			t.Fatalf("%s: %v -> %v", where, a, b)
		}
		if !a.IsNil() {
			compareShifted(t, a.Elem(), b.Elem(), where)
		}
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			compareShifted(t, a.Field(i), b.Field(i), where+"."+a.Type().Field(i).Name)
		}
	case reflect.Slice:
		if a.Len() != b.Len() || a.IsNil() != b.IsNil() {
			t.Fatalf("%s: slice length %d -> %d", where, a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			compareShifted(t, a.Index(i), b.Index(i), where)
		}
	default:
		if !a.Equal(b) {
			t.Fatalf("%s: %v -> %v", where, a, b)
		}
	}
}

// A file of more than wholeParseTokens tokens edited before its middle is
// parsed whole; edited past its middle, it is reparsed around the edit.
// Either way the result is the full parse's.
func TestLargeFileEditedBeforeItsMiddleIsParsedWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a 4 MB file")
	}
	text, _ := manydefs.Text(4 << 20)
	path := filepath.Join(t.TempDir(), "Large.td")
	w := NewWorkspace(Config{NoMLIRAutoDetect: true})
	// The memory policy hears of each whole parse of a new version, with
	// its tokens, and of its end.
	told, ended := 0, 0
	w.OnReplacingSyntax(func(tokens int) func() {
		if told++; tokens <= wholeParseTokens {
			t.Errorf("told of a whole parse of %d tokens", tokens)
		}
		return func() { ended++ }
	})
	ctx := context.Background()
	cur := []byte(text)
	w.SetBuffer(path, 1, cur)
	u0, err := w.Snapshot().Unit(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(u0.Tokens()); n <= wholeParseTokens {
		t.Fatalf("%d tokens: the file is not large enough to test", n)
	}
	for i, at := range []float64{0.001, 0.4, 0.9, 0.1} {
		off := bytes.IndexByte(cur[int(at*float64(len(cur))):], '\n') + int(at*float64(len(cur))) + 1
		cur = append(append(append([]byte(nil), cur[:off]...), "def Edited : C<1, \"e\">;\n"...), cur[off:]...)
		toldBefore := told
		snap := w.SetBuffer(path, int32(i+2), cur)
		u, err := snap.Unit(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		whole := u.Reparsed == len(u.Tokens())-1 || u.Reparsed == len(u.Tokens())
		if before := off < len(cur)/2; before != whole {
			t.Errorf("edit %d at %.0f%% of the file: parsed whole %v (%d of %d tokens)", i, 100*at, whole, u.Reparsed, len(u.Tokens()))
		}
		if want := btoi(whole); told-toldBefore != want || ended != told {
			t.Errorf("edit %d (parsed whole %v): the memory policy was told of %d parses, %d of them ended", i, whole, told-toldBefore, ended-toldBefore)
		}
		set := tablegen.NewSourceSet()
		ref := tablegen.ParseUnit(set, set.AddFile(path, cur), tablegen.LexOptions{})
		gt, gs, gd := describeUnit(u.TG, u.Tokens())
		rt, rs, rd := describeUnit(ref, ref.Lex.Tokens)
		if !equalStrings(gt, rt) || !equalStrings(gs, rs) || !equalStrings(gd, rd) {
			t.Fatalf("edit %d: differs from a full parse: tokens %v, statements %v (%s), diags %v (%s)",
				i, equalStrings(gt, rt), equalStrings(gs, rs), firstDiff(gs, rs), equalStrings(gd, rd), firstDiff(gd, rd))
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
