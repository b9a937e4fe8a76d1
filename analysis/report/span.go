package report

import "tdls/tablegen"

// span is a range resolved to its file as byte offsets.
type span struct {
	file       *tablegen.File // nil when the range has no position
	start, end int
}

func resolve(set *tablegen.SourceSet, r tablegen.Range) span {
	f := set.File(r.Start)
	if f == nil {
		return span{}
	}
	end := r.End
	if end < r.Start || !f.Contains(end) {
		end = r.Start
	}
	return span{file: f, start: f.Offset(r.Start), end: f.Offset(end)}
}

// sameSpan compares by file name, not *File: each root loads its own copy
// of a shared include.
func sameSpan(a, b span) bool {
	return fileName(a.file) == fileName(b.file) && a.start == b.start && a.end == b.end
}

func fileName(f *tablegen.File) string {
	if f == nil {
		return ""
	}
	return f.Name
}

// SeverityLabel is the word LLVM's tools print for a severity: error,
// warning or note (information); hints, which LLVM's tools do not have,
// are "hint".
func SeverityLabel(s tablegen.Severity) string {
	switch s {
	case tablegen.SeverityError:
		return "error"
	case tablegen.SeverityWarning:
		return "warning"
	case tablegen.SeverityHint:
		return "hint"
	}
	return "note"
}
