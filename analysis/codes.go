package analysis

import (
	"sync"

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
	groups := CodeGroups()
	n := 0
	for _, g := range groups {
		n += len(g.Codes)
	}
	out := make([]tablegen.CodeInfo, 0, n)
	for _, g := range groups {
		out = append(out, g.Codes...)
	}
	return out
}

// LookupCode returns the registry entry of code.
func LookupCode(code string) (tablegen.CodeInfo, bool) {
	if c := codeIndex()[code]; c != nil {
		return *c, true
	}
	return tablegen.CodeInfo{}, false
}

// codeIndex is every code's registry entry by name: a table built on first
// use and never changed after. A check that reports nothing never builds the
// registry (~70 KB, most of it the examples), one that reports builds it
// once rather than for each diagnostic.
var codeIndex = sync.OnceValue(func() map[string]*tablegen.CodeInfo {
	all := Codes()
	out := make(map[string]*tablegen.CodeInfo, len(all))
	for i := range all {
		out[all[i].Code] = &all[i] // each code once: TestCodeRegistryShape
	}
	return out
})

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
			Situation: "a .td path in the workspace that is not a readable regular file",
			Proof:     "a run: TestServeRefusesWhatIsNotAFile and TestServeBigFile (cmd/tdls) publish it for a pipe and a file past the limit, which the index does not read"},
	}
}
