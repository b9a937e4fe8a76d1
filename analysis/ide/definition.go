package ide

import (
	"context"

	"tdls/analysis"
	"tdls/tablegen"
)

// Definition answers go-to-definition at p. In a pattern, a `$symbol` goes
// to its bindings and an op operator to the op's def (then to the
// declaration of the name written, when the operator is a template
// argument). A `$parameter` in an attribute's or type's assembly format
// goes to the parameter, a method name in a Declare…InterfaceMethods list
// to the interface method, an enum case string to the case. Elsewhere, an include goes to its file, a name to its
// declaration; for a field, the `let`s that override it on the way to the
// record at p follow the declaration.
func Definition(ctx context.Context, v *analysis.FileView, p tablegen.Pos) []analysis.Location {
	if locs, ok := patternDefinition(ctx, v, p); ok {
		return locs
	}
	if m := modelsWithin(ctx, v.Unit); m != nil {
		if h, ok := dialectPartAt(v, m, p); ok {
			if l, ok := locationIn(v.Unit, h.Def); ok {
				return []analysis.Location{l}
			}
		}
	}
	return nameDefinition(ctx, v, p)
}

// patternDefinition answers inside a pattern; ok is false elsewhere.
func patternDefinition(ctx context.Context, v *analysis.FileView, p tablegen.Pos) ([]analysis.Location, bool) {
	m := modelsWithin(ctx, v.Unit)
	if m == nil {
		return nil, false
	}
	loc := m.Patterns.At(p)
	if loc == nil {
		return nil, false
	}
	switch {
	case loc.Symbol != nil:
		var out []analysis.Location
		for _, s := range loc.Pattern.Symbols.Bindings(loc.Symbol.Name) {
			if l, ok := locationIn(v.Unit, s.Range); ok {
				out = append(out, l)
			}
		}
		return out, len(out) > 0
	case loc.Use == nil && loc.Node != nil && loc.OnOperator && loc.Node.Op != nil:
		if l, ok := opLocation(v.Unit, loc.Node.Op); ok {
			out := []analysis.Location{l}
			for _, d := range nameDefinition(ctx, v, p) {
				if d != l {
					out = append(out, d)
				}
			}
			return out, true
		}
	}
	return nil, false
}

// nameDefinition answers for an include or a name.
func nameDefinition(ctx context.Context, v *analysis.FileView, p tablegen.Pos) []analysis.Location {
	if inc, ok := includeAt(v, p); ok {
		if inc.File == nil {
			return nil
		}
		return []analysis.Location{{File: inc.File, Range: tablegen.Range{Start: inc.File.Pos(0), End: inc.File.Pos(0)}}}
	}
	t, ok := v.TargetAt(ctx, p)
	if !ok {
		return nil
	}
	loc, ok := v.Unit.Location(t.Decl)
	if !ok {
		return nil
	}
	out := []analysis.Location{loc}
	if t.Decl.Kind == analysis.DeclField {
		for _, r := range v.Overrides(t.Decl, p, t.Ref.Via) {
			if r != t.Ref.Range && r != t.Decl.Range {
				if l, ok := locationIn(v.Unit, r); ok {
					out = append(out, l)
				}
			}
		}
	}
	return out
}
