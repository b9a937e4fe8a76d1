package ide

import (
	"tdls/analysis"
	"tdls/tablegen"
)

// locationsOf turns occurrences (byte offsets in files) into locations;
// a file outside u is read from the snapshot.
func locationsOf(snap *analysis.Snapshot, u *analysis.Unit, occ []analysis.Occurrence) []analysis.Location {
	files := map[string]*tablegen.File{}
	out := make([]analysis.Location, 0, len(occ))
	for _, o := range occ {
		f := fileOf(snap, u, o.Path, files)
		if f == nil {
			continue
		}
		out = append(out, analysis.Location{File: f, Range: tablegen.Range{Start: f.Pos(o.Start), End: f.Pos(o.End)}})
	}
	return out
}

// fileOf returns path as a File: the unit's, or one made of the
// snapshot's content of it; cache holds those already made.
func fileOf(snap *analysis.Snapshot, u *analysis.Unit, path string, cache map[string]*tablegen.File) *tablegen.File {
	if f, ok := cache[path]; ok {
		return f
	}
	var f *tablegen.File
	if u != nil {
		f = u.File(path)
	}
	if f == nil {
		if content, err := snap.ReadFile(path); err == nil {
			f = &tablegen.File{Name: path, Base: 1, Content: content}
		}
	}
	cache[path] = f
	return f
}

// locationIn is the location of r, a range of u's source set.
func locationIn(u *analysis.Unit, r tablegen.Range) (analysis.Location, bool) {
	f := u.TG.Set.File(r.Start)
	if f == nil || f.Name == "" {
		return analysis.Location{}, false
	}
	return analysis.Location{File: f, Range: r}, true
}

func covers(r tablegen.Range, p tablegen.Pos) bool {
	return r.Start.IsValid() && r.Start <= p && p <= r.End && r.End > r.Start
}
