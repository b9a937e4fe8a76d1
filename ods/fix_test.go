package ods

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tdls/tablegen"
)

// TestFixes applies the fix of each fixable problem of a fixture and
// checks that the problem is gone and nothing else appeared.
func TestFixes(t *testing.T) {
	needMLIR(t)
	cases := []struct{ fixture, code, want string }{
		{"messages/format-missing-parameter.td", "ods-format-missing", "`<` $low $high `>`"},
		{"buildproofs/enum-duplicate-symbol.td", "ods-enum-duplicate-symbol", "I32EnumCase<\"Fast\", 0>\n]"},
		{"buildproofs/enum-duplicate-value.td", "ods-enum-duplicate-value", "I32EnumCase<\"Fast\", 0>\n]"},
		{"buildproofs/enum-duplicate-string.td", "ods-enum-duplicate-string", "I32EnumCase<\"Fast\", 0, \"quick\">\n]"},
		{"buildproofs/pass-duplicate-option.td", "ods-pass-duplicate-option", `Option<"upper", "upper", "int"`},
		{"buildproofs/dialect-asm-hooks.td", "ods-dialect-asm-hooks", "let useDefaultAttributePrinterParser = 1;"},
		{"buildproofs/enum-attr-class.td", "ods-enum-attr-class", "let genSpecializedAttr = 0;"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("../testdata/ods", c.fixture))
			if err != nil {
				t.Fatal(err)
			}
			src := strings.NewReplacer("«", "", "»", "").Replace(string(data))
			path := filepath.Join(dir, filepath.Base(c.fixture))
			m := loadSource(t, path, []byte(src))
			root := m.Result.Set.File(1)
			var fixes []Fix
			for _, d := range Check(m, root) {
				if d.Code == c.code {
					fixes = append(fixes, m.Fixes(d)...)
				}
			}
			if len(fixes) == 0 {
				t.Fatalf("no fix for %s", c.code)
			}
			fixed := applyEdits(t, root, src, fixes[0].Edits)
			if !strings.Contains(fixed, c.want) {
				t.Errorf("%q: fixed text lacks %q:\n%s", fixes[0].Title, c.want, fixed)
			}
			after := loadSource(t, path, []byte(fixed))
			for _, d := range Check(after, after.Result.Set.File(1)) {
				if d.Severity == tablegen.SeverityError || d.Code == c.code {
					t.Errorf("after %q: %s [%s]", fixes[0].Title, d.Message, d.Code)
				}
			}
		})
	}
}

func applyEdits(t *testing.T, f *tablegen.File, src string, edits []TextEdit) string {
	sort.Slice(edits, func(i, j int) bool { return edits[i].Range.Start > edits[j].Range.Start })
	for _, e := range edits {
		if !f.Contains(e.Range.Start) {
			t.Fatalf("edit outside the file: %+v", e)
		}
		src = src[:f.Offset(e.Range.Start)] + e.NewText + src[f.Offset(e.Range.End):]
	}
	return src
}
