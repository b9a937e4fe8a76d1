package ide

import (
	"context"

	"tdls/analysis"
	"tdls/drr"
	"tdls/ods"
	"tdls/tablegen"
)

// References returns the places the thing Classify finds at p is named. A
// pattern's `$symbol`: its bindings and uses in the pattern, bindings
// first. An op: every place its def is named, as for any record, and in
// the open files every pattern dag whose operator resolves to it (and,
// asked at an operator that is a template argument, the argument's). Every
// other kind with a name: the name's occurrences across the workspace (the
// files of p's unit, the other open files in their own units, the rest
// from the index), sorted by file and offset. includeDecl keeps the
// declarations.
func References(ctx context.Context, snap *analysis.Snapshot, v *analysis.FileView, p tablegen.Pos, includeDecl bool) []analysis.Location {
	t := Classify(ctx, v, p)
	switch t.Kind {
	case KindSymbol:
		var out []analysis.Location
		for _, r := range symbolRefs(v, t) {
			if r.Role == analysis.RoleDecl && !includeDecl {
				continue
			}
			if l, ok := locationIn(v.Unit, r.Range); ok {
				out = append(out, l)
			}
		}
		return out
	case KindOp:
		if occ, ok := opReferences(ctx, snap, v, t.Op, includeDecl); ok {
			// An operator that is a variable bound to the op (`o` in
			// class C<Op o> : Pat<(o $x), ...>): the variable's
			// occurrences too, as definition goes to both.
			if name, ok := t.Name(ctx); ok && t.OnOperator && name.Decl.Kind != analysis.DeclRecord {
				occ = analysis.SortOccurrences(append(occ, snap.Occurrences(ctx, v.Unit, name, includeDecl)...), includeDecl)
			}
			return locationsOf(snap, v.Unit, occ)
		}
	}
	name, ok := t.Name(ctx)
	if !ok {
		return nil
	}
	return locationsOf(snap, v.Unit, snap.Occurrences(ctx, v.Unit, name, includeDecl))
}

// symbolRefs returns the bindings (RoleDecl) and uses of the `$symbol` t
// written in this file.
func symbolRefs(v *analysis.FileView, t Target) []analysis.Ref {
	bound := map[tablegen.Range]bool{}
	for _, s := range t.Pattern.Symbols.Bindings(t.Symbol) {
		bound[s.Range] = true
	}
	var out []analysis.Ref
	for _, r := range t.Pattern.References(t.Symbol) {
		if !v.File.Contains(r.Start) {
			continue
		}
		role := analysis.RoleUse
		if bound[r] {
			role = analysis.RoleDecl
		}
		out = append(out, analysis.Ref{Range: r, Role: role})
	}
	return out
}

// opReferences returns the references of op; ok is false when op has no
// place in a file.
func opReferences(ctx context.Context, snap *analysis.Snapshot, v *analysis.FileView, op *ods.Op, includeDecl bool) ([]analysis.Occurrence, bool) {
	loc, ok := opLocation(v.Unit, op)
	if !ok {
		return nil, false
	}
	defName, defPath, defOff := op.Def.NameString(), loc.File.Name, loc.File.Offset(loc.Range.Start)
	var out []analysis.Occurrence
	refs, err := v.Unit.Refs(ctx, defPath)
	if err != nil {
		return nil, true // cancelled: the request ends here
	}
	for _, r := range refs {
		if r.Role == analysis.RoleDecl && r.Range == op.Range && r.Decl != nil {
			out = snap.Occurrences(ctx, v.Unit, analysis.Target{Ref: r, Decl: r.Decl}, includeDecl)
			break
		}
	}
	if includeDecl {
		out = append(out, analysis.Occurrence{Path: defPath, Start: defOff, End: loc.File.Offset(loc.Range.End), Role: analysis.RoleDecl})
	}
	units := []*analysis.Unit{v.Unit}
	for _, path := range snap.OpenFiles() {
		if u, err := snap.UnitFor(ctx, path); err == nil && u != v.Unit {
			units = append(units, u)
		}
	}
	for _, u := range units {
		um := modelsWithin(ctx, u)
		if um == nil {
			continue
		}
		same := func(o *ods.Op) bool {
			if o == nil || o.Def.NameString() != defName {
				return false
			}
			l, ok := opLocation(u, o)
			return ok && l.File.Name == defPath && l.File.Offset(l.Range.Start) == defOff
		}
		for _, pat := range um.Patterns.Patterns {
			forEachNode(pat, func(n *drr.DagNode) {
				if n.Exact && n.Kind == drr.NodeOp && same(n.Op) {
					if f := u.TG.Set.File(n.OperatorRange.Start); f != nil {
						out = append(out, analysis.Occurrence{Path: f.Name, Start: f.Offset(n.OperatorRange.Start), End: f.Offset(n.OperatorRange.End), Role: analysis.RoleUse})
					}
				}
			})
		}
	}
	return analysis.SortOccurrences(out, includeDecl), true
}
