package analysis

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A bit enum case beyond the storage width fails an assert in
// mlir/IR/EnumAttr.td: the server shows it at the user's def, on the
// reference to the class, with the library line as related information,
// not as a summary on the include line.
func TestLibraryAssertShownAtTheUsersDef(t *testing.T) {
	if _, err := os.Stat(filepath.Join(mlirInclude, "mlir/IR/EnumAttr.td")); err != nil {
		t.Skipf("SKIP: MLIR headers not installed (%v)", err)
	}
	src := `include "mlir/IR/EnumAttr.td"

def Bit0 : I32BitEnumAttrCaseBit<"Bit0", 0>;
def Bit40 : I32BitEnumAttrCaseBit<"Bit40", 40>;
def MyBits : I32BitEnumAttr<"MyBits", "my bits", [Bit0, Bit40]>;
`
	path := filepath.Join(t.TempDir(), "bits.td")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	w := NewWorkspace(Config{IncludeDirs: []string{mlirInclude}, NoMLIRAutoDetect: true})
	u, err := w.Snapshot().Unit(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := u.Evaluated(context.Background()); err != nil {
		t.Fatal(err)
	}
	diags := append(u.Diagnostics(path), u.EvaluationDiagnostics(path)...)
	if len(diags) != 1 {
		t.Fatalf("want one diagnostic, got %d: %+v", len(diags), diags)
	}
	d := diags[0]
	ref := strings.Index(src, `I32BitEnumAttrCaseBit<"Bit40", 40>`)
	f := d.File
	if d.Code != "eval-assert" || f.Name != path || f.Offset(d.Range.Start) != ref || f.Offset(d.Range.End) != ref+len(`I32BitEnumAttrCaseBit<"Bit40", 40>`) {
		t.Errorf("got %s %q at %s %d-%d, want eval-assert on the reference to the class at %d", d.Code, d.Message, f.Name, f.Offset(d.Range.Start), f.Offset(d.Range.End), ref)
	}
	if len(d.Related) != 1 || !strings.HasSuffix(d.Related[0].File.Name, "mlir/IR/EnumAttr.td") {
		t.Errorf("want the assert in EnumAttr.td as related information, got %+v", d.Related)
	}
}
