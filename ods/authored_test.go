package ods

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestAuthorMethodsAreMLIRTblgens: each declaration AuthorMethods gives is
// one mlir-tblgen 22's --gen-attrdef-decls, --gen-typedef-decls and
// --gen-dialect-decls print for the same file (compared with whitespace
// folded: the dialect's are broken over lines), and --gen-*-defs define
// none of them.
func TestAuthorMethodsAreMLIRTblgens(t *testing.T) {
	bin := "/usr/lib/llvm-22/bin/mlir-tblgen"
	if _, err := os.Stat(bin); err != nil {
		t.Skip("SKIP: mlir-tblgen 22 not installed")
	}
	m := loadFile(t, "testdata/authored.td")
	fold := func(s string) string {
		s = strings.Join(strings.Fields(s), " ")
		s = strings.ReplaceAll(s, "( ", "(")
		return s
	}
	gen := func(g string) string {
		out, err := exec.Command(bin, "-I", "/usr/lib/llvm-22/include", "--gen-"+g, "testdata/authored.td").CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", g, err, out)
		}
		return fold(string(out))
	}
	attrDecls, attrDefs := gen("attrdef-decls"), gen("attrdef-defs")
	typeDecls, typeDefs := gen("typedef-decls"), gen("typedef-defs")
	dialectDecls, dialectDefs := gen("dialect-decls"), gen("dialect-defs")
	n := 0
	for _, d := range m.AttrOrTypeDefs {
		decls, defs := attrDecls, attrDefs
		if d.IsType {
			decls, defs = typeDecls, typeDefs
		}
		for _, am := range d.AuthorMethods() {
			n++
			if !strings.Contains(decls, fold(am.Declaration)+";") {
				t.Errorf("%s: %q is not declared by mlir-tblgen", d.CppClass, am.Declaration)
			}
			if strings.Contains(defs, fold(am.Definition)+" {") {
				t.Errorf("%s: %q is defined by mlir-tblgen", d.CppClass, am.Definition)
			}
		}
	}
	for _, d := range m.Dialects {
		for _, am := range d.AuthorMethods() {
			n++
			if !strings.Contains(dialectDecls, fold(am.Declaration)+";") {
				t.Errorf("%s: %q is not declared by mlir-tblgen", d.CppClassName(), am.Declaration)
			}
			if strings.Contains(dialectDefs, fold(am.Definition)+" {") {
				t.Errorf("%s: %q is defined by mlir-tblgen", d.CppClassName(), am.Definition)
			}
		}
	}
	if n != 24 {
		t.Errorf("%d author methods, want 24 (the fixture's)", n)
	}
}
