package analysis

import (
	"context"
	"fmt"
	"path/filepath"

	"tdls/codegen"
	"tdls/tablegen"
)

// PreviewQuery asks for the C++ that mlir-tblgen --gen-rewriters makes of
// a pattern (named, or the one at Pos) or of the whole unit.
type PreviewQuery struct {
	Pos       tablegen.Pos // used when Name is empty
	Name      string       // record name (anonymous_12) or struct name
	WholeFile bool
	// Engine is auto, native or mlir-tblgen; MLIRTblgen the configured
	// binary (both settings, may be empty).
	Engine, MLIRTblgen string
}

// GeneratedCode answers a preview query for the file of v. The whole
// unit's buffer is what mlir-tblgen compiles: a fragment file is
// previewed inside the file that includes it.
func (s *Snapshot) GeneratedCode(ctx context.Context, v *FileView, q PreviewQuery) (codegen.Generated, error) {
	m, err := v.Unit.Models(ctx)
	if err != nil {
		return codegen.Generated{}, err
	}
	name := ""
	if !q.WholeFile {
		name = q.Name
		if name == "" {
			pat := m.Patterns.PatternAt(q.Pos)
			if pat == nil {
				return codegen.Generated{}, fmt.Errorf("no DRR pattern at this position")
			}
			name = pat.Name
		}
	}
	root := v.Unit.TG.Root
	return codegen.Generate(ctx, codegen.GenRequest{
		Generator:   "rewriters",
		Entity:      name,
		Engine:      q.Engine,
		Result:      m.Records,
		Ops:         m.Ops,
		Patterns:    m.Patterns,
		File:        root.Name,
		IncludeDirs: append([]string{filepath.Dir(root.Name)}, s.IncludeDirs(root.Name)...),
		Overlays:    s.unitOverlays(v.Unit),
		MLIRTblgen:  q.MLIRTblgen,
		BuildDir:    s.buildDir(root.Name),
	})
}

// unitOverlays are the open buffers among the unit's files, which an
// mlir-tblgen run reads instead of the disk.
func (s *Snapshot) unitOverlays(u *Unit) map[string][]byte {
	out := map[string][]byte{}
	for path := range u.Files {
		if o := s.Overlay(path); o != nil {
			out[path] = o.Content
		}
	}
	if o := s.Overlay(u.Root); o != nil {
		out[u.Root] = o.Content
	}
	return out
}

// buildDir is the directory of the compile database that lists path (or
// of the first one), where the project's own mlir-tblgen is built.
func (s *Snapshot) buildDir(path string) string {
	for _, db := range s.dbs {
		if _, ok := db.IncludeDirsFor(path); ok {
			return filepath.Dir(db.Path)
		}
	}
	if len(s.dbs) > 0 {
		return filepath.Dir(s.dbs[0].Path)
	}
	return ""
}

// PreviewTargets says which previews apply around a range.
type PreviewTargets struct {
	// OnPattern reports a pattern whose def or dags contain the range's
	// start; Name is its record name unless it is anonymous.
	OnPattern bool
	Name      string
	// FileHasPatterns reports that the file defines a pattern.
	FileHasPatterns bool
}

// PreviewTargets returns the previews that apply around r.
func (v *FileView) PreviewTargets(ctx context.Context, r tablegen.Range) PreviewTargets {
	var t PreviewTargets
	m := v.Unit.modelsWithin(ctx)
	if m == nil {
		return t
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
