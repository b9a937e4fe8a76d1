package analysis

import (
	"sort"
	"strings"
	"unicode"
)

// WorkspaceSymbol is a declaration found by name across the workspace.
type WorkspaceSymbol struct {
	IndexedDecl
	score int
}

// maxWorkspaceSymbols bounds an answer.
const maxWorkspaceSymbols = 256

// WorkspaceSymbols returns the top-level declarations whose name matches
// query fuzzily (its characters in order, case-insensitively), best first:
// the workspace index, with open files taken from their current units.
func (s *Snapshot) WorkspaceSymbols(query string, open map[string][]IndexedDecl) []WorkspaceSymbol {
	var out []WorkspaceSymbol
	for _, d := range s.w.Index().Decls() {
		if _, fresh := open[d.Path]; fresh {
			continue
		}
		if sc, ok := fuzzyScore(query, d.Name); ok {
			out = append(out, WorkspaceSymbol{d, sc})
		}
	}
	for _, ds := range open {
		for _, d := range ds {
			if sc, ok := fuzzyScore(query, d.Name); ok {
				out = append(out, WorkspaceSymbol{d, sc})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score > out[j].score
		}
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Path < out[j].Path
	})
	if len(out) > maxWorkspaceSymbols {
		out = out[:maxWorkspaceSymbols]
	}
	return out
}

// OpenDecls returns the top-level declarations of each open file, from
// their units in s.
func (u *Unit) OpenDecls(path string) []IndexedDecl {
	f := u.File(path)
	if f == nil {
		return nil
	}
	var out []IndexedDecl
	for _, d := range u.TopDecls(f.Name) {
		out = append(out, IndexedDecl{Kind: d.Kind, Name: d.Name, Path: f.Name,
			Start: f.Offset(d.Range.Start), End: f.Offset(d.Range.End), Detail: d.Detail(u)})
	}
	return out
}

// fuzzyScore matches query's characters in order in name, ignoring case;
// exact, prefix, contiguous and word-start matches score higher.
func fuzzyScore(query, name string) (int, bool) {
	if query == "" {
		return 0, true
	}
	lq, ln := strings.ToLower(query), strings.ToLower(name)
	switch {
	case ln == lq:
		return 1000, true
	case strings.HasPrefix(ln, lq):
		return 800 - len(name), true
	case strings.Contains(ln, lq):
		return 600 - len(name), true
	}
	score, j, prev := 0, 0, -2
	rs := []rune(name)
	for i, r := range []rune(ln) {
		if j < len(lq) && r == rune(lq[j]) {
			if i == prev+1 {
				score += 5
			}
			if i == 0 || unicode.IsUpper(rs[i]) || rs[i-1] == '_' {
				score += 10
			}
			prev = i
			j++
		}
	}
	if j < len(lq) {
		return 0, false
	}
	return score - len(name)/4, true
}
