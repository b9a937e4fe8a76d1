package ide

import (
	"context"
	"fmt"
	"path/filepath"

	"tdls/analysis"
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
func GeneratedCode(ctx context.Context, snap *analysis.Snapshot, v *analysis.FileView, q PreviewQuery) (codegen.Generated, error) {
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
		IncludeDirs: append([]string{filepath.Dir(root.Name)}, snap.IncludeDirs(root.Name)...),
		Overlays:    unitOverlays(snap, v.Unit),
		MLIRTblgen:  q.MLIRTblgen,
		BuildDir:    snap.BuildDir(root.Name),
	})
}

// unitOverlays are the open buffers among the unit's files, which an
// mlir-tblgen run reads instead of the disk.
func unitOverlays(snap *analysis.Snapshot, u *analysis.Unit) map[string][]byte {
	out := map[string][]byte{}
	for path := range u.Files {
		if o := snap.Overlay(path); o != nil {
			out[path] = o.Content
		}
	}
	if o := snap.Overlay(u.Root); o != nil {
		out[u.Root] = o.Content
	}
	return out
}
