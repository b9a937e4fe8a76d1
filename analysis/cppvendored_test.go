package analysis

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestOwnVendoredDirs: a backend kept in third_party, whose .td files
// include the project's, has its C++ indexed; a vendored copy of another
// project, which includes only its own and MLIR's, does not.
func TestOwnVendoredDirs(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("include/proj/Dialect/Base.td", `include "mlir/IR/OpBase.td"`+"\n")
	write("lib/Base.cpp", "void base() {}\n")
	// The project's backend: includes the project's Base.td.
	write("third_party/backend/include/Backend.td", "include \"Sibling.td\"\n  include \"proj/Dialect/Base.td\"\n")
	write("third_party/backend/include/Sibling.td", "")
	write("third_party/backend/lib/Backend.cpp", "void backend() {}\n")
	// Another project's copy: its own files and MLIR's, and a bare name
	// the project also has.
	write("third_party/other/include/other/Ops.td", "include \"other/Base.td\"\ninclude \"mlir/IR/OpBase.td\"\ninclude \"Base.td\"\n")
	write("third_party/other/include/other/Base.td", "")
	write("third_party/other/lib/Other.cpp", "void other() {}\n")
	// A copy that holds the same path as the project: its own wins.
	write("third_party/fork/include/proj/Dialect/Base.td", "")
	write("third_party/fork/include/Fork.td", "include \"proj/Dialect/Base.td\"\n")
	write("third_party/fork/lib/Fork.cpp", "void fork() {}\n")
	write("third_party/loose.td", "include \"proj/Dialect/Base.td\"\n")

	if got, want := ownVendoredDirs([]string{root}), []string{filepath.Join(root, "third_party/backend")}; !slices.Equal(got, want) {
		t.Errorf("ownVendoredDirs = %q, want %q", got, want)
	}
	files := CppFiles([]string{root})
	for _, f := range []string{"lib/Base.cpp", "third_party/backend/lib/Backend.cpp"} {
		if !slices.Contains(files, filepath.Join(root, f)) {
			t.Errorf("%s is not indexed: %q", f, files)
		}
	}
	for _, f := range []string{"third_party/other/lib/Other.cpp", "third_party/fork/lib/Fork.cpp"} {
		if slices.Contains(files, filepath.Join(root, f)) {
			t.Errorf("%s, another project's, is indexed", f)
		}
	}
}
