package ide

import (
	"context"
	"fmt"

	"tdls/analysis"
	"tdls/tablegen"
)

// Definition answers go-to-definition for what Classify finds at p. A
// pattern's `$symbol` goes to its bindings; an op at a pattern dag's
// operator to the op's def, then to the declaration of the name written
// (when the operator is a template argument). A dialect part goes to where
// it is defined: a `$parameter` of a format to the parameter, a method
// name in a Declare…InterfaceMethods list to the interface method, an
// enum case to the case. An include goes to its file. Every other kind
// goes to the declaration of its name (a top-level `let` to the field of
// each class its records get it from); for a field, the `let`s that
// override it on the way to the record at p follow the declaration.
//
// Where the position names C++ the .td requires (Target.Cpp), it goes to
// every definition of it found; when none is, to what the kind goes to.
func Definition(ctx context.Context, v *analysis.FileView, p tablegen.Pos) []analysis.Location {
	t := Classify(ctx, v, p)
	if locs := cppDefinitions(v.Unit, t.Cpp); len(locs) > 0 {
		return locs
	}
	switch t.Kind {
	case KindNone, KindBang:
		return nil
	case KindSymbol:
		var out []analysis.Location
		for _, s := range t.Pattern.Symbols.Bindings(t.Symbol) {
			if l, ok := locationIn(v.Unit, s.Range); ok {
				out = append(out, l)
			}
		}
		return out
	case KindOp:
		if !t.OnOperator {
			break
		}
		l, ok := opLocation(v.Unit, t.Op)
		if !ok {
			break
		}
		out := []analysis.Location{l}
		for _, d := range nameDefinition(ctx, v, &t, p) {
			if d != l {
				out = append(out, d)
			}
		}
		return out
	case KindDialectPart:
		if l, ok := locationIn(v.Unit, t.Part.Def); ok {
			return []analysis.Location{l}
		}
	case KindInclude:
		if f := t.Include.File; f != nil {
			return []analysis.Location{{File: f, Range: tablegen.Range{Start: f.Pos(0), End: f.Pos(0)}}}
		}
		return nil
	}
	return nameDefinition(ctx, v, &t, p)
}

// nameDefinition is the declaration of t's name, then for a field the
// overriding `let`s.
func nameDefinition(ctx context.Context, v *analysis.FileView, t *Target, p tablegen.Pos) []analysis.Location {
	n, ok := t.Name(ctx)
	if !ok {
		return nil
	}
	loc, ok := v.Unit.Location(n.Decl)
	if !ok {
		return nil
	}
	out := []analysis.Location{loc}
	for _, d := range n.Ref.Also { // the other fields a top-level let sets
		if l, ok := v.Unit.Location(d); ok {
			out = append(out, l)
		}
	}
	if n.Decl.Kind == analysis.DeclField {
		for _, r := range v.Overrides(n.Decl, p, n.Ref.Via) {
			if r != n.Ref.Range && r != n.Decl.Range {
				if l, ok := locationIn(v.Unit, r); ok {
					out = append(out, l)
				}
			}
		}
	}
	return out
}

// cppDefinitions are the places the requirements are defined, in order,
// without repeats.
func cppDefinitions(u *analysis.Unit, reqs []analysis.Requirement) []analysis.Location {
	var out []analysis.Location
	files := map[string]*tablegen.File{}
	seen := map[string]bool{}
	for _, q := range reqs {
		for _, d := range q.Defs {
			key := d.File + ":" + fmt.Sprint(d.Offset)
			if seen[key] {
				continue
			}
			seen[key] = true
			if l, ok := cppLocation(u, d, files); ok {
				out = append(out, l)
			}
		}
	}
	return out
}
