package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const (
	messyTd  = "def  A :B;\ndef C : D<[E,F]>;\n  def G : H;\n"
	neatTd   = "def A : B;\ndef C : D<[E, F]>;\ndef G : H;\n"
	longArgs = "def X : Op<\"x\"> {\n  let arguments = (ins I32:$first, I32:$second, I32:$third, I32:$fourth, I32:$fifth);\n}\n"
)

// fmtIn writes files under a fresh working directory and runs tdls fmt.
func fmtIn(t *testing.T, files map[string]string, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	code = runFmt(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestFmtPrintsFormatted(t *testing.T) {
	out, errOut, code := fmtIn(t, map[string]string{"a.td": messyTd}, "", "a.td")
	if code != 0 || out != neatTd || errOut != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	out, _, code = fmtIn(t, nil, messyTd)
	if code != 0 || out != neatTd {
		t.Fatalf("stdin: exit %d, stdout %q", code, out)
	}
}

func TestFmtListDiffCheckWrite(t *testing.T) {
	files := map[string]string{"a.td": messyTd, "b.td": neatTd}
	if out, _, code := fmtIn(t, files, "", "-l", "a.td", "b.td"); code != 0 || out != "a.td\n" {
		t.Errorf("-l: exit %d, %q", code, out)
	}
	if out, _, code := fmtIn(t, files, "", "-d", "a.td"); code != 0 || !strings.Contains(out, "-def  A :B;\n") || !strings.Contains(out, "+def A : B;\n") {
		t.Errorf("-d: exit %d, %q", code, out)
	}
	if out, _, code := fmtIn(t, files, "", "--check", "a.td", "b.td"); code != 1 || !strings.Contains(out, "+++ a.td") || strings.Contains(out, "b.td") {
		t.Errorf("--check: exit %d, %q", code, out)
	}
	if _, _, code := fmtIn(t, files, "", "--check", "b.td"); code != 0 {
		t.Errorf("--check on a formatted file: exit %d", code)
	}
	if _, _, code := fmtIn(t, files, "", "-w", "a.td"); code != 0 {
		t.Fatalf("-w: exit %d", code)
	}
	if got, _ := os.ReadFile("a.td"); string(got) != neatTd {
		t.Errorf("-w wrote %q", got)
	}
}

func TestFmtLinesFormatsOnlyThose(t *testing.T) {
	out, _, code := fmtIn(t, map[string]string{"a.td": messyTd}, "", "--lines", "2:3", "a.td")
	if want := "def  A :B;\ndef C : D<[E, F]>;\ndef G : H;\n"; code != 0 || out != want {
		t.Fatalf("exit %d, got %q, want %q", code, out, want)
	}
	if _, errOut, code := fmtIn(t, nil, "", "--lines", "3:2", "-"); code != 2 || errOut == "" {
		t.Errorf("a reversed range: exit %d, %q", code, errOut)
	}
}

func TestFmtColumnLimitFromProjectConfig(t *testing.T) {
	out, _, _ := fmtIn(t, map[string]string{"a.td": longArgs}, "", "a.td")
	if !strings.Contains(out, "I32:$first,\n") {
		t.Fatalf("not broken at 80 columns:\n%s", out)
	}
	out, _, _ = fmtIn(t, map[string]string{"a.td": longArgs, ".tdls.yaml": "format:\n  columnLimit: 120\n"}, "", "a.td")
	if out != longArgs {
		t.Fatalf("broken although columnLimit is 120:\n%s", out)
	}
}

func TestFmtIndentWidthFromProjectConfig(t *testing.T) {
	const src = "def A {\n  int x = 1;\n}\n"
	out, _, _ := fmtIn(t, map[string]string{"a.td": src, ".tdls.yaml": "format:\n  indentWidth: 4\n"}, "", "a.td")
	if out != "def A {\n    int x = 1;\n}\n" {
		t.Fatalf("indentWidth 4:\n%s", out)
	}
	if _, errOut, code := fmtIn(t, map[string]string{"a.td": src, ".tdls.yaml": "format:\n  indentWidth: 0\n"}, "", "a.td"); code == 0 || !strings.Contains(errOut, "indentWidth") {
		t.Errorf("indentWidth 0: exit %d, %q", code, errOut)
	}
}

func TestFmtChangedFormatsOnlyChangedLines(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, _, _ = fmtIn(t, map[string]string{"a.td": messyTd}, "")
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "a.td"},
		{"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a"},
	} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	edited := strings.Replace(messyTd, "def C : D<[E,F]>;", "def C : D<[E,F,I]>;", 1)
	if err := os.WriteFile("a.td", []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := runFmt([]string{"--changed", "a.td"}, nil, &out, &errOut)
	want := "def  A :B;\ndef C : D<[E, F, I]>;\n  def G : H;\n"
	if code != 0 || out.String() != want {
		t.Fatalf("exit %d (%s), got %q, want %q", code, errOut.String(), out.String(), want)
	}
}

func TestFmtUsage(t *testing.T) {
	if out, _, code := fmtIn(t, nil, "", "-h"); code != 0 || !strings.HasPrefix(out, "usage: tdls fmt") {
		t.Errorf("-h: exit %d, %q", code, out)
	}
	if _, errOut, code := fmtIn(t, nil, "", "-x"); code != 2 || !strings.Contains(errOut, "unknown flag -x") {
		t.Errorf("-x: exit %d, %q", code, errOut)
	}
	if _, errOut, code := fmtIn(t, nil, "", "-w", "-l", "a.td"); code != 2 || errOut == "" {
		t.Errorf("-w -l: exit %d, %q", code, errOut)
	}
}

// A file the formatter cannot prove unchanged but for whitespace does not
// exist among valid inputs; what it does with a file it cannot lex (an
// unterminated string) is to leave that statement as written.
func TestFmtKeepsWhatItCannotLex(t *testing.T) {
	src := "def  A : B;\ndef C { let s = \"open; }\n"
	out, _, code := fmtIn(t, map[string]string{"a.td": src}, "", "a.td")
	if want := "def A : B;\ndef C { let s = \"open; }\n"; code != 0 || out != want {
		t.Errorf("exit %d, got %q, want %q", code, out, want)
	}
}

// A repository's own git configuration cannot make `tdls fmt --changed`
// run its programs: an fsmonitor hook, an external diff and a textconv
// filter for .td files are set in its .git/config, each leaving a marker
// when run; none runs, and the changed lines are still found.
func TestFmtChangedRunsNoRepositoryGitProgram(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, _, _ = fmtIn(t, map[string]string{"a.td": messyTd}, "")
	dir, _ := os.Getwd()
	marker := filepath.Join(t.TempDir(), "ran")
	hook := filepath.Join(t.TempDir(), "hook.sh")
	if err := os.WriteFile(hook, []byte("#!/bin/sh\necho \"$0 $*\" >> '"+marker+"'\ncat \"$1\" 2>/dev/null\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "a.td"},
		{"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a"},
		{"config", "core.fsmonitor", hook},
		{"config", "diff.external", hook},
		{"config", "diff.evil.textconv", hook},
	} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte("*.td diff=evil\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(messyTd, "def C : D<[E,F]>;", "def C : D<[E,F,I]>;", 1)
	if err := os.WriteFile("a.td", []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := runFmt([]string{"--changed", "a.td"}, nil, &out, &errOut)
	if want := "def  A :B;\ndef C : D<[E, F, I]>;\n  def G : H;\n"; code != 0 || out.String() != want {
		t.Errorf("exit %d (%s), got %q, want %q", code, errOut.String(), out.String(), want)
	}
	if ran, err := os.ReadFile(marker); err == nil {
		t.Errorf("the repository's git configuration ran:\n%s", ran)
	}
}
