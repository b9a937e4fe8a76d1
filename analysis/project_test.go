package analysis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseProjectConfig(t *testing.T) {
	src := `# the project's tdls settings
includeDirs:
  - include
  - "/opt/llvm/include"   # absolute stays
compilationDatabases: [build/tablegen_compile_commands.yml, 'other dir/db.yml']
severity:
  ods-summary-*: off
  drr-result-types: error
  '*': warning
  "pattern-self-loop": hint
`
	cfg, err := ParseProjectConfig("/proj/.tdls.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"/proj/include", "/opt/llvm/include"}; strings.Join(cfg.IncludeDirs, ",") != strings.Join(want, ",") {
		t.Errorf("includeDirs = %q", cfg.IncludeDirs)
	}
	if want := []string{"/proj/build/tablegen_compile_commands.yml", "/proj/other dir/db.yml"}; strings.Join(cfg.CompileDatabases, ",") != strings.Join(want, ",") {
		t.Errorf("compilationDatabases = %q", cfg.CompileDatabases)
	}
	var got []string
	for _, r := range cfg.Severity {
		if r.Source != FromProjectFile {
			t.Errorf("%s: source %s", r.Pattern, r.Source)
		}
		got = append(got, r.Pattern+"="+r.Level.String())
	}
	if want := "ods-summary-*=off drr-result-types=error *=warning pattern-self-loop=hint"; strings.Join(got, " ") != want {
		t.Errorf("severity = %q, want %q", got, want)
	}
}

func TestParseProjectConfigErrors(t *testing.T) {
	for src, want := range map[string]string{
		"includedirs:\n  - a\n":                      ".tdls.yaml:1: unknown key \"includedirs\"",
		"severity:\n  ods-sumary-period: off\n":      ".tdls.yaml:2: \"ods-sumary-period\" is not a diagnostic code",
		"severity:\n  ods-summary-period: loud\n":    ".tdls.yaml:2: ods-summary-period: unknown level \"loud\"",
		"severity:\n  - ods-summary-period\n":        ".tdls.yaml:1: severity is a mapping",
		"includeDirs:\n  a: b\n":                     ".tdls.yaml:1: includeDirs is a list of paths",
		"includeDirs:\n  - a\n    - b\n":             ".tdls.yaml:3: inconsistent indentation",
		"includeDirs: [a, b\n":                       ".tdls.yaml:1: a flow list must end with ]",
		"includeDirs: [a]\nincludeDirs: [b]\n":       ".tdls.yaml:2: includeDirs is given twice (first on line 1)",
		"severity:\n  ods-summary-period: {a: b}\n":  ".tdls.yaml:2: \"{a: b}\": only plain or quoted scalars",
		"just text\n":                                ".tdls.yaml:1: expected `key: value`",
		"includeDirs:\n\t- a\n":                      ".tdls.yaml:2: indent with spaces",
		"severity:\n  drr-*: error\n  odz-*: off\n":  ".tdls.yaml:3: no diagnostic code starts with \"odz-\"",
		"includeDirs:\n  - \"unterminated\n":         ".tdls.yaml:2: malformed string",
		"severity:\n  ods-summary-period: off # c\n": "",
	} {
		cfg, err := ParseProjectConfig("/p/.tdls.yaml", []byte(src))
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: %v", src, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%q: got %v, want %q", src, err, want)
		case cfg == nil:
			t.Errorf("%q: no config", src)
		}
	}
	// A bad rule costs only itself.
	cfg, err := ParseProjectConfig("/p/.tdls.yaml", []byte("severity:\n  drr-*: error\n  odz-*: off\n"))
	if err == nil || len(cfg.Severity) != 1 || cfg.Severity[0].Pattern != "drr-*" {
		t.Errorf("got %+v, %v", cfg, err)
	}
}

func TestFindProjectConfigWalksUp(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := FindProjectConfig(deep); got != "" && strings.HasPrefix(got, root) {
		t.Fatalf("found %s in an empty tree", got)
	}
	top := filepath.Join(root, ".tdls.yaml")
	os.WriteFile(top, []byte("severity:\n  '*': error\n"), 0o644)
	if got := FindProjectConfig(deep); got != top {
		t.Errorf("from %s: %q, want %q", deep, got, top)
	}
	mid := filepath.Join(root, "a", ".tdls.yaml")
	os.WriteFile(mid, []byte(""), 0o644)
	if got := FindProjectConfig(deep); got != mid {
		t.Errorf("from %s: %q, want the nearest %q", deep, got, mid)
	}
	// A directory of that name is not a configuration.
	os.Mkdir(filepath.Join(deep, ".tdls.yaml"), 0o755)
	if got := FindProjectConfig(deep); got != mid {
		t.Errorf("a directory named .tdls.yaml was taken: %q", got)
	}
}

// TestProjectConfigQuotesHideCommentsAndColons: a # or ": " inside a quoted
// scalar, with its quote escaped by a backslash or written twice, is text.
func TestProjectConfigQuotesHideCommentsAndColons(t *testing.T) {
	src := "includeDirs:\n  - 'it''s # here: a'  # a comment\n  - \"b\\\" # c: d\"\n"
	cfg, err := ParseProjectConfig("/proj/.tdls.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"/proj/it's # here: a", `/proj/b" # c: d`}; strings.Join(cfg.IncludeDirs, "|") != strings.Join(want, "|") {
		t.Errorf("includeDirs = %q, want %q", cfg.IncludeDirs, want)
	}
}
