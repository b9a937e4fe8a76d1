package ide

import (
	"context"
	"strings"

	"tdls/analysis"
	"tdls/ods"
	"tdls/tablegen"
)

// Signature is what signature help shows: the callee's parameter list and
// the parameter being written.
type Signature struct {
	Label  string
	Params []string // substrings of Label, one per parameter
	Active int
	Doc    string
}

// SignatureHelp describes the call classifyCall finds at p: the arguments
// of the op whose dag encloses p (in a pattern or anywhere an op is the
// dag's operator), else the template arguments of the innermost unclosed
// `Class<`, or the parameters of the innermost `!op(`.
func SignatureHelp(ctx context.Context, v *analysis.FileView, p tablegen.Pos) (Signature, bool) {
	c := classifyCall(ctx, v, p)
	switch c.kind {
	case callOp:
		return opSignature(c.op, c.active), true
	case callClass:
		targs := v.Unit.TemplateArgs(c.class)
		if targs == nil {
			return Signature{}, false
		}
		var params []string
		for _, d := range targs {
			params = append(params, fold(v.Unit.Text(d.TArg.Range())))
		}
		label := c.class + "<" + strings.Join(params, ", ") + ">"
		return Signature{Label: label, Params: params, Active: c.active}, true
	case callBang:
		doc, ok := tablegen.BangOperators[c.bang[1:]]
		if !ok {
			return Signature{}, false
		}
		sig := signatureOf(doc)
		return Signature{Label: sig, Params: bangParams(sig), Active: c.active, Doc: descriptionOf(doc)}, true
	}
	return Signature{}, false
}

// bangParams splits the parameter list of a documented signature.
func bangParams(sig string) []string {
	open, closeP := strings.IndexByte(sig, '('), strings.LastIndexByte(sig, ')')
	if open < 0 || closeP <= open {
		return nil
	}
	var out []string
	for _, p := range strings.Split(sig[open+1:closeP], ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
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
