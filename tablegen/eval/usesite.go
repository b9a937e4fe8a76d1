package eval

import "tdls/tablegen"

// A problem raised inside a class body (an assert, a type error in a field
// computed from the template arguments) while a statement instantiates the
// class is the statement's problem: llvm-tblgen adds an "in this record"
// note at the def. When the class lives in another file (a library such as
// mlir/IR/EnumAttr.td), the problem is shown at the reference to the class
// in the statement, with the place it was raised as related information;
// in the same file it stays where it was raised, with the reference as
// related information.

// within reports whether r lies in the statement being evaluated.
func (e *evaluator) within(r tablegen.Range) bool {
	return e.stmt.Start.IsValid() && r.Start.IsValid() && r.Start >= e.stmt.Start && r.End <= e.stmt.End
}

// useSite is where, in the statement, a class instantiated for it is
// referenced; what useName names.
type useSite struct {
	rng  tablegen.Range
	name string
}

// enterUse makes rng (a reference to the class or multiclass name) the use
// site unless one of the statement is set already: the outermost reference
// is the one the user wrote. It returns the site to restore.
func (e *evaluator) enterUse(rng tablegen.Range, name string) useSite {
	outer := e.use
	if !e.within(outer.rng) && e.within(rng) {
		e.use = useSite{rng: rng, name: name}
	}
	return outer
}

// recordUse is the use site of rec in the statement: its first direct
// superclass referenced there, else the multiclass that made it.
func (e *evaluator) recordUse(rec *Record) (tablegen.Range, string) {
	for _, s := range rec.Supers {
		if e.within(s.Range) {
			return s.Range, s.Class.NameString()
		}
	}
	for i := len(rec.Chain()) - 1; i >= 0; i-- {
		if c := rec.Chain()[i]; e.within(c.Range) {
			return c.Range, c.Via
		}
	}
	return tablegen.Range{}, ""
}

// place moves a problem raised at r outside the statement to the use site.
func (e *evaluator) place(r tablegen.Range, related []tablegen.Related) (tablegen.Range, []tablegen.Related) {
	if !e.within(e.use.rng) || e.within(r) || !r.Start.IsValid() {
		return r, related
	}
	what := "instantiating '" + e.use.name + "'"
	if e.set.File(r.Start) == e.set.File(e.stmt.Start) {
		return r, append(related[:len(related):len(related)], tablegen.Related{Range: e.use.rng, Message: "in this record, " + what})
	}
	return e.use.rng, append([]tablegen.Related{{Range: r, Message: "raised here while " + what}}, related...)
}
