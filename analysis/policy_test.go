package analysis

import (
	"strings"
	"testing"

	"tdls/tablegen"
)

func rule(t *testing.T, s string, src RuleSource) SeverityRule {
	t.Helper()
	r, err := ParseSeverityRule(s, src)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The precedence of policy.go: specificity first (exact > longer prefix >
// shorter prefix > *), then the source (command line > editor > project
// file), then the later rule; style lints are hints when no rule matches;
// Werror promotes what is left a warning.
func TestPolicyPrecedence(t *testing.T) {
	file, editor, cmdline := FromProjectFile, FromEditor, FromCommandLine
	cases := []struct {
		name  string
		rules []SeverityRule
		werr  bool
		code  string
		sev   tablegen.Severity
		want  Level
	}{
		{"no rule", nil, false, "drr-result-types", tablegen.SeverityWarning, LevelWarning},
		{"style lint", nil, false, "ods-summary-period", tablegen.SeverityWarning, LevelHint},
		{"style lint configured", []SeverityRule{rule(t, "ods-summary-period=warning", file)}, false, "ods-summary-period", tablegen.SeverityWarning, LevelWarning},
		{"style lint by prefix", []SeverityRule{rule(t, "ods-*=error", file)}, false, "ods-unnamed-operand", tablegen.SeverityWarning, LevelError},
		{"exact beats prefix", []SeverityRule{rule(t, "ods-summary-period=warning", file), rule(t, "ods-*=off", cmdline)}, false, "ods-summary-period", tablegen.SeverityWarning, LevelWarning},
		{"longer prefix beats shorter", []SeverityRule{rule(t, "ods-format-*=warning", file), rule(t, "ods-*=off", cmdline)}, false, "ods-format-missing", tablegen.SeverityError, LevelWarning},
		{"prefix beats *", []SeverityRule{rule(t, "drr-*=information", file), rule(t, "*=error", cmdline)}, false, "drr-result-types", tablegen.SeverityWarning, LevelInformation},
		{"* alone", []SeverityRule{rule(t, "*=error", cmdline)}, false, "ods-summary-period", tablegen.SeverityWarning, LevelError},
		{"command line beats editor", []SeverityRule{rule(t, "drr-result-types=hint", editor), rule(t, "drr-result-types=error", cmdline)}, false, "drr-result-types", tablegen.SeverityWarning, LevelError},
		{"editor beats file", []SeverityRule{rule(t, "drr-result-types=error", editor), rule(t, "drr-result-types=off", file)}, false, "drr-result-types", tablegen.SeverityWarning, LevelError},
		{"later rule of one source", []SeverityRule{rule(t, "drr-result-types=off", cmdline), rule(t, "drr-result-types=hint", cmdline)}, false, "drr-result-types", tablegen.SeverityWarning, LevelHint},
		{"off", []SeverityRule{rule(t, "pattern-*=off", file)}, false, "pattern-self-loop", tablegen.SeverityWarning, LevelOff},
		{"werror", nil, true, "drr-result-types", tablegen.SeverityWarning, LevelError},
		{"werror leaves hints", nil, true, "ods-summary-period", tablegen.SeverityWarning, LevelHint},
		{"werror after rules", []SeverityRule{rule(t, "eval-assert=warning", file)}, true, "eval-assert", tablegen.SeverityError, LevelError},
		{"werror leaves information", []SeverityRule{rule(t, "drr-*=information", file)}, true, "drr-result-types", tablegen.SeverityWarning, LevelInformation},
	}
	for _, c := range cases {
		p := Policy{Rules: c.rules, Werror: c.werr}
		if got := p.Level(c.code, c.sev); got != c.want {
			t.Errorf("%s: %s is %s, want %s", c.name, c.code, got, c.want)
		}
	}
}

func TestSeverityRuleErrors(t *testing.T) {
	for in, want := range map[string]string{
		"ods-summary-period":       "want CODE=LEVEL",
		"ods-sumary-period=off":    "not a diagnostic code",
		"odz-*=off":                "no diagnostic code starts with",
		"ods-summary-period=loud":  "unknown level",
		"ods-*-period=off":         "* may only end a pattern",
		"ods-summary-period=info":  "",
		"'*'=error":                "* may only end a pattern",
		"ods-format-*=warning":     "",
		"drr-result-types=Warning": "",
	} {
		_, err := ParseSeverityRule(in, FromCommandLine)
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", in, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: got %v, want an error with %q", in, err, want)
		}
	}
}

// Report applies the policy to every diagnostic it passes out, and leaves
// the checks' diagnostics (which caches share) as they were.
func TestPipelineReportAppliesPolicy(t *testing.T) {
	in := tablegen.Diagnostics{
		{Severity: tablegen.SeverityWarning, Code: "ods-summary-period"},
		{Severity: tablegen.SeverityWarning, Code: "drr-result-types"},
		{Severity: tablegen.SeverityError, Code: "eval-assert"},
	}
	p := Pipeline{Policy: &Policy{Rules: []SeverityRule{rule(t, "drr-*=off", FromProjectFile), rule(t, "eval-assert=warning", FromEditor)}}}
	out := p.Report(in)
	if len(out) != 2 || out[0].Severity != tablegen.SeverityHint || out[1].Severity != tablegen.SeverityWarning || out[1].Code != "eval-assert" {
		t.Errorf("got %+v", out)
	}
	if in[0].Severity != tablegen.SeverityWarning || in[2].Severity != tablegen.SeverityError {
		t.Errorf("Report changed its input: %+v", in)
	}
}

// With the user's LLVM newer than 22, the errors about what LLVM 22 lacks
// are warnings unless a rule says otherwise; other errors stay errors.
func TestPolicyNewerLLVM(t *testing.T) {
	var newer []string
	for _, c := range Codes() {
		if c.Newer {
			newer = append(newer, c.Code)
		}
	}
	if strings.Join(newer, ",") != "syntax-bang,drr-unknown-directive" {
		t.Errorf("codes of what a newer LLVM may have: %v", newer)
	}
	p := &Policy{NewerLLVM: true}
	for _, c := range []struct {
		p    *Policy
		code string
		want Level
	}{
		{&Policy{}, "syntax-bang", LevelError},
		{p, "syntax-bang", LevelWarning},
		{p, "drr-unknown-directive", LevelWarning},
		{p, "drr-not-op", LevelError},
		{&Policy{NewerLLVM: true, Werror: true}, "syntax-bang", LevelError},
		{&Policy{NewerLLVM: true, Rules: []SeverityRule{{Pattern: "syntax-*", Level: LevelError}}}, "syntax-bang", LevelError},
	} {
		if got := c.p.Level(c.code, tablegen.SeverityError); got != c.want {
			t.Errorf("%+v: %s is %v, want %v", *c.p, c.code, got, c.want)
		}
	}
}
