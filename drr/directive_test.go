package drr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tdls/tablegen"
)

// A directive a newer MLIR's PatternBase.td declares is reported as a
// directive LLVM 22 does not have, at the operator, with the declaration
// as related information; mlir-tblgen 22 rejects it too. The same `def
// name;` declared in the user's own file is no directive: drr-not-op.
func TestUnknownDirective(t *testing.T) {
	needMLIR(t)
	newer := t.TempDir()
	pb, err := os.ReadFile(filepath.Join(mlirInclude, "mlir/IR/PatternBase.td"))
	if err != nil {
		t.Fatal(err)
	}
	base, err := os.ReadFile("testdata/base.td")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(newer, "mlir/IR"), 0o755); err != nil {
		t.Fatal(err)
	}
	pbNewer := strings.Replace(string(pb), "def either;", "def either;\n\n// A directive of a newer MLIR.\ndef newDirective;", 1)
	for name, text := range map[string]string{"mlir/IR/PatternBase.td": pbNewer, "base.td": string(base)} {
		if err := os.WriteFile(filepath.Join(newer, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name, dir, src, code string
	}{
		{"result", newer, `def : Pat<(BOp $x), (BOp (newDirective $x))>;`, "drr-unknown-directive"},
		{"source", newer, `def : Pat<(BOp (newDirective $x)), (BOp $x)>;`, "drr-unknown-directive"},
		{"root", newer, `def : Pat<(BOp $x), (newDirective $x)>;`, "drr-unknown-directive"},
		{"user def", "", "def newDirective;\ndef : Pat<(BOp $x), (BOp (newDirective $x))>;", "drr-not-op"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := c.dir
			if dir == "" {
				dir, _ = filepath.Abs("testdata")
			}
			src := "include \"base.td\"\n" + c.src + "\n"
			l := loadIn(dir, "d.td", src)
			var found *tablegen.Diagnostic
			diags := Plain(Check(l.set))
			for i, d := range diags {
				if d.Code == "drr-unknown-directive" || d.Code == "drr-not-op" {
					found = &diags[i]
					break
				}
			}
			if found == nil || found.Code != c.code || l.text(found.Range) != "newDirective" {
				t.Fatalf("want %s at newDirective; got %s", c.code, describe(l, diags))
			}
			if c.code == "drr-unknown-directive" {
				for _, part := range []string{"'newDirective' is not a DRR directive of LLVM 22", "if your LLVM is newer"} {
					if !strings.Contains(found.Message, part) {
						t.Errorf("message %q lacks %q", found.Message, part)
					}
				}
				decl := found.Related[len(found.Related)-1]
				if !strings.HasSuffix(l.unit.Set.File(decl.Range.Start).Name, "PatternBase.td") || l.text(decl.Range) != "newDirective" {
					t.Errorf("related: %+v, want the declaration in PatternBase.td", found.Related)
				}
			}
			if haveJudge() {
				f := filepath.Join(t.TempDir(), "in.td")
				if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
				if rc, out := judge(dir, f); rc == 0 {
					t.Errorf("mlir-tblgen 22 accepts the pattern:\n%s", out)
				}
			}
		})
	}
}
