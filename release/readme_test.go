package release

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// readmeCommand is a command line of one of the README's ```sh blocks,
// with the exit status its comment states ("# exits 1"), 0 by default.
type readmeCommand struct {
	line string
	exit int
}

var exitsComment = regexp.MustCompile(`#\s*exits (\d+)`)

// readmeCommands are the command lines of the README's ```sh blocks.
func readmeCommands(t *testing.T, path string) []readmeCommand {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []readmeCommand
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```"):
			in = !in && strings.TrimSpace(strings.TrimPrefix(line, "```")) == "sh"
		case in && strings.TrimSpace(line) != "" && !strings.HasPrefix(strings.TrimSpace(line), "#"):
			c := readmeCommand{line: line}
			if m := exitsComment.FindStringSubmatch(line); m != nil {
				c.exit, _ = strconv.Atoi(m[1])
			}
			if i := strings.Index(c.line, "  #"); i >= 0 {
				c.line = c.line[:i]
			}
			out = append(out, readmeCommand{line: strings.TrimSpace(c.line), exit: c.exit})
		}
	}
	return out
}

// Every command the README shows runs, on a fresh clone of this
// repository, with the release `make dist` built beside it (the archive,
// wheel and .vsix it names are copied in): `make demo` itself, the
// install commands (pip into a virtual environment; `code` is
// code-server's when the VS Code e2e suite has installed it), then the
// command line on the bundled example. `make test` is the suite this test
// is part of, and does not run again.
func TestDistReadmeCommands(t *testing.T) {
	dist := distDir(t)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	clone := filepath.Join(work, "tdls")
	run := func(dir string, env []string, name string, args ...string) (string, error) {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run(work, nil, "git", "clone", "--quiet", root, clone); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	commands := readmeCommands(t, filepath.Join(clone, "README.md"))
	if len(commands) < 8 {
		t.Fatalf("only %d commands found in the README's sh blocks", len(commands))
	}
	if out, err := run(clone, []string{"CGO_ENABLED=0"}, "go", "build", "-o", "bin/tdls", "./cmd/tdls"); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	venv := filepath.Join(work, "venv")
	path := filepath.Join(clone, "bin") + string(os.PathListSeparator) + os.Getenv("PATH")
	ran, skipped := 0, []string{}
	for _, c := range commands {
		fields := strings.Fields(c.line)
		switch {
		case c.line == "make test":
			skipped = append(skipped, "make test (this suite)")
			continue
		case fields[0] == "pip":
			if _, err := os.Stat(filepath.Join(venv, "bin", "pip")); err != nil {
				if out, err := run(work, nil, "python3", "-m", "venv", venv); err != nil {
					skipped = append(skipped, c.line+" (no python3 venv: "+strings.TrimSpace(out)+")")
					continue
				}
			}
			path = filepath.Join(venv, "bin") + string(os.PathListSeparator) + path
			c.line = strings.Replace(c.line, "pip install", "pip install --no-index", 1)
		case fields[0] == "code":
			if _, err := exec.LookPath("code"); err != nil {
				cs := filepath.Join(root, "editors", "vscode", "e2e", "node_modules", ".bin", "code-server")
				if _, err := os.Stat(cs); err != nil {
					skipped = append(skipped, c.line+" (no code or code-server: make e2e-vscode installs code-server)")
					continue
				}
				c.line = cs + " --user-data-dir " + filepath.Join(work, "vscode-user") + " --extensions-dir " + filepath.Join(work, "vscode-ext") + strings.TrimPrefix(c.line, "code")
			}
		}
		// The release files a command names come from make dist.
		for _, f := range fields {
			if strings.HasPrefix(f, "tdls-") && (strings.HasSuffix(f, ".tar.gz") || strings.HasSuffix(f, ".whl") || strings.HasSuffix(f, ".vsix")) {
				data, err := os.ReadFile(filepath.Join(dist, f))
				if err != nil {
					t.Fatalf("the README names %s, which make dist did not write: %v", f, err)
				}
				if err := os.WriteFile(filepath.Join(clone, f), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		out, err := run(clone, []string{"PATH=" + path}, "bash", "-c", c.line)
		code := 0
		if exit, ok := err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		if code != c.exit {
			t.Errorf("%s: exit %d, want %d\n%s", c.line, code, c.exit, out)
		}
		ran++
	}
	fmt.Printf("readme: %d commands ran on a fresh clone, %d skipped: %s\n", ran, len(skipped), strings.Join(skipped, "; "))
}
