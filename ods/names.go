package ods

import (
	"strings"

	"tdls/tablegen"
)

// checkNames is Operator::assertInvariants: operand, result, region and
// successor names must be unique across all four kinds, and the accessor a
// name generates must not collide with one every op has.
func (op *Op) checkNames() {
	type entry struct {
		name, kind string
		idx        int
	}
	var entries []entry
	for _, a := range op.Operands() {
		entries = append(entries, entry{a.Name, "operands", a.Index})
	}
	for _, r := range op.Results {
		entries = append(entries, entry{r.Name, "results", r.Index})
	}
	for _, r := range op.Regions {
		entries = append(entries, entry{r.Name, "regions", r.Index})
	}
	for _, s := range op.Successors {
		entries = append(entries, entry{s.Name, "successors", s.Index})
	}
	seen := map[string]string{}
	for _, e := range entries {
		if e.name == "" {
			continue
		}
		rng := op.entryRange(e.kind, e.idx)
		prev, dup := seen[e.name]
		switch {
		case !dup:
			seen[e.name] = e.kind
			if op.accessorOverlaps(e.name) {
				op.problem("ods-accessor-overlap", rng, "generated accessor for `"+e.name+"` overlaps with a default one; please rename to avoid overlap")
			}
		case prev == e.kind:
			op.problem("ods-duplicate-name", rng, "op has a conflict with two "+e.kind+" having the same name '"+e.name+"'")
		default:
			op.problem("ods-duplicate-name", rng, "op has a conflict with "+prev+" and "+e.kind+" both having an entry with the name '"+e.name+"'")
		}
	}
}

func (op *Op) entryRange(kind string, idx int) tablegen.Range {
	switch kind {
	case "operands":
		return op.Args[idx].Range
	case "results":
		return op.Results[idx].Range
	case "regions":
		return op.Regions[idx].Range
	}
	return op.Successors[idx].Range
}

// accessorOverlaps is assertAccessorInvariants' test: the camel-cased name
// would shadow a method of every op.
func (op *Op) accessorOverlaps(name string) bool {
	switch camelCase(name, true) {
	case "AttributeNames", "Attributes", "Operation":
		return true
	case "Operands":
		return op.NumOperands() != 1 || op.NumVariableLengthOperands() != 1
	case "Regions":
		variadic := 0
		for _, r := range op.Regions {
			if r.Variadic {
				variadic++
			}
		}
		return len(op.Regions) != 1 || variadic != 1
	case "Type":
		return op.NumResults() != 1
	}
	return false
}

// camelCase is LLVM's convertToCamelFromSnakeCase: `_x` becomes `X` for a
// lower-case x, and the first letter is capitalised on request.
func camelCase(s string, capitalizeFirst bool) string {
	if s == "" {
		return ""
	}
	var b strings.Builder
	b.Grow(len(s))
	c := s[0]
	if capitalizeFirst && isLower(c) {
		c -= 'a' - 'A'
	}
	b.WriteByte(c)
	for i := 1; i < len(s); i++ {
		if s[i] == '_' && i != len(s)-1 && isLower(s[i+1]) {
			b.WriteByte(s[i+1] - ('a' - 'A'))
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
