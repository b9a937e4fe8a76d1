package ide

import (
	"context"

	"tdls/analysis"
	"tdls/tablegen"
)

// Actions are the code actions that apply around a range: the quick fixes
// of the problems shown there, and the previews of generated code.
type Actions struct {
	Fixes   []QuickFix
	Preview PreviewTargets
	// CppStubs add a definition skeleton of a required C++ member not
	// found (with a C++ index: FileView.WithCpp).
	CppStubs []CppStub
}

// QuickFix is a mechanical repair of a problem shown in a file.
type QuickFix struct {
	Title      string
	Diagnostic analysis.Diagnostic
	Edits      []Edit
}

// PreviewTargets says which previews apply around a range.
type PreviewTargets struct {
	// OnPattern reports a pattern whose def or dags contain the range's
	// start; Name is its record name unless it is anonymous.
	OnPattern bool
	Name      string
	// FileHasPatterns reports that the file defines a pattern.
	FileHasPatterns bool
	// Entity is the op, attribute, type, enum, interface, pass or dialect
	// whose def holds the range's start (Kind empty when none does), and
	// Views the views of its generated code (decls, defs, doc).
	Entity Entity
	Views  []EntityView
}

// CodeActions returns the fixes of the problems shown in this file whose
// range meets r, and the previews that apply around r.
func CodeActions(ctx context.Context, v *analysis.FileView, r tablegen.Range) Actions {
	m := modelsWithin(ctx, v.Unit)
	if m == nil {
		return Actions{}
	}
	return Actions{Fixes: quickFixes(v, m, r), Preview: previewTargets(v, m, r), CppStubs: cppStubs(v, m, r.Start)}
}

func quickFixes(v *analysis.FileView, m *analysis.Models, r tablegen.Range) []QuickFix {
	set := v.Unit.TG.Set
	var out []QuickFix
	for _, d := range m.Problems {
		if len(d.Fixes) == 0 || set.File(d.Range.Start) != v.File || d.Range.End < r.Start || d.Range.Start > r.End {
			continue
		}
		shown := v.Unit.DiagnosticsIn(v.Path, tablegen.Diagnostics{d.Diagnostic})
		if len(shown) == 0 {
			continue
		}
		for _, f := range d.Fixes {
			qf := QuickFix{Title: f.Title, Diagnostic: shown[0]}
			for _, e := range f.Edits {
				if ef := set.File(e.Range.Start); ef != nil {
					qf.Edits = append(qf.Edits, Edit{Location: analysis.Location{File: ef, Range: e.Range}, NewText: e.NewText})
				}
			}
			if len(qf.Edits) > 0 {
				out = append(out, qf)
			}
		}
	}
	return out
}

func previewTargets(v *analysis.FileView, m *analysis.Models, r tablegen.Range) PreviewTargets {
	var t PreviewTargets
	if e, ok := entityAt(m, r.Start); ok && e.Kind != "pattern" && v.File.Contains(r.Start) {
		t.Entity, t.Views = e, views(e)
	}
	if p := m.Patterns.PatternAt(r.Start); p != nil {
		t.OnPattern = true
		if p.Record != nil && !p.Record.Anonymous {
			t.Name = p.Name
		}
	}
	for _, p := range m.Patterns.Patterns {
		if v.File.Contains(p.DefRange.Start) {
			t.FileHasPatterns = true
			break
		}
	}
	return t
}
