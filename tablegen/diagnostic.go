package tablegen

// Severity of a diagnostic, ordered as LSP orders them.
type Severity int

const (
	SeverityError Severity = iota + 1
	SeverityWarning
	SeverityInfo
	SeverityHint
)

func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "info"
	case SeverityHint:
		return "hint"
	}
	return "note"
}

// Related is a secondary location attached to a diagnostic.
type Related struct {
	Range   Range
	Message string
}

// Diagnostic is a problem found in the source. Every diagnostic has a code:
// syntax errors start with "syntax", include problems with "include",
// preprocessor problems with "preprocessor", lexical errors with "lex".
type Diagnostic struct {
	Range    Range
	Severity Severity
	Code     string
	Message  string
	Related  []Related
}

// Diagnostics is an ordered list of diagnostics.
type Diagnostics []Diagnostic

func (d *Diagnostics) add(sev Severity, r Range, code, msg string, related ...Related) {
	*d = append(*d, Diagnostic{Range: r, Severity: sev, Code: code, Message: msg, Related: related})
}

// Errorf-style helpers keep call sites short.
func (d *Diagnostics) errorAt(r Range, code, msg string, related ...Related) {
	d.add(SeverityError, r, code, msg, related...)
}

// HasErrors reports whether any diagnostic is an error.
func (d Diagnostics) HasErrors() bool {
	for _, x := range d {
		if x.Severity == SeverityError {
			return true
		}
	}
	return false
}
