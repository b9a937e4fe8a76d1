package report

import (
	"encoding/json"
	"io"

	"tdls/tablegen"
)

// Diagnostic is the JSON form of a diagnostic: an LSP Diagnostic plus the
// file it belongs to. Severity is the word of the text form ("error",
// "warning", "note", "hint").
type Diagnostic struct {
	File     string    `json:"file"`
	Range    Range     `json:"range"`
	Severity string    `json:"severity"`
	Code     string    `json:"code"`
	Message  string    `json:"message"`
	Related  []Related `json:"related"`
}

// Related is a secondary location of a Diagnostic, as LSP's
// DiagnosticRelatedInformation but with a file name instead of a URI.
type Related struct {
	File    string `json:"file"`
	Range   Range  `json:"range"`
	Message string `json:"message"`
}

// Range is an LSP range: half-open, from Start to End.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Position is an LSP position: 0-based line, 0-based UTF-16 character.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Convert turns d into its JSON form.
func Convert(set *tablegen.SourceSet, d tablegen.Diagnostic) Diagnostic {
	at := resolve(set, d.Range)
	out := Diagnostic{
		File:     fileName(at.file),
		Range:    lspRange(at),
		Severity: SeverityLabel(d.Severity),
		Code:     d.Code,
		Message:  d.Message,
		Related:  make([]Related, 0, len(d.Related)),
	}
	for _, r := range d.Related {
		rat := resolve(set, r.Range)
		out.Related = append(out.Related, Related{File: fileName(rat.file), Range: lspRange(rat), Message: r.Message})
	}
	return out
}

func lspRange(at span) Range {
	if at.file == nil {
		return Range{}
	}
	return Range{Start: lspPosition(at.file, at.start), End: lspPosition(at.file, at.end)}
}

func lspPosition(f *tablegen.File, off int) Position {
	line, col := f.UTF16Column(off)
	return Position{Line: line, Character: col}
}

// WriteJSON prints diags as one indented JSON array (an empty array when
// there are none).
func WriteJSON(w io.Writer, set *tablegen.SourceSet, diags []tablegen.Diagnostic) error {
	out := make([]Diagnostic, 0, len(diags))
	for _, d := range diags {
		out = append(out, Convert(set, d))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
