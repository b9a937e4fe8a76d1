package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"tdls/analysis"
	"tdls/analysis/report"
	"tdls/drr"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

func init() {
	register(&command{
		name:    "check",
		summary: "print diagnostics for .td files; exit 1 on any error",
		run:     func(args []string) int { return runCheck(args, os.Stdout, os.Stderr) },
	})
}

const checkUsage = `usage: tdls check [-I DIR]... [-D NAME]... [--format=text|json] [--syntax-only]
                  [--cpu-profile FILE] [--mem-profile FILE] FILE...

Reads each FILE as the root of a translation unit, resolving includes as
llvm-tblgen does (as written, then each -I directory in order), and prints
every diagnostic. Exits 1 if any is an error, 2 on a bad command line.

  -I DIR, --include-dir DIR  add DIR to the include search path
  -D NAME                    define the preprocessor macro NAME
  --format text|json         text (FILE:LINE:COL: ...) or LSP-shaped JSON
  --syntax-only              stop after parsing
  --cpu-profile FILE         write a CPU profile of the run (go tool pprof)
  --mem-profile FILE         write a heap profile at the end of the run
`

// checkConfig is what a check of one root needs from the command line.
type checkConfig struct {
	includeDirs []string
	defines     []string
	syntaxOnly  bool
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	var cfg checkConfig
	var prof profiles
	format, help := "text", false
	opts := append(append(includeOptions(&cfg.includeDirs, &cfg.defines), prof.options()...),
		option{names: []string{"format"}, value: true, set: func(v string) error {
			if v != "text" && v != "json" {
				return fmt.Errorf("want text or json, got %q", v)
			}
			format = v
			return nil
		}},
		option{names: []string{"syntax-only"}, set: func(string) error { cfg.syntaxOnly = true; return nil }},
		option{names: []string{"h", "help"}, set: func(string) error { help = true; return nil }},
	)
	defer func() {
		if err := prof.stop(); err != nil {
			fmt.Fprintf(stderr, "tdls check: %v\n", err)
		}
	}()
	files, err := parseCommandLine(args, opts)
	switch {
	case help:
		fmt.Fprint(stdout, checkUsage)
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "tdls check: %v\n%s", err, checkUsage)
		return 2
	case len(files) == 0:
		fmt.Fprintf(stderr, "tdls check: no input files\n%s", checkUsage)
		return 2
	}

	if err := prof.start(); err != nil {
		fmt.Fprintf(stderr, "tdls check: %v\n", err)
		return 2
	}
	set := tablegen.NewSourceSet()
	var diags []tablegen.Diagnostic
	for _, path := range files {
		diags = append(diags, checkFile(set, path, cfg)...)
	}
	diags = report.Ordered(set, pipeline.Report(diags))
	write := report.WriteText
	if format == "json" {
		write = report.WriteJSON
	}
	if err := write(stdout, set, diags); err != nil {
		fmt.Fprintf(stderr, "tdls check: %v\n", err)
		return 1
	}
	if tablegen.Diagnostics(diags).HasErrors() {
		return 1
	}
	return 0
}

// checkFile reads path as a root, parses it with its include closure and
// runs every unit check; an unreadable root is itself a diagnostic.
func checkFile(set *tablegen.SourceSet, path string, cfg checkConfig) []tablegen.Diagnostic {
	data, err := tablegen.ReadInputFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		f := set.AddFile(path, nil)
		return []tablegen.Diagnostic{{
			Range:    tablegen.Range{Start: f.Pos(0), End: f.Pos(0)},
			Severity: tablegen.SeverityError,
			Code:     "input-unreadable",
			Message:  fmt.Sprintf("could not open input file '%s': %v", path, err),
		}}
	}
	root := set.AddFile(path, data)
	u := tablegen.ParseUnit(set, root, tablegen.LexOptions{
		Loader:  &tablegen.CommandLineLoader{IncludeDirs: cfg.includeDirs},
		Defines: cfg.defines,
	})
	diags := append([]tablegen.Diagnostic(nil), pipeline.Syntax(u)...)
	if !cfg.syntaxOnly {
		m := pipeline.Check(u, eval.Evaluate(u, eval.Options{}), nil)
		diags = append(diags, drr.Plain(m.Problems)...)
	}
	return diags
}

// pipeline is the check pipeline the server runs too (analysis.Pipeline),
// with the diagnostics reported as the checks make them.
var pipeline analysis.Pipeline
