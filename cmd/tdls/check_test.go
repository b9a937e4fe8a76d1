package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tdls/analysis/report"
)

// checkIn writes files (name → content) under a fresh directory, makes it
// the working directory and runs `tdls check args...` there.
func checkIn(t *testing.T, files map[string]string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	code = runCheck(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

func lines(s string) []string { return strings.Split(strings.TrimSuffix(s, "\n"), "\n") }

const cleanTd = "class Base<int n> { int N = n; }\ndef A : Base<1>;\n"

func TestCheckCleanFileExitsZero(t *testing.T) {
	out, errOut, code := checkIn(t, map[string]string{"a.td": cleanTd}, "a.td")
	if code != 0 || out != "" || errOut != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 0 and no output", code, out, errOut)
	}
}

func TestCheckTextFormat(t *testing.T) {
	// The include is preceded by non-ASCII text: the column counts bytes.
	src := "def A;\n/* héllo 😀 */ include \"nope.td\"\ndef B;\n"
	// --no-config: nothing is inferred, so the message lists the path alone.
	out, _, code := checkIn(t, map[string]string{"a.td": src}, "--no-config", "a.td")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	want := "a.td:2:27: error: could not find include file 'nope.td' (searched: nope.td) [include-not-found]"
	if got := lines(out); len(got) != 1 || got[0] != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestCheckJSONFormatUsesUTF16(t *testing.T) {
	src := "def A;\n/* héllo 😀 */ include \"nope.td\"\n"
	out, _, code := checkIn(t, map[string]string{"a.td": src}, "--no-config", "--format=json", "a.td")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var got []report.Diagnostic
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not a JSON array of diagnostics: %v\n%s", err, out)
	}
	// "/* héllo 😀 */ include " is 23 UTF-16 units (é is one, 😀 two).
	want := report.Diagnostic{
		File:     "a.td",
		Range:    report.Range{Start: report.Position{Line: 1, Character: 23}, End: report.Position{Line: 1, Character: 32}},
		Severity: "error",
		Code:     "include-not-found",
		Message:  "could not find include file 'nope.td' (searched: nope.td)",
		Related:  []report.Related{},
	}
	if len(got) != 1 || !jsonEqual(t, got[0], want) {
		t.Errorf("got %s", out)
	}
}

func TestCheckJSONEmptyIsArray(t *testing.T) {
	out, _, code := checkIn(t, map[string]string{"a.td": cleanTd}, "--format", "json", "a.td")
	if code != 0 || strings.TrimSpace(out) != "[]" {
		t.Errorf("exit %d, output %q; want 0 and []", code, out)
	}
}

func jsonEqual(t *testing.T, a, b any) bool {
	t.Helper()
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	return bytes.Equal(x, y)
}

func TestCheckRelatedPrintsNotes(t *testing.T) {
	src := "def A;\n#ifdef FOO\ndef B;\n"
	out, _, code := checkIn(t, map[string]string{"a.td": src}, "a.td")
	got := lines(out)
	if code != 1 || len(got) != 2 {
		t.Fatalf("exit %d, output\n%s\nwant 1 and an error followed by a note", code, out)
	}
	if !regexp.MustCompile(`^a\.td:4:1: error: .* \[preprocessor-[a-z-]+\]$`).MatchString(got[0]) {
		t.Errorf("error line %q", got[0])
	}
	if !strings.HasPrefix(got[1], "a.td:2:1: note: ") {
		t.Errorf("note line %q, want it at the #ifdef (a.td:2:1)", got[1])
	}

	out, _, _ = checkIn(t, map[string]string{"a.td": src}, "--no-config", "--format=json", "a.td")
	var diags []report.Diagnostic
	if err := json.Unmarshal([]byte(out), &diags); err != nil || len(diags) != 1 || len(diags[0].Related) != 1 {
		t.Fatalf("want one diagnostic with one related location: %v\n%s", err, out)
	}
	if r := diags[0].Related[0]; r.File != "a.td" || r.Range.Start != (report.Position{Line: 1, Character: 0}) {
		t.Errorf("related %+v, want a.td at 1:0", r)
	}
}

func TestCheckSyntaxErrorsSortedAcrossFiles(t *testing.T) {
	files := map[string]string{
		"b.td": "def B1 { int x = ; }\ndef B2;\n",
		"a.td": "def A1;\ndef A2 : ;\n",
	}
	out, _, code := checkIn(t, files, "b.td", "a.td")
	got := lines(out)
	if code != 1 || len(got) != 2 {
		t.Fatalf("exit %d, output\n%s\nwant 1 and one syntax error per file", code, out)
	}
	for i, prefix := range []string{"a.td:2:", "b.td:1:"} {
		if !strings.HasPrefix(got[i], prefix) || !regexp.MustCompile(`: error: .* \[syntax[a-z-]*\]$`).MatchString(got[i]) {
			t.Errorf("line %d = %q, want a syntax error at %s...", i, got[i], prefix)
		}
	}
}

func TestCheckSharedIncludeReportedOnce(t *testing.T) {
	files := map[string]string{
		"inc/common.td": "#ifdef NEVER_CLOSED\n",
		"a.td":          "include \"common.td\"\n",
		"b.td":          "include \"common.td\"\n",
	}
	out, _, code := checkIn(t, files, "-I", "inc", "a.td", "b.td")
	got := lines(out)
	if code != 1 || len(got) != 2 || !strings.HasPrefix(got[0], "inc/common.td:") {
		t.Errorf("exit %d, output\n%s\nwant one error in inc/common.td and its note", code, out)
	}
}

func TestCheckIncludeDirSpellings(t *testing.T) {
	files := map[string]string{
		"inc/defs.td": cleanTd,
		"a.td":        "include \"defs.td\"\ndef C : Base<2>;\n",
	}
	for _, args := range [][]string{
		{"-I", "inc", "a.td"},
		{"-Iinc", "a.td"},
		{"-I=inc", "a.td"},
		{"--include-dir", "inc", "a.td"},
		{"--include-dir=inc", "a.td"},
		{"a.td", "-I", "inc"},
	} {
		if out, errOut, code := checkIn(t, files, args...); code != 0 {
			t.Errorf("%q: exit %d\n%s%s", args, code, out, errOut)
		}
	}
}

func TestCheckIncludeSearchOrder(t *testing.T) {
	files := map[string]string{
		"first/defs.td":  "def Broken : ;\n",
		"second/defs.td": cleanTd,
		"a.td":           "include \"defs.td\"\n",
	}
	out, _, code := checkIn(t, files, "-I", "first", "-I", "second", "a.td")
	if code != 1 || !strings.HasPrefix(out, "first/defs.td:1:") {
		t.Errorf("exit %d, output %q; want the error from first/defs.td", code, out)
	}
	if out, _, code = checkIn(t, files, "-I", "second", "-I", "first", "a.td"); code != 0 {
		t.Errorf("exit %d with second/ first, output %q", code, out)
	}
}

func TestCheckIncludeNotFoundListsSearchedDirs(t *testing.T) {
	// The including file's own directory is not searched, as in llvm-tblgen.
	files := map[string]string{
		"src/a.td":      "include \"beside.td\"\n",
		"src/beside.td": cleanTd,
	}
	out, _, code := checkIn(t, files, "-I", "x", "-Iy/z", "src/a.td")
	want := "src/a.td:1:9: error: could not find include file 'beside.td' (searched: beside.td, x/beside.td, y/z/beside.td) [include-not-found]\n"
	if code != 1 || out != want {
		t.Errorf("exit %d, got\n%swant\n%s", code, out, want)
	}
}

func TestCheckDefines(t *testing.T) {
	files := map[string]string{"a.td": "#ifdef BROKEN\ndef A : ;\n#endif\ndef B;\n"}
	if out, _, code := checkIn(t, files, "a.td"); code != 0 {
		t.Errorf("without -D: exit %d, output %q", code, out)
	}
	for _, args := range [][]string{{"-D", "BROKEN", "a.td"}, {"-DBROKEN", "a.td"}} {
		if out, _, code := checkIn(t, files, args...); code != 1 || !strings.HasPrefix(out, "a.td:2:") {
			t.Errorf("%q: exit %d, output %q; want the error on line 2", args, code, out)
		}
	}
}

func TestCheckUnreadableInput(t *testing.T) {
	out, _, code := checkIn(t, map[string]string{"a.td": cleanTd}, "a.td", "missing.td")
	want := "missing.td:1:1: error: could not open input file 'missing.td': no such file or directory [input-unreadable]\n"
	if code != 1 || out != want {
		t.Errorf("exit %d, got %q, want %q", code, out, want)
	}
}

func TestCheckUsageErrorsExitTwo(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--format=xml", "a.td"},
		{"--no-such-flag", "a.td"},
		{"a.td", "-I"},
		{"--syntax-only=yes", "a.td"},
	} {
		out, errOut, code := checkIn(t, map[string]string{"a.td": cleanTd}, args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "usage: tdls check") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and usage on stderr", args, code, out, errOut)
		}
	}
}

func TestCheckHelp(t *testing.T) {
	out, _, code := checkIn(t, nil, "--help")
	if code != 0 || !strings.HasPrefix(out, "usage: tdls check") {
		t.Errorf("exit %d, output %q", code, out)
	}
}

func TestCheckSyntaxOnlyStillReportsSyntax(t *testing.T) {
	out, _, code := checkIn(t, map[string]string{"a.td": "def A : ;\n"}, "--syntax-only", "a.td")
	if code != 1 || !strings.HasPrefix(out, "a.td:1:") {
		t.Errorf("exit %d, output %q", code, out)
	}
}

// A name used before the first syntax error is llvm-tblgen's first error:
// reported, where the same name used after it is not.
func TestCheckNameErrorBeforeSyntaxError(t *testing.T) {
	src := "class C<int n> { int x = n; }\ndef A : C<Unknown>;\ndef B : C<1 2>;\ndef D : C<Later>;\n"
	out, _, code := checkIn(t, map[string]string{"a.td": src}, "--no-config", "a.td")
	got := lines(out)
	if code != 1 || len(got) < 2 || !strings.HasPrefix(got[0], "a.td:2:11: error: Variable not defined: 'Unknown'") ||
		!strings.HasPrefix(got[1], "a.td:3:13: error: expected") || strings.Contains(out, "Later") {
		t.Errorf("exit %d, got\n%s", code, out)
	}
}
