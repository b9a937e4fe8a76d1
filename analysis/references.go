package analysis

import (
	"context"
	"sort"
)

// Occurrences returns every occurrence of t's declaration across the
// workspace: the files of u, the unit t was found in, the other open files
// (in their own units), and the rest of the workspace from the index,
// sorted by file and offset. includeDecl keeps the declaration itself.
// None when ctx ended first: a part would be a wrong answer.
func (s *Snapshot) Occurrences(ctx context.Context, u *Unit, t Target, includeDecl bool) []Occurrence {
	keys := keysOf(t)
	var out []Occurrence
	for _, k := range keys {
		out = append(out, u.UnitOccurrences(ctx, k)...)
	}
	if loc, ok := u.Location(t.Decl); ok {
		f := loc.File
		out = append(out, Occurrence{Path: f.Name, Start: f.Offset(loc.Range.Start), End: f.Offset(loc.Range.End), Role: RoleDecl})
	}
	covered := map[string]bool{}
	for p := range u.Files {
		covered[p] = true
	}
	for _, p := range s.OpenFiles() {
		if covered[p] || ctx.Err() != nil {
			continue
		}
		ou, err := s.UnitFor(ctx, p)
		if err != nil || ou.File(p) == nil {
			continue
		}
		covered[p] = true
		for _, k := range keys {
			out = append(out, ou.occurrencesIn(ctx, p, k)...)
		}
	}
	if ctx.Err() != nil {
		return nil
	}
	out = append(out, s.w.Index().Occurrences(keys, func(p string) bool { return covered[p] })...)
	return SortOccurrences(out, includeDecl)
}

// SortOccurrences sorts occurrences by file and offset, dropping repeats and,
// without includeDecl, declarations.
func SortOccurrences(occ []Occurrence, includeDecl bool) []Occurrence {
	sort.SliceStable(occ, func(i, j int) bool {
		if occ[i].Path != occ[j].Path {
			return occ[i].Path < occ[j].Path
		}
		return occ[i].Start < occ[j].Start
	})
	out := occ[:0]
	for i, o := range occ {
		if i > 0 && o.Path == occ[i-1].Path && o.Start == occ[i-1].Start {
			continue
		}
		if !includeDecl && o.Role == RoleDecl {
			continue
		}
		out = append(out, o)
	}
	return out
}
