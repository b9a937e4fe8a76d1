package analysis

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"tdls/drr"
	"tdls/tablegen"
)

// patternHover describes a `$symbol`, a directive or NativeCodeCall
// operator, or a pattern at its def name. Op operators are left to the op
// hover, which shows the whole op.
func (v *FileView) patternHover(m *Models, p tablegen.Pos) (Hover, bool) {
	loc := m.Patterns.At(p)
	if loc != nil {
		switch {
		case loc.Symbol != nil:
			return Hover{Range: symbolRange(loc), Markdown: loc.Hover()}, true
		case loc.Use != nil:
			return Hover{Range: loc.Use.Range, Markdown: loc.Hover()}, true
		case loc.Node != nil && loc.OnOperator && loc.Node.Kind != drr.NodeOp:
			return Hover{Range: loc.Node.OperatorRange, Markdown: loc.Hover()}, true
		}
	}
	for _, pat := range m.Patterns.Patterns {
		if covers(pat.DefRange, p) && v.File.Contains(pat.DefRange.Start) {
			return Hover{Range: pat.DefRange, Markdown: strings.ReplaceAll(pat.Hover(), "\n", "  \n")}, true
		}
	}
	return Hover{}, false
}

func covers(r tablegen.Range, p tablegen.Pos) bool {
	return r.Start.IsValid() && r.Start <= p && p <= r.End && r.End > r.Start
}

// symbolRange is the `$name` at a location: the binding or the use.
func symbolRange(loc *drr.Location) tablegen.Range {
	if loc.Use != nil {
		return loc.Use.Range
	}
	return loc.Symbol.Range
}

// patternSymbolAt returns the pattern and the symbol name (without `$` or
// `__N`) written at p, with the range of the name as written.
func (v *FileView) patternSymbolAt(ctx context.Context, p tablegen.Pos) (*drr.Pattern, string, tablegen.Range, bool) {
	m := v.Unit.modelsWithin(ctx)
	if m == nil {
		return nil, "", tablegen.Range{}, false
	}
	loc := m.Patterns.At(p)
	switch {
	case loc == nil:
	case loc.Use != nil:
		return loc.Pattern, loc.Use.Base, loc.Use.Range, true
	case loc.Symbol != nil:
		return loc.Pattern, loc.Symbol.Name, loc.Symbol.Range, true
	}
	return nil, "", tablegen.Range{}, false
}

// PatternDefinition answers go-to-definition inside a pattern: a
// `$symbol` goes to its bindings, a dag operator to the op's def (also
// when the operator is a template argument, whose declaration follows).
// ok is false elsewhere.
func (v *FileView) PatternDefinition(ctx context.Context, p tablegen.Pos) ([]Location, bool) {
	m := v.Unit.modelsWithin(ctx)
	if m == nil {
		return nil, false
	}
	loc := m.Patterns.At(p)
	if loc == nil {
		return nil, false
	}
	set := v.Unit.TG.Set
	switch {
	case loc.Symbol != nil:
		var out []Location
		for _, s := range loc.Pattern.Symbols.Bindings(loc.Symbol.Name) {
			if f := set.File(s.Range.Start); f != nil {
				out = append(out, Location{File: f, Range: s.Range})
			}
		}
		return out, len(out) > 0
	case loc.Use == nil && loc.Node != nil && loc.OnOperator && loc.Node.Op != nil:
		if l, ok := v.Unit.opLocation(loc.Node.Op); ok {
			out := []Location{l}
			for _, d := range v.Definition(ctx, p) {
				if d != l {
					out = append(out, d)
				}
			}
			return out, true
		}
	}
	return nil, false
}

// PatternReferences returns the bindings and uses of the `$symbol` at p
// within its pattern, bindings first (dropped without includeDecl).
func (v *FileView) PatternReferences(ctx context.Context, p tablegen.Pos, includeDecl bool) ([]Location, bool) {
	refs, ok := v.PatternHighlight(ctx, p)
	if !ok {
		return nil, false
	}
	set := v.Unit.TG.Set
	var out []Location
	for _, r := range refs {
		if r.Role == RoleDecl && !includeDecl {
			continue
		}
		if f := set.File(r.Range.Start); f != nil {
			out = append(out, Location{File: f, Range: r.Range})
		}
	}
	return out, true
}

// PatternHighlight returns the bindings (RoleDecl) and uses of the
// `$symbol` at p in this file.
func (v *FileView) PatternHighlight(ctx context.Context, p tablegen.Pos) ([]Ref, bool) {
	pat, name, _, ok := v.patternSymbolAt(ctx, p)
	if !ok {
		return nil, false
	}
	bound := map[tablegen.Range]bool{}
	for _, s := range pat.Symbols.Bindings(name) {
		bound[s.Range] = true
	}
	var out []Ref
	for _, r := range pat.References(name) {
		if !v.File.Contains(r.Start) {
			continue
		}
		role := RoleUse
		if bound[r] {
			role = RoleDecl
		}
		out = append(out, Ref{Range: r, Role: role})
	}
	return out, true
}

var symbolName = regexp.MustCompile(`^\$?[A-Za-z_][A-Za-z0-9_]*$`)

// PrepareSymbolRename returns the `$name` at p (without a `__N` suffix)
// and the name to offer; ok is false when p is on no pattern symbol.
func (v *FileView) PrepareSymbolRename(ctx context.Context, p tablegen.Pos) (tablegen.Range, string, bool) {
	_, name, r, ok := v.patternSymbolAt(ctx, p)
	if !ok {
		return tablegen.Range{}, "", false
	}
	return tablegen.Range{Start: r.Start, End: r.Start + tablegen.Pos(1+len(name))}, name, true
}

// RenameSymbol returns the edits renaming the `$symbol` at p within its
// pattern (keeping `__N` suffixes); ok is false when p is on no pattern
// symbol.
func (v *FileView) RenameSymbol(ctx context.Context, p tablegen.Pos, newName string) ([]Edit, bool, error) {
	pat, name, _, ok := v.patternSymbolAt(ctx, p)
	if !ok {
		return nil, false, nil
	}
	if !symbolName.MatchString(newName) || strings.Contains(newName, "__") {
		return nil, true, fmt.Errorf("%q is not a valid pattern symbol name", newName)
	}
	bare := strings.TrimPrefix(newName, "$")
	if bare == name {
		return nil, true, nil
	}
	edits := pat.Rename(name, bare)
	if edits == nil {
		return nil, true, fmt.Errorf("$%s is already bound in this pattern", bare)
	}
	set := v.Unit.TG.Set
	out := make([]Edit, 0, len(edits))
	for _, e := range edits {
		if f := set.File(e.Range.Start); f != nil {
			out = append(out, Edit{Location: Location{File: f, Range: e.Range}, NewText: e.NewText})
		}
	}
	return out, true, nil
}

// ArgumentHints returns the hints for the pattern dags written in r in
// this file.
func (v *FileView) ArgumentHints(ctx context.Context, r tablegen.Range) []InlayHint {
	m := v.Unit.modelsWithin(ctx)
	if m == nil {
		return nil
	}
	var out []InlayHint
	for _, h := range m.Patterns.InlayHints(r) {
		if v.File.Contains(h.Pos) {
			out = append(out, InlayHint{Pos: h.Pos, Label: h.Label})
		}
	}
	return out
}
