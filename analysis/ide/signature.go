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

// SignatureHelp describes the call being written at p: the arguments of
// the op whose dag encloses p (in a pattern or anywhere an op is the dag's
// operator), else the template arguments of the innermost unclosed
// `Class<`, or the parameters of the innermost `!op(`. It reads the tokens,
// so it answers while the code being typed does not parse yet.
func SignatureHelp(ctx context.Context, v *analysis.FileView, p tablegen.Pos) (Signature, bool) {
	if sig, ok := opSignatureAt(ctx, v, p); ok {
		return sig, true
	}
	return syntaxSignatureAt(v, p)
}

// syntaxSignatureAt finds the innermost unclosed `Class<` or `!op(` before
// p and describes it.
func syntaxSignatureAt(v *analysis.FileView, p tablegen.Pos) (Signature, bool) {
	toks := v.Tokens()
	i := len(toks) - 1
	for i >= 0 && toks[i].Pos >= p {
		i--
	}
	depth, commas := 0, 0
	for ; i >= 0; i-- {
		switch toks[i].Kind {
		case tablegen.TokRParen, tablegen.TokRSquare, tablegen.TokRBrace, tablegen.TokGreater:
			depth++
		case tablegen.TokLParen, tablegen.TokLSquare, tablegen.TokLBrace, tablegen.TokLess:
			if depth > 0 {
				depth--
				continue
			}
			return signatureOfOpener(v, i, commas)
		case tablegen.TokComma:
			if depth == 0 {
				commas++
			}
		case tablegen.TokSemi:
			return Signature{}, false
		}
	}
	return Signature{}, false
}

func signatureOfOpener(v *analysis.FileView, i, active int) (Signature, bool) {
	toks := v.Tokens()
	open := toks[i]
	if i == 0 {
		return Signature{}, false
	}
	prev := toks[i-1]
	switch {
	case open.Kind == tablegen.TokLess && prev.Kind == tablegen.TokIdent:
		targs := v.Unit.TemplateArgs(prev.Text)
		if targs == nil {
			return Signature{}, false
		}
		var params []string
		for _, d := range targs {
			params = append(params, fold(v.Unit.Text(d.TArg.Range())))
		}
		label := prev.Text + "<" + strings.Join(params, ", ") + ">"
		return Signature{Label: label, Params: params, Active: active}, true
	case open.Kind == tablegen.TokLParen:
		// !op( or !op<type>(
		j := i - 1
		if prev.Kind == tablegen.TokGreater {
			for j >= 0 && toks[j].Kind != tablegen.TokLess {
				j--
			}
			j--
		}
		if j < 0 || toks[j].Kind != tablegen.TokBang {
			return Signature{}, false
		}
		doc, ok := tablegen.BangOperators[toks[j].Text[1:]]
		if !ok {
			return Signature{}, false
		}
		sig := signatureOf(doc)
		return Signature{Label: sig, Params: bangParams(sig), Active: active, Doc: descriptionOf(doc)}, true
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

// opSignatureAt returns the argument list of the op whose dag encloses p,
// with the argument being written. It reads the dag from the tokens, so it
// answers while the dag is incomplete; a dag whose operator is not written
// as the op's def name (a template argument) is found through the pattern
// model.
func opSignatureAt(ctx context.Context, v *analysis.FileView, p tablegen.Pos) (Signature, bool) {
	m := modelsWithin(ctx, v.Unit)
	if m == nil {
		return Signature{}, false
	}
	toks := v.Tokens()
	c := dagContextAt(v, p)
	last := c.prev
	for _, open := range c.open {
		if toks[open].Kind != tablegen.TokLParen {
			break
		}
		var op *ods.Op
		if name := dagOperator(v, open); name != "" {
			op = m.Ops.OpByDef(name)
		}
		if op == nil {
			if loc := m.Patterns.At(toks[open].Pos); loc != nil && loc.Node != nil && loc.Node.Range.Start == toks[open].Pos {
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
		return opSignature(op, argumentIndex(v, open, last)), true
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
