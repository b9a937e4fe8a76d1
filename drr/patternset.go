package drr

import (
	"sort"
	"strings"

	"tdls/ods"
	"tdls/tablegen/eval"
)

// The pattern set: the order in which MLIR tries the patterns of a unit.
// mlir-tblgen's populateWithGenerated adds the patterns in the order of
// their record names (RecordKeeper's sorted definitions, compared as
// StringRef::compare_numeric); the PatternApplicator buckets them by root
// op and stable-sorts each bucket by decreasing benefit. So for one root
// op, the patterns are tried by benefit, then in populate order.

// SortInPopulateOrder sorts pattern records in the order
// populateWithGenerated adds them.
func SortInPopulateOrder(recs []*eval.Record) {
	sort.SliceStable(recs, func(i, j int) bool {
		return compareNumeric(recs[i].NameString(), recs[j].NameString()) < 0
	})
}

// PopulateOrder is the set's patterns in the order populateWithGenerated
// adds them.
func (s *PatternSet) PopulateOrder() []*Pattern {
	out := append([]*Pattern(nil), s.Patterns...)
	sort.SliceStable(out, func(i, j int) bool { return compareNumeric(out[i].Name, out[j].Name) < 0 })
	return out
}

// RootedAt is the patterns whose source pattern is rooted at op, in the
// order the applicator tries them: decreasing benefit, then populate
// order. A pattern whose benefit is not a number is tried last.
func (s *PatternSet) RootedAt(op *ods.Op) []*Pattern {
	if op == nil {
		return nil
	}
	s.rootsOnce.Do(func() {
		s.roots = map[*ods.Op][]*Pattern{}
		for _, b := range s.byRoot() {
			s.roots[b[0].RootOp()] = b
		}
	})
	return s.roots[op]
}

// byRoot buckets the set's patterns by root op, each bucket in applicator
// order, the buckets in populate order of their first pattern.
func (s *PatternSet) byRoot() [][]*Pattern {
	index := map[*ods.Op]int{}
	var buckets [][]*Pattern
	for _, p := range s.PopulateOrder() {
		op := p.RootOp()
		if op == nil {
			continue
		}
		i, ok := index[op]
		if !ok {
			i = len(buckets)
			index[op] = i
			buckets = append(buckets, nil)
		}
		buckets[i] = append(buckets[i], p)
	}
	for _, b := range buckets {
		sortByBenefit(b)
	}
	return buckets
}

func sortByBenefit(ps []*Pattern) {
	sort.SliceStable(ps, func(i, j int) bool {
		bi, oki := ps[i].Benefit()
		bj, okj := ps[j].Benefit()
		if oki != okj {
			return oki
		}
		return bi > bj
	})
}

// compareNumeric is StringRef::compare_numeric: runs of digits compare as
// numbers.
func compareNumeric(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if isDigit(a[i]) && isDigit(b[i]) {
			j := i + 1
			for ; j <= n; j++ {
				ld := j < len(a) && isDigit(a[j])
				rd := j < len(b) && isDigit(b[j])
				if ld != rd {
					if rd {
						return -1
					}
					return 1
				}
				if !rd {
					break
				}
			}
			if c := strings.Compare(a[i:j], b[i:j]); c != 0 {
				return c
			}
			i = j - 1
			continue
		}
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a) == len(b):
		return 0
	case len(a) < len(b):
		return -1
	}
	return 1
}
