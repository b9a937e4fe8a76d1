package ide

import (
	"context"
	"sort"
	"strings"
	"unicode"

	"tdls/analysis"
	"tdls/tablegen"
)

// WorkspaceSymbol is a declaration found by name across the workspace.
type WorkspaceSymbol struct {
	Name     string
	Kind     analysis.DeclKind
	Detail   string // parents, type or owner; the def name of an op
	Location analysis.Location
}

// scored is a match with its score.
type scored struct {
	analysis.IndexedDecl
	score int
}

// maxWorkspaceSymbols bounds an answer.
const maxWorkspaceSymbols = 256

// WorkspaceSymbols returns the top-level declarations whose name matches
// query fuzzily (its characters in order, case-insensitively), best first:
// those of the open files from their current units, the rest from the
// workspace index, and from the open files' units the ops by full name
// (`arith.addi`), attributes and types by syntax (`#my.range`, `!my.box`),
// passes by flag (`-my-pass`) and interfaces by C++ class, each with the
// def name as detail.
func WorkspaceSymbols(ctx context.Context, snap *analysis.Snapshot, query string) []WorkspaceSymbol {
	open := map[string][]analysis.IndexedDecl{}
	for _, path := range snap.OpenFiles() {
		if u, err := snap.UnitFor(ctx, path); err == nil {
			open[path] = u.OpenDecls(path)
		}
	}
	out := modelSymbols(ctx, snap, query)
	for _, d := range snap.Index().Decls() {
		if _, fresh := open[d.Path]; fresh {
			continue
		}
		if sc, ok := fuzzyScore(query, d.Name); ok {
			out = append(out, scored{d, sc})
		}
	}
	for _, ds := range open {
		for _, d := range ds {
			if sc, ok := fuzzyScore(query, d.Name); ok {
				out = append(out, scored{d, sc})
			}
		}
	}
	out = best(out)
	files := map[string]*tablegen.File{}
	syms := make([]WorkspaceSymbol, 0, len(out))
	for _, d := range out {
		f := fileOf(snap, nil, d.Path, files)
		if f == nil {
			continue
		}
		syms = append(syms, WorkspaceSymbol{Name: d.Name, Kind: d.Kind, Detail: d.Detail,
			Location: analysis.Location{File: f, Range: tablegen.Range{Start: f.Pos(d.Start), End: f.Pos(d.End)}}})
	}
	return syms
}

// best sorts by score, then name and path, and keeps the first
// maxWorkspaceSymbols.
func best(out []scored) []scored {
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

// modelSymbols returns the ops, attributes, types, passes and interfaces
// of the open files' units whose name in the IR, on the command line or in
// C++ matches query, with the def name as detail.
func modelSymbols(ctx context.Context, snap *analysis.Snapshot, query string) []scored {
	type key struct {
		path string
		off  int
	}
	seen := map[key]bool{}
	var out []scored
	for _, path := range snap.OpenFiles() {
		u, err := snap.UnitFor(ctx, path)
		if err != nil {
			continue
		}
		m := modelsWithin(ctx, u)
		if m == nil {
			continue
		}
		add := func(name, def string, at tablegen.Range) {
			sc, ok := fuzzyScore(query, name)
			if !ok {
				return
			}
			loc, ok := locationIn(u, at)
			if !ok {
				return
			}
			k := key{loc.File.Name, loc.File.Offset(loc.Range.Start)}
			if seen[k] {
				return
			}
			seen[k] = true
			out = append(out, scored{IndexedDecl: analysis.IndexedDecl{Kind: analysis.DeclRecord, Name: name, Path: k.path,
				Start: k.off, End: loc.File.Offset(loc.Range.End), Detail: def}, score: sc})
		}
		for _, op := range m.Ops.Ops {
			add(op.Name, op.Def.NameString(), op.Range)
		}
		for _, d := range m.Ops.AttrOrTypeDefs {
			if s := d.Syntax(); s != "" {
				add(s, d.Def.NameString(), d.Range)
			}
		}
		for _, p := range m.Ops.Passes {
			add("-"+p.Argument, p.Def.NameString(), p.Range)
		}
		for _, i := range m.Ops.Interfaces {
			if i.Name != i.Def.NameString() {
				add(i.Name, i.Def.NameString(), i.Range)
			}
		}
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
