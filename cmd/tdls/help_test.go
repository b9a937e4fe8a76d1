package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// runCaptured runs a tdls command line in this process, not from a
// terminal, and returns what it printed on stdout and stderr.
func runCaptured(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	dir := t.TempDir()
	outFile, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	errFile, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	saved, savedErr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = outFile, errFile
	code = run(args, false)
	os.Stdout, os.Stderr = saved, savedErr
	outFile.Close()
	errFile.Close()
	o, _ := os.ReadFile(outFile.Name())
	e, _ := os.ReadFile(errFile.Name())
	return string(o), string(e), code
}

func commandNames() []string {
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Every command has usage, printed on stdout with exit status 0 for
// `tdls help NAME`, `tdls NAME --help` and `tdls NAME -h`; and rejects an
// unknown option with exit status 2 and a message on stderr. `tdls
// --help`, `tdls -h` and `tdls help` list every command; an unknown
// command exits 2.
func TestEveryCommandHasHelpAndRejectsUnknownOptions(t *testing.T) {
	for _, name := range commandNames() {
		for _, args := range [][]string{{"help", name}, {name, "--help"}, {name, "-h"}} {
			out, _, code := runCaptured(t, args...)
			if code != 0 || !strings.HasPrefix(out, "usage: tdls") || !strings.Contains(out, name) {
				t.Errorf("tdls %s: exit %d, stdout %q", strings.Join(args, " "), code, out)
			}
		}
		out, errOut, code := runCaptured(t, name, "--no-such-option")
		if code != 2 || out != "" || !strings.Contains(errOut, "--no-such-option") {
			t.Errorf("tdls %s --no-such-option: exit %d, stdout %q, stderr %q; want 2 and the option named on stderr", name, code, out, errOut)
		}
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		out, _, code := runCaptured(t, args...)
		if code != 0 {
			t.Errorf("tdls %s: exit %d", args[0], code)
		}
		for _, name := range commandNames() {
			if !strings.Contains(out, "  "+name+" ") {
				t.Errorf("tdls %s does not list %s:\n%s", args[0], name, out)
			}
		}
	}
	for _, args := range [][]string{{"no-such-command"}, {"help", "no-such-command"}} {
		if _, errOut, code := runCaptured(t, args...); code != 2 || !strings.Contains(errOut, "no-such-command") {
			t.Errorf("tdls %s: exit %d, stderr %q", strings.Join(args, " "), code, errOut)
		}
	}
}

// A person who runs `tdls` in a terminal is told in one line what it is and
// how to check files; the server then waits for messages as before (here
// it reads the end of input and exits).
func TestTerminalHint(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("SKIP: no script(1) to give tdls a terminal (apt-get install bsdutils)")
	}
	// script gives tdls (this test binary, run as tdls) a pseudo-terminal
	// as stdin; a ^D is the terminal's end of input.
	cmd := exec.Command(script, "-qec", os.Args[0], "/dev/null")
	cmd.Env = append(os.Environ(), asTdls+"=1")
	cmd.Stdin = strings.NewReader("\x04")
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "this is the TableGen language server") || !strings.Contains(string(out), "tdls check FILE.td") {
		t.Errorf("tdls in a terminal said:\n%s", out)
	}
	// From a pipe (an editor), nothing but the protocol.
	cmd = tdlsCommand()
	cmd.Stdin = strings.NewReader("")
	out, _ = cmd.CombinedOutput()
	if strings.Contains(string(out), "language server") {
		t.Errorf("tdls from a pipe printed the hint:\n%s", out)
	}
}
