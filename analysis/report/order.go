package report

import (
	"sort"

	"tdls/tablegen"
)

// Ordered returns diags sorted by file name, then position, with exact
// duplicates removed. Duplicates arise when several roots include the same
// file and each reports the same problem in it.
func Ordered(set *tablegen.SourceSet, diags []tablegen.Diagnostic) []tablegen.Diagnostic {
	type placed struct {
		d  tablegen.Diagnostic
		at span
	}
	ps := make([]placed, len(diags))
	for i, d := range diags {
		ps[i] = placed{d, resolve(set, d.Range)}
	}
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i].at, ps[j].at
		if an, bn := fileName(a.file), fileName(b.file); an != bn {
			return an < bn
		}
		if a.start != b.start {
			return a.start < b.start
		}
		return a.end < b.end
	})
	out := make([]tablegen.Diagnostic, 0, len(ps))
	for i, p := range ps {
		if i > 0 && sameSpan(ps[i-1].at, p.at) && sameDiagnostic(set, ps[i-1].d, p.d) {
			continue
		}
		out = append(out, p.d)
	}
	return out
}

// sameDiagnostic compares everything but the main position. Related
// positions are compared resolved: the same place reached through two roots
// has two different Pos values.
func sameDiagnostic(set *tablegen.SourceSet, a, b tablegen.Diagnostic) bool {
	if a.Severity != b.Severity || a.Code != b.Code || a.Message != b.Message || len(a.Related) != len(b.Related) {
		return false
	}
	for i, ra := range a.Related {
		rb := b.Related[i]
		if ra.Message != rb.Message || !sameSpan(resolve(set, ra.Range), resolve(set, rb.Range)) {
			return false
		}
	}
	return true
}
