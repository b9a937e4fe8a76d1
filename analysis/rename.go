package analysis

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"tdls/tablegen"
)

// RenameError explains why a name cannot be renamed.
type RenameError struct{ Reason string }

func (e *RenameError) Error() string { return e.Reason }

var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

var reservedWords = map[string]bool{
	"assert": true, "bit": true, "bits": true, "class": true, "code": true, "dag": true, "def": true,
	"defm": true, "defset": true, "deftype": true, "defvar": true, "dump": true, "else": true,
	"false": true, "field": true, "foreach": true, "if": true, "in": true, "include": true, "int": true,
	"let": true, "list": true, "multiclass": true, "string": true, "then": true, "true": true,
}

// PrepareRename returns the range of the renamable name at p, or why it is
// not renamable.
func (s *Snapshot) PrepareRename(ctx context.Context, v *FileView, p tablegen.Pos) (tablegen.Range, string, error) {
	t, ok := v.TargetAt(ctx, p)
	if !ok {
		return tablegen.Range{}, "", &RenameError{"nothing to rename here"}
	}
	if err := s.renamable(t.Decl); err != nil {
		return tablegen.Range{}, "", err
	}
	return t.Ref.Range, t.Decl.Name, nil
}

// Rename returns the edits renaming the name at p to newName everywhere
// in the workspace, by file, as byte ranges of each file.
func (s *Snapshot) Rename(ctx context.Context, v *FileView, p tablegen.Pos, newName string) (map[string][]Occurrence, error) {
	t, ok := v.TargetAt(ctx, p)
	if !ok {
		return nil, &RenameError{"nothing to rename here"}
	}
	if err := s.renamable(t.Decl); err != nil {
		return nil, err
	}
	if !identifier.MatchString(newName) || reservedWords[newName] {
		return nil, &RenameError{fmt.Sprintf("%q is not a valid TableGen identifier", newName)}
	}
	occ := s.occurrences(ctx, v.Unit, t, true)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	out := map[string][]Occurrence{}
	for _, o := range occ {
		if s.readOnly(o.Path) {
			return nil, &RenameError{fmt.Sprintf("cannot rename %s: it is used in %s, which is read-only", t.Decl.Name, o.Path)}
		}
		out[o.Path] = append(out[o.Path], o)
	}
	return out, nil
}

func (s *Snapshot) renamable(d *Decl) error {
	if d.Kind == DeclRecord && d.Def == nil && d.Defm == nil {
		return &RenameError{fmt.Sprintf("cannot rename %s: its name is computed (defm, foreach or paste)", d.Name)}
	}
	if s.readOnly(d.Path) {
		return &RenameError{fmt.Sprintf("cannot rename %s: it is defined in %s, which is read-only", d.Name, d.Path)}
	}
	return nil
}

// readOnly reports whether a file must not be edited: it lies in the MLIR
// installation or in an include directory outside the workspace folders
// (a library), or the file system refuses writes to it. Open buffers are
// always editable.
func (s *Snapshot) readOnly(path string) bool {
	if s.Overlay(path) != nil {
		return false
	}
	if s.mlirDir != "" && within(path, s.mlirDir) {
		return true
	}
	inWorkspace := false
	for _, f := range s.cfg.Folders {
		inWorkspace = inWorkspace || within(path, f)
	}
	for _, d := range s.cfg.IncludeDirs {
		if within(path, d) && !inWorkspace {
			return true
		}
	}
	return !writable(path)
}

func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}
