package analysis

import (
	"strings"

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

// SignatureAt finds the innermost unclosed `Class<` or `!op(` before p
// from the tokens (so it works on code being typed) and describes it.
func (v *FileView) SignatureAt(p tablegen.Pos) (Signature, bool) {
	toks := v.toks
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
			return v.signatureOfOpener(i, commas)
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

func (v *FileView) signatureOfOpener(i, active int) (Signature, bool) {
	toks := v.toks
	open := toks[i]
	if i == 0 {
		return Signature{}, false
	}
	prev := toks[i-1]
	switch {
	case open.Kind == tablegen.TokLess && prev.Kind == tablegen.TokIdent:
		targs := v.Unit.globals().templateArgs(prev.Text)
		if targs == nil {
			return Signature{}, false
		}
		var params []string
		for _, d := range targs {
			params = append(params, fold(v.Unit.text(d.TArg.Range())))
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
