package main

import (
	"tdls/drr"
	"tdls/tablegen"
)

func init() {
	unitChecks = append(unitChecks, func(c *checkedUnit) []tablegen.Diagnostic {
		res := c.Records()
		if res.Class("Pattern") == nil {
			return nil
		}
		return drr.Plain(drr.Check(drr.Build(c.TG, res, c.Ops())))
	})
}
