package analysis

import (
	"context"
	"strings"

	"tdls/ods"
	"tdls/tablegen"
)

// OpSignature returns the argument list of the op whose dag encloses p,
// with the argument being written. It reads the dag from the tokens, so it
// answers while the dag is incomplete; a dag whose operator is not written
// as the op's def name (a template argument) is found through the pattern
// model.
func (v *FileView) OpSignature(ctx context.Context, p tablegen.Pos) (Signature, bool) {
	m := v.Unit.modelsWithin(ctx)
	if m == nil {
		return Signature{}, false
	}
	c := v.dagContextAt(p)
	last := c.prev
	for _, open := range c.open {
		if v.toks[open].Kind != tablegen.TokLParen {
			break
		}
		var op *ods.Op
		if name := v.dagOperator(open); name != "" {
			op = m.Ops.OpByDef(name)
		}
		if op == nil {
			if loc := m.Patterns.At(v.toks[open].Pos); loc != nil && loc.Node != nil && loc.Node.Range.Start == v.toks[open].Pos {
				op = loc.Node.Op
			}
		}
		if op == nil {
			// A directive or NativeCodeCall inside an op's dag: the
			// argument being written is the enclosing op's.
			last = open
			continue
		}
		if last < open {
			last = open
		}
		return opSignature(op, v.argumentIndex(open, last)), true
	}
	return Signature{}, false
}

func opSignature(op *ods.Op, active int) Signature {
	sig := Signature{Active: active, Doc: "`" + op.Name + "`"}
	if s := strings.TrimSpace(op.Summary); s != "" {
		sig.Doc += ": " + s
	}
	for _, a := range op.Args {
		sig.Params = append(sig.Params, argText(a))
	}
	if active >= len(sig.Params) {
		sig.Active = -1
	}
	sig.Label = "(" + op.Def.NameString() + " " + strings.Join(sig.Params, ", ") + ")"
	return sig
}

// argText is an argument as written in ODS: `AnyInteger:$lhs`.
func argText(a *ods.Arg) string {
	t := "?"
	switch {
	case a.Decl != nil && !a.Decl.Anonymous:
		t = a.Decl.NameString()
	case a.Constraint != nil && !a.Constraint.Anonymous:
		t = a.Constraint.NameString()
	}
	if a.Name != "" {
		t += ":$" + a.Name
	}
	return t
}
