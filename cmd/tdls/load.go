package main

import (
	"fmt"
	"io"
	"os"

	"tdls/analysis"
	"tdls/analysis/report"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// loadEvaluated reads file ("-" is standard input), parses it with
// llvm-tblgen's include policy and evaluates it, even after syntax errors so
// that later independent errors are reported too. Diagnostics go to stderr
// as `check` prints them. ok is false when the file could not be read or any
// error was reported: the commands built on it then exit 1, as LLVM's do.
func loadEvaluated(cmd, file string, includes, defines []string, stderr io.Writer) (u *tablegen.Unit, res *eval.Result, ok bool) {
	var data []byte
	var err error
	if file == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = tablegen.ReadInputFile(file)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tdls %s: %v\n", cmd, err)
		return nil, nil, false
	}
	set := tablegen.NewSourceSet()
	u = tablegen.ParseUnit(set, set.AddFile(file, data), tablegen.LexOptions{
		Loader:  &tablegen.CommandLineLoader{IncludeDirs: includes},
		Defines: defines,
	})
	res = eval.Evaluate(u, eval.Options{})
	var pipeline analysis.Pipeline
	diags := pipeline.Report(append(append(tablegen.Diagnostics(nil), pipeline.Syntax(u)...), res.Diagnostics...))
	if err := report.WriteText(stderr, set, report.Ordered(set, diags)); err != nil {
		return nil, nil, false
	}
	return u, res, !diags.HasErrors()
}
