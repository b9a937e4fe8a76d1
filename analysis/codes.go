package analysis

import (
	"slices"

	"tdls/drr"
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// CodeGroup is one layer's codes.
type CodeGroup struct {
	Layer string // the package that declares them: "tablegen", "ods", ...
	Codes []tablegen.CodeInfo
}

// CodeGroups are every diagnostic code tdls raises, layer by layer in the
// order the pipeline runs them. Each layer declares the codes it raises;
// the analysis declares its own (internal errors, include summaries, the
// index).
func CodeGroups() []CodeGroup {
	return []CodeGroup{
		{"tablegen", tablegen.Codes()},
		{"tablegen/eval", eval.Codes()},
		{"ods", ods.Codes()},
		{"drr", drr.Codes()},
		{"analysis", analysisCodes()},
	}
}

// Codes is every code of CodeGroups, in their order.
func Codes() []tablegen.CodeInfo {
	var out []tablegen.CodeInfo
	for _, g := range CodeGroups() {
		out = append(out, g.Codes...)
	}
	return out
}

// LookupCode returns the registry entry of code.
func LookupCode(code string) (tablegen.CodeInfo, bool) {
	all := Codes()
	if i := slices.IndexFunc(all, func(c tablegen.CodeInfo) bool { return c.Code == code }); i >= 0 {
		return all[i], true
	}
	return tablegen.CodeInfo{}, false
}

func analysisCodes() []tablegen.CodeInfo {
	return []tablegen.CodeInfo{
		{Code: "include-errors", Severity: tablegen.SeverityError,
			Summary:   "an included file has errors: the first is summarised at the include, all of them are related information",
			Situation: "an `include` of a file that has errors of its own (they are shown in that file too)"},
		{Code: "eval-internal", Severity: tablegen.SeverityError,
			Summary:   "the evaluator failed on this file (a tdls bug); navigation falls back to the syntax",
			Situation: "a bug in tdls's evaluator; please report the file"},
		{Code: "check-internal", Severity: tablegen.SeverityError,
			Summary:   "an ODS or DRR check failed on this file (a tdls bug); op and pattern features are off for it",
			Situation: "a bug in one of tdls's ODS or DRR checks; please report the file"},
		{Code: "file-not-indexed", Severity: tablegen.SeverityWarning,
			Summary:   "the workspace index could not read this file (a pipe, a device, past the size limit)",
			Situation: "a .td path in the workspace that is not a readable regular file"},
	}
}
