package main

import (
	"io"

	"tdls/tablegen"
)

func writeSARIF(w io.Writer, set *tablegen.SourceSet, diags []tablegen.Diagnostic) error { return nil }
