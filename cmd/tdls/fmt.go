package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"tdls/analysis"
	"tdls/tablegen"
	"tdls/tablegen/format"
	"tdls/toolchain"
)

func init() {
	register(&command{
		name:    "fmt",
		summary: "format .td files (whitespace only; -w, -l, -d, --check, --lines, --changed)",
		usage:   fmtUsage,
		run:     func(args []string) int { return runFmt(args, os.Stdin, os.Stdout, os.Stderr) },
	})
}

const fmtUsage = `usage: tdls fmt [-w | -l | -d | --check] [--lines N:M]... [--changed [REV]] [FILE... | -]

Formats TableGen files, changing only whitespace. With no file, or -, it
formats standard input. Without -w, -l, -d or --check it prints the result.
  -w            write the result to each file instead of printing it
  -l            list the files whose formatting differs
  -d            print a unified diff of the changes
  --check       print the diff and exit 1 when any file would change
  --lines N:M   format only lines N to M (1-based; repeatable)
  --changed REV format only the lines changed against git revision REV
                (HEAD when none is given)
The column limit is format.columnLimit in .tdls.yaml (80 by default), the
indentation of a body level format.indentWidth (2 by default).`

// errHelp asks for the usage on standard output.
var errHelp = errors.New(fmtUsage)

type fmtFlags struct {
	write, list, diff, check bool
	lines                    []format.LineRange
	changed                  bool
	rev                      string
	files                    []string
}

func parseFmtFlags(args []string) (fmtFlags, error) {
	var f fmtFlags
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-w":
			f.write = true
		case a == "-l":
			f.list = true
		case a == "-d":
			f.diff = true
		case a == "--check" || a == "-check":
			f.check = true
		case a == "--lines" || a == "-lines" || strings.HasPrefix(a, "--lines="):
			v, ok := strings.CutPrefix(a, "--lines=")
			if !ok {
				if i+1 >= len(args) {
					return f, fmt.Errorf("--lines needs N:M")
				}
				i++
				v = args[i]
			}
			r, err := parseLineRange(v)
			if err != nil {
				return f, err
			}
			f.lines = append(f.lines, r)
		case a == "--changed" || a == "-changed" || strings.HasPrefix(a, "--changed="):
			f.changed, f.rev = true, "HEAD"
			if v, ok := strings.CutPrefix(a, "--changed="); ok {
				f.rev = v
			} else if i+1 < len(args) && isRevision(args[i+1]) {
				i++
				f.rev = args[i]
			}
		case a == "-h" || a == "--help":
			return f, errHelp
		case strings.HasPrefix(a, "-") && a != "-":
			return f, fmt.Errorf("unknown flag %s\n%s", a, fmtUsage)
		default:
			f.files = append(f.files, a)
		}
	}
	n := 0
	for _, b := range []bool{f.write, f.list, f.diff, f.check} {
		if b {
			n++
		}
	}
	if n > 1 {
		return f, fmt.Errorf("-w, -l, -d and --check exclude each other")
	}
	if f.changed && len(f.lines) > 0 {
		return f, fmt.Errorf("--lines and --changed exclude each other")
	}
	return f, nil
}

// isRevision tells the optional REV of --changed from a file: what follows
// --changed is a revision unless it is a flag, '-' or an existing path.
func isRevision(a string) bool {
	if strings.HasPrefix(a, "-") {
		return false
	}
	_, err := os.Stat(a)
	return err != nil
}

func parseLineRange(v string) (format.LineRange, error) {
	a, b, ok := strings.Cut(v, ":")
	n, err1 := strconv.Atoi(a)
	m, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || m < n {
		return format.LineRange{}, fmt.Errorf("--lines %s: want N:M with 1 <= N <= M", v)
	}
	return format.LineRange{First: n, Last: m}, nil
}

// fmtIO is where tdls fmt reads standard input and writes.
type fmtIO struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

func runFmt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o := fmtIO{stdin, stdout, stderr}
	f, err := parseFmtFlags(args)
	if err == errHelp {
		fmt.Fprintln(stdout, fmtUsage)
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "tdls fmt:", err)
		return 2
	}
	files := f.files
	if len(files) == 0 {
		files = []string{"-"}
	}
	code := 0
	for _, file := range files {
		c := o.fmtFile(f, file)
		code = max(code, c)
	}
	return code
}

// fmtFile formats one file (or standard input) as the flags ask; it returns
// the exit code: 2 on an error, 1 when --check finds a change.
func (o fmtIO) fmtFile(f fmtFlags, file string) int {
	stdin := file == "-"
	var src []byte
	var err error
	name := file
	if stdin {
		if f.write {
			fmt.Fprintln(o.stderr, "tdls fmt: -w needs a file, not standard input")
			return 2
		}
		name = "<standard input>"
		src, err = io.ReadAll(io.LimitReader(o.stdin, tablegen.MaxSetSize+1))
	} else {
		src, err = tablegen.ReadRegularFile(file)
	}
	if err != nil {
		fmt.Fprintln(o.stderr, "tdls fmt:", err)
		return 2
	}
	opt, err := formatOptions(file)
	if err != nil {
		fmt.Fprintln(o.stderr, "tdls fmt:", err)
		return 2
	}
	opt.Lines = f.lines
	if f.changed {
		if stdin {
			fmt.Fprintln(o.stderr, "tdls fmt: --changed needs a file, not standard input")
			return 2
		}
		ranges, err := changedLines(file, f.rev)
		if err != nil {
			fmt.Fprintln(o.stderr, "tdls fmt:", err)
			return 2
		}
		if len(ranges) == 0 {
			ranges = []format.LineRange{{First: 0, Last: -1}} // nothing changed: nothing to format
		}
		opt.Lines = ranges
	}
	out, err := format.Source(src, opt)
	if err != nil {
		fmt.Fprintf(o.stderr, "tdls fmt: %s: %v; the file is left as it is\n", name, err)
		return 2
	}
	same := bytes.Equal(out, src)
	switch {
	case f.list:
		if !same {
			fmt.Fprintln(o.stdout, name)
		}
	case f.diff || f.check:
		if !same {
			io.WriteString(o.stdout, format.Unified(name+".orig", name, src, out))
			if f.check {
				return 1
			}
		}
	case f.write:
		if !same {
			if err := writeKeepingMode(file, out); err != nil {
				fmt.Fprintln(o.stderr, "tdls fmt:", err)
				return 2
			}
		}
	default:
		o.stdout.Write(out)
	}
	return 0
}

// formatOptions are format.columnLimit and format.indentWidth of the
// .tdls.yaml that applies to file (the working directory's for standard
// input); the defaults where it sets none. A .tdls.yaml that does not
// parse is an error, as for tdls check.
func formatOptions(file string) (format.Options, error) {
	dir := "."
	if file != "-" {
		dir = filepath.Dir(file)
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if p := analysis.FindProjectConfig(dir); p != "" {
		cfg, err := analysis.LoadProjectConfig(p)
		if err != nil {
			return format.Options{}, err
		}
		return format.Options{Column: cfg.FormatColumn, Indent: cfg.FormatIndent}, nil
	}
	return format.Options{}, nil
}

func writeKeepingMode(path string, data []byte) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp := path + ".tdls-fmt.tmp"
	if err := os.WriteFile(tmp, data, st.Mode().Perm()); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

var hunkHeader = regexp.MustCompile(`(?m)^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@`)

// changedLines are the lines of file that differ from its version at rev
// (git diff -U0), the whole file when git does not track it.
func changedLines(file, rev string) ([]format.LineRange, error) {
	dir, base := filepath.Split(file)
	if dir == "" {
		dir = "."
	}
	if _, err := runGit(dir, "ls-files", "--error-unmatch", "--", base); err != nil {
		return []format.LineRange{{First: 1, Last: 1 << 30}}, nil // untracked: all new
	}
	out, err := runGit(dir, "diff", "-U0", "--no-color", "--no-ext-diff", "--no-textconv", rev, "--", base)
	if err != nil {
		return nil, fmt.Errorf("git diff %s -- %s: %v", rev, file, err)
	}
	var rs []format.LineRange
	for _, m := range hunkHeader.FindAllStringSubmatch(out, -1) {
		start, _ := strconv.Atoi(m[1])
		n := 1
		if m[2] != "" {
			n, _ = strconv.Atoi(m[2])
		}
		if n > 0 {
			rs = append(rs, format.LineRange{First: start, Last: start + n - 1})
		}
	}
	return rs, nil
}

// runGit runs the machine's git in dir, through toolchain.Command (the one
// place tdls starts a process): the working directory and the file's
// directory are the workspace, so a git that a repository holds, reached
// through a PATH entry inside it, is not run. What a repository's own git
// configuration could make git run is off: the fsmonitor hook here, an
// external diff and textconv filters in the diff's options.
func runGit(dir string, args ...string) (string, error) {
	path, err := exec.LookPath("git")
	if err != nil {
		return "", err
	}
	var rt runTrust
	args = append([]string{"-c", "core.fsmonitor=false"}, args...)
	cmd, err := toolchain.Command(context.Background(), rt.trust(dir), toolchain.Tool{Path: path, Origin: toolchain.FromMachine}, args...)
	if err != nil {
		return "", err
	}
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && stderr.Len() > 0 {
		err = fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return string(out), err
}
