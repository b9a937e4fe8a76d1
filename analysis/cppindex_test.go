package analysis

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestCppIndexInTheBackground: the workspace's C++ index is built without
// blocking, from the folders and .tdls.yaml cppSources, skipping build
// directories, and a file changed on disk is indexed again.
func TestCppIndexInTheBackground(t *testing.T) {
	dir := t.TempDir()
	extra := t.TempDir()
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "lib/Ops.cpp"), "namespace a { void FooOp::verify() {} }\n")
	write(filepath.Join(dir, "build/gen/Ops.cpp"), "namespace a { void FooOp::fold() {} }\n")
	write(filepath.Join(extra, "More.cpp"), "namespace a { void FooOp::print() {} }\n")
	write(filepath.Join(dir, ProjectConfigName), "cppSources: ["+extra+"]\n")

	w := NewWorkspace(Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	done := make(chan struct{}, 8)
	w.OnCppIndexed(func() { done <- struct{}{} })
	x := w.CppIndex()
	wait := func() {
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatal("the C++ index was never built")
		}
	}
	wait()
	if !w.CppIndexBuilt() || w.CppIndex() != x {
		t.Fatalf("built %v, same index %v", w.CppIndexBuilt(), w.CppIndex() == x)
	}
	for member, want := range map[string]int{"verify": 1, "fold": 0, "print": 1} {
		if got := len(x.Members("::a::FooOp", member)); got != want {
			t.Errorf("%s: %d definitions, want %d", member, got, want)
		}
	}
	write(filepath.Join(dir, "lib/Ops.cpp"), "namespace a { void FooOp::fold() {} }\n")
	w.FilesChanged([]string{filepath.Join(dir, "lib/Ops.cpp")}, false)
	wait()
	if len(x.Members("::a::FooOp", "verify")) != 0 || len(x.Members("::a::FooOp", "fold")) != 1 {
		t.Errorf("after the change: verify %v, fold %v", x.Members("::a::FooOp", "verify"), x.Members("::a::FooOp", "fold"))
	}
}
