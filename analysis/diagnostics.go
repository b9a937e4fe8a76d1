package analysis

import (
	"fmt"
	"path/filepath"

	"tdls/tablegen"
)

// Location is a range in a file of a unit.
type Location struct {
	File  *tablegen.File
	Range tablegen.Range
}

// Diagnostic is a problem to show in one file.
type Diagnostic struct {
	Location
	Severity tablegen.Severity
	Code     string
	Message  string
	Related  []RelatedLocation
}

// RelatedLocation is a note at another place.
type RelatedLocation struct {
	Location
	Message string
}

// maxRelated bounds the notes of an include summary.
const maxRelated = 20

// Diagnostics returns what to show in path: the unit's problems located in
// it, and for each `include` written in it that leads to files with errors,
// one summary at the include naming them, with the errors as related
// information.
func (u *Unit) Diagnostics(path string) []Diagnostic {
	return u.DiagnosticsIn(path, u.syntaxDiagnostics())
}

// syntaxDiagnostics are the parser's problems, out of the check pipeline.
func (u *Unit) syntaxDiagnostics() tablegen.Diagnostics {
	return u.pipeline.Report(u.pipeline.Syntax(u.TG))
}

// DiagnosticsIn places diags (of any layer) for path as Diagnostics does.
func (u *Unit) DiagnosticsIn(path string, diags tablegen.Diagnostics) []Diagnostic {
	f := u.File(path)
	if f == nil {
		return nil
	}
	set := u.TG.Set
	loc := func(r tablegen.Range) Location { return Location{File: set.File(r.Start), Range: r} }
	var out []Diagnostic
	type summary struct {
		inc   tablegen.Include
		errs  int
		first string
		files map[string]bool
		notes []RelatedLocation
		order []string
	}
	sums := map[int]*summary{}
	var sumOrder []int
	// The first include of each file, to walk a file back to the include in
	// path through which it was reached.
	firstInc := map[*tablegen.File]int{}
	for i, inc := range u.TG.Lex.Includes {
		if inc.File != nil {
			if _, ok := firstInc[inc.File]; !ok {
				firstInc[inc.File] = i
			}
		}
	}
	for _, d := range diags {
		df := set.File(d.Range.Start)
		if df == nil {
			continue
		}
		if df == f {
			out = append(out, convertDiag(d, loc))
			continue
		}
		if d.Severity != tablegen.SeverityError {
			continue
		}
		i, ok := firstInc[df]
		for ok && i >= 0 && u.TG.Lex.Includes[i].From != f {
			i = u.Parents[i]
		}
		if !ok || i < 0 {
			continue
		}
		s := sums[i]
		if s == nil {
			s = &summary{inc: u.TG.Lex.Includes[i], files: map[string]bool{}}
			sums[i] = s
			sumOrder = append(sumOrder, i)
		}
		s.errs++
		if s.first == "" {
			s.first = d.Message
		}
		if !s.files[df.Name] {
			s.files[df.Name] = true
			s.order = append(s.order, filepath.Base(df.Name))
		}
		if len(s.notes) < maxRelated {
			s.notes = append(s.notes, RelatedLocation{Location: loc(d.Range), Message: d.Message})
		}
	}
	for _, i := range sumOrder {
		s := sums[i]
		msg := fmt.Sprintf("%d error(s) in included file %s: %s", s.errs, s.order[0], s.first)
		if len(s.order) > 1 {
			msg = fmt.Sprintf("%d error(s) in included files (%s, ...): %s", s.errs, s.order[0], s.first)
		}
		// The summary is a diagnostic of its own, reported through the
		// policy as every other.
		for _, d := range u.pipeline.Report(tablegen.Diagnostics{{Range: s.inc.NameRng, Severity: tablegen.SeverityError,
			Code: "include-errors", Message: msg}}) {
			out = append(out, Diagnostic{Location: loc(d.Range), Severity: d.Severity, Code: d.Code, Message: d.Message, Related: s.notes})
		}
	}
	return out
}

func convertDiag(d tablegen.Diagnostic, loc func(tablegen.Range) Location) Diagnostic {
	out := Diagnostic{Location: loc(d.Range), Severity: d.Severity, Code: d.Code, Message: d.Message}
	for _, r := range d.Related {
		if r.Range.Start.IsValid() {
			out.Related = append(out.Related, RelatedLocation{Location: loc(r.Range), Message: r.Message})
		}
	}
	return out
}

// FilesWithErrors lists the files of the unit, other than the root, that
// have errors, so that the server can show them in those files too.
func (u *Unit) FilesWithErrors() []string { return u.filesWithErrors(u.syntaxDiagnostics()) }

func (u *Unit) filesWithErrors(diags tablegen.Diagnostics) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range diags {
		if f := u.TG.Set.File(d.Range.Start); f != nil && f != u.TG.Root && !seen[f.Name] {
			seen[f.Name] = true
			out = append(out, f.Name)
		}
	}
	return out
}
