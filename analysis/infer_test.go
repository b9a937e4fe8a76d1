package analysis

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeProject writes files (slash paths to text) under a new directory.
func writeProject(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// unitErrors are the error messages root's unit shows in root.
func unitErrors(t *testing.T, w *Workspace, root string) []string {
	t.Helper()
	u, err := w.Snapshot().Unit(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range append(u.Diagnostics(root), u.EvaluationDiagnostics(root)...) {
		if d.Severity == 1 {
			out = append(out, d.Code+": "+d.Message)
		}
	}
	return out
}

// A project laid out as CIRCT is (includes written from include/), with a
// vendored duplicate of one file: opened with nothing configured, its
// includes resolve through the project's own include/.
var layeredProject = map[string]string{
	"include/toy/Dialect/Base.td":         "class ToyOp<string m> { string mnemonic = m; }\n",
	"include/toy/Dialect/Ops.td":          "include \"toy/Dialect/Base.td\"\ndef AddOp : ToyOp<\"add\">;\n",
	"lib/Patterns.td":                     "include \"toy/Dialect/Ops.td\"\ndef UsesAdd { string m = AddOp.mnemonic; }\n",
	"third_party/old/toy/Dialect/Base.td": "class ToyOp<string m> { string mnemonic = m; int old = 1; }\n",
	"third_party/old/toy/Dialect/Ops.td":  "include \"toy/Dialect/Base.td\"\n",
}

func TestInferredRootsResolveAUnit(t *testing.T) {
	dir := writeProject(t, layeredProject)
	w := NewWorkspace(Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	var heard []InferredDir
	w.OnInferredDir(func(d InferredDir) { heard = append(heard, d) })
	root := filepath.Join(dir, "lib/Patterns.td")
	if errs := unitErrors(t, w, root); len(errs) > 0 {
		t.Fatalf("errors with nothing configured: %v", errs)
	}
	u, _ := w.Snapshot().Unit(context.Background(), root)
	if !u.Closure(filepath.Join(dir, "include/toy/Dialect/Base.td")) || u.Closure(filepath.Join(dir, "third_party/old/toy/Dialect/Base.td")) {
		t.Errorf("the unit took the vendored copy: %v", u.Files)
	}
	if len(heard) != 1 || heard[0].Dir != filepath.Join(dir, "include") {
		t.Fatalf("inferred %+v, want one: include", heard)
	}
	if !strings.Contains(heard[0].Why, "own copy") {
		t.Errorf("why = %q, want the own-copy rule", heard[0].Why)
	}
	// Kept for the root: the next snapshot's search path has it.
	snap := w.SetBuffer(root, 1, []byte("include \"toy/Dialect/Ops.td\"\n"))
	if !slices.Contains(snap.IncludeDirs(root), filepath.Join(dir, "include")) {
		t.Errorf("search path %v lacks the inferred include/", snap.IncludeDirs(root))
	}
	if len(heard) != 1 {
		t.Errorf("announced again: %+v", heard)
	}
}

func TestNothingInferredWhenConfigured(t *testing.T) {
	dir := writeProject(t, layeredProject)
	other := t.TempDir()
	w := NewWorkspace(Config{Folders: []string{dir}, IncludeDirs: []string{other}, NoMLIRAutoDetect: true})
	w.OnInferredDir(func(d InferredDir) { t.Errorf("inferred %+v with -I given", d) })
	errs := unitErrors(t, w, filepath.Join(dir, "lib/Patterns.td"))
	if len(errs) == 0 || !strings.Contains(errs[0], "include-not-found") {
		t.Fatalf("errors = %v, want include-not-found", errs)
	}
	// The error names where the file is.
	if !strings.Contains(errs[0], "exists under include/; add -I include") {
		t.Errorf("no hint in %q", errs[0])
	}
	// A .tdls.yaml stating includeDirs configures too.
	dir2 := writeProject(t, map[string]string{".tdls.yaml": "includeDirs:\n  - nowhere\n", "a/x/A.td": "def A;\n", "b/B.td": "include \"x/A.td\"\n"})
	w2 := NewWorkspace(Config{Folders: []string{dir2}, NoMLIRAutoDetect: true})
	if errs := unitErrors(t, w2, filepath.Join(dir2, "b/B.td")); len(errs) == 0 {
		t.Errorf("a .tdls.yaml's includeDirs did not turn the inference off")
	}
}

func TestCatalogCandidatesAreWholePathElements(t *testing.T) {
	dir := writeProject(t, map[string]string{"a/xfoo/A.td": "", "b/foo/A.td": "", "c/foo/A.td.bak": ""})
	c := NewIncludeCatalog(context.Background(), []string{dir})
	got := c.Candidates("foo/A.td")
	if want := []string{filepath.Join(dir, "b")}; !slices.Equal(got, want) {
		t.Errorf("candidates %v, want %v", got, want)
	}
	if got := c.Candidates("../foo/A.td"); got != nil {
		t.Errorf("a name climbing out has candidates %v", got)
	}
}

func TestChooseRules(t *testing.T) {
	dir := writeProject(t, map[string]string{
		// Stated by Bazel: wins over the nearer one.
		"BUILD":          "td_library(\n    name = \"td\",\n    srcs = glob([\"**/*.td\"]),\n    includes = [\"stated\"],\n)\n",
		"stated/p/S.td":  "",
		"near/p/S.td":    "",
		"near/user/U.td": "include \"p/S.td\"\n",
		// Resolving the most of the file's includes.
		"one/q/R.td":     "",
		"two/q/R.td":     "",
		"two/q/Other.td": "",
		"user2/V.td":     "include \"q/R.td\"\ninclude \"q/Other.td\"\n",
		// Nearest to the including file.
		"m/deep/r/N.td":    "",
		"z/r/N.td":         "",
		"m/deep/user/W.td": "include \"r/N.td\"\n",
	})
	c := NewIncludeCatalog(context.Background(), []string{dir})
	for _, tc := range []struct{ name, from, want, why string }{
		{"p/S.td", "near/user/U.td", "stated", "stated"},
		{"q/R.td", "user2/V.td", "two", "most"},
		{"r/N.td", "m/deep/user/W.td", "m/deep", "nearest"},
	} {
		d, ok := c.Choose(tc.name, filepath.Join(dir, tc.from), nil)
		if !ok || d.Dir != filepath.Join(dir, tc.want) || !strings.Contains(d.Why, tc.why) {
			t.Errorf("%s from %s: %+v, want %s by %q", tc.name, tc.from, d, tc.want, tc.why)
		}
	}
}

func TestInferProjectDirsAndConfigText(t *testing.T) {
	dir := writeProject(t, layeredProject)
	dirs := InferProjectDirs(NewIncludeCatalog(context.Background(), []string{dir}))
	var got []string
	for _, d := range dirs {
		got = append(got, d.Dir)
	}
	// third_party/old's own includes resolve through it (nearest), the
	// project's through include/.
	if !slices.Contains(got, filepath.Join(dir, "include")) {
		t.Fatalf("inferred %v, want include among them", got)
	}
	path, err := WriteProjectConfig(dir, dirs)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadProjectConfig(path)
	if err != nil {
		t.Fatalf("the written .tdls.yaml does not parse: %v", err)
	}
	if !slices.Contains(cfg.IncludeDirs, filepath.Join(dir, "include")) {
		t.Errorf("written includeDirs %v", cfg.IncludeDirs)
	}
	if _, err := WriteProjectConfig(dir, dirs); err == nil {
		t.Errorf("an existing .tdls.yaml was replaced")
	}
	// With it, the workspace infers nothing and still resolves.
	w := NewWorkspace(Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	w.OnInferredDir(func(d InferredDir) { t.Errorf("inferred %+v under a .tdls.yaml", d) })
	if errs := unitErrors(t, w, filepath.Join(dir, "lib/Patterns.td")); len(errs) > 0 {
		t.Errorf("errors under the written .tdls.yaml: %v", errs)
	}
}

// A fragment (no include of its own) opened with nothing configured is
// analysed in its includer's unit, which resolves by inference.
func TestInferredFragmentInItsIncluder(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"include/t/Base.td":    "class B { int x = 1; }\n",
		"include/t/Ops.td":     "include \"t/Base.td\"\ninclude \"t/OpsFrag.td\"\n",
		"include/t/OpsFrag.td": "def F : B;\n",
	})
	w := NewWorkspace(Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	frag := filepath.Join(dir, "include/t/OpsFrag.td")
	snap := w.Snapshot()
	if got := snap.ContextRoot(frag); got != filepath.Join(dir, "include/t/Ops.td") {
		t.Fatalf("context root %s", got)
	}
	u, err := snap.UnitFor(context.Background(), frag)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range append(u.Diagnostics(frag), u.EvaluationDiagnostics(frag)...) {
		t.Errorf("fragment shows %s: %s", d.Code, d.Message)
	}
}

// Two copies nothing sets apart: none is taken, and the error names both.
func TestInferredNothingFromATie(t *testing.T) {
	dir := writeProject(t, map[string]string{"main.td": "include \"lib.td\"\n", "deps/lib.td": "class L;\n", "deps2/lib.td": "class L;\n"})
	w := NewWorkspace(Config{Folders: []string{dir}, NoMLIRAutoDetect: true})
	w.OnInferredDir(func(d InferredDir) { t.Errorf("inferred %+v from a tie", d) })
	errs := unitErrors(t, w, filepath.Join(dir, "main.td"))
	if len(errs) != 1 || !strings.Contains(errs[0], "under deps/; add -I deps; a file lib.td exists under deps2/") {
		t.Errorf("errors %v", errs)
	}
}

// A vendored llvm-project's MLIR is used (with its release) when nothing is
// configured, and not when something is.
func TestVendoredMLIR(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"third_party/llvm-project/mlir/include/mlir/IR/OpBase.td":  "class Op<string m> { string mnemonic = m; }\n",
		"third_party/llvm-project/cmake/Modules/LLVMVersion.cmake": "if(NOT DEFINED LLVM_VERSION_MAJOR)\n  set(LLVM_VERSION_MAJOR 20)\nendif()\n",
		"include/p/Ops.td": "include \"mlir/IR/OpBase.td\"\ndef A : Op<\"a\">;\n",
	})
	w := NewWorkspace(Config{Folders: []string{dir}})
	d, release := w.Snapshot().VendoredMLIR()
	want := filepath.Join(dir, "third_party/llvm-project/mlir/include")
	if d != want || release != "20" {
		t.Fatalf("vendored MLIR %q release %q, want %q 20", d, release, want)
	}
	root := filepath.Join(dir, "include/p/Ops.td")
	u, err := w.Snapshot().Unit(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	if !u.Closure(filepath.Join(want, "mlir/IR/OpBase.td")) {
		t.Errorf("the unit does not use the vendored MLIR: %v", u.Files)
	}
	configured := NewWorkspace(Config{Folders: []string{dir}, IncludeDirs: []string{filepath.Join(dir, "include")}})
	if dirs := configured.Snapshot().IncludeDirs(root); slices.Contains(dirs, want) {
		t.Errorf("configured search path %v has the vendored MLIR", dirs)
	}
}
