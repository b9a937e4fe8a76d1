package release

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The repository's pre-commit hooks (.pre-commit-hooks.yaml), run by
// Debian's pre-commit on a sample repository as a project would run them
// (`pre-commit try-repo` builds tdls from this checkout with the
// machine's Go): tdls-check passes a good file and fails a broken one with
// its diagnostic; tdls-fmt formats a file in place, and leaves a formatted
// one alone.
func TestPreCommitHooks(t *testing.T) {
	preCommit, err := exec.LookPath("pre-commit")
	if err != nil {
		fmt.Println("SKIP: pre-commit is not installed (apt-get install -y pre-commit)")
		t.Skip("pre-commit is not installed (apt-get install -y pre-commit)")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	sample := t.TempDir()
	files := map[string]string{
		"good.td":   "class Base<int n> {\n  int value = n;\n}\ndef One : Base<1>;\n",
		"bad.td":    "def Two : Missing<2>;\n",
		"spaced.td": "class  Base<int n> {\n      int value = n;\n}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(sample, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = sample
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	git("init", "-q")
	git("add", ".")
	home := t.TempDir()
	hook := func(id string, files ...string) (string, int) {
		args := append([]string{"try-repo", root, id, "--files"}, files...)
		cmd := exec.Command(preCommit, args...)
		cmd.Dir = sample
		cmd.Env = append(os.Environ(), "PRE_COMMIT_HOME="+home, "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		code := 0
		if exit, ok := err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("pre-commit: %v\n%s", err, out)
		}
		return string(out), code
	}
	if out, code := hook("tdls-check", "good.td"); code != 0 {
		t.Errorf("tdls-check on a good file: exit %d\n%s", code, out)
	}
	out, code := hook("tdls-check", "bad.td")
	if code == 0 || !strings.Contains(out, "bad.td:1:11: error:") {
		t.Errorf("tdls-check on a broken file: exit %d\n%s", code, out)
	}
	// tdls-fmt formats in place; pre-commit fails a hook that changed a
	// file, and passes once it is formatted.
	if out, code := hook("tdls-fmt", "spaced.td"); code == 0 {
		t.Errorf("tdls-fmt on a badly spaced file: exit 0\n%s", out)
	}
	if got, _ := os.ReadFile(filepath.Join(sample, "spaced.td")); string(got) != "class Base<int n> {\n  int value = n;\n}\n" {
		t.Errorf("tdls-fmt wrote %q", got)
	}
	if out, code := hook("tdls-fmt", "spaced.td", "good.td"); code != 0 {
		t.Errorf("tdls-fmt on formatted files: exit %d\n%s", code, out)
	}
	fmt.Println("pre-commit: tdls-check passes good.td and fails bad.td; tdls-fmt formats spaced.td, then passes")
}
