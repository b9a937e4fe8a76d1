package ide

import (
	"context"
	"fmt"
	"strings"

	"tdls/analysis"
	"tdls/tablegen"
)

// RenameError explains why a name cannot be renamed as asked.
type RenameError struct{ Reason string }

func (e *RenameError) Error() string { return e.Reason }

// Edit replaces a range of a file with NewText.
type Edit struct {
	analysis.Location
	NewText string
}

// Rename returns the edits renaming what Classify finds at p to newName:
// a pattern's `$symbol` within its pattern (keeping `__N` suffixes), the
// name of every other kind everywhere in the workspace (the occurrences
// References finds). A refusal is a *RenameError.
func Rename(ctx context.Context, snap *analysis.Snapshot, v *analysis.FileView, p tablegen.Pos, newName string) ([]Edit, error) {
	t := Classify(ctx, v, p)
	if t.Kind == KindSymbol {
		if !isIdentifier(strings.TrimPrefix(newName, "$")) || strings.Contains(newName, "__") {
			return nil, &RenameError{fmt.Sprintf("%q is not a valid pattern symbol name", newName)}
		}
		bare := strings.TrimPrefix(newName, "$")
		if bare == t.Symbol {
			return nil, nil
		}
		edits := t.Pattern.Rename(t.Symbol, bare)
		if edits == nil {
			return nil, &RenameError{fmt.Sprintf("$%s is already bound in this pattern", bare)}
		}
		out := make([]Edit, 0, len(edits))
		for _, e := range edits {
			if l, ok := locationIn(v.Unit, e.Range); ok {
				out = append(out, Edit{Location: l, NewText: e.NewText})
			}
		}
		return out, nil
	}
	name, err := renamable(ctx, snap, &t)
	if err != nil {
		return nil, err
	}
	if !isIdentifier(newName) || reservedWord(newName) {
		return nil, &RenameError{fmt.Sprintf("%q is not a valid TableGen identifier", newName)}
	}
	occ := snap.Occurrences(ctx, v.Unit, name, true)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	for _, o := range occ {
		if snap.ReadOnly(o.Path) {
			return nil, &RenameError{fmt.Sprintf("cannot rename %s: it is used in %s, which is read-only", name.Decl.Name, o.Path)}
		}
	}
	locs := locationsOf(snap, v.Unit, occ)
	out := make([]Edit, len(locs))
	for i, l := range locs {
		out[i] = Edit{Location: l, NewText: newName}
	}
	return out, nil
}

// renamable is t's name if it can be renamed: a refusal when t has no
// declared name, or one that is computed or read-only.
func renamable(ctx context.Context, snap *analysis.Snapshot, t *Target) (analysis.Target, error) {
	name, ok := t.Name(ctx)
	if !ok {
		return name, &RenameError{"nothing to rename here"}
	}
	d := name.Decl
	if d.Kind == analysis.DeclRecord && d.Def == nil && d.Defm == nil {
		return name, &RenameError{fmt.Sprintf("cannot rename %s: its name is computed (defm, foreach or paste)", d.Name)}
	}
	if snap.ReadOnly(d.Path) {
		return name, &RenameError{fmt.Sprintf("cannot rename %s: it is defined in %s, which is read-only", d.Name, d.Path)}
	}
	return name, nil
}

// isIdentifier reports a TableGen identifier that does not start with a
// digit: [A-Za-z_][A-Za-z0-9_]*.
func isIdentifier(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// reservedWord reports TableGen's keywords, which no name can be.
func reservedWord(s string) bool {
	switch s {
	case "assert", "bit", "bits", "class", "code", "dag", "def", "defm", "defset", "deftype", "defvar", "dump", "else",
		"false", "field", "foreach", "if", "in", "include", "int", "let", "list", "multiclass", "string", "then", "true":
		return true
	}
	return false
}
