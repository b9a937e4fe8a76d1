package main

import (
	"tdls/ods"
	"tdls/tablegen"
)

// The ODS check: op-definition errors of every op the unit reaches, and
// best-practice warnings for the ops of the root file.
func init() {
	unitChecks = append(unitChecks, func(c *checkedUnit) []tablegen.Diagnostic {
		res := c.Records()
		if res.Class("Op") == nil {
			return nil
		}
		return ods.Check(ods.Build(res), c.TG.Root)
	})
}
