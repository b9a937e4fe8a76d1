package main

import (
	"io"
	"os"

	"tdls/analysis"
	"tdls/analysis/report"
	"tdls/tablegen"
)

// writeSARIF prints `tdls check --format=sarif`: every registered code as
// a rule (its summary, example and default level), results relative to the
// working directory.
func writeSARIF(w io.Writer, set *tablegen.SourceSet, diags []tablegen.Diagnostic) error {
	tool := report.SARIFTool{Name: "tdls", Version: release}
	if wd, err := os.Getwd(); err == nil {
		tool.Root = wd
	}
	for _, g := range analysis.CodeGroups() {
		for _, c := range g.Codes {
			r := report.SARIFRule{ID: c.Code, Summary: upperFirst(c.Summary) + ".", DefaultLevel: c.Severity, Tags: []string{g.Layer}}
			if c.Style {
				r.DefaultLevel = tablegen.SeverityHint
				r.Tags = append(r.Tags, "style")
			}
			if c.Example != "" {
				r.Help = "A file that raises it:\n" + c.Prelude + c.Example
			} else {
				r.Help = "Raised by " + c.Situation + "."
			}
			tool.Rules = append(tool.Rules, r)
		}
	}
	return report.WriteSARIF(w, set, diags, tool)
}
