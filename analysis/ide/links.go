package ide

import (
	"tdls/analysis"
	"tdls/tablegen"
)

// Link is an include written in the file and the file it resolved to.
type Link struct {
	Range  tablegen.Range // the file name string
	Target string         // resolved path
	Name   string         // as written
}

// DocumentLinks returns the resolved includes written in the file.
func DocumentLinks(v *analysis.FileView) []Link {
	var out []Link
	seen := map[tablegen.Range]bool{}
	for _, inc := range v.Unit.TG.Lex.Includes {
		if inc.From == v.File && inc.File != nil && !seen[inc.NameRng] {
			seen[inc.NameRng] = true
			out = append(out, Link{Range: inc.NameRng, Target: inc.File.Name, Name: inc.Name})
		}
	}
	return out
}
