package main

import (
	"tdls/ods"
	"tdls/tablegen"
	"tdls/tablegen/eval"
)

// checkedUnit is a parsed translation unit plus the layers built on it for
// the checks, each computed once on first use (a layer adds its accessor in
// its own check_<layer>.go).
type checkedUnit struct {
	TG      *tablegen.Unit
	records *eval.Result
	ops     *ods.Model
}

// Records evaluates the unit once.
func (c *checkedUnit) Records() *eval.Result {
	if c.records == nil {
		c.records = eval.Evaluate(c.TG, eval.Options{})
	}
	return c.records
}

func init() {
	unitChecks = append(unitChecks, func(c *checkedUnit) []tablegen.Diagnostic {
		return c.Records().Diagnostics
	})
}
