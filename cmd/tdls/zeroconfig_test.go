package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// zeroConfigProject is a project laid out with includes written from
// include/, as most MLIR projects are, with nothing configured.
func zeroConfigProject(t *testing.T) string {
	return writeRepository(t, map[string]string{
		"include/toy/Base.td": "class ToyOp<string m> { string mnemonic = m; }\n",
		"include/toy/Ops.td":  "include \"toy/Base.td\"\ndef AddOp : ToyOp<\"add\">;\n",
		"lib/Patterns.td":     "include \"toy/Ops.td\"\ndef UsesAdd { string m = AddOp.mnemonic; }\n",
	})
}

// writeRepository writes files (slash-separated paths) in a new directory
// that a .git marks as a repository's root, and returns it.
func writeRepository(t *testing.T, files map[string]string) string {
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
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestCheckInfersWithNothingConfigured(t *testing.T) {
	dir := zeroConfigProject(t)
	t.Chdir(filepath.Join(dir, "lib"))
	var out, errOut bytes.Buffer
	if code := runCheck([]string{"Patterns.td"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errOut.String())
	}
	note := errOut.String()
	if !strings.Contains(note, "-I "+filepath.Join(dir, "include")) || !strings.Contains(note, "tdls init") {
		t.Errorf("note does not say what was inferred:\n%s", note)
	}

	// Any -I: nothing inferred, the error as llvm-tblgen's.
	out.Reset()
	errOut.Reset()
	if code := runCheck([]string{"-I", dir, "Patterns.td"}, &out, &errOut); code != 1 {
		t.Fatalf("exit %d with a -I that misses include/:\n%s", code, out.String())
	}
	if strings.Contains(errOut.String(), "inferred") {
		t.Errorf("inferred with -I given:\n%s", errOut.String())
	}
	if !strings.Contains(out.String(), "include-not-found") && !strings.Contains(out.String(), "could not find include file") {
		t.Errorf("no include error:\n%s", out.String())
	}
	if strings.Contains(out.String(), "exists under") {
		t.Errorf("the error is not llvm-tblgen's:\n%s", out.String())
	}
	// --no-config is explicit too.
	out.Reset()
	errOut.Reset()
	if code := runCheck([]string{"--no-config", "Patterns.td"}, &out, &errOut); code != 1 || strings.Contains(errOut.String(), "inferred") {
		t.Errorf("--no-config: exit %d\n%s%s", code, out.String(), errOut.String())
	}
}

// A root in another checkout than the current directory's is checked with
// what its own project's files say (a CI job that checks out several
// repositories and runs from above them).
func TestCheckInfersARootsOwnProject(t *testing.T) {
	dir := zeroConfigProject(t)
	t.Chdir(writeRepository(t, map[string]string{"unrelated/Other.td": "def Other;\n"}))
	var out, errOut bytes.Buffer
	if code := runCheck([]string{filepath.Join(dir, "lib", "Patterns.td")}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errOut.String())
	}
	if note := errOut.String(); !strings.Contains(note, "-I "+filepath.Join(dir, "include")) {
		t.Errorf("note does not say what was inferred:\n%s", note)
	}
}

func TestInitWritesWhatCheckInfers(t *testing.T) {
	dir := zeroConfigProject(t)
	t.Chdir(filepath.Join(dir, "lib"))
	var out, errOut bytes.Buffer
	if code := runInit([]string{"--dry-run"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "  - include  # ") {
		t.Errorf("dry run output:\n%s", out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, ".tdls.yaml")); err == nil {
		t.Fatalf("--dry-run wrote the file")
	}
	out.Reset()
	if code := runInit(nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if _, err := os.Stat(filepath.Join(dir, ".tdls.yaml")); err != nil {
		t.Fatalf("no .tdls.yaml: %v\n%s", err, out.String())
	}
	// Pinned: check uses it and infers nothing.
	out.Reset()
	errOut.Reset()
	if code := runCheck([]string{"Patterns.td"}, &out, &errOut); code != 0 || errOut.Len() > 0 {
		t.Fatalf("exit %d under the written .tdls.yaml:\n%s%s", code, out.String(), errOut.String())
	}
	if code := runInit(nil, &out, &errOut); code != 1 {
		t.Errorf("init replaced an existing .tdls.yaml (exit %d)", code)
	}
}

// A name several directories have (each dialect's Dialect.td) resolves, as
// in the server and in the build, to the including file's sibling first,
// even when the build files state another of those directories for some
// other target.
func TestCheckInfersTheSiblingFirst(t *testing.T) {
	dir := writeRepository(t, map[string]string{
		"x/Dialect.td": "class XOp;\n",
		"x/Ops.td":     "include \"Dialect.td\"\ndef A : XOp;\n",
		"y/Dialect.td": "class YOp;\n",
		"y/Ops.td":     "include \"Dialect.td\"\ndef B : YOp;\n",
		"p/Pat.td":     "include \"Dialect.td\"\ndef C : XOp;\n",
		"BUILD":        "td_library(\n    name = \"pat\",\n    srcs = [\"p/Pat.td\"],\n    includes = [\"x\"],\n)\n",
	})
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	if code := runCheck([]string{"x/Ops.td", "y/Ops.td", "p/Pat.td"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errOut.String())
	}
}

// An include found nowhere lists the same places searched whichever
// includes came before it and what they made tdls infer.
func TestCheckNotFoundListsWhatInferenceSearched(t *testing.T) {
	dir := writeRepository(t, map[string]string{
		"inc/lib/Base.td": "class Base;\n",
		"a/First.td":      "include \"lib/Base.td\"\ninclude \"lib/Missing.td\"\n",
		"a/Second.td":     "include \"lib/Missing.td\"\ninclude \"lib/Base.td\"\n",
	})
	t.Chdir(dir)
	message := func(root string) string {
		var out, errOut bytes.Buffer
		if code := runCheck([]string{root}, &out, &errOut); code != 1 {
			t.Fatalf("%s: exit %d, want 1:\n%s%s", root, code, out.String(), errOut.String())
		}
		_, msg, ok := strings.Cut(out.String(), "error: ")
		if !ok {
			t.Fatalf("%s: no error:\n%s", root, out.String())
		}
		return msg
	}
	first, second := message("a/First.td"), message("a/Second.td")
	if first != second {
		t.Errorf("the message depends on the includes before it:\n  %s  %s", first, second)
	}
	if want := filepath.Join("a", "lib", "Missing.td"); !strings.Contains(first, want) || !strings.Contains(first, "the project's .td files") {
		t.Errorf("message %q: want the including file's directory (%s) and the project's files among what was searched", first, want)
	}
}
