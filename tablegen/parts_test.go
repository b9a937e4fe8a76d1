package tablegen

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// sameParse reports how b differs from a, the parse of the whole list, or
// "" when it does not.
func sameParse(a, b *ParseResult) string {
	switch {
	case len(a.Statements) != len(b.Statements):
		return fmt.Sprintf("%d statements, not %d", len(b.Statements), len(a.Statements))
	case !sameDiags(a.Diags, b.Diags):
		return fmt.Sprintf("diagnostics %v, not %v", b.Diags, a.Diags)
	case len(a.Passes) != len(b.Passes):
		return fmt.Sprintf("%d passes, not %d", len(b.Passes), len(a.Passes))
	}
	for k := range a.Passes {
		pa, pb := a.Passes[k], b.Passes[k]
		if pa.From != pb.From || pa.To != pb.To || pa.Seen != pb.Seen || pa.Stmt != pb.Stmt || !sameDiags(pa.Diags, pb.Diags) {
			return fmt.Sprintf("pass %d is %+v, not %+v", k, pb, pa)
		}
	}
	for k := range a.Statements {
		if !reflect.DeepEqual(a.Statements[k], b.Statements[k]) {
			return fmt.Sprintf("statement %d at %v differs", k, a.Statements[k].Range())
		}
	}
	return ""
}

// wholeParse is ParseListOrStop's parse in one part.
func wholeParse(set *SourceSet, l TokenList) *ParseResult {
	p := &stmtParser{set: set, tlist: l, listed: true}
	p.diags = BangDiagnosticsIn(l)
	res, _ := p.parseOrStop(func() bool { return false })
	return res
}

// checkParts parses src whole and in parts from several sets of starts:
// the guesses partStarts makes, and starts anywhere (inside statements,
// strings of them, next to each other), which the join must see through.
func checkParts(t *testing.T, name, src string, rng *rand.Rand) {
	t.Helper()
	set := NewSourceSet()
	l := LexAlone(set, set.AddFile(name, []byte(src)), nil).Tokens
	if NestsTooDeep(l) || l.Len() < 3 {
		return
	}
	want := wholeParse(set, l)
	n := l.Len()
	var sets [][]int
	for parts := 2; parts <= 5; parts++ {
		sets = append(sets, partStarts(l, parts))
	}
	for range 4 {
		starts := map[int]bool{0: true}
		for range 1 + rng.Intn(8) {
			starts[rng.Intn(n-1)] = true
		}
		s := []int{}
		for i := range starts {
			s = append(s, i)
		}
		sort.Ints(s)
		sets = append(sets, s)
	}
	sets = append(sets, []int{0, 1, 2}, []int{0, n - 2})
	for _, starts := range sets {
		got, ok := parseInParts(set, l, starts, func() bool { return false })
		if !ok {
			t.Fatalf("%s: parts from %v stopped", name, starts)
		}
		if d := sameParse(want, got); d != "" {
			t.Fatalf("%s: in parts from %v: %s", name, starts, d)
		}
	}
}

// TestPartsParseAsTheWhole parses MLIR's files, the same with tokens cut
// out (syntax errors and their recovery), and the fuzzer's seeds, whole
// and in parts.
func TestPartsParseAsTheWhole(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, src := range append(fuzzSeeds, relexSeeds...) {
		checkParts(t, "seed.td", src, rng)
	}
	checkParts(t, "let.td", strings.Repeat("let x = 1 in {\ndef A : C;\ndef B : C<1>;\n}\ndef D;\n", 50), rng)
	checkParts(t, "open.td", "def A {\n"+strings.Repeat("def B : C;\n", 40), rng)
	var files []string
	filepath.WalkDir(mlirInclude+"/mlir", func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".td") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Log("LLVM 22's MLIR headers are not installed: seeds only")
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checkParts(t, path, string(data), rng)
		// Cut a few spans of bytes out: unclosed blocks, statements run
		// together, stray braces.
		cut := data
		for range 3 {
			if len(cut) < 100 {
				break
			}
			at := rng.Intn(len(cut) - 50)
			cut = append(cut[:at:at], cut[at+1+rng.Intn(40):]...)
		}
		checkParts(t, path+" (cut)", string(cut), rng)
	}
}

// TestLargeListsParseInParts: ParseListOrStop parses a list of more than
// partTokens tokens in parts when it has more than one core, and gives
// the whole parse.
func TestLargeListsParseInParts(t *testing.T) {
	src := strings.Repeat("let n = 1 in {\n  def A : C<1, \"s\"> { let x = !add(1, 2); }\n}\ndef B : C<2, \"t\">;\n", partTokens/30)
	set := NewSourceSet()
	l := LexAlone(set, set.AddFile("large.td", []byte(src)), nil).Tokens
	if starts := partStarts(l, 2); len(starts) != 2 {
		t.Fatalf("starts %v for %d tokens", starts, l.Len())
	}
	got, ok := ParseListOrStop(set, l, func() bool { return false })
	if !ok {
		t.Fatal("stopped")
	}
	if d := sameParse(wholeParse(set, l), got); d != "" {
		t.Fatal(d)
	}
	if _, ok := ParseListOrStop(set, l, func() bool { return true }); ok {
		t.Error("a parse in parts told to stop did not")
	}
}
