package analysis

import "tdls/tablegen"

// InlayHint is a label shown before a position.
type InlayHint struct {
	Pos   tablegen.Pos
	Label string
}

// InlayHints names the template argument each positional argument of a
// class instantiation in r binds (`width: 8`), unless the value already
// says it.
func (v *FileView) InlayHints(r tablegen.Range) []InlayHint {
	g := v.Unit.globals()
	var out []InlayHint
	for _, c := range v.Unit.Calls(v.Path) {
		if c.End < r.Start || c.Name.Start > r.End {
			continue
		}
		targs := g.templateArgs(c.Owner)
		for i, a := range c.Args {
			if a == nil || a.Name != nil || i >= len(targs) {
				break // named arguments say their names
			}
			if a.Value == nil || (identOf(a.Value) != nil && identOf(a.Value).Name == targs[i].Name) {
				continue
			}
			out = append(out, InlayHint{Pos: a.Value.Range().Start, Label: targs[i].Name + ":"})
		}
	}
	return out
}
