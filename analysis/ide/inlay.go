package ide

import (
	"context"

	"tdls/analysis"
	"tdls/tablegen"
)

// InlayHint is a label shown before a position.
type InlayHint struct {
	Pos   tablegen.Pos
	Label string
}

// InlayHints labels the arguments written in r: the template argument each
// positional argument of a class instantiation binds (`width: 8`), unless
// the value already says it, and with drrArguments the ODS argument each
// argument of a pattern's op dag stands for.
func InlayHints(ctx context.Context, v *analysis.FileView, r tablegen.Range, drrArguments bool) []InlayHint {
	calls, err := v.Unit.Calls(ctx, v.Path)
	if err != nil {
		return nil // cancelled: answered as such, nothing read
	}
	var out []InlayHint
	for _, c := range calls {
		if c.End < r.Start || c.Name.Start > r.End {
			continue
		}
		targs := v.Unit.TemplateArgs(c.Owner)
		for i, a := range c.Args {
			if a == nil || a.Name != nil || i >= len(targs) {
				break // named arguments say their names
			}
			if a.Value == nil || v.Unit.Text(a.Value.Range()) == targs[i].Name {
				continue
			}
			out = append(out, InlayHint{Pos: a.Value.Range().Start, Label: targs[i].Name + ":"})
		}
	}
	if !drrArguments {
		return out
	}
	m := modelsWithin(ctx, v.Unit)
	if m == nil {
		return out
	}
	for _, h := range m.Patterns.InlayHints(r) {
		if v.File.Contains(h.Pos) {
			out = append(out, InlayHint{Pos: h.Pos, Label: h.Label})
		}
	}
	return out
}
