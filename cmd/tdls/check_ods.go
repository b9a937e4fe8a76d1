package main

import (
	"tdls/ods"
	"tdls/tablegen"
)

// Ops builds the unit's op model once (empty when the unit has no ops).
func (c *checkedUnit) Ops() *ods.Model {
	if c.ops == nil {
		c.ops = ods.Build(c.Records())
	}
	return c.ops
}

// The ODS check: op-definition errors of every op the unit reaches, and
// best-practice warnings for the ops of the root file.
func init() {
	unitChecks = append(unitChecks, func(c *checkedUnit) []tablegen.Diagnostic {
		if c.Records().Class("Op") == nil {
			return nil
		}
		return ods.Check(c.Ops(), c.TG.Root)
	})
}
