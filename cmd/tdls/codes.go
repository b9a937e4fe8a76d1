package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"tdls/analysis"
	"tdls/tablegen"
)

func init() {
	register(&command{
		name:    "codes",
		summary: "list every diagnostic code with its meaning and an example (docs/diagnostics.md)",
		usage:   codesUsage,
		run:     func(args []string) int { return runCodes(args, os.Stdout, os.Stderr) },
	})
}

const codesUsage = `usage: tdls codes [--format=text|json|markdown] [CODE...]

Lists every diagnostic code tdls reports, with the level it is reported at
by default and what it means; with CODEs (or prefixes ending in *), each
with an example .td file that raises it. --format=markdown prints
docs/diagnostics.md.
`

func runCodes(args []string, stdout, stderr io.Writer) int {
	format, help := "text", false
	opts := []option{
		{names: []string{"format"}, value: true, set: func(v string) error {
			if v != "text" && v != "json" && v != "markdown" {
				return fmt.Errorf("want text, json or markdown, got %q", v)
			}
			format = v
			return nil
		}},
		{names: []string{"h", "help"}, set: func(string) error { help = true; return nil }},
	}
	names, err := parseCommandLine(args, opts)
	switch {
	case help:
		fmt.Fprint(stdout, codesUsage)
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "tdls codes: %v\n%s", err, codesUsage)
		return 2
	}
	groups := analysis.CodeGroups()
	if len(names) > 0 {
		var picked []tablegen.CodeInfo
		for _, n := range names {
			found := false
			for _, c := range analysis.Codes() {
				if c.Code == n || strings.HasSuffix(n, "*") && strings.HasPrefix(c.Code, strings.TrimSuffix(n, "*")) {
					picked = append(picked, c)
					found = true
				}
			}
			if !found {
				fmt.Fprintf(stderr, "tdls codes: no code %q (tdls codes lists them)\n", n)
				return 2
			}
		}
		groups = []analysis.CodeGroup{{Codes: picked}}
	}
	w := bufio.NewWriter(stdout)
	switch {
	case format == "json":
		writeCodesJSON(w, groups)
	case format == "markdown":
		writeCodesMarkdown(w, groups)
	case len(names) > 0:
		writeCodeDetails(w, groups[0].Codes)
	default:
		writeCodesText(w, groups)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "tdls codes: %v\n", err)
		return 1
	}
	return 0
}

// defaultLevel is what a code is reported as when nothing configures it.
func defaultLevel(c tablegen.CodeInfo) string {
	if c.Style {
		return "hint"
	}
	return analysis.LevelOf(c.Severity).String()
}

func writeCodesText(w io.Writer, groups []analysis.CodeGroup) {
	width := 0
	for _, g := range groups {
		for _, c := range g.Codes {
			width = max(width, len(c.Code))
		}
	}
	for i, g := range groups {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s:\n", g.Layer)
		for _, c := range g.Codes {
			fmt.Fprintf(w, "  %-*s  %-11s  %s\n", width, c.Code, defaultLevel(c), c.Summary)
		}
	}
}

func writeCodeDetails(w io.Writer, codes []tablegen.CodeInfo) {
	for i, c := range codes {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s (%s)\n  %s\n", c.Code, defaultLevel(c), c.Summary)
		if c.Style {
			fmt.Fprintf(w, "  a style lint: its check raises it as a %s, reported as a hint unless configured\n", c.Severity)
		}
		if c.BreaksBuild {
			fmt.Fprintln(w, "  mlir-tblgen accepts it; the C++ it generates does not compile")
		}
		if c.Newer {
			fmt.Fprintf(w, "  a newer LLVM may have it: a warning when your LLVM is newer than %d\n", modelledLLVM)
		}
		if c.Proof != "" {
			fmt.Fprintf(w, "  proof: %s\n", c.Proof)
		}
		if c.Example == "" {
			fmt.Fprintf(w, "  raised by: %s\n", c.Situation)
			continue
		}
		fmt.Fprintln(w, "  example:")
		for _, line := range strings.Split(strings.TrimRight(c.Prelude+c.Example, "\n"), "\n") {
			fmt.Fprintf(w, "    %s\n", line)
		}
	}
}

// codeJSON is one code in `tdls codes --format=json`.
type codeJSON struct {
	Code      string `json:"code"`
	Layer     string `json:"layer,omitempty"`
	Severity  string `json:"severity"` // as its check raises it
	Default   string `json:"default"`  // as it is reported unless configured
	Style     bool   `json:"style,omitempty"`
	Summary   string `json:"summary"`
	Example   string `json:"example,omitempty"` // a whole .td file
	Situation string `json:"situation,omitempty"`
	Proof     string `json:"proof,omitempty"` // what shows a warning certain
}

func writeCodesJSON(w io.Writer, groups []analysis.CodeGroup) {
	out := []codeJSON{}
	for _, g := range groups {
		for _, c := range g.Codes {
			j := codeJSON{Code: c.Code, Layer: g.Layer, Severity: analysis.LevelOf(c.Severity).String(), Default: defaultLevel(c),
				Style: c.Style, Summary: c.Summary, Situation: c.Situation, Proof: c.Proof}
			if c.Example != "" {
				j.Example = c.Prelude + c.Example
			}
			out = append(out, j)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(out)
}

// layerTitles name the layers in docs/diagnostics.md.
var layerTitles = map[string]string{
	"tablegen":      "The frontend: lexer, preprocessor, includes, parser",
	"tablegen/eval": "Evaluation (as llvm-tblgen builds the records)",
	"ods":           "ODS: ops, attributes, types, enums, interfaces, passes, assembly formats, transform ops",
	"drr":           "DRR: patterns and the pattern set",
	"analysis":      "The workspace",
}

// writeCodesMarkdown prints docs/diagnostics.md.
func writeCodesMarkdown(w io.Writer, groups []analysis.CodeGroup) {
	fmt.Fprint(w, `# Diagnostic codes

<!-- Generated by `+"`tdls codes --format=markdown`"+` from the code registry of each
layer (tablegen/codes.go, tablegen/eval/codes.go, ods/codes.go, drr/codes.go,
analysis/codes.go); cmd/tdls/codes_test.go keeps this file up to date. -->

Every diagnostic tdls reports carries one of these codes. The *level* is
what it is reported as unless configured: a project's `+"`.tdls.yaml`"+`, the
editor settings and `+"`tdls check --severity CODE=LEVEL`"+` can set any code,
or every code of a prefix (`+"`ods-format-*`"+`), to `+"`off`, `hint`, `information`,\n`warning` or `error`"+` (README, "Configuring diagnostics"). Style lints are
conventions of the ODS manual rather than problems of code that builds:
their checks raise them as warnings, and they are reported as hints unless
configured.

Each example is a whole .td file (its layer's prelude, then the lines
shown) that raises the code when checked with MLIR 22's include directory
(`+"`tdls check -I /usr/lib/llvm-22/include example.td`"+`; `+"`tdls codes CODE`"+` prints
it whole); every example of an error is rejected by LLVM 22's own tools as
well, except those of errors LLVM's tools accept but whose generated C++
does not compile (proven with g++ by the layer's tests). Tests check all
of this.

`)
	preludes := map[string]string{}
	var preludeOrder []string
	for _, g := range groups {
		for _, c := range g.Codes {
			if c.Prelude != "" && preludes[c.Prelude] == "" {
				preludes[c.Prelude] = g.Layer
				preludeOrder = append(preludeOrder, c.Prelude)
			}
		}
	}
	fmt.Fprintln(w, "## Preludes")
	fmt.Fprintln(w)
	for _, p := range preludeOrder {
		body := p
		for _, q := range preludeOrder {
			if q != p && strings.HasPrefix(p, q) {
				fmt.Fprintf(w, "The %s examples start with the %s prelude, then:\n\n", strings.ToUpper(preludes[p]), strings.ToUpper(preludes[q]))
				body = strings.TrimPrefix(p, q)
			}
		}
		if body == p {
			fmt.Fprintf(w, "The %s examples start with:\n\n", strings.ToUpper(preludes[p]))
		}
		fmt.Fprintf(w, "```tablegen\n%s```\n\n", body)
	}
	fmt.Fprint(w, `## Warnings and their proofs

A warning says something certain of the code the .td shows: that its C++
does not build, that it fails at run time, or that part of it does
nothing (an ignored name, a repeated pattern). Each is raised only where
that is certain, and this table says what shows it: a test
that compiles (g++ against MLIR 22's headers) or runs what it flags, or
where MLIR or mlir-tblgen enforces the rule. A check whose claim rests on
C++ the .td does not show (a hand-written dialect class, the rewrite driver
a pattern set is applied with) is information, its message naming the
assumption. Style lints are not listed: they are hints.

| code | proof |
|---|---|
`)
	for _, g := range groups {
		for _, c := range g.Codes {
			if c.Severity == tablegen.SeverityWarning && !c.Style {
				fmt.Fprintf(w, "| [`%s`](#%s) | %s |\n", c.Code, c.Code, markdownCell(c.Proof))
			}
		}
	}
	fmt.Fprintln(w)
	for _, g := range groups {
		fmt.Fprintf(w, "## %s\n\n", layerTitles[g.Layer])
		fmt.Fprintln(w, "| code | level | meaning |")
		fmt.Fprintln(w, "|---|---|---|")
		for _, c := range g.Codes {
			fmt.Fprintf(w, "| [`%s`](#%s) | %s | %s |\n", c.Code, c.Code, defaultLevel(c), markdownCell(c.Summary))
		}
		fmt.Fprintln(w)
		for _, c := range g.Codes {
			fmt.Fprintf(w, "### %s\n\n%s.", c.Code, upperFirst(c.Summary))
			switch {
			case c.Style:
				fmt.Fprintf(w, " A style lint: a hint unless configured.")
			case c.BreaksBuild:
				fmt.Fprintf(w, " Reported as %s: mlir-tblgen accepts it, the C++ it generates does not compile.", article(defaultLevel(c)))
			case c.Newer:
				fmt.Fprintf(w, " Reported as %s; as a warning when your LLVM is newer than %d, which may have it.", article(defaultLevel(c)), modelledLLVM)
			default:
				fmt.Fprintf(w, " Reported as %s.", article(defaultLevel(c)))
			}
			if c.Proof != "" {
				fmt.Fprintf(w, " Proof: %s.", c.Proof)
			}
			fmt.Fprint(w, "\n\n")
			switch {
			case c.Example == "":
				fmt.Fprintf(w, "Raised by %s.\n\n", c.Situation)
			case c.Prelude != "":
				fmt.Fprintf(w, "```tablegen\n// after the %s prelude\n%s```\n\n", strings.ToUpper(preludes[c.Prelude]), c.Example)
			default:
				fmt.Fprintf(w, "```tablegen\n%s```\n\n", c.Example)
			}
		}
	}
}

func markdownCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func article(level string) string {
	if level == "error" || level == "information" {
		return "an " + level
	}
	return "a " + level
}
