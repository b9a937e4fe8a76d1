package analysis

import (
	"fmt"
	"strings"

	"tdls/tablegen"
)

// The reporting policy: what level each diagnostic is reported at. Rules
// come from three places, the project's .tdls.yaml, the editor settings
// and the command line (`--severity CODE=LEVEL`); Pipeline.Report applies
// them to every diagnostic of the command line and the server alike.
//
// A rule names a code (drr-result-types), a family of codes by prefix
// (ods-format-*) or every code (*). Of the rules that match a code, the
// most specific wins: an exact code beats any prefix, a longer prefix
// beats a shorter one, and a prefix beats *. Between equally specific
// rules the nearer source wins: the command line over the editor settings
// over the project file, and within one source the later rule. A code no
// rule matches keeps the severity its check gives it, except style lints
// (CodeInfo.Style), which are hints, and, when the user's LLVM is newer
// than the modelled one, the errors about what LLVM 22 lacks
// (CodeInfo.Newer), which are warnings: that LLVM may have it. Werror then
// turns what is left a warning into an error.

// Level is what a diagnostic is reported as: a severity, or not at all.
type Level int

const (
	LevelOff Level = iota
	LevelHint
	LevelInformation
	LevelWarning
	LevelError
)

var levelNames = [...]string{"off", "hint", "information", "warning", "error"}

func (l Level) String() string {
	if l >= 0 && int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// ParseLevel reads a level: off, hint, information (or info), warning (or
// warn), error.
func ParseLevel(s string) (Level, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "off", "none":
		return LevelOff, nil
	case "hint":
		return LevelHint, nil
	case "information", "info":
		return LevelInformation, nil
	case "warning", "warn":
		return LevelWarning, nil
	case "error":
		return LevelError, nil
	}
	return LevelOff, fmt.Errorf("unknown level %q (want off, hint, information, warning or error)", s)
}

// LevelOf is the level of a severity.
func LevelOf(s tablegen.Severity) Level {
	switch s {
	case tablegen.SeverityError:
		return LevelError
	case tablegen.SeverityWarning:
		return LevelWarning
	case tablegen.SeverityInfo:
		return LevelInformation
	}
	return LevelHint
}

// Severity is the severity a level reports with (LevelOff has none).
func (l Level) Severity() tablegen.Severity {
	switch l {
	case LevelError:
		return tablegen.SeverityError
	case LevelWarning:
		return tablegen.SeverityWarning
	case LevelInformation:
		return tablegen.SeverityInfo
	}
	return tablegen.SeverityHint
}

// RuleSource is where a rule was set, in increasing precedence.
type RuleSource int

const (
	FromProjectFile RuleSource = iota // .tdls.yaml
	FromEditor                        // the editor's settings
	FromCommandLine                   // --severity
)

func (s RuleSource) String() string {
	switch s {
	case FromEditor:
		return "editor settings"
	case FromCommandLine:
		return "command line"
	}
	return "project file"
}

// SeverityRule sets the level of a code, of the codes starting with a
// prefix ("ods-format-*"), or of every code ("*").
type SeverityRule struct {
	Pattern string
	Level   Level
	Source  RuleSource
}

// ParseSeverityRule reads CODE=LEVEL as --severity takes it.
func ParseSeverityRule(s string, src RuleSource) (SeverityRule, error) {
	pattern, level, ok := strings.Cut(s, "=")
	if !ok {
		return SeverityRule{}, fmt.Errorf("%q: want CODE=LEVEL (e.g. ods-summary-period=off, 'drr-*=error')", s)
	}
	return NewSeverityRule(pattern, level, src)
}

// NewSeverityRule checks a pattern and a level: the pattern must name a
// known code, or a prefix (ending in *) of at least one.
func NewSeverityRule(pattern, level string, src RuleSource) (SeverityRule, error) {
	pattern = strings.TrimSpace(pattern)
	l, err := ParseLevel(level)
	if err != nil {
		return SeverityRule{}, fmt.Errorf("%s: %v", pattern, err)
	}
	r := SeverityRule{Pattern: pattern, Level: l, Source: src}
	if err := r.check(); err != nil {
		return SeverityRule{}, err
	}
	return r, nil
}

func (r SeverityRule) check() error {
	prefix, isPrefix := strings.CutSuffix(r.Pattern, "*")
	if strings.Contains(prefix, "*") {
		return fmt.Errorf("%q: * may only end a pattern", r.Pattern)
	}
	for _, c := range Codes() {
		if c.Code == r.Pattern || isPrefix && strings.HasPrefix(c.Code, prefix) {
			return nil
		}
	}
	if isPrefix {
		return fmt.Errorf("no diagnostic code starts with %q (tdls codes lists them)", prefix)
	}
	return fmt.Errorf("%q is not a diagnostic code (tdls codes lists them)", r.Pattern)
}

// specificity orders matching rules: exact codes first, then longer
// prefixes; -1 when r does not match code.
func (r SeverityRule) specificity(code string) int {
	if prefix, ok := strings.CutSuffix(r.Pattern, "*"); ok {
		if strings.HasPrefix(code, prefix) {
			return len(prefix)
		}
		return -1
	}
	if r.Pattern == code {
		return 1 << 20
	}
	return -1
}

// Policy decides the level of each diagnostic. The zero Policy reports
// every diagnostic as its check made it, style lints as hints.
type Policy struct {
	Rules  []SeverityRule
	Werror bool // warnings become errors after the rules
	// NewerLLVM: the user's LLVM is newer than the modelled release.
	NewerLLVM bool
}

// Level is what a diagnostic of code, raised with severity sev, is
// reported as.
func (p *Policy) Level(code string, sev tablegen.Severity) Level {
	best, bestSpec, bestSrc := Level(-1), -1, RuleSource(-1)
	for _, r := range p.Rules {
		s := r.specificity(code)
		if s > bestSpec || s == bestSpec && s >= 0 && r.Source >= bestSrc {
			best, bestSpec, bestSrc = r.Level, s, r.Source
		}
	}
	if bestSpec < 0 {
		best = LevelOf(sev)
		c, _ := LookupCode(code)
		switch {
		case c.Style:
			best = LevelHint
		case p.NewerLLVM && c.Newer && best == LevelError:
			best = LevelWarning
		}
	}
	if p.Werror && best == LevelWarning {
		best = LevelError
	}
	return best
}

// Apply sets d's severity by the policy; false means d is off.
func (p *Policy) Apply(d *tablegen.Diagnostic) bool {
	l := p.Level(d.Code, d.Severity)
	if l == LevelOff {
		return false
	}
	d.Severity = l.Severity()
	return true
}
